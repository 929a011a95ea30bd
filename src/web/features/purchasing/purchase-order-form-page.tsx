import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowLeft, Send, Trash2, Truck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { purchaseLineAmounts, purchaseTotals } from "../../../shared/purchasing/totals";
import { type AppRouter, fieldErrors, useTRPC, useTRPCClient } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { type ProductHit, ProductSearch } from "../../components/product-search";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { ProviderPickerSheet } from "../providers/provider-sheets";

interface Line {
  key: string;
  productId: string;
  name: string;
  sku: string;
  providerCode: string;
  quantity: string;
  unitCost: string;
  taxPercent: string;
  /** the unit cost came from this provider's last order */
  fromProvider: boolean;
}

interface Header {
  providerId: string;
  providerName: string;
  warehouseId: string;
  orderDate: string;
  expectedDate: string;
  paymentTermId: string;
  notes: string;
}

/** New purchase order, or editing a draft / an order pending approval (/home/purchase-orders/:id/edit). */
export function PurchaseOrderFormPage() {
  const { id } = useParams();
  const existing = useQuery({ ...useTRPC().purchaseOrder.getById.queryOptions({ id: id ?? "" }), enabled: !!id });
  if (id && !existing.data) return <Skeleton className="h-96 w-full" />;
  return <PurchaseOrderForm key={id ?? "new"} order={existing.data ?? null} />;
}

type PurchaseOrder = inferRouterOutputs<AppRouter>["purchaseOrder"]["getById"];

function PurchaseOrderForm({ order }: { order: PurchaseOrder | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const terms = useQuery(trpc.invoiceCondition.getAll.queryOptions());
  const settings = useQuery(trpc.purchaseSettings.get.queryOptions());
  const [header, setHeader] = React.useState<Header>(() => ({
    providerId: order?.providerId ?? "",
    providerName: order?.provider.name ?? "",
    warehouseId: order?.warehouseId ?? "",
    orderDate: order?.orderDate ?? todayInSantoDomingo(),
    expectedDate: order?.expectedDate ?? "",
    paymentTermId: order?.paymentTermId ?? "",
    notes: order?.notes ?? "",
  }));
  const [lines, setLines] = React.useState<Line[]>(
    () =>
      order?.lines.map((l) => ({
        key: l.id,
        productId: l.productId,
        name: l.productName,
        sku: l.sku,
        providerCode: l.providerCode ?? "",
        quantity: l.quantity.replace(/\.?0+$/, ""),
        unitCost: l.unitCost,
        taxPercent: l.taxPercent,
        fromProvider: false,
      })) ?? [],
  );
  const [picking, setPicking] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per form: a retried save never creates a second order.
  const [idempotencyKey] = React.useState(() => crypto.randomUUID());
  const set = (patch: Partial<Header>) => setHeader((h) => ({ ...h, ...patch }));

  React.useEffect(() => {
    if (!header.warehouseId && warehouses.data?.[0]) set({ warehouseId: warehouses.data.find((w) => w.isDefault)?.id ?? warehouses.data[0].id });
  }, [warehouses.data]);
  React.useEffect(() => {
    if (!order && settings.data?.defaultPaymentTermId && !header.paymentTermId) set({ paymentTermId: settings.data.defaultPaymentTermId });
  }, [settings.data]);

  const totals = purchaseTotals(lines);
  const input = () => ({
    providerId: header.providerId,
    warehouseId: header.warehouseId,
    orderDate: header.orderDate,
    expectedDate: header.expectedDate || null,
    paymentTermId: header.paymentTermId || null,
    notes: header.notes || null,
    lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost, taxPercent: l.taxPercent || "0", providerCode: l.providerCode || null })),
  });
  const done = async (saved: { id: string; number: string }) => {
    await qc.invalidateQueries({ queryKey: trpc.purchaseOrder.getAll.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.purchaseOrder.getById.queryKey({ id: saved.id }) });
    toast({ title: t("purchasing:form.saved", { number: saved.number }), variant: "success" });
    void navigate(`/home/purchase-orders/${saved.id}`, { replace: true });
  };
  const save = useMutation({
    mutationFn: async (submit: boolean) => {
      const saved = order ? await client.purchaseOrder.update.mutate({ id: order.id, ...input() } as never) : await client.purchaseOrder.create.mutate({ ...input(), idempotencyKey } as never);
      return submit && saved.status === "draft" ? client.purchaseOrder.submit.mutate({ id: saved.id }) : saved;
    },
    onSuccess: done,
    onError: (e) => {
      setErrors(fieldErrors(e));
      toast({ variant: "destructive", title: order ? t("purchasing:toasts.updateError") : t("purchasing:toasts.createError"), description: e.message });
    },
    meta: { silent: true },
  });
  const submit = (andSubmit: boolean) => {
    setErrors({});
    save.mutate(andSubmit);
  };

  /** A new line starts with the last cost from this provider (else the product's), its code and ITBIS. */
  const addProduct = (p: ProductHit) => {
    if (lines.some((l) => l.productId === p.id)) return;
    const key = crypto.randomUUID();
    setLines((ls) => [...ls, { key, productId: p.id, name: p.name, sku: p.sku, providerCode: "", quantity: "1", unitCost: p.costPrice ?? "0", taxPercent: p.isTaxable ? (p.taxPercent ?? "18") : "0", fromProvider: false }]);
    void client.purchaseOrder.getProductDefaults.query({ providerId: header.providerId || null, productIds: [p.id] }).then(([d]) => {
      if (!d) return;
      setLines((ls) => ls.map((l) => (l.key === key ? { ...l, unitCost: d.unitCost, taxPercent: d.taxPercent, providerCode: l.providerCode || d.providerCode || "", fromProvider: d.lastCostSource === "provider" } : l)));
    });
  };
  const setLine = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const chooseProvider = (p: { id: string; name: string }) => {
    set({ providerId: p.id, providerName: p.name });
    if (lines.length === 0) return;
    // The provider's own codes and last costs for the lines already there.
    void client.purchaseOrder.getProductDefaults.query({ providerId: p.id, productIds: lines.map((l) => l.productId) }).then((ds) =>
      setLines((ls) =>
        ls.map((l) => {
          const d = ds.find((x) => x.productId === l.productId);
          return d ? { ...l, providerCode: d.providerCode ?? l.providerCode, ...(d.lastCostSource === "provider" ? { unitCost: d.unitCost, fromProvider: true } : {}) } : l;
        }),
      ),
    );
  };

  const title = order ? t("purchasing:form.editTitle", { number: order.number }) : t("purchasing:form.newTitle");
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate(order ? `/home/purchase-orders/${order.id}` : "/home/purchase-orders")} aria-label={t("purchasing:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold">{title}</h1>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t("purchasing:fields.provider")} htmlFor="po-provider" error={tMessage(errors.providerId)} required className="sm:col-span-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="min-w-48 flex-1 truncate rounded-md border px-3 py-2 text-sm" data-testid="po-provider-name">
                {header.providerName || <span className="text-muted-foreground">{t("purchasing:form.noProvider")}</span>}
              </span>
              <Button id="po-provider" type="button" variant="outline" onClick={() => setPicking(true)} data-testid="po-pick-provider" aria-invalid={!!errors.providerId}>
                <Truck />
                {header.providerId ? t("purchasing:form.changeProvider") : t("purchasing:form.chooseProvider")}
              </Button>
            </div>
          </Field>
          <Field label={t("purchasing:fields.warehouse")} htmlFor="po-warehouse" error={tMessage(errors.warehouseId)} required>
            <NativeSelect id="po-warehouse" value={header.warehouseId} onChange={(e) => set({ warehouseId: e.target.value })}>
              {warehouses.data
                ?.filter((w) => w.isActive || w.id === header.warehouseId)
                .map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
            </NativeSelect>
          </Field>
          <Field label={t("purchasing:fields.paymentTerms")} htmlFor="po-terms" error={tMessage(errors.paymentTermId)}>
            <NativeSelect id="po-terms" value={header.paymentTermId} onChange={(e) => set({ paymentTermId: e.target.value })}>
              <option value="">{t("purchasing:form.noTerms")}</option>
              {terms.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("purchasing:fields.orderDate")} htmlFor="po-date" error={tMessage(errors.orderDate)} required>
            <Input id="po-date" type="date" value={header.orderDate} onChange={(e) => set({ orderDate: e.target.value })} />
          </Field>
          <Field label={t("purchasing:fields.expectedDate")} htmlFor="po-expected" error={tMessage(errors.expectedDate)}>
            <Input id="po-expected" type="date" value={header.expectedDate} min={header.orderDate} onChange={(e) => set({ expectedDate: e.target.value })} />
          </Field>
          <Field label={t("purchasing:fields.notes")} htmlFor="po-notes" error={tMessage(errors.notes)} className="sm:col-span-2 lg:col-span-3">
            <Input id="po-notes" value={header.notes} onChange={(e) => set({ notes: e.target.value })} />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("purchasing:fields.lines")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ProductSearch id="po-product-search" onPick={addProduct} placeholder={t("purchasing:form.searchProduct")} emptyText={t("purchasing:form.noProducts")} />
          {errors.lines ? (
            <p className="text-sm text-destructive" role="alert">
              {tMessage(errors.lines)}
            </p>
          ) : null}
          <Table stack aria-label={t("purchasing:fields.lines")}>
            <THead>
              <TR>
                <TH>{t("purchasing:fields.product")}</TH>
                <TH className="w-36">{t("purchasing:fields.providerCode")}</TH>
                <TH className="w-28">{t("purchasing:fields.quantity")}</TH>
                <TH className="w-32">{t("purchasing:fields.unitCost")}</TH>
                <TH className="w-24">{t("purchasing:fields.taxPercent")}</TH>
                <TH className="text-right">{t("purchasing:fields.subtotal")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {lines.map((l, i) => {
                const err = (field: string) => tMessage(errors[`lines.${i}.${field}`]);
                return (
                  <TR key={l.key} data-testid="po-line">
                    <TD stack="primary">
                      <div className="font-medium">{l.name}</div>
                      <div className="font-mono text-xs text-muted-foreground">{l.sku}</div>
                    </TD>
                    <TD label={t("purchasing:fields.providerCode")}>
                      <Input aria-label={t("purchasing:form.codeOf", { name: l.name })} value={l.providerCode} onChange={(e) => setLine(l.key, { providerCode: e.target.value })} />
                    </TD>
                    <TD label={t("purchasing:fields.quantity")}>
                      <Input inputMode="decimal" aria-label={t("purchasing:form.quantityOf", { name: l.name })} aria-invalid={!!err("quantity")} value={l.quantity} onChange={(e) => setLine(l.key, { quantity: e.target.value })} />
                      {err("quantity") ? <p className="text-xs text-destructive">{err("quantity")}</p> : null}
                    </TD>
                    <TD label={t("purchasing:fields.unitCost")}>
                      <Input
                        inputMode="decimal"
                        aria-label={t("purchasing:form.costOf", { name: l.name })}
                        aria-invalid={!!err("unitCost")}
                        value={l.unitCost}
                        title={l.fromProvider ? t("purchasing:form.lastCost") : undefined}
                        onChange={(e) => setLine(l.key, { unitCost: e.target.value, fromProvider: false })}
                      />
                      {err("unitCost") ? <p className="text-xs text-destructive">{err("unitCost")}</p> : null}
                    </TD>
                    <TD label={t("purchasing:fields.taxPercent")}>
                      <Input inputMode="decimal" aria-label={t("purchasing:form.taxOf", { name: l.name })} aria-invalid={!!err("taxPercent")} value={l.taxPercent} onChange={(e) => setLine(l.key, { taxPercent: e.target.value })} />
                    </TD>
                    <TD className="text-right tabular-nums" label={t("purchasing:fields.subtotal")} data-testid="po-line-subtotal">
                      {formatMoney(purchaseLineAmounts(l).subtotal, lang)}
                    </TD>
                    <TD className="text-right" stack="actions">
                      <Button variant="ghost" size="icon" onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} aria-label={t("purchasing:form.remove", { name: l.name })}>
                        <Trash2 />
                      </Button>
                    </TD>
                  </TR>
                );
              })}
              {lines.length === 0 ? (
                <TR>
                  <TD colSpan={7} className="py-6 text-center text-muted-foreground">
                    {t("purchasing:form.noLines")}
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
          <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-1 text-sm" data-testid="po-totals">
            <dt className="text-muted-foreground">{t("purchasing:fields.subtotal")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(totals.subtotal, lang)}</dd>
            <dt className="text-muted-foreground">{t("purchasing:fields.itbis")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(totals.taxTotal, lang)}</dd>
            <dt className="font-semibold">{t("purchasing:fields.total")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="po-total">
              {formatMoney(totals.total, lang)}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <FormActionBar>
        <Button variant="outline" onClick={() => void navigate(order ? `/home/purchase-orders/${order.id}` : "/home/purchase-orders")}>
          {t("common:actions.cancel")}
        </Button>
        <Button variant={order?.status === "pending_approval" ? "default" : "outline"} disabled={save.isPending} onClick={() => submit(false)} data-testid="po-save">
          {save.isPending ? t("common:saving") : order?.status === "pending_approval" ? t("common:actions.save") : t("purchasing:form.saveDraft")}
        </Button>
        {order?.status !== "pending_approval" && can("purchase_orders.create") ? (
          <Button disabled={save.isPending} onClick={() => submit(true)} data-testid="po-save-submit">
            <Send />
            {t("purchasing:form.saveAndSubmit")}
          </Button>
        ) : null}
      </FormActionBar>
      <ProviderPickerSheet open={picking} onOpenChange={setPicking} selectedId={header.providerId || null} onSelect={chooseProvider} />
    </div>
  );
}
