import { useQuery } from "@tanstack/react-query";
import { Briefcase } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { CASE_PRIORITIES, CASE_STATUSES, CASE_TYPES, type CasePriority, type CaseStatus, type CaseType } from "../../../../shared/legal/constants";
import { useTRPC } from "../../../app/trpc";
import { EmptyTableRow, ListFilter, ListHeader, ListSearch, NewLink } from "../../../components/list-page";
import { PaginationBar } from "../../../components/pagination";
import { Skeleton, SkeletonRows } from "../../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../../components/ui/table";
import { formatDate } from "../../../lib/dates";
import { usePermissions } from "../../../lib/permissions";
import { useListParams } from "../../../lib/use-list-params";
import { cn } from "../../../lib/utils";
import { RequirePermission } from "../../shell/guards";
import { LegalNav } from "../legal-nav";
import { CasePriorityBadge, CaseStatusBadge } from "./badges";

const LIST = { pageSize: 20, debounceMs: 300 };

const pick = <T extends string>(values: readonly T[], value: string | null): T | null => ((values as readonly string[]).includes(value ?? "") ? (value as T) : null);

/**
 * /home/legal: the statistics summary (cards that filter the list), then the cases searched by
 * title, number or client and filtered by status, priority and type (all kept in the address).
 * A row opens the case.
 */
export function CaseListPage() {
  return (
    <RequirePermission permission="legal.view">
      <div className="grid gap-4">
        <LegalNav />
        <CaseList />
      </div>
    </RequirePermission>
  );
}

type Filters = { status: CaseStatus | null; priority: CasePriority | null; type: CaseType | null; urgent: boolean };

function CaseList() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const { params, search, text, setText, page, pageSize, update, setPage, setPageSize } = useListParams(LIST);
  const filters: Filters = {
    status: pick(CASE_STATUSES, params.get("status")),
    priority: pick(CASE_PRIORITIES, params.get("priority")),
    type: pick(CASE_TYPES, params.get("type")),
    urgent: params.get("urgent") === "1",
  };
  const list = useQuery(
    trpc.legalCase.getCases.queryOptions({
      search: search || undefined,
      status: filters.status ?? undefined,
      priority: filters.priority ?? undefined,
      caseType: filters.type ?? undefined,
      urgent: filters.urgent,
      page,
      pageSize,
    }),
  );
  const rows = list.data?.data ?? [];
  const loading = list.isLoading;
  const filtered = !!(search || filters.status || filters.priority || filters.type || filters.urgent);

  return (
    <>
      <ListHeader title={t("legal:list.title")} subtitle={t("legal:list.subtitle")}>
        {can("legal.create") ? <NewLink to="/home/legal/cases/new" label={t("legal:list.new")} testId="new-case" /> : null}
      </ListHeader>
      <CaseStats filters={filters} onFilter={(changes) => update({ status: null, priority: null, type: null, urgent: null, page: null, ...changes })} />
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch label={t("legal:list.search")} value={text} onValueChange={setText} className="basis-full sm:basis-auto" data-testid="case-search" />
        <ListFilter
          id="case-status"
          label={t("legal:list.filters.status")}
          allLabel={t("legal:list.filters.allStatuses")}
          value={filters.status}
          options={CASE_STATUSES.map((s) => ({ value: s, label: t(`legal:status.${s}`) }))}
          onValueChange={(v) => update({ status: v, urgent: null, page: null })}
          testId="case-status-filter"
        />
        <ListFilter
          id="case-priority"
          label={t("legal:list.filters.priority")}
          allLabel={t("legal:list.filters.allPriorities")}
          value={filters.priority}
          options={CASE_PRIORITIES.map((s) => ({ value: s, label: t(`legal:priority.${s}`) }))}
          onValueChange={(v) => update({ priority: v, urgent: null, page: null })}
          testId="case-priority-filter"
        />
        <ListFilter
          id="case-type"
          label={t("legal:list.filters.type")}
          allLabel={t("legal:list.filters.allTypes")}
          value={filters.type}
          options={CASE_TYPES.map((s) => ({ value: s, label: t(`legal:caseType.${s}`) }))}
          onValueChange={(v) => update({ type: v, page: null })}
          testId="case-type-filter"
        />
      </div>
      <Table stack aria-label={t("legal:list.title")}>
        <THead>
          <TR>
            <TH>{t("legal:list.columns.caseNumber")}</TH>
            <TH>{t("legal:list.columns.title")}</TH>
            <TH>{t("legal:list.columns.client")}</TH>
            <TH>{t("legal:list.columns.type")}</TH>
            <TH>{t("legal:list.columns.priority")}</TH>
            <TH>{t("legal:list.columns.status")}</TH>
            <TH>{t("legal:list.columns.leadAttorney")}</TH>
            <TH>{t("legal:list.columns.opened")}</TH>
          </TR>
        </THead>
        <TBody>
          {loading ? <SkeletonRows rows={5} cols={8} /> : null}
          {!loading && rows.length === 0 ? (
            <EmptyTableRow cols={8} icon={Briefcase} title={filtered ? t("legal:list.emptyFiltered") : t("legal:list.empty")} hint={filtered ? "" : t("legal:list.emptyHint")} testId="cases-empty">
              {!filtered && can("legal.create") ? <NewLink to="/home/legal/cases/new" label={t("legal:list.new")} /> : null}
            </EmptyTableRow>
          ) : null}
          {rows.map((c) => (
            <TR
              key={c.id}
              data-testid="case-row"
              className="cursor-pointer"
              onClick={(e) => {
                if ((e.target as HTMLElement).closest("a")) return;
                void navigate(`/home/legal/cases/${c.id}`);
              }}
            >
              <TD stack="primary" className="whitespace-nowrap">
                <Link to={`/home/legal/cases/${c.id}`} className="font-semibold text-primary hover:underline" aria-label={t("legal:list.open", { number: c.caseNumber })} data-testid="case-number">
                  {c.caseNumber}
                </Link>
              </TD>
              <TD label={t("legal:list.columns.title")} className="min-w-48 break-words font-medium" data-testid="case-title">
                {c.title}
              </TD>
              <TD label={t("legal:list.columns.client")} className="break-words">
                {c.primaryClientName}
              </TD>
              <TD label={t("legal:list.columns.type")}>{t(`legal:caseType.${c.caseType}`)}</TD>
              <TD label={t("legal:list.columns.priority")}>
                <CasePriorityBadge priority={c.priority} />
              </TD>
              <TD label={t("legal:list.columns.status")}>
                <CaseStatusBadge status={c.status} />
              </TD>
              <TD label={t("legal:list.columns.leadAttorney")}>{c.leadAttorneyName ?? "—"}</TD>
              <TD label={t("legal:list.columns.opened")} className="whitespace-nowrap tabular-nums">
                {formatDate(c.dateOpened, i18n.language)}
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
      <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
    </>
  );
}

/** The statistics summary: each card filters the list (again: back to all). */
function CaseStats({ filters, onFilter }: { filters: Filters; onFilter: (changes: Record<string, string | null>) => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const stats = useQuery(trpc.legalCase.getCaseStats.queryOptions());
  const s = stats.data;
  const noFilter = !filters.status && !filters.priority && !filters.type && !filters.urgent;
  const cards: { key: string; label: string; value: number | undefined; pressed: boolean; changes: Record<string, string | null>; tone?: string }[] = [
    { key: "total", label: t("legal:stats.total"), value: s?.total, pressed: noFilter, changes: {} },
    { key: "active", label: t("legal:stats.active"), value: s?.active, pressed: filters.status === "active" && !filters.type, changes: { status: "active" }, tone: "text-success" },
    { key: "onHold", label: t("legal:stats.onHold"), value: s?.onHold, pressed: filters.status === "on_hold" && !filters.type, changes: { status: "on_hold" }, tone: "text-warning" },
    { key: "closed", label: t("legal:stats.closed"), value: s?.closed, pressed: filters.status === "closed" && !filters.type, changes: { status: "closed" } },
    { key: "urgent", label: t("legal:stats.urgent"), value: s?.urgent, pressed: filters.urgent, changes: { urgent: "1" }, tone: "text-destructive" },
  ];
  const types = s ? CASE_TYPES.filter((type) => (s.byType[type] ?? 0) > 0) : [];
  return (
    <section aria-label={t("legal:stats.label")} className="grid gap-3" data-testid="case-stats">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <button
            key={card.key}
            type="button"
            aria-pressed={card.pressed}
            title={t("legal:stats.filterHint", { label: card.label })}
            onClick={() => onFilter(card.pressed ? {} : card.changes)}
            className={cn(
              "grid cursor-pointer gap-1 rounded-[var(--radius-card)] border bg-card p-3 text-left shadow-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
              card.pressed && "border-primary ring-2 ring-primary",
            )}
            data-testid={`stat-${card.key}`}
          >
            <span className="text-sm text-muted-foreground">{card.label}</span>
            {card.value === undefined ? <Skeleton className="h-8 w-12" /> : <span className={cn("text-2xl font-bold tabular-nums", card.tone)} data-testid={`stat-${card.key}-value`}>{card.value}</span>}
          </button>
        ))}
      </div>
      {types.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="stat-by-type">
          <span className="text-sm text-muted-foreground">{t("legal:stats.byType")}:</span>
          {types.map((type) => {
            const pressed = filters.type === type;
            return (
              <button
                key={type}
                type="button"
                aria-pressed={pressed}
                onClick={() => onFilter(pressed ? {} : { type })}
                className={cn(
                  "inline-flex cursor-pointer items-center gap-1 rounded-full border px-3 py-1 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                  pressed && "border-primary bg-primary text-primary-foreground hover:bg-primary",
                )}
                data-testid={`stat-type-${type}`}
              >
                {t(`legal:caseType.${type}`)}
                <span className="font-semibold tabular-nums">{s?.byType[type]}</span>
              </button>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
