import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toBig } from "../../../shared/catalog/decimal";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { formatMoney } from "../../../shared/money/format";
import { BILL_NCF_TYPES, type BillNcfType, billTotals, dueDateOf, EXPENSE_TYPES, ISR_WITHHOLDING_TYPES, OWN_NCF_TYPES, PAYMENT_FORMS, supplierBillFormSchema, supplierTaxIdProblem } from "../../../shared/payables/rules";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { formatDate, todayInSantoDomingo } from "../../lib/dates";
import { cn } from "../../lib/utils";

interface FormState {
  providerId: string;
  receiptId: string;
  ncfType: BillNcfType;
  ncf: string;
  ncfDate: string;
  supplierTaxId: string;
  paymentTermId: string;
  dueDate: string;
  goodsAmount: string;
  servicesAmount: string;
  itbis: string;
  itbisWithheld: string;
  isrWithheld: string;
  isrWithholdingType: string;
  expenseType: string;
  paymentForm: string;
  notes: string;
}

const AMOUNTS = ["goodsAmount", "servicesAmount", "itbis", "itbisWithheld", "isrWithheld"] as const;

/**
 * A supplier bill typed by hand (or for a purchase receipt: ?provider=…&receipt=…): the NCF type
 * decides the fields (B01: the supplier's NCF and RNC/cédula; B11: our number and the supplier's
 * cédula; B13: our number), the totals follow the shared rule (src/shared/payables) as amounts are typed.
 */
export function BillFormPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [f, setF] = React.useState<FormState>(() => ({
    providerId: params.get("provider") ?? "",
    receiptId: params.get("receipt") ?? "",
    ncfType: "B01",
    ncf: "",
    ncfDate: todayInSantoDomingo(),
    supplierTaxId: "",
    paymentTermId: "",
    dueDate: "",
    goodsAmount: "",
    servicesAmount: "",
    itbis: "",
    itbisWithheld: "",
    isrWithheld: "",
    isrWithholdingType: "",
    expenseType: "09",
    paymentForm: "04",
    notes: "",
  }));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // One key per form: a retried save never creates a second bill.
  const clientKey = React.useRef(crypto.randomUUID());
  const providers = useQuery(trpc.provider.getAll.queryOptions({ page: 1, pageSize: 100, search: "", isActive: true }));
  const terms = useQuery(trpc.invoiceCondition.getAll.queryOptions());
  const receipts = useQuery({ ...trpc.supplierBill.receipts.queryOptions({ providerId: f.providerId }), enabled: Boolean(f.providerId) });
  const provider = providers.data?.data.find((p) => p.id === f.providerId);
  const term = terms.data?.find((c) => c.id === f.paymentTermId);
  const termDays = term ? term.days : (provider?.paymentTerms ?? 0);
  const computedDue = f.ncfDate ? dueDateOf(f.ncfDate, termDays) : "";
  const totals = billTotals({ goods: f.goodsAmount || "0", services: f.servicesAmount || "0", itbis: f.itbis || "0", itbisWithheld: f.itbisWithheld || "0", isrWithheld: f.isrWithheld || "0" });
  const own = OWN_NCF_TYPES.includes(f.ncfType);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setF((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "" }));
  };

  const chooseReceipt = (id: string) => {
    const r = receipts.data?.find((x) => x.id === id);
    setF((s) => ({ ...s, receiptId: id, ...(r ? { goodsAmount: r.goodsAmount, servicesAmount: r.servicesAmount, itbis: r.itbis, paymentTermId: r.paymentTermId ?? s.paymentTermId } : {}) }));
  };
  // a receipt named in the address (?provider=…&receipt=…) fills in its amounts once they are known
  const prefilled = React.useRef(false);
  React.useEffect(() => {
    if (prefilled.current || !f.receiptId || !receipts.data) return;
    prefilled.current = true;
    chooseReceipt(f.receiptId);
  }, [receipts.data]);

  const save = useMutation(
    trpc.supplierBill.create.mutationOptions({
      onSuccess: async (bill) => {
        await qc.invalidateQueries({ queryKey: trpc.supplierBill.getAll.queryKey() });
        await qc.invalidateQueries({ queryKey: trpc.payable.getAging.queryKey() });
        toast({ title: t("payables:form.saved", { number: bill.number }), variant: "success" });
        void navigate(`/home/payables/bills/${bill.id}`);
      },
      onError: (e) => {
        setErrors(Object.fromEntries(Object.entries(fieldErrors(e)).map(([k, v]) => [k, v])));
        toast({ variant: "destructive", title: t("payables:form.title"), description: e.message });
      },
      meta: { silent: true },
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      providerId: f.providerId,
      receiptId: f.receiptId || null,
      ncfType: f.ncfType,
      ncf: own ? null : f.ncf,
      ncfDate: f.ncfDate,
      supplierTaxId: f.supplierTaxId || null,
      paymentTermId: f.paymentTermId || null,
      dueDate: f.dueDate || null,
      ...Object.fromEntries(AMOUNTS.map((k) => [k, f[k] || "0"])),
      isrWithholdingType: f.isrWithholdingType || null,
      expenseType: f.expenseType,
      paymentForm: f.paymentForm,
      notes: f.notes || null,
    };
    const parsed = supplierBillFormSchema.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "form")] ??= t(issue.message);
    const taxProblem = provider ? supplierTaxIdProblem(f.ncfType, f.supplierTaxId || provider.taxId) : null;
    if (taxProblem) found.supplierTaxId ??= t(taxProblem);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.getElementById(`bill-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    save.mutate({ ...(input as Parameters<typeof save.mutate>[0]), client_key: clientKey.current });
  };

  const amountField = (key: (typeof AMOUNTS)[number]) => (
    <Field key={key} label={t(`payables:fields.${key}`)} htmlFor={`bill-${key}`} error={errors[key]}>
      <Input
        id={`bill-${key}`}
        inputMode="decimal"
        className="text-right tabular-nums"
        value={f[key]}
        placeholder="0.00"
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={Boolean(errors[key])}
        aria-describedby={errors[key] ? `bill-${key}-error` : undefined}
      />
    </Field>
  );

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/payables")} aria-label={t("payables:detail.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="text-2xl font-bold">{t("payables:form.title")}</h1>
      </div>
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t("payables:fields.provider")} htmlFor="bill-providerId" error={errors.providerId} required className="content-start">
            <NativeSelect
              id="bill-providerId"
              value={f.providerId}
              onChange={(e) => {
                set("providerId", e.target.value);
                set("receiptId", "");
              }}
              aria-invalid={Boolean(errors.providerId)}
            >
              <option value="">{t("payables:form.chooseProvider")}</option>
              {providers.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {receipts.data && receipts.data.length > 0 ? (
            <Field label={t("payables:fields.receipt")} htmlFor="bill-receiptId" hint={t("payables:form.receiptHint")} className="content-start">
              <NativeSelect id="bill-receiptId" value={f.receiptId} onChange={(e) => chooseReceipt(e.target.value)} data-testid="bill-receipt">
                <option value="">{t("payables:form.noReceipt")}</option>
                {receipts.data.map((r) => (
                  <option key={r.id} value={r.id}>
                    {t("payables:form.receiptOption", { number: r.orderNumber, date: formatDate(r.receivedAt, lang), amount: formatMoney(billTotals({ goods: r.goodsAmount, services: r.servicesAmount, itbis: r.itbis, itbisWithheld: "0", isrWithheld: "0" }).total, lang) })}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium">{t("payables:fields.ncfType")}</legend>
            <div className="flex flex-wrap gap-2">
              {BILL_NCF_TYPES.map((type) => (
                <label
                  key={type}
                  className={cn("flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm", f.ncfType === type && "border-primary bg-primary/5")}
                  data-testid={`bill-ncf-type-${type}`}
                >
                  <input type="radio" name="ncfType" value={type} checked={f.ncfType === type} onChange={() => set("ncfType", type)} />
                  {t(`payables:ncfTypes.${type}`)}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t(`payables:ncfTypeHints.${f.ncfType}`)}</p>
          </fieldset>
          {own ? (
            <p className="rounded-md border border-dashed p-3 text-sm" role="status" data-testid="bill-own-ncf">
              {t("payables:form.ncfIssuedByUs", { type: f.ncfType })}
            </p>
          ) : (
            <Field label={t("payables:fields.ncf")} htmlFor="bill-ncf" error={errors.ncf} required>
              <Input
                id="bill-ncf"
                className="font-mono uppercase"
                maxLength={11}
                placeholder="B0100000000"
                value={f.ncf}
                onChange={(e) => set("ncf", e.target.value.toUpperCase())}
                aria-invalid={Boolean(errors.ncf)}
                aria-describedby={errors.ncf ? "bill-ncf-error" : undefined}
              />
            </Field>
          )}
          <Field label={t("payables:fields.ncfDate")} htmlFor="bill-ncfDate" error={errors.ncfDate} required>
            <Input id="bill-ncfDate" type="date" value={f.ncfDate} onChange={(e) => set("ncfDate", e.target.value)} />
          </Field>
          <Field
            label={t("payables:fields.supplierTaxId")}
            htmlFor="bill-supplierTaxId"
            error={errors.supplierTaxId}
            required={f.ncfType !== "B13"}
            hint={provider?.taxId ? t("payables:form.taxIdFromProvider", { taxId: formatTaxId(provider.taxId) }) : undefined}
          >
            <Input
              id="bill-supplierTaxId"
              inputMode="numeric"
              value={f.supplierTaxId}
              placeholder={provider?.taxId ? formatTaxId(provider.taxId) : ""}
              onChange={(e) => set("supplierTaxId", e.target.value)}
              aria-invalid={Boolean(errors.supplierTaxId)}
              aria-describedby={errors.supplierTaxId ? "bill-supplierTaxId-error" : undefined}
            />
          </Field>
          <Field label={t("payables:fields.paymentTerm")} htmlFor="bill-paymentTermId">
            <NativeSelect id="bill-paymentTermId" value={f.paymentTermId} onChange={(e) => set("paymentTermId", e.target.value)}>
              <option value="">{provider?.paymentTerms ? t("payables:form.termFromProvider", { days: provider.paymentTerms }) : t("payables:form.noTerm")}</option>
              {terms.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("payables:fields.dueDate")} htmlFor="bill-dueDate" error={errors.dueDate}>
            <Input id="bill-dueDate" type="date" value={f.dueDate || computedDue} onChange={(e) => set("dueDate", e.target.value)} data-testid="bill-due-date" />
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("payables:form.amounts")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 lg:grid-cols-[1fr_18rem]">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {AMOUNTS.map(amountField)}
            <Field label={t("payables:fields.isrWithholdingType")} htmlFor="bill-isrWithholdingType" error={errors.isrWithholdingType}>
              <NativeSelect id="bill-isrWithholdingType" value={f.isrWithholdingType} onChange={(e) => set("isrWithholdingType", e.target.value)} disabled={toBig(f.isrWithheld || "0").lte(0)}>
                <option value="">{t("payables:form.noIsrType")}</option>
                {ISR_WITHHOLDING_TYPES.map((c) => (
                  <option key={c} value={c}>
                    {t(`payables:isrTypes.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <dl className="grid h-fit grid-cols-2 gap-1 rounded-md border p-3 text-sm" data-testid="bill-totals">
            <dt className="text-muted-foreground">{t("payables:fields.taxable")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(totals.taxable, lang)}</dd>
            <dt className="text-muted-foreground">{t("payables:fields.itbisLimit")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(totals.itbisLimit, lang)}</dd>
            <dt className="text-muted-foreground">{t("payables:fields.total")}</dt>
            <dd className="text-right tabular-nums" data-testid="bill-form-total">
              {formatMoney(totals.total, lang)}
            </dd>
            <dt className="font-semibold">{t("payables:fields.payable")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="bill-form-payable">
              {formatMoney(totals.payable, lang)}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("payables:form.fiscal")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label={t("payables:fields.expenseType")} htmlFor="bill-expenseType" error={errors.expenseType} required>
            <NativeSelect id="bill-expenseType" value={f.expenseType} onChange={(e) => set("expenseType", e.target.value)}>
              {EXPENSE_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`payables:expenseTypes.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("payables:fields.paymentForm")} htmlFor="bill-paymentForm" error={errors.paymentForm} required>
            <NativeSelect id="bill-paymentForm" value={f.paymentForm} onChange={(e) => set("paymentForm", e.target.value)}>
              {PAYMENT_FORMS.map((c) => (
                <option key={c} value={c}>
                  {t(`payables:paymentForms.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("payables:fields.notes")} htmlFor="bill-notes" error={errors.notes} className="sm:col-span-2">
            <Input id="bill-notes" value={f.notes} onChange={(e) => set("notes", e.target.value)} />
          </Field>
        </CardContent>
      </Card>
      <FormActions pending={save.isPending} onCancel={() => void navigate("/home/payables")} testId="save-bill" />
    </form>
  );
}
