import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Archive, ArrowLeft, CheckCircle2, PauseCircle, Pencil, RotateCcw } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import type { CaseStatus } from "../../../../shared/legal/constants";
import { formatMoney } from "../../../../shared/money/format";
import { errorCode, useTRPC } from "../../../app/trpc";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { formatDate, formatDateTime } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { cn } from "../../../lib/utils";
import { displayTaxId } from "../../customers/customer-format";
import { ConfirmDialog } from "../../pos/panels/confirm-dialog";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { CaseDocumentsTab } from "../documents/case-documents-tab";
import { LegalNav } from "../legal-nav";
import { CasePriorityBadge, CaseStatusBadge } from "./badges";
import { CaseNotFound, Info, type LegalCase } from "./case-common";
import { CommunicationsTab } from "./communications-tab";
import { EventsTab } from "./events-tab";
import { PartiesTab } from "./parties-tab";
import { TasksTab } from "./tasks-tab";
import { TimeTab } from "./time-tab";

export const CASE_TABS = ["overview", "parties", "documents", "events", "tasks", "time", "communications"] as const;
type TabKey = (typeof CASE_TABS)[number];

/** What each status may become (with a confirmation): pause, close, archive, or reopen. */
const NEXT_STATUSES: Record<CaseStatus, CaseStatus[]> = {
  active: ["on_hold", "closed", "archived"],
  on_hold: ["active", "closed", "archived"],
  closed: ["active", "archived"],
  archived: ["active"],
};
const STATUS_ICON = { active: RotateCcw, on_hold: PauseCircle, closed: CheckCircle2, archived: Archive } as const;

/** /home/legal/cases/:id: the case's header with its status actions, then its tabs (?tab=). */
export function CaseDetailPage() {
  return (
    <RequirePermission permission="legal.view">
      <div className="grid gap-4">
        <LegalNav />
        <CaseDetail />
      </div>
    </RequirePermission>
  );
}

function CaseDetail() {
  const { id = "" } = useParams();
  const trpc = useTRPC();
  const c = useQuery({ ...trpc.legalCase.getCase.queryOptions({ id }), meta: { silent: true }, retry: false });
  if (c.isLoading) {
    return (
      <div className="grid gap-4" data-testid="case-skeleton">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (c.error && errorCode(c.error) === "FORBIDDEN") return <AccessDenied />;
  if (!c.data) return <CaseNotFound />;
  return <CaseView legalCase={c.data} />;
}

function CaseView({ legalCase }: { legalCase: LegalCase }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const current: TabKey = (CASE_TABS as readonly string[]).includes(asked ?? "") ? (asked as TabKey) : "overview";
  const select = (key: TabKey) => {
    const next = new URLSearchParams(params);
    if (key === "overview") next.delete("tab");
    else next.set("tab", key);
    setParams(next, { replace: true });
  };
  const onTabKey = (e: React.KeyboardEvent, index: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const to = e.key === "Home" ? 0 : e.key === "End" ? CASE_TABS.length - 1 : step ? (index + step + CASE_TABS.length) % CASE_TABS.length : null;
    if (to === null) return;
    e.preventDefault();
    const key = CASE_TABS[to]!;
    select(key);
    document.getElementById(`case-tab-${key}`)?.focus();
  };
  return (
    <div className="grid gap-4">
      <CaseHeader legalCase={legalCase} />
      <div role="tablist" aria-label={t("legal:detail.tabs")} className="flex gap-1 overflow-x-auto border-b" data-testid="case-tabs">
        {CASE_TABS.map((key, index) => (
          <button
            key={key}
            id={`case-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={current === key}
            aria-controls="case-tabpanel"
            tabIndex={current === key ? 0 : -1}
            onClick={() => select(key)}
            onKeyDown={(e) => onTabKey(e, index)}
            className={cn(
              "-mb-px shrink-0 cursor-pointer border-b-2 px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
              current === key ? "border-primary text-foreground" : "border-transparent",
            )}
            data-testid={`case-tab-${key}`}
          >
            {t(`legal:detail.tab.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="case-tabpanel" aria-labelledby={`case-tab-${current}`} className="min-w-0">
        {current === "overview" ? <Overview legalCase={legalCase} /> : null}
        {current === "parties" ? <PartiesTab caseId={legalCase.id} /> : null}
        {current === "documents" ? <CaseDocumentsTab caseId={legalCase.id} /> : null}
        {current === "events" ? <EventsTab caseId={legalCase.id} /> : null}
        {current === "tasks" ? <TasksTab caseId={legalCase.id} /> : null}
        {current === "time" ? <TimeTab caseId={legalCase.id} /> : null}
        {current === "communications" ? <CommunicationsTab caseId={legalCase.id} /> : null}
      </div>
    </div>
  );
}

function CaseHeader({ legalCase: c }: { legalCase: LegalCase }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const [asking, setAsking] = React.useState<CaseStatus | null>(null);
  const setStatus = useMutation(
    trpc.legalCase.setCaseStatus.mutationOptions({
      onSuccess: async (saved) => {
        await qc.invalidateQueries(trpc.legalCase.pathFilter());
        setAsking(null);
        toast({ variant: "success", title: t("legal:detail.statusChanged", { status: t(`legal:status.${saved.status}`) }), description: saved.caseNumber });
      },
    }),
  );
  const next = NEXT_STATUSES[c.status as CaseStatus] ?? [];
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Button asChild variant="ghost" size="icon" aria-label={t("legal:form.backToList")} title={t("legal:form.backToList")}>
        <Link to="/home/legal">
          <ArrowLeft />
        </Link>
      </Button>
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <p className="text-sm font-semibold text-muted-foreground" data-testid="case-detail-number">
          {c.caseNumber}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-bold" data-testid="case-detail-title">
            {c.title}
          </h1>
          <CaseStatusBadge status={c.status} />
          <CasePriorityBadge priority={c.priority} />
        </div>
        <p className="text-sm">
          <span className="text-muted-foreground">{t("legal:detail.client")}: </span>
          <Link to={`/home/customers/${c.primaryClientId}/legal`} className="font-medium text-primary hover:underline" aria-label={t("legal:detail.openClient", { name: c.primaryClientName })} data-testid="case-client-link">
            {c.primaryClientName}
          </Link>
          {c.primaryClientTaxId ? <span className="text-muted-foreground"> · {displayTaxId(c.primaryClientTaxId)}</span> : null}
        </p>
      </div>
      {can("legal.update") ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" data-testid="edit-case">
            <Link to={`/home/legal/cases/${c.id}/edit`}>
              <Pencil />
              {t("legal:common.edit")}
            </Link>
          </Button>
          {next.map((s) => {
            const Icon = STATUS_ICON[s];
            return (
              <Button key={s} variant="outline" onClick={() => setAsking(s)} data-testid={`case-status-${s}`}>
                <Icon />
                {t(`legal:detail.actions.${s}`)}
              </Button>
            );
          })}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`legal:detail.confirm.${asking}.title`, { number: c.caseNumber }) : ""}
        description={asking ? t(`legal:detail.confirm.${asking}.body`) : ""}
        confirmLabel={asking ? t(`legal:detail.confirm.${asking}.action`) : ""}
        destructive={asking === "archived"}
        busy={setStatus.isPending}
        onConfirm={() => asking && setStatus.mutate({ id: c.id, status: asking })}
        onCancel={() => setAsking(null)}
        testId="case-status-dialog"
      />
    </div>
  );
}

function Overview({ legalCase: c }: { legalCase: LegalCase }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: string | null | undefined) => (v === null || v === undefined ? null : formatMoney(v, lang));
  const date = (v: string | null | undefined) => (v ? formatDate(v, lang) : null);
  const b = c.billing;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">{t("legal:form.sections.general")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <Info label={t("legal:fields.caseNumber")} value={c.caseNumber} />
            <Info label={t("legal:fields.caseType")} value={t(`legal:caseType.${c.caseType}`)} />
            <Info label={t("legal:fields.caseSubtype")} value={c.caseSubtype} />
            <Info label={t("legal:fields.status")} value={<CaseStatusBadge status={c.status} />} />
            <Info label={t("legal:fields.priority")} value={<CasePriorityBadge priority={c.priority} />} />
            <Info label={t("legal:fields.dateOpened")} value={date(c.dateOpened)} numeric />
            <Info label={t("legal:fields.dateClosed")} value={date(c.dateClosed)} numeric />
            <Info label={t("legal:fields.limitationDate")} value={date(c.limitationDate)} numeric />
            <Info label={t("legal:fields.primaryClient")} value={c.primaryClientTaxId ? `${c.primaryClientName} · ${displayTaxId(c.primaryClientTaxId)}` : c.primaryClientName} />
            <Info label={t("legal:fields.leadAttorney")} value={c.leadAttorneyName} />
            <Info label={t("legal:fields.supervisingPartner")} value={c.supervisingPartner} />
            <Info label={t("legal:fields.courtName")} value={c.courtName} />
            <Info label={t("legal:fields.courtJurisdiction")} value={c.courtJurisdiction} />
            <Info label={t("legal:fields.judgeName")} value={c.judgeName} />
            <Info label={t("legal:fields.riskLevel")} value={t(`legal:riskLevel.${c.riskLevel}`)} />
            <Info
              label={t("legal:fields.conflictCheckCompleted")}
              value={c.conflictCheckCompleted ? `${t("legal:common.yes")}${c.conflictCheckDate ? ` · ${formatDate(c.conflictCheckDate, lang)}` : ""}` : t("legal:detail.conflictPending")}
            />
            <Info label={t("legal:fields.createdAt")} value={formatDateTime(c.createdAt, lang)} numeric />
            <Info label={t("legal:fields.updatedAt")} value={formatDateTime(c.updatedAt, lang)} numeric />
          </dl>
          <dl>
            <Info label={t("legal:fields.description")} value={c.description ? <span className="whitespace-pre-wrap">{c.description}</span> : null} />
          </dl>
          <div className="grid gap-1">
            <span className="text-xs text-muted-foreground">{t("legal:fields.tags")}</span>
            {c.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t("legal:fields.tags")}>
                {c.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-sm text-muted-foreground">{t("legal:detail.noTags")}</span>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("legal:form.sections.billing")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Info label={t("legal:fields.billingType")} value={t(`legal:billingType.${c.billingType}`)} />
            <Info label={t("legal:fields.estimatedValue")} value={money(c.estimatedValue)} numeric />
            <Info label={t("legal:fields.retainerAmount")} value={money(c.retainerAmount)} numeric />
            <Info label={t("legal:fields.totalBilled")} value={money(c.totalBilled)} numeric />
            <Info label={t("legal:fields.totalPaid")} value={money(c.totalPaid)} numeric />
            <Info label={t("legal:detail.billableHours")} value={t("legal:common.hours", { hours: b.billableHours })} numeric testId="overview-billable-hours" />
            <Info label={t("legal:detail.billableAmount")} value={money(b.billableAmount)} numeric testId="overview-billable-amount" />
            <Info label={t("legal:detail.unbilledAmount")} value={money(b.unbilledAmount)} numeric testId="overview-unbilled-amount" />
            <Info label={t("legal:detail.nonBillableHours")} value={t("legal:common.hours", { hours: b.nonBillableHours })} numeric />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
