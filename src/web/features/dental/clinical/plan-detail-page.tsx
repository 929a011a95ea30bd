import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, CheckCircle2, FileDown, Pencil, Receipt, Send, ShieldCheck } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { SALE_NCF_TYPE_CODES as SALE_CODES } from "../../../../shared/customers/fiscal";
import { surfaceLabel } from "../../../../shared/dental/chart";
import type { Surface } from "../../../../shared/dental/constants";
import { useTRPC } from "../../../app/trpc";
import { FormDialog } from "../../../components/form-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { AccessDenied } from "../../shell/guards";
import { AllergyWarning } from "../components/allergy-warning";
import { useDentalRights } from "../dental-layout";
import { openBase64, PlanStatusBadge, ProcedureStatusBadge, ProgressBar, usePlanMoney } from "./common";
import { Totals } from "./plan-wizard-page";

/** /home/dental/plans/:planId: phases and procedures, statuses, progress, totals, paid and balance; approve, consent PDF, mark done, invoice, cancel. */
export function PlanDetailPage() {
  const { t } = useTranslation();
  const { has, isLoading } = useDentalRights();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  // The front desk ('billing') opens the plan to invoice it; changing it needs 'plans'.
  if (!has("plans") && !has("billing")) return <AccessDenied message={t("dashboard:noAccess")} />;
  return <PlanDetail />;
}

/** The code of the payment method that sells on credit (its amount stays owed). */
const CREDIT_CODE = "CREDIT";

type Invoiced = { invoiceId: string; number: string; ncf: string | null };

function PlanDetail() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { planId = "" } = useParams();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { has } = useDentalRights();
  const query = useQuery(trpc.dental.getPlan.queryOptions({ id: planId }));
  const [selected, setSelected] = React.useState<Set<string>>(new Set());
  const [approving, setApproving] = React.useState(false);
  const [cancelling, setCancelling] = React.useState(false);
  const [invoicing, setInvoicing] = React.useState(false);
  const [pdfLoading, setPdfLoading] = React.useState(false);
  const [completing, setCompleting] = React.useState<{ id: string; name: string } | null>(null);
  const plan = query.data;
  const money = usePlanMoney(plan?.currency ?? "DOP");
  const refresh = () => qc.invalidateQueries(trpc.dental.pathFilter());
  const failed = (e: { message: string }) => toast({ variant: "destructive", title: t("dentalClinical:detail.actionError"), description: e.message });

  const setStatus = useMutation(
    trpc.dental.setPlanStatus.mutationOptions({
      onSuccess: async (p) => {
        await refresh();
        setCancelling(false);
        toast({ variant: "success", title: t("dentalClinical:detail.statusChanged", { status: t(`dentalClinical:planStatus.${p.status}`) }) });
      },
      onError: failed,
    }),
  );

  if (query.isLoading) return <Skeleton className="h-60 w-full" />;
  if (!plan) return <p className="text-sm text-destructive">{query.error?.message}</p>;

  const canPlan = has("plans");
  const editable = canPlan && (plan.status === "draft" || plan.status === "proposed");
  const workable = canPlan && (plan.status === "approved" || plan.status === "in_progress");
  const canBill = has("billing");
  const billable = plan.phases.flatMap((f) => f.procedures).filter((p) => p.status === "done" && (!p.orderId || p.invoiceCancelled));
  const chosen = billable.filter((p) => selected.has(p.id));
  const place = (p: { tooth: number | null; surfaces: string[] }) =>
    p.tooth === null
      ? t("dentalClinical:wizard.wholeMouth")
      : p.surfaces.filter((s) => s !== "general").length
        ? `${p.tooth} · ${p.surfaces.map((s) => t(`dental:surfaces.${surfaceLabel(p.tooth!, s as Surface)}`)).join(", ")}`
        : String(p.tooth);

  const downloadConsent = async () => {
    setPdfLoading(true);
    try {
      const pdf = await qc.fetchQuery(trpc.dental.getPlanConsentPdf.queryOptions({ id: plan.id, language: lang === "en" ? "en" : "es" }, { staleTime: 0 }));
      openBase64(pdf.base64, pdf.mimeType, pdf.fileName);
    } catch (e) {
      failed(e as Error);
    } finally {
      setPdfLoading(false);
    }
  };

  return (
    <div className="grid gap-4" data-testid="plan-detail">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">
            <Link to={`/home/dental/patients/${plan.patientId}`} className="hover:underline">
              {plan.patientName}
            </Link>
          </p>
          <h1 className="text-2xl font-bold">
            #{plan.number} · {plan.name}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <PlanStatusBadge status={plan.status} />
            {plan.approvedAt ? (
              <span className="text-xs text-muted-foreground" data-testid="plan-approval">
                {t("dentalClinical:detail.approvedLine", { by: plan.approvedByName ?? "—", date: formatDateTime(plan.approvedAt, lang), signed: plan.consentSignedBy ?? "—" })}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/home/dental/plans">
              <ArrowLeft className="size-4" />
              {t("dentalClinical:detail.back")}
            </Link>
          </Button>
          <Button type="button" variant="outline" disabled={pdfLoading} onClick={() => void downloadConsent()} data-testid="plan-consent-pdf">
            <FileDown className="size-4" />
            {t("dentalClinical:detail.consentPdf")}
          </Button>
          {editable ? (
            <Button asChild variant="outline">
              <Link to={`/home/dental/patients/${plan.patientId}/plans/new?plan=${plan.id}`} data-testid="plan-edit">
                <Pencil className="size-4" />
                {t("dentalClinical:detail.edit")}
              </Link>
            </Button>
          ) : null}
          {canPlan && plan.status === "draft" ? (
            <Button type="button" variant="outline" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: plan.id, status: "proposed" })} data-testid="plan-propose">
              <Send className="size-4" />
              {t("dentalClinical:detail.propose")}
            </Button>
          ) : null}
          {editable ? (
            <Button type="button" onClick={() => setApproving(true)} data-testid="plan-approve">
              <ShieldCheck className="size-4" />
              {t("dentalClinical:detail.approve")}
            </Button>
          ) : null}
          {canPlan && plan.status !== "completed" && plan.status !== "cancelled" ? (
            <Button type="button" variant="destructive" onClick={() => setCancelling(true)} data-testid="plan-cancel">
              <Ban className="size-4" />
              {t("dentalClinical:detail.cancel")}
            </Button>
          ) : null}
        </div>
      </div>
      <AllergyWarning allergies={plan.allergies} />

      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("dentalClinical:detail.diagnosis")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <p className="whitespace-pre-wrap text-sm">{plan.diagnosis}</p>
            {plan.notes ? <p className="whitespace-pre-wrap text-sm text-muted-foreground">{plan.notes}</p> : null}
            <ProgressBar done={plan.progress.done} total={plan.progress.total} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-3 pt-5">
            <Totals totals={plan.totals} money={money} />
            <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-2 text-sm">
              <dt>{t("dentalClinical:detail.paid")}</dt>
              <dd className="text-right tabular-nums" data-testid="plan-paid">
                {money(plan.paid)}
              </dd>
              <dt className="font-semibold">{t("dentalClinical:detail.balance")}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="plan-balance">
                {money(plan.balance)}
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>

      {canBill && billable.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded border bg-muted/40 p-3">
          <p className="text-sm">{t("dentalClinical:detail.billHint", { count: billable.length })}</p>
          <Button type="button" disabled={chosen.length === 0} onClick={() => setInvoicing(true)} data-testid="plan-invoice">
            <Receipt className="size-4" />
            {t("dentalClinical:detail.invoiceN", { count: chosen.length })}
          </Button>
        </div>
      ) : null}

      {plan.phases.map((f) => (
        <Card key={f.id} data-testid="plan-phase">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
            <div className="min-w-0">
              <CardTitle className="text-base">
                {t("dentalClinical:wizard.phaseN", { n: f.position })}: {f.name}
              </CardTitle>
              <p className="text-xs text-muted-foreground">
                {[
                  f.durationValue ? t(`dentalClinical:duration.${f.durationUnit}`, { count: f.durationValue }) : null,
                  f.estimatedEndDate ? t("dentalClinical:wizard.until", { date: formatDate(f.estimatedEndDate, lang) }) : null,
                  money(f.estimatedCost),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <Badge variant={f.status === "completed" ? "success" : f.status === "in_progress" ? "default" : "outline"} data-testid="phase-status">
              {t(`dentalClinical:phaseStatus.${f.status}`)}
            </Badge>
          </CardHeader>
          <CardContent>
            <Table stack aria-label={f.name}>
              <THead>
                <TR>
                  {canBill ? <TH className="w-8">{<span className="sr-only">{t("dentalClinical:detail.select")}</span>}</TH> : null}
                  <TH>{t("dentalClinical:wizard.procedure")}</TH>
                  <TH>{t("dentalClinical:wizard.tooth")}</TH>
                  <TH>{t("dentalClinical:plans.status")}</TH>
                  <TH className="text-right">{t("dentalClinical:wizard.price")}</TH>
                  <TH>
                    <span className="sr-only">{t("dentalClinical:detail.actions")}</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {f.procedures.map((p) => {
                  const canPick = p.status === "done" && (!p.orderId || p.invoiceCancelled);
                  return (
                    <TR key={p.id} data-testid="plan-procedure">
                      {canBill ? (
                        <TD stack="lead">
                          {canPick ? (
                            <input
                              type="checkbox"
                              aria-label={t("dentalClinical:detail.selectProcedure", { name: p.name })}
                              checked={selected.has(p.id)}
                              onChange={(e) =>
                                setSelected((s) => {
                                  const next = new Set(s);
                                  if (e.target.checked) next.add(p.id);
                                  else next.delete(p.id);
                                  return next;
                                })
                              }
                              data-testid="procedure-select"
                            />
                          ) : null}
                        </TD>
                      ) : null}
                      <TD stack="primary">
                        <span className="font-medium">{p.name}</span>
                        {p.notes ? <p className="text-xs text-muted-foreground">{p.notes}</p> : null}
                      </TD>
                      <TD label={t("dentalClinical:wizard.tooth")}>{place(p)}</TD>
                      <TD label={t("dentalClinical:plans.status")}>
                        <div className="flex flex-wrap items-center gap-1">
                          <ProcedureStatusBadge status={p.status} />
                          {p.orderNumber && p.orderId ? (
                            <Link to={`/home/invoices/${p.orderId}`} className="text-xs text-primary hover:underline" data-testid="procedure-invoice">
                              {p.orderNumber}
                              {p.orderNcf ? ` · ${p.orderNcf}` : ""}
                              {p.invoiceCancelled ? ` (${t("dentalClinical:detail.invoiceCancelled")})` : ""}
                            </Link>
                          ) : null}
                        </div>
                      </TD>
                      <TD label={t("dentalClinical:wizard.price")} className="text-right tabular-nums">
                        {money(p.price)}
                      </TD>
                      <TD stack="actions" className="text-right">
                        {workable && p.status === "pending" ? (
                          <Button type="button" size="sm" variant="outline" onClick={() => setCompleting({ id: p.id, name: p.name })} data-testid="procedure-done">
                            <CheckCircle2 className="size-4" />
                            {t("dentalClinical:detail.markDone")}
                          </Button>
                        ) : null}
                      </TD>
                    </TR>
                  );
                })}
                {f.procedures.length === 0 ? (
                  <TR>
                    <TD colSpan={6} className="py-4 text-center text-sm text-muted-foreground">
                      {t("dentalClinical:pdf.noProcedures")}
                    </TD>
                  </TR>
                ) : null}
              </TBody>
            </Table>
            {f.notes ? <p className="mt-2 whitespace-pre-wrap text-xs text-muted-foreground">{f.notes}</p> : null}
          </CardContent>
        </Card>
      ))}

      {plan.invoices.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("dentalClinical:detail.invoices")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {plan.invoices.map((o) => (
                <li key={o.id} className="flex flex-wrap justify-between gap-2">
                  <Link to={`/home/invoices/${o.id}`} className="text-primary hover:underline">
                    {o.number}
                    {o.ncf ? ` · ${o.ncf}` : ""}
                  </Link>
                  <span className="tabular-nums text-muted-foreground">{t("dentalClinical:detail.invoiceLine", { total: money(o.total), paid: money(o.paid) })}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <CompleteDialog procedure={completing} patientId={plan.patientId} onClose={() => setCompleting(null)} />
      <ApproveDialog open={approving} onOpenChange={setApproving} planId={plan.id} patientName={plan.patientName} onConsent={() => void downloadConsent()} />
      <Dialog open={cancelling} onOpenChange={setCancelling}>
        <DialogContent closeLabel={t("common:actions.close")} data-testid="plan-cancel-dialog">
          <DialogHeader>
            <DialogTitle>{t("dentalClinical:detail.cancelTitle")}</DialogTitle>
            <DialogDescription>{t("dentalClinical:detail.cancelText")}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="flex-wrap">
            <Button type="button" variant="outline" onClick={() => setCancelling(false)}>
              {t("dentalClinical:detail.keep")}
            </Button>
            <Button type="button" variant="destructive" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: plan.id, status: "cancelled" })} data-testid="plan-cancel-confirm">
              {t("dentalClinical:detail.cancelConfirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <InvoiceDialog
        open={invoicing}
        onOpenChange={setInvoicing}
        planId={plan.id}
        procedureIds={chosen.map((p) => p.id)}
        onDone={() => {
          setSelected(new Set());
          void refresh();
        }}
      />
    </div>
  );
}

/** 'Marcar realizado': who and when are the signed-in user and now; the visit's clinical record can be linked (the odontogram change then names it). */
function CompleteDialog({ procedure, patientId, onClose }: { procedure: { id: string; name: string } | null; patientId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { has } = useDentalRights();
  const open = procedure !== null;
  const records = useQuery({ ...trpc.dental.getClinicalRecords.queryOptions({ patientId, page: 1, pageSize: 20 }), enabled: open && has("clinical") });
  const [recordId, setRecordId] = React.useState("");
  React.useEffect(() => {
    if (open) setRecordId("");
  }, [open]);
  const complete = useMutation(
    trpc.dental.completeProcedure.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.dental.pathFilter());
        toast({ variant: "success", title: t("dentalClinical:detail.procedureDone") });
        onClose();
      },
      onError: (e) => toast({ variant: "destructive", title: t("dentalClinical:detail.actionError"), description: e.message }),
    }),
  );
  const choices = (records.data?.data ?? []).filter((r) => !r.correctedById);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="procedure-done-dialog">
        <FormDialog
          title={t("dentalClinical:detail.doneTitle")}
          description={t("dentalClinical:detail.doneText", { name: procedure?.name ?? "" })}
          onSubmit={() => procedure && complete.mutate({ procedureId: procedure.id, clinicalRecordId: recordId || null })}
          cancelLabel={t("common:actions.cancel")}
          onCancel={onClose}
          submit={
            <Button type="submit" disabled={complete.isPending} data-testid="procedure-done-confirm">
              {t("dentalClinical:detail.markDone")}
            </Button>
          }
        >
          {has("clinical") ? (
            <div className="grid gap-1.5">
              <Label htmlFor="done-record">{t("dentalClinical:detail.linkRecord")}</Label>
              <NativeSelect id="done-record" value={recordId} onChange={(e) => setRecordId(e.target.value)} autoFocus data-testid="procedure-done-record">
                <option value="">{t("dentalClinical:detail.noRecord")}</option>
                {choices.map((r) => (
                  <option key={r.id} value={r.id}>
                    {formatDate(r.visitDate, i18n.language)} · {r.diagnosis ?? r.treatment ?? r.chiefComplaint ?? ""}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </FormDialog>
      </DialogContent>
    </Dialog>
  );
}

function ApproveDialog({ open, onOpenChange, planId, patientName, onConsent }: { open: boolean; onOpenChange: (o: boolean) => void; planId: string; patientName: string; onConsent: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [signedBy, setSignedBy] = React.useState(patientName);
  const [error, setError] = React.useState("");
  React.useEffect(() => {
    if (open) {
      setSignedBy(patientName);
      setError("");
    }
  }, [open, patientName]);
  const approve = useMutation(
    trpc.dental.approvePlan.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.dental.pathFilter());
        toast({ variant: "success", title: t("dentalClinical:detail.approved") });
        onOpenChange(false);
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="plan-approve-dialog">
        <FormDialog
          title={t("dentalClinical:detail.approveTitle")}
          description={t("dentalClinical:detail.approveText")}
          onSubmit={() => {
            if (!signedBy.trim()) {
              setError(t("dentalClinical:errors.consentNameRequired"));
              return;
            }
            approve.mutate({ id: planId, consentSignedBy: signedBy });
          }}
          cancelLabel={t("common:actions.cancel")}
          onCancel={() => onOpenChange(false)}
          submit={
            <Button type="submit" disabled={approve.isPending} data-testid="plan-approve-confirm">
              {t("dentalClinical:detail.approve")}
            </Button>
          }
        >
          <Button type="button" variant="outline" className="justify-self-start" onClick={onConsent}>
            <FileDown className="size-4" />
            {t("dentalClinical:detail.consentPdf")}
          </Button>
          <div className="grid gap-1.5">
            <Label htmlFor="approve-signed">{t("dentalClinical:detail.signedBy")}</Label>
            <Input id="approve-signed" value={signedBy} onChange={(e) => setSignedBy(e.target.value)} autoFocus aria-invalid={!!error} data-testid="approve-signed" />
            {error ? <p className="text-xs text-destructive">{error}</p> : null}
          </div>
        </FormDialog>
      </DialogContent>
    </Dialog>
  );
}

function InvoiceDialog({ open, onOpenChange, planId, procedureIds, onDone }: { open: boolean; onOpenChange: (o: boolean) => void; planId: string; procedureIds: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const ncfTypes = useQuery({ ...trpc.ncf.getTypes.queryOptions(), enabled: open });
  const methods = useQuery({ ...trpc.paymentMethod.getAll.queryOptions(), enabled: open });
  const [ncfTypeId, setNcfTypeId] = React.useState("");
  const [method, setMethod] = React.useState("credit");
  const [result, setResult] = React.useState<Invoiced | null>(null);
  const [error, setError] = React.useState("");
  const key = React.useRef<string>("");
  const saleTypes = (ncfTypes.data ?? []).filter((n) => (SALE_CODES as readonly string[]).includes(n.code));
  React.useEffect(() => {
    if (open) {
      key.current = crypto.randomUUID();
      setResult(null);
      setError("");
      setMethod("credit");
    }
  }, [open]);
  React.useEffect(() => {
    if (!ncfTypeId && saleTypes.length > 0) setNcfTypeId((saleTypes.find((n) => n.code === "B02") ?? saleTypes[0]!).id);
  }, [saleTypes.length]);
  const invoice = useMutation(
    trpc.dental.invoiceProcedures.mutationOptions({
      onSuccess: (r) => {
        setResult(r);
        onDone();
      },
      onError: (e) => setError(e.message),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="plan-invoice-dialog">
        {result ? (
          <div className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("dentalClinical:invoice.doneTitle")}</DialogTitle>
              <DialogDescription>{t("dentalClinical:invoice.doneText")}</DialogDescription>
            </DialogHeader>
            <p className="text-lg font-semibold" data-testid="invoice-result">
              {result.number}
              {result.ncf ? ` · NCF ${result.ncf}` : ""}
            </p>
            <DialogFooter className="flex-wrap">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("common:actions.close")}
              </Button>
              <Button asChild>
                <Link to={`/home/invoices/${result.invoiceId}`} data-testid="invoice-open">
                  {t("dentalClinical:invoice.open")}
                </Link>
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <FormDialog
            title={t("dentalClinical:invoice.title")}
            description={t("dentalClinical:invoice.description", { count: procedureIds.length })}
            onSubmit={() => {
              setError("");
              invoice.mutate({ planId, procedureIds, clientOrderId: key.current, ncfTypeId: ncfTypeId || null, paymentMethodId: method === "credit" ? null : method });
            }}
            cancelLabel={t("common:actions.cancel")}
            onCancel={() => onOpenChange(false)}
            submit={
              <Button type="submit" disabled={invoice.isPending || procedureIds.length === 0} data-testid="invoice-confirm">
                {t("dentalClinical:invoice.confirm")}
              </Button>
            }
          >
            <div className="grid gap-1.5">
              <Label htmlFor="inv-ncf">{t("dentalClinical:invoice.ncfType")}</Label>
              <NativeSelect id="inv-ncf" value={ncfTypeId} onChange={(e) => setNcfTypeId(e.target.value)} autoFocus data-testid="invoice-ncf-type">
                {saleTypes.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.code} · {n.description}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="inv-method">{t("dentalClinical:invoice.payment")}</Label>
              <NativeSelect id="inv-method" value={method} onChange={(e) => setMethod(e.target.value)} data-testid="invoice-method">
                <option value="credit">{t("dentalClinical:invoice.onCredit")}</option>
                {(methods.data ?? [])
                  .filter((m) => m.code.toUpperCase() !== CREDIT_CODE)
                  .map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
              </NativeSelect>
            </div>
            {error ? (
              <p className="text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
          </FormDialog>
        )}
      </DialogContent>
    </Dialog>
  );
}
