import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { AlertTriangle, ArrowLeft, FileCheck2, Save, Trash2, UserRound } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { toBig } from "../../../shared/catalog/decimal";
import { customerFiscalKind, ncfProblem, SALE_NCF_TYPE_CODES } from "../../../shared/customers/fiscal";
import { initialPaymentMethod, isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import { dueDateOf } from "../../../shared/invoices/balance";
import { formatMoney } from "../../../shared/money/format";
import { computeCart } from "../../../shared/pos/pricing";
import { type AppRouter, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActionBar } from "../../components/form-actions";
import { type ProductHit, ProductSearch } from "../../components/product-search";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { cn } from "../../lib/utils";
import { displayTaxId } from "../customers/customer-format";
import { CustomerSearchPanel, type SelectedCustomer } from "../customers/customer-search-panel";
import { ncfWarningText } from "../ncf/ncf-warning";
import { RequirePermission } from "../shell/guards";

/** The columns of a line from lg up: product, quantity, price, discount, ITBIS, total, remove. */
const LINE_GRID = "grid grid-cols-3 gap-2 lg:grid-cols-[minmax(8rem,1fr)_5rem_7rem_5rem_6rem_7rem_2.5rem]";

/** Methods that never pay an invoice at issue: credit is the condition's job, a credit note is a POS tender. */

interface LineProduct {
  id: string;
  name: string;
  sku: string | null;
  price: string;
  taxPercent: string | null;
  isTaxable: boolean;
  priceIncludesTax: boolean;
  variablePrice: boolean;
}

interface Line {
  product: LineProduct;
  quantity: string;
  /** the price typed for a variable-price product (others use the catalog price) */
  price: string;
  discountPercent: string;
}

interface Customer {
  id: string;
  name: string;
  taxId: string | null;
  taxIdOverride?: boolean | null;
}

/** A buyer with an RNC is offered the tax-credit invoice (B01), as the POS does. */
const isRnc = (taxId: string | null | undefined) => customerFiscalKind({ taxId }) === "rnc";

/** A decimal as typed, or 0 while it is not one yet (the server refuses what is wrong). */
const num = (value: string) => (/^\d+(\.\d+)?$/.test(value.trim()) ? value.trim() : "0");

/** The lines as the shared pricing rules compute them (the server recomputes them the same way). */
function priced(lines: readonly Line[]) {
  return computeCart(
    lines.map((l) => ({
      product: { price: l.product.variablePrice ? num(l.price) : l.product.price, tax_percent: l.product.taxPercent, is_taxable: l.product.isTaxable, price_includes_tax: l.product.priceIncludesTax },
      quantity: toBig(num(l.quantity)).gt(0) ? num(l.quantity) : "0",
      discount: toBig(num(l.discountPercent)).gt(0) ? { type: "percentage_discount", value: num(l.discountPercent) } : null,
    })),
  );
}

/** The lines as invoice.saveDraft and invoice.create take them. */
function itemsOf(lines: readonly Line[]) {
  return lines.map((l) => ({
    productId: l.product.id,
    quantity: l.quantity.trim(),
    price: l.product.variablePrice ? l.price.trim() : undefined,
    discount: l.discountPercent.trim() && toBig(num(l.discountPercent)).gt(0) ? { type: "percentage_discount", value: l.discountPercent.trim() } : null,
  }));
}

function lineProductOf(p: ProductHit): LineProduct {
  return { id: p.id, name: p.name, sku: p.sku, price: p.price, taxPercent: p.taxPercent, isTaxable: p.isTaxable, priceIncludesTax: p.priceIncludesTax, variablePrice: p.variablePrice };
}

export function InvoiceFormPage() {
  return (
    <RequirePermission permission="invoices.create">
      <InvoiceFormLoader />
    </RequirePermission>
  );
}

/** /home/invoices/new, or /home/invoices/:id/edit for a draft. */
function InvoiceFormLoader() {
  const { id } = useParams();
  const trpc = useTRPC();
  const { t } = useTranslation();
  const draft = useQuery({ ...trpc.invoice.getDraft.queryOptions({ id: id ?? "" }), enabled: !!id, retry: false });
  if (!id) return <InvoiceForm />;
  if (draft.isLoading) return <Skeleton className="h-96 w-full" />;
  if (!draft.data) return <p className="p-6 text-muted-foreground">{t("invoices:form.draftNotFound")}</p>;
  return <InvoiceForm key={draft.data.id} draft={draft.data} />;
}

type Draft = inferRouterOutputs<AppRouter>["invoice"]["getDraft"];

/**
 * The manual invoice (spec 03 'Invoices: form'): customer (required), lines with quantity, price
 * and discount %, condition (its days set the due date), seller, warehouse, invoice type and NCF
 * type with the buyer's eligibility, notes, and what is paid now. 'Guardar borrador' keeps a
 * draft (no NCF, no stock); 'Emitir factura' issues it through the one invoice path.
 */
function InvoiceForm({ draft }: { draft?: Draft }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const conditions = useQuery(trpc.invoiceCondition.getAll.queryOptions());
  const invoiceTypes = useQuery(trpc.invoiceType.getAll.queryOptions());
  const ncfTypes = useQuery(trpc.ncf.getTypes.queryOptions());
  const sellers = useQuery(trpc.employee.getSellers.queryOptions());
  const methods = useQuery(trpc.paymentMethod.getAll.queryOptions());
  const currencies = useQuery(trpc.currency.getActive.queryOptions());
  // What is paid at issue is taken in the default currency; other currencies through 'Registrar pago'.
  const defaultCurrencyId = currencies.data?.find((c) => c.is_default)?.id;
  const tenantToday = todayInSantoDomingo();

  const [customer, setCustomer] = React.useState<Customer | null>(draft ? draft.customer : null);
  const [picking, setPicking] = React.useState(false);
  const [warehouseId, setWarehouseId] = React.useState(draft?.warehouseId ?? "");
  const [conditionId, setConditionId] = React.useState(draft?.invoiceConditionId ?? "");
  const [invoiceTypeId, setInvoiceTypeId] = React.useState(draft?.invoiceTypeId ?? "");
  const [ncfTypeId, setNcfTypeId] = React.useState(draft?.ncfTypeId ?? "");
  const [sellerId, setSellerId] = React.useState(draft?.sellerId ?? "");
  const [notes, setNotes] = React.useState(draft?.notes ?? "");
  const [lines, setLines] = React.useState<Line[]>(() => draft?.items.map((i) => ({ product: i.product, quantity: i.quantity, price: i.price, discountPercent: i.discountPercent === "0" ? "" : i.discountPercent })) ?? []);
  const [methodId, setMethodId] = React.useState("");
  const [paid, setPaid] = React.useState("");
  const [paidTouched, setPaidTouched] = React.useState(false);
  const [reference, setReference] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per form for the draft (a double click saves one draft) and one per issue attempt.
  const [draftKey] = React.useState(() => draft?.clientOrderId ?? crypto.randomUUID());
  const [draftId, setDraftId] = React.useState(draft?.id);
  const issueKey = React.useRef(crypto.randomUUID());
  const customerButton = React.useRef<HTMLButtonElement>(null);

  // Defaults once the lists arrive: the default warehouse, condition and invoice type; the payment method.
  React.useEffect(() => {
    if (!warehouseId && warehouses.data?.[0]) setWarehouseId(warehouses.data.find((w) => w.isDefault)?.id ?? warehouses.data[0].id);
  }, [warehouses.data]);
  React.useEffect(() => {
    if (!draft && !conditionId && conditions.data?.length) setConditionId(conditions.data.find((c) => c.isDefault)?.id ?? conditions.data[0]!.id);
  }, [conditions.data]);
  React.useEffect(() => {
    if (!draft && !invoiceTypeId && invoiceTypes.data?.length) setInvoiceTypeId(invoiceTypes.data.find((c) => c.isDefault)?.id ?? "");
  }, [invoiceTypes.data]);
  const usableMethods = (methods.data ?? []).filter((m) => !isNotForPayments(m.code));
  React.useEffect(() => {
    if (!methodId && usableMethods.length) setMethodId(initialPaymentMethod(usableMethods)!.id);
  }, [usableMethods.length]);
  React.useEffect(() => {
    if (!draft) customerButton.current?.focus();
  }, []);

  const cart = priced(lines);
  const condition = conditions.data?.find((c) => c.id === conditionId);
  const onCredit = (condition?.days ?? 0) > 0;
  const dueDate = dueDateOf(tenantToday, condition?.days ?? 0);
  // What is paid now: the total on cash terms, nothing on credit terms, until the user types an amount.
  const paidNow = paidTouched ? paid : onCredit ? "" : cart.total;
  const method = usableMethods.find((m) => m.id === methodId);
  const isCash = method?.code.toUpperCase() === "CASH";

  // The NCF type: the invoice type's, else B01 for a buyer with an RNC, else the default.
  const saleTypes = (ncfTypes.data ?? []).filter((n) => (SALE_NCF_TYPE_CODES as readonly string[]).includes(n.code));
  React.useEffect(() => {
    if (!ncfTypes.data || ncfTypeId) return;
    const fromType = invoiceTypes.data?.find((x) => x.id === invoiceTypeId)?.ncfTypeId;
    const chosen = ncfTypes.data.find((n) => n.id === fromType) ?? (isRnc(customer?.taxId) ? ncfTypes.data.find((n) => n.code === "B01") : undefined) ?? ncfTypes.data.find((n) => n.is_default) ?? saleTypes[0];
    if (chosen) setNcfTypeId(chosen.id);
  }, [ncfTypes.data, invoiceTypes.data, invoiceTypeId, customer?.id]);
  const ncfType = ncfTypes.data?.find((n) => n.id === ncfTypeId);
  const problem = customer && ncfType ? ncfProblem(customer, ncfType.code, cart.total) : null;
  const ncfNotice = ncfType ? ncfWarningText(t, ncfType, lang) : null;

  const pickCustomer = (c: SelectedCustomer) => {
    setCustomer({ id: c.id, name: c.name, taxId: c.taxId });
    // A buyer with an RNC gets a tax-credit invoice (B01) when the tenant has that type; others keep theirs.
    const creditType = invoiceTypes.data?.find((x) => x.ncfTypeCode === "B01");
    if (isRnc(c.taxId) && creditType) setInvoiceTypeId(creditType.id);
    setNcfTypeId("");
    setPicking(false);
  };
  const addProduct = (p: ProductHit) => {
    setLines((ls) => {
      const at = ls.findIndex((l) => l.product.id === p.id);
      if (at >= 0) return ls.map((l, i) => (i === at ? { ...l, quantity: toBig(num(l.quantity)).plus(1).toString() } : l));
      return [...ls, { product: lineProductOf(p), quantity: "1", price: p.variablePrice ? "" : p.price, discountPercent: "" }];
    });
  };
  const setLine = (index: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  const common = () => ({
    customerId: customer?.id ?? "",
    warehouseId,
    ncfTypeId: ncfTypeId || undefined,
    invoiceConditionId: conditionId || null,
    invoiceTypeId: invoiceTypeId || null,
    sellerId: sellerId || null,
    notes: notes.trim() || null,
    items: itemsOf(lines),
  });
  /** Checks the form can answer before the server does: customer and at least one item (spec 03). */
  const precheck = () => {
    const found: Record<string, string> = {};
    if (!customer) found.customerId = "invoices:form.customerRequired";
    if (lines.length === 0) found.items = "invoices:form.itemsRequired";
    setErrors(found);
    // The focus goes to the first thing missing.
    if (found.customerId) customerButton.current?.focus();
    else if (found.items) document.getElementById("inv-product-search")?.focus();
    return Object.keys(found).length === 0;
  };
  // Every invoice.* query: the list, its totals, the detail and the draft.
  const invalidate = () => qc.invalidateQueries(trpc.invoice.pathFilter());
  const onError = (error: unknown) => {
    const fields = fieldErrors(error);
    setErrors(fields);
    toast({ variant: "destructive", title: t("invoices:form.error"), description: error instanceof Error ? error.message : undefined });
  };

  const saveDraft = useMutation(
    trpc.invoice.saveDraft.mutationOptions({
      onSuccess: async (d) => {
        setDraftId(d.id);
        await invalidate();
        toast({ variant: "success", title: t("invoices:form.draftSaved", { number: d.number }) });
        void navigate(`/home/invoices/${d.id}`, { replace: true });
      },
      onError,
    }),
  );
  const issue = useMutation(
    trpc.invoice.create.mutationOptions({
      onSuccess: async (r) => {
        await invalidate();
        toast({ variant: "success", title: t("invoices:form.issued", { number: r.orderNumber, ncf: r.ncf ?? "" }) });
        void navigate(`/home/invoices/${r.orderId}`, { replace: true });
      },
      onError: (e) => {
        // A refused issue may be corrected and sent again: a new key then.
        issueKey.current = crypto.randomUUID();
        onError(e);
      },
    }),
  );
  const busy = saveDraft.isPending || issue.isPending;

  const submitDraft = () => {
    if (!precheck()) return;
    saveDraft.mutate({ ...common(), id: draftId, clientOrderId: draftKey });
  };
  const submitIssue = () => {
    if (!precheck()) return;
    const amount = paidNow.trim();
    const payments = amount && toBig(num(amount)).gt(0) && methodId ? [{ paymentMethodId: methodId, currencyId: defaultCurrencyId ?? "", amount, reference: isCash ? undefined : reference.trim() || undefined }] : [];
    issue.mutate({ ...common(), clientOrderId: issueKey.current, draftId, payments });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    // Ctrl+S saves the draft, Ctrl+Enter issues (shown next to the buttons).
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
      e.preventDefault();
      if (!busy) submitDraft();
    } else if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      if (!busy) submitIssue();
    }
  };

  return (
    <div className="grid gap-4" onKeyDown={onKeyDown} data-testid="invoice-form">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate(draftId ? `/home/invoices/${draftId}` : "/home/invoices")} aria-label={t("invoices:form.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold">{draft ? t("invoices:form.editTitle", { number: draft.number }) : t("invoices:form.title")}</h1>
      </div>

      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-1.5 sm:col-span-2">
            <Field label={t("invoices:fields.customer")} htmlFor="inv-customer" error={tMessage(errors.customerId)} required>
              <Button id="inv-customer" ref={customerButton} type="button" variant="outline" className="h-auto min-h-10 justify-start text-left" onClick={() => setPicking(true)} data-testid="invoice-customer">
                <UserRound />
                {customer ? (
                  <span className="grid">
                    <span className="font-medium">{customer.name}</span>
                    {customer.taxId ? <span className="text-xs text-muted-foreground">{displayTaxId(customer.taxId)}</span> : null}
                  </span>
                ) : (
                  <span className="text-muted-foreground">{t("invoices:form.chooseCustomer")}</span>
                )}
              </Button>
            </Field>
          </div>
          <Field label={t("invoices:fields.condition")} htmlFor="inv-condition" hint={t("invoices:form.dueOn", { date: formatDate(dueDate, lang) })}>
            <NativeSelect id="inv-condition" value={conditionId} onChange={(e) => setConditionId(e.target.value)}>
              <Options items={conditions.data} />
            </NativeSelect>
          </Field>
          <Field label={t("invoices:fields.seller")} htmlFor="inv-seller">
            <NativeSelect id="inv-seller" value={sellerId} onChange={(e) => setSellerId(e.target.value)}>
              <option value="">{t("invoices:form.noSeller")}</option>
              <Options items={sellers.data} />
            </NativeSelect>
          </Field>
          <Field label={t("invoices:fields.warehouse")} htmlFor="inv-warehouse" error={tMessage(errors.warehouseId)} required>
            <NativeSelect id="inv-warehouse" value={warehouseId} onChange={(e) => setWarehouseId(e.target.value)}>
              <Options items={warehouses.data} />
            </NativeSelect>
          </Field>
          <Field label={t("invoices:form.invoiceType")} htmlFor="inv-type">
            <NativeSelect
              id="inv-type"
              value={invoiceTypeId}
              onChange={(e) => {
                setInvoiceTypeId(e.target.value);
                setNcfTypeId("");
              }}
            >
              <option value="">{t("invoices:form.noInvoiceType")}</option>
              <Options items={invoiceTypes.data} />
            </NativeSelect>
          </Field>
          <Field label={t("invoices:fields.ncfType")} htmlFor="inv-ncf-type" error={tMessage(errors.ncfTypeId)}>
            <NativeSelect id="inv-ncf-type" value={ncfTypeId} onChange={(e) => setNcfTypeId(e.target.value)} data-testid="invoice-ncf-type">
              {saleTypes.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.code} · {n.description}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("invoices:fields.notes")} htmlFor="inv-notes">
            <Input id="inv-notes" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          {problem ? (
            <p className="flex items-center gap-2 text-sm text-destructive sm:col-span-2 lg:col-span-4" role="alert" data-testid="invoice-ncf-problem">
              <AlertTriangle className="size-4" aria-hidden /> {t(`invoices:form.ncfProblem.${problem}`, { code: ncfType?.code ?? "" })}
            </p>
          ) : null}
          {ncfNotice ? (
            <p className="flex items-center gap-2 text-sm text-amber-700 sm:col-span-2 lg:col-span-4 dark:text-amber-400" role="status">
              <AlertTriangle className="size-4" aria-hidden /> {ncfNotice}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("invoices:form.items")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ProductSearch id="inv-product-search" onPick={addProduct} placeholder={t("invoices:form.searchProduct")} emptyText={t("invoices:form.noProducts")} />
          {errors.items ? (
            <p className="text-sm text-destructive" role="alert">
              {tMessage(errors.items)}
            </p>
          ) : null}
          {/* One grid per line: a table row from lg up, a small card on a phone (no sideways scrolling). */}
          <div className="grid text-sm">
            <div className={cn(LINE_GRID, "hidden border-b bg-muted/50 px-2 py-2 font-medium text-muted-foreground lg:grid")} aria-hidden>
              <span>{t("invoices:fields.product")}</span>
              <span>{t("invoices:fields.quantity")}</span>
              <span>{t("invoices:fields.price")}</span>
              <span>{t("invoices:form.discountPercent")}</span>
              <span className="text-right">{t("invoices:fields.itbis")}</span>
              <span className="text-right">{t("invoices:fields.total")}</span>
              <span />
            </div>
            <ul className="grid" aria-label={t("invoices:form.items")}>
            {lines.map((l, i) => {
              const computed = cart.lines[i];
              return (
                <li key={l.product.id} className={cn(LINE_GRID, "items-center border-b px-2 py-2")} data-testid="invoice-line">
                  <div className="col-span-2 font-medium lg:col-span-1">
                    {l.product.name}
                    {l.product.sku ? <span className="block font-mono text-xs text-muted-foreground">{l.product.sku}</span> : null}
                  </div>
                  <div className="justify-self-end lg:order-last">
                    <Button variant="ghost" size="icon" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))} aria-label={t("invoices:form.remove", { name: l.product.name })}>
                      <Trash2 />
                    </Button>
                  </div>
                  <div className="grid gap-1">
                    <span className="text-xs text-muted-foreground lg:hidden">{t("invoices:fields.quantity")}</span>
                    <Input inputMode="decimal" className="w-full lg:w-20" aria-label={t("invoices:form.quantityOf", { name: l.product.name })} value={l.quantity} aria-invalid={!!errors[`items.${i}.quantity`]} onChange={(e) => setLine(i, { quantity: e.target.value })} />
                  </div>
                  <div className="grid gap-1">
                    <span className="text-xs text-muted-foreground lg:hidden">{t("invoices:fields.price")}</span>
                    {l.product.variablePrice ? (
                      <Input inputMode="decimal" className="w-full lg:w-28" aria-label={t("invoices:form.priceOf", { name: l.product.name })} value={l.price} aria-invalid={!!errors[`items.${i}.price`]} onChange={(e) => setLine(i, { price: e.target.value })} />
                    ) : (
                      <span className="tabular-nums leading-10">{formatMoney(l.product.price, lang)}</span>
                    )}
                  </div>
                  <div className="grid gap-1">
                    <span className="text-xs text-muted-foreground lg:hidden">{t("invoices:form.discountPercent")}</span>
                    <Input inputMode="decimal" className="w-full lg:w-20" placeholder="0" aria-label={t("invoices:form.discountOf", { name: l.product.name })} value={l.discountPercent} aria-invalid={!!errors[`items.${i}.discount.value`]} onChange={(e) => setLine(i, { discountPercent: e.target.value })} />
                  </div>
                  <span className="hidden text-right tabular-nums lg:block">{formatMoney(computed?.taxAmount ?? "0", lang)}</span>
                  <span className="col-span-3 text-right font-semibold tabular-nums lg:col-span-1 lg:font-normal" data-testid="invoice-line-total">
                    {formatMoney(computed?.total ?? "0", lang)}
                  </span>
                </li>
              );
            })}
            </ul>
            {lines.length === 0 ? <p className="py-6 text-center text-muted-foreground">{t("invoices:form.noLines")}</p> : null}
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("invoices:form.paymentNow")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field label={t("invoices:payment.method")} htmlFor="inv-method">
              <NativeSelect id="inv-method" value={methodId} onChange={(e) => setMethodId(e.target.value)}>
                <Options items={usableMethods} />
              </NativeSelect>
            </Field>
            <Field label={t("invoices:payment.amount")} htmlFor="inv-paid" hint={onCredit ? t("invoices:form.creditHint") : t("invoices:form.cashHint")}>
              <Input
                id="inv-paid"
                inputMode="decimal"
                value={paidNow}
                placeholder="0.00"
                onChange={(e) => {
                  setPaidTouched(true);
                  setPaid(e.target.value);
                }}
                data-testid="invoice-paid"
              />
            </Field>
            {!isCash ? (
              <Field label={t("invoices:payment.reference")} htmlFor="inv-reference">
                <Input id="inv-reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
              </Field>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-5" data-testid="invoice-form-totals">
            <TotalRow label={t("invoices:fields.subtotal")} value={formatMoney(cart.subtotal, lang)} />
            <TotalRow label={t("invoices:fields.discount")} value={formatMoney(cart.discountTotal, lang)} />
            <TotalRow label={t("invoices:fields.itbis")} value={formatMoney(cart.taxTotal, lang)} />
            <TotalRow label={t("invoices:fields.total")} value={formatMoney(cart.total, lang)} strong testId="invoice-form-total" />
            <TotalRow label={t("invoices:form.owed")} value={formatMoney(toBig(cart.total).minus(num(paidNow)).gt(0) ? toBig(cart.total).minus(num(paidNow)).toFixed(2) : "0", lang)} />
          </CardContent>
        </Card>
      </div>

      <FormActionBar>
        <Button variant="outline" disabled={busy} onClick={submitDraft} data-testid="save-draft">
          <Save /> {t("invoices:form.saveDraft")} <kbd className="ml-1 hidden text-xs opacity-70 sm:inline">Ctrl+S</kbd>
        </Button>
        <Button disabled={busy} onClick={submitIssue} data-testid="issue-invoice">
          <FileCheck2 /> {t("invoices:form.issue")} <kbd className="ml-1 hidden text-xs opacity-70 sm:inline">Ctrl+Enter</kbd>
        </Button>
      </FormActionBar>

      <CustomerSearchPanel open={picking} onOpenChange={setPicking} onSelect={pickCustomer} />
    </div>
  );
}

/** The options of a select of named records (conditions, sellers, warehouses, invoice types, methods). */
function Options({ items }: { items: readonly { id: string; name: string }[] | undefined }) {
  return (
    <>
      {items?.map((i) => (
        <option key={i.id} value={i.id}>
          {i.name}
        </option>
      ))}
    </>
  );
}

function TotalRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? "flex justify-between gap-4 text-xl font-bold" : "flex justify-between gap-4 text-sm"}>
      <span className={strong ? undefined : "text-muted-foreground"}>{label}</span>
      <span className="tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

