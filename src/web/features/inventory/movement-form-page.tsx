import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CheckCircle2, Save, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ADJUSTMENT_REASONS, MOVEMENT_TYPES, type MovementType } from "../../../shared/catalog/movement";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { ProductSearch } from "../../components/product-search";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
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

export function MovementFormPage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const [type, setType] = React.useState<MovementType>("entry");
  const [warehouseId, setWarehouseId] = React.useState("");
  const [destinationWarehouseId, setDestination] = React.useState("");
  const [date, setDate] = React.useState(todayInSantoDomingo());
  const [reference, setReference] = React.useState("");
  const [notes, setNotes] = React.useState("");
  const [reason, setReason] = React.useState("");
  const [lines, setLines] = React.useState<Line[]>([]);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per form: a retried submit never creates a second movement.
  const [idempotencyKey] = React.useState(() => crypto.randomUUID());

  React.useEffect(() => {
    if (!warehouseId && warehouses.data?.[0]) setWarehouseId(warehouses.data.find((w) => w.isDefault)?.id ?? warehouses.data[0].id);
  }, [warehouses.data]);

  const create = useMutation(
    trpc.warehouseMovement.create.mutationOptions({
      onSuccess: async (m) => {
        await qc.invalidateQueries({ queryKey: trpc.warehouseMovement.getAll.queryKey() });
        await qc.invalidateQueries({ queryKey: trpc.product.getAll.queryKey() });
        toast({ title: t("inventory:form.saved", { number: m.number }), variant: "success" });
        void navigate(`/home/warehouse-movements/${m.id}`, { replace: true });
      },
      onError: (error) => setErrors(fieldErrors(error)),
    }),
  );

  const submit = (complete: boolean) => {
    setErrors({});
    create.mutate({
      type,
      warehouseId,
      destinationWarehouseId: type === "transfer" ? destinationWarehouseId || null : null,
      date,
      reference: reference || null,
      notes: notes || null,
      reason: type === "adjustment" ? ((reason || null) as never) : null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, cost: l.cost || null })),
      complete,
      idempotencyKey,
    });
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
        <h1 className="flex-1 text-2xl font-bold">{t("inventory:form.title")}</h1>
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
                  <TD className="text-right" stack="actions">
                    <Button variant="ghost" size="icon" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))} aria-label={t("inventory:form.remove")}>
                      <Trash2 />
                    </Button>
                  </TD>
                </TR>
              ))}
              {lines.length === 0 ? (
                <TR>
                  <TD colSpan={5} className="py-6 text-center text-muted-foreground">
                    {t("inventory:form.noLines")}
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <FormActionBar>
        <Button variant="outline" disabled={create.isPending} onClick={() => submit(false)} data-testid="save-pending">
          <Save />
          {t("inventory:form.savePending")}
        </Button>
        <Button disabled={create.isPending} onClick={() => submit(true)} data-testid="save-complete">
          <CheckCircle2 />
          {t("inventory:form.saveComplete")}
        </Button>
      </FormActionBar>
    </div>
  );
}
