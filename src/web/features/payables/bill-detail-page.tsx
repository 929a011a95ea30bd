import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { ArrowLeft, Ban, Banknote, FileText, Undo2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import { isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import { formatMoney } from "../../../shared/money/format";
import { payBillFormSchema } from "../../../shared/payables/rules";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { BillStatusBadge } from "./status-badge";

type Bill = inferRouterOutputs<AppRouter>["supplierBill"]["getById"];

/** One supplier bill: its fiscal data, totals, payments, and 'Registrar pago' / 'Anular'. */
export function BillDetailPage() {
  const { id = "" } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [dialog, setDialog] = React.useState<"pay" | "cancel" | null>(null);
  const query = useQuery(trpc.supplierBill.getById.queryOptions({ id }));
  const refresh = async (b: Bill) => {
    qc.setQueryData(trpc.supplierBill.getById.queryKey({ id }), b);
    await Promise.all([qc.invalidateQueries({ queryKey: trpc.supplierBill.getAll.queryKey() }), qc.invalidateQueries({ queryKey: trpc.payable.getAging.queryKey() }), qc.invalidateQueries({ queryKey: trpc.payable.getStatement.queryKey() })]);
  };
  const reverse = useMutation(
    trpc.supplierBill.reversePayment.mutationOptions({
      onSuccess: async (b) => {
        await refresh(b);
        toast({ title: t("payables:detail.paymentReversed"), variant: "success" });
      },
      onError: (e) => toast({ variant: "destructive", title: t("payables:detail.reverse"), description: e.message }),
      meta: { silent: true },
    }),
  );
  const b = query.data;
  if (!b) return <Skeleton className="h-64 w-full" />;
  const open = b.status === "open" || b.status === "partially_paid";
  const info: [string, React.ReactNode][] = [
    [t("payables:fields.status"), <BillStatusBadge key="s" status={b.status} />],
    [t("payables:fields.provider"), b.provider.name],
    [t("payables:fields.ncf"), <span key="n" className="font-mono" data-testid="bill-ncf">{`${b.ncf} (${b.ncfType})`}</span>],
    [t("payables:fields.supplierTaxId"), b.supplierTaxId ? formatTaxId(b.supplierTaxId) : "—"],
    [t("payables:fields.ncfDate"), formatDate(b.ncfDate, lang)],
    [
      t("payables:fields.dueDate"),
      <span key="d">
        {formatDate(b.dueDate, lang)}
        {b.daysPastDue > 0 ? <span className="ml-1 text-destructive">({t("payables:detail.overdue", { days: b.daysPastDue })})</span> : null}
      </span>,
    ],
    [t("payables:fields.paymentTerm"), b.paymentTerm?.name ?? "—"],
    [t("payables:fields.expenseType"), t(`payables:expenseTypes.${b.expenseType}`)],
    [t("payables:fields.paymentForm"), t(`payables:paymentForms.${b.paymentForm}`)],
    [t("payables:fields.createdBy"), `${b.createdBy} · ${formatDateTime(b.createdAt, lang)}`],
    [t("payables:fields.notes"), b.notes ?? "—"],
  ];
  const amounts: [string, string, string?][] = [
    [t("payables:fields.goodsAmount"), b.goodsAmount],
    [t("payables:fields.servicesAmount"), b.servicesAmount],
    [t("payables:fields.itbis"), b.itbis],
    [t("payables:fields.total"), b.total, "bill-total"],
    [`− ${t("payables:fields.itbisWithheld")}`, b.itbisWithheld],
    [`− ${t("payables:fields.isrWithheld")}${b.isrWithholdingType ? ` (${t(`payables:isrTypes.${b.isrWithholdingType}`)})` : ""}`, b.isrWithheld],
    [t("payables:fields.payable"), b.payable, "bill-payable"],
    [t("payables:fields.paid"), b.paidTotal, "bill-paid"],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => void navigate("/home/payables")} aria-label={t("payables:detail.back")}>
          <ArrowLeft />
        </Button>
        <h1 className="flex-1 text-2xl font-bold" data-testid="bill-number">
          {t("payables:detail.title", { number: b.number })}
        </h1>
        <Button variant="outline" asChild>
          <Link to={`/home/payables/statement/${b.provider.id}`}>
            <FileText />
            {t("payables:detail.statement")}
          </Link>
        </Button>
        {open && can("payables.pay") ? (
          <Button onClick={() => setDialog("pay")} data-testid="bill-pay">
            <Banknote />
            {t("payables:detail.pay")}
          </Button>
        ) : null}
        {b.status !== "cancelled" && can("payables.cancel") && Number(b.paidTotal) === 0 ? (
          <Button variant="outline" onClick={() => setDialog("cancel")} data-testid="bill-cancel">
            <Ban />
            {t("payables:detail.cancel")}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <Card>
          <CardContent className="grid gap-3 pt-5 sm:grid-cols-2">
            {info.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <div className="text-xs text-muted-foreground">{label}</div>
                <div className="break-words font-medium">{value}</div>
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-5">
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              {amounts.map(([label, value, testId]) => (
                <React.Fragment key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-right tabular-nums" data-testid={testId}>
                    {formatMoney(value, lang)}
                  </dd>
                </React.Fragment>
              ))}
              <dt className="border-t pt-1 text-base font-bold">{t("payables:fields.balance")}</dt>
              <dd className="border-t pt-1 text-right text-base font-bold tabular-nums" data-testid="bill-balance">
                {formatMoney(b.balance, lang)}
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("payables:detail.payments")}</CardTitle>
        </CardHeader>
        <CardContent>
          <Table stack aria-label={t("payables:detail.payments")}>
            <THead>
              <TR>
                <TH>{t("payables:fields.date")}</TH>
                <TH>{t("payables:pay.method")}</TH>
                <TH>{t("payables:pay.reference")}</TH>
                <TH>{t("payables:fields.createdBy")}</TH>
                <TH className="text-right">{t("payables:pay.amount")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {b.payments.map((p) => (
                <TR key={p.id} data-testid="bill-payment" className={p.status === "reversed" ? "text-muted-foreground line-through" : undefined}>
                  <TD stack="primary">{formatDate(p.paidOn, lang)}</TD>
                  <TD label={t("payables:pay.method")}>
                    {p.method.name}
                    {p.cash ? <span className="ml-1 text-xs text-muted-foreground">({t("payables:detail.cash")})</span> : null}
                  </TD>
                  <TD label={t("payables:pay.reference")}>{p.reference ?? "—"}</TD>
                  <TD label={t("payables:fields.createdBy")}>{p.userName}</TD>
                  <TD className="text-right tabular-nums" label={t("payables:pay.amount")}>
                    {formatMoney(p.amount, lang)}
                  </TD>
                  <TD className="text-right" stack="actions">
                    {p.status === "reversed" ? (
                      <span className="text-xs">{t("payables:detail.reversed")}</span>
                    ) : can("payables.pay") ? (
                      <Button variant="ghost" size="sm" disabled={reverse.isPending} onClick={() => reverse.mutate({ id: b.id, paymentId: p.id })}>
                        <Undo2 />
                        {t("payables:detail.reverse")}
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
              {b.payments.length === 0 ? (
                <TR>
                  <TD colSpan={6} className="py-6 text-center text-muted-foreground">
                    {t("payables:detail.noPayments")}
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <PayDialog
        bill={b}
        open={dialog === "pay"}
        onClose={() => setDialog(null)}
        onPaid={async (u) => {
          await refresh(u);
          setDialog(null);
        }}
      />
      <CancelDialog
        bill={b}
        open={dialog === "cancel"}
        onClose={() => setDialog(null)}
        onCancelled={async (u) => {
          await refresh(u);
          setDialog(null);
        }}
      />
    </div>
  );
}


/** 'Registrar pago': amount (the whole balance by default), method, reference; one client key per opening, so a retry pays once. */
function PayDialog({ bill, open, onClose, onPaid }: { bill: Bill; open: boolean; onClose: () => void; onPaid: (b: Bill) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const methods = useQuery({ ...trpc.paymentMethod.getAll.queryOptions(), enabled: open });
  const usable = (methods.data ?? []).filter((m) => !isNotForPayments(m.code));
  const [amount, setAmount] = React.useState(bill.balance);
  const [methodId, setMethodId] = React.useState("");
  const [reference, setReference] = React.useState("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const key = React.useRef(crypto.randomUUID());
  React.useEffect(() => {
    if (open) {
      setAmount(bill.balance);
      setReference("");
      setErrors({});
      key.current = crypto.randomUUID();
    }
  }, [open, bill.balance]);
  const method = usable.find((m) => m.id === methodId);
  const pay = useMutation(
    trpc.supplierBill.pay.mutationOptions({
      onSuccess: async (b) => {
        toast({ title: t("payables:pay.done", { amount: formatMoney(amount, lang) }), variant: "success" });
        await onPaid(b);
      },
      onError: (e) => setErrors({ form: e.message }),
      meta: { silent: true },
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = payBillFormSchema.safeParse({ amount, paymentMethodId: methodId, reference });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues) found[String(i.path[0])] ??= t(i.message);
      setErrors(found);
      return;
    }
    pay.mutate({ id: bill.id, client_key: key.current, ...parsed.data });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="pay-dialog">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("payables:pay.title")}</DialogTitle>
            <DialogDescription>{t("payables:pay.balance", { balance: formatMoney(bill.balance, lang) })}</DialogDescription>
          </DialogHeader>
          <Field label={t("payables:pay.amount")} htmlFor="pay-amount" error={errors.amount} required>
            <div className="flex gap-2">
              <Input id="pay-amount" inputMode="decimal" className="text-right tabular-nums" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={Boolean(errors.amount)} />
              <Button variant="outline" onClick={() => setAmount(bill.balance)}>
                {t("payables:pay.payAll")}
              </Button>
            </div>
          </Field>
          <Field label={t("payables:pay.method")} htmlFor="pay-method" error={errors.paymentMethodId} required>
            <NativeSelect id="pay-method" value={methodId} onChange={(e) => setMethodId(e.target.value)} aria-invalid={Boolean(errors.paymentMethodId)}>
              <option value="">—</option>
              {usable.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {method?.code.toUpperCase() === "CASH" ? <p className="text-xs text-muted-foreground">{t("payables:pay.cashHint")}</p> : null}
          <Field label={t("payables:pay.reference")} htmlFor="pay-reference" error={errors.reference}>
            <Input id="pay-reference" value={reference} onChange={(e) => setReference(e.target.value)} />
          </Field>
          {errors.form ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={pay.isPending} data-testid="pay-confirm">
              {t("payables:pay.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ bill, open, onClose, onCancelled }: { bill: Bill; open: boolean; onClose: () => void; onCancelled: (b: Bill) => Promise<void> }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState("");
  const cancel = useMutation(
    trpc.supplierBill.cancel.mutationOptions({
      onSuccess: async (b) => {
        toast({ title: t("payables:detail.cancelled"), variant: "success" });
        await onCancelled(b);
      },
      onError: (e) => setError(e.message),
      meta: { silent: true },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")}>
        <DialogHeader>
          <DialogTitle>{t("payables:detail.cancelTitle", { number: bill.number })}</DialogTitle>
          <DialogDescription>{t("payables:detail.cancelBody")}</DialogDescription>
        </DialogHeader>
        <Field label={t("payables:detail.cancelReason")} htmlFor="cancel-reason">
          <Input id="cancel-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("common:actions.close")}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: bill.id, reason: reason || null })} data-testid="cancel-confirm">
            {t("payables:detail.cancel")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
