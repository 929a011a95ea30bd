import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Save, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { toBig } from "../../../shared/catalog/decimal";
import { ADJUSTMENT_REASONS, MOVEMENT_TYPES, type MovementType, movementEffect } from "../../../shared/catalog/movement";
import { formatQuantity } from "../../../shared/money/format";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { ProductSearch } from "../../components/product-search";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";

interface Line {
  productId: string;
  name: string;
  sku: string;
  quantity: string;
  cost: string;
}

/** A pending movement as the edit form starts from it. */
interface MovementDraft {
  id: string;
  number: string;
  type: MovementType;
  warehouseId: string;
  destinationWarehouseId: string | null;
  date: string;
  reference: string | null;
  notes: string | null;
  reason: string | null;
  lines: Line[];
}

/** New movement. */
export function MovementFormPage() {
  return <MovementForm />;
}

/** /home/warehouse-movements/:id/edit: a pending movement's form; any other goes back to its page. */
export function MovementEditPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const movement = useQuery(trpc.warehouseMovement.getById.queryOptions({ id }));
  const m = movement.data;
  React.useEffect(() => {
    if (m && m.status !== "pending") {
      toast({ variant: "destructive", title: t("errors:movementNotEditable") });
      void navigate(`/home/warehouse-movements/${m.id}`, { replace: true });
    }
  }, [m?.status]);
  if (m?.status !== "pending") return <Skeleton className="h-64 w-full" />;
  return (
    <MovementForm
      initial={{
        id: m.id,
        number: m.number,
        type: m.type as MovementType,
        warehouseId: m.warehouseId,
        destinationWarehouseId: m.destinationWarehouseId,
        date: m.date,
        reference: m.reference,
        notes: m.notes,
        reason: m.reason,
        lines: m.lines.map((l) => ({ productId: l.productId, name: l.productName, sku: l.sku, quantity: toBig(l.quantity).toString(), cost: l.cost ?? "" })),
      }}
    />
  );
}

/**
 * The movement form, new or editing a pending one: each line shows the product's stock now in
 * the warehouse and what it will be once the movement is completed (for a transfer, in both).
 */
function MovementForm({ initial }: { initial?: MovementDraft }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const [type, setType] = React.useState<MovementType>(initial?.type ?? "entry");
  const [warehouseId, setWarehouseId] = React.useState(initial?.warehouseId ?? "");
  const [destinationWarehouseId, setDestination] = React.useState(initial?.destinationWarehouseId ?? "");
  const [date, setDate] = React.useState(initial?.date ?? todayInSantoDomingo());
  const [reference, setReference] = React.useState(initial?.reference ?? "");
  const [notes, setNotes] = React.useState(initial?.notes ?? "");
  const [reason, setReason] = React.useState(initial?.reason ?? "");
  const [lines, setLines] = React.useState<Line[]>(initial?.lines ?? []);
  const productIds = lines.map((l) => l.productId);
  const stock = useQuery({ ...trpc.warehouseMovement.getStock.queryOptions({ productIds }), enabled: productIds.length > 0, placeholderData: (previous) => previous });
  const stockIn = (productId: string, warehouse: string | null | undefined) => (warehouse ? (stock.data?.find((r) => r.productId === productId && r.warehouseId === warehouse)?.quantity ?? "0") : "0");
  /** The line's stock now and once completed, in the warehouse it starts from (and the destination of a transfer). */
  const stockOfLine = (l: Line) => {
    const now = stockIn(l.productId, warehouseId);
    const quantity = /^\d+(\.\d+)?$/.test(l.quantity.trim()) ? l.quantity.trim() : "0";
    const effect = warehouseId ? movementEffect(type, quantity, warehouseId, type === "transfer" ? destinationWarehouseId || null : null, now) : [];
    const after = (w: string | null | undefined) => {
      const delta = effect.find((e) => e.warehouseId === w)?.delta ?? "0";
      return toBig(stockIn(l.productId, w)).plus(delta).toString();
    };
    return { now, after: after(warehouseId), destinationNow: type === "transfer" && destinationWarehouseId ? stockIn(l.productId, destinationWarehouseId) : null, destinationAfter: type === "transfer" && destinationWarehouseId ? after(destinationWarehouseId) : null };
  };
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per form: a retried submit never creates a second movement.
  const [idempotencyKey] = React.useState(() => crypto.randomUUID());

  React.useEffect(() => {
    if (!warehouseId && warehouses.data?.[0]) setWarehouseId(warehouses.data.find((w) => w.isDefault)?.id ?? warehouses.data[0].id);
  }, [warehouses.data]);

  const saved = async (m: { id: string; number: string }) => {
    await Promise.all([qc.invalidateQueries(trpc.warehouseMovement.pathFilter()), qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() })]);
    toast({ title: t("inventory:form.saved", { number: m.number }), variant: "success" });
    void navigate(`/home/warehouse-movements/${m.id}`, { replace: true });
  };
  const create = useMutation(trpc.warehouseMovement.create.mutationOptions({ onSuccess: saved, onError: (error) => setErrors(fieldErrors(error)) }));
  const update = useMutation(trpc.warehouseMovement.update.mutationOptions({ onSuccess: saved, onError: (error) => setErrors(fieldErrors(error)) }));
  const pending = create.isPending || update.isPending;

  const submit = (complete: boolean) => {
    setErrors({});
    const fields = {
      type,
      warehouseId,
      destinationWarehouseId: type === "transfer" ? destinationWarehouseId || null : null,
      date,
      reference: reference || null,
      notes: notes || null,
      reason: type === "adjustment" ? ((reason || null) as never) : null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, cost: l.cost || null })),
      complete,
    };
    if (initial) update.mutate({ ...fields, id: initial.id });
    else create.mutate({ ...fields, idempotencyKey });
  };

  const addProduct = (p: { id: string; name: string; sku: string; costPrice?: string | null }) => {
    setLines((ls) => (ls.some((l) => l.productId === p.id) ? ls : [...ls, { productId: p.id, name: p.name, sku: p.sku, quantity: "1", cost: type === "entry" ? (p.costPrice ?? "") : "" }]));
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/warehouse-movements")} aria-label={t("inventory:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold">{initial ? t("inventory:form.editTitle", { number: initial.number }) : t("inventory:form.title")}</h1>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={t("inventory:fields.type")} htmlFor="m-type">
            <NativeSelect id="m-type" value={type} onChange={(e) => setType(e.target.value as MovementType)}>
              {MOVEMENT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`inventory:types.${v}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={type === "transfer" ? t("inventory:fields.origin") : t("inventory:fields.warehouse")} htmlFor="m-warehouse" error={tMessage(errors.warehouseId)} required>
            <NativeSelect id="m-warehouse" value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)}>
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {type === "transfer" ? (
            <Field label={t("inventory:fields.destination")} htmlFor="m-destination" error={tMessage(errors.destinationWarehouseId)} required>
              <NativeSelect id="m-destination" value={destinationWarehouseId} onChange={(e) => setDestination(e.target.value)}>
                <option value="">{t("inventory:form.choose")}</option>
                {warehouses.data
                  ?.filter((w) => w.id !== warehouseId)
                  .map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
              </NativeSelect>
            </Field>
          ) : null}
          {type === "adjustment" ? (
            <Field label={t("inventory:fields.reason")} htmlFor="m-reason" error={tMessage(errors.reason)} required>
              <NativeSelect id="m-reason" value={reason} onChange={(e) => setReason(e.target.value)}>
                <option value="">{t("inventory:form.choose")}</option>
                {ADJUSTMENT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`inventory:reasons.${r}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <Field label={t("inventory:fields.date")} htmlFor="m-date" error={tMessage(errors.date)} required>
            <Input id="m-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </Field>
          <Field label={t("inventory:fields.reference")} htmlFor="m-reference">
            <Input id="m-reference" value={reference} onChange={(e) => setReference(e.target.value)} />
          </Field>
          <div className="sm:col-span-2">
            <Field label={t("inventory:fields.notes")} htmlFor="m-notes">
              <Input id="m-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
            </Field>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("inventory:form.products")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ProductSearch onPick={addProduct} placeholder={t("inventory:form.searchProduct")} emptyText={t("inventory:form.noProducts")} />
          {errors.lines ? (
            <p className="text-sm text-destructive" role="alert">
              {tMessage(errors.lines)}
            </p>
          ) : null}
          <Table stack aria-label={t("inventory:form.products")}>
            <THead>
              <TR>
                <TH>{t("inventory:fields.product")}</TH>
                <TH>{t("inventory:fields.sku")}</TH>
                <TH className="w-40">{type === "adjustment" ? t("inventory:fields.counted") : t("inventory:fields.quantity")}</TH>
                {type === "entry" ? <TH className="w-40">{t("inventory:fields.cost")}</TH> : null}
                <TH className="text-right">{t("inventory:fields.stockNow")}</TH>
                <TH className="text-right">{t("inventory:fields.stockAfter")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {lines.map((l, i) => (
                <TR key={l.productId} data-testid="movement-line">
                  <TD className="font-medium" stack="primary">
                    {l.name}
                  </TD>
                  <TD className="font-mono text-xs">{l.sku}</TD>
                  <TD label={type === "adjustment" ? t("inventory:fields.counted") : t("inventory:fields.quantity")}>
                    <Input
                      inputMode="decimal"
                      aria-label={t("inventory:form.quantityOf", { name: l.name })}
                      value={l.quantity}
                      aria-invalid={!!errors[`lines.${i}.quantity`]}
                      onChange={(e) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
                    />
                    {errors[`lines.${i}.quantity`] ? <p className="text-xs text-destructive">{tMessage(errors[`lines.${i}.quantity`])}</p> : null}
                  </TD>
                  {type === "entry" ? (
                    <TD label={t("inventory:fields.cost")}>
                      <Input inputMode="decimal" aria-label={t("inventory:form.costOf", { name: l.name })} value={l.cost} onChange={(e) => setLines((ls) => ls.map((x, j) => (j === i ? { ...x, cost: e.target.value } : x)))} />
                    </TD>
                  ) : null}
                  {(() => {
                    const st = stockOfLine(l);
                    const negative = toBig(st.after).lt(0);
                    return (
                      <>
                        <TD className="text-right tabular-nums" label={t("inventory:fields.stockNow")} data-testid="line-stock-now">
                          {formatQuantity(st.now)}
                          {st.destinationNow !== null ? <div className="text-xs text-muted-foreground">{t("inventory:form.atDestination", { quantity: formatQuantity(st.destinationNow) })}</div> : null}
                        </TD>
                        <TD className={negative ? "text-right font-semibold tabular-nums text-destructive" : "text-right font-semibold tabular-nums"} label={t("inventory:fields.stockAfter")} data-testid="line-stock-after">
                          {formatQuantity(st.after)}
                          {st.destinationAfter !== null ? <div className="text-xs font-normal text-muted-foreground">{t("inventory:form.atDestination", { quantity: formatQuantity(st.destinationAfter) })}</div> : null}
                        </TD>
                      </>
                    );
                  })()}
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="icon" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))} aria-label={t("inventory:form.remove")}>
                      <Trash2 />
                    </Button>
                  </TD>
                </TR>
              ))}
              {lines.length === 0 ? (
                <TR>
                  <TD colSpan={7} className="py-6 text-center text-muted-foreground">
                    {t("inventory:form.noLines")}
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <FormActionBar>
        <Button variant="outline" disabled={pending} onClick={() => submit(false)} data-testid="save-pending">
          <Save />
          {t("inventory:form.savePending")}
        </Button>
        <Button disabled={pending} onClick={() => submit(true)} data-testid="save-complete">
          <CheckCircle2 />
          {t("inventory:form.saveComplete")}
        </Button>
      </FormActionBar>
    </div>
  );
}
