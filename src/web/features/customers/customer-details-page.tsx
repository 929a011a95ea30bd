import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArchiveRestore, ArrowLeft, Pencil, Receipt, Star, Trash2 } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { toBig } from "../../../shared/catalog/decimal";
import { CUSTOMER_LIMITS } from "../../../shared/customers/customer";
import { customerFiscalKind } from "../../../shared/customers/fiscal";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton, SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDate, formatDateTime } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";
import { CustomerNotFound, type DeleteAction, DeleteRestoreDialog, useGoBack } from "./customer-common";
import { type Customer, displayTaxId, editPath } from "./customer-format";
import { StatementCard } from "./statement/statement-card";

/** /home/customers/:id: general info, contact, legal summary, transaction history, rewards. */
export function CustomerDetailsPage() {
  const { id = "" } = useParams();
  return (
    <RequirePermission permission="customers.view">
      <CustomerDetails id={id} />
    </RequirePermission>
  );
}

function CustomerDetails({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const goBack = useGoBack();
  const [action, setAction] = React.useState<DeleteAction | null>(null);
  const query = useQuery({ ...trpc.customer.getById.queryOptions({ id }), meta: { silent: true } });
  if (query.isLoading) {
    return (
      <div className="grid gap-4" data-testid="customer-details-loading">
        <Skeleton className="h-9 w-72" />
        <div className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      </div>
    );
  }
  const c = query.data;
  if (!c) return <CustomerNotFound />;
  const kind = customerFiscalKind({ taxId: c.taxId, taxIdOverride: c.taxIdOverride });

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="customer-details">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("customers:actions.back")} title={t("customers:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-[12rem] flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 break-words text-2xl font-bold">{c.name}</h1>
            {c.deletedAt ? <Badge variant="destructive">{t("customers:status.deleted")}</Badge> : <Badge variant="success">{t("common:status.active")}</Badge>}
            {c.isDefault ? <Badge variant="secondary">{t("customers:status.default")}</Badge> : null}
            {c.legal ? <Badge variant="outline">{t("customers:status.legal")}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {t("customers:details")} · <span className="font-mono">{c.code}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can("customers.delete") && !c.isDefault ? (
            c.deletedAt ? (
              <Button variant="outline" onClick={() => setAction({ kind: "restore", id: c.id, name: c.name })} data-testid="restore-customer">
                <ArchiveRestore />
                {t("customers:actions.restore")}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setAction({ kind: "delete", id: c.id, name: c.name })} data-testid="delete-customer">
                <Trash2 />
                {t("customers:actions.delete")}
              </Button>
            )
          ) : null}
          {can("customers.update") && !c.deletedAt ? (
            <Button asChild data-testid="edit-customer">
              <Link to={editPath(c)}>
                <Pencil />
                {t("customers:actions.edit")}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <InfoCard title={t("customers:sections.general")}>
          <Info label={t("customers:fields.code")} value={c.code} mono />
          <Info label={t("customers:fields.name")} value={c.name} />
          <Info label={t("customers:fields.taxId")} value={c.taxId ? `${displayTaxId(c.taxId)} · ${t(`customers:fiscal.kind.${kind}`)}${c.taxIdOverride ? ` (${t("customers:fiscal.override")})` : ""}` : ""} />
          <Info label={t("customers:fields.customerType")} value={c.customerTypeName} />
          <Info label={t("customers:fields.isDefault")} value={c.isDefault ? t("customers:yes") : t("customers:no")} />
          <Info label={t("customers:fields.createdAt")} value={formatDate(c.createdAt, i18n.language)} />
        </InfoCard>
        <InfoCard title={t("customers:sections.contact")}>
          <Info label={t("customers:fields.phone")} value={c.phone} href={c.phone ? `tel:${c.phone}` : undefined} />
          <Info label={t("customers:fields.email")} value={c.email} href={c.email ? `mailto:${c.email}` : undefined} />
          <Info label={t("customers:fields.address")} value={c.address} />
        </InfoCard>
        {c.legal ? <LegalSummary customer={c} /> : null}
        {c.isDefault ? null : <StatementCard customerId={c.id} />}
        <RewardsCard customer={c} />
        <HistoryCard customerId={c.id} />
      </div>
      <DeleteRestoreDialog action={action} onDone={() => setAction(null)} />
    </div>
  );
}

function LegalSummary({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const l = customer.legal!;
  const e = (group: string, value: string | null) => (value ? t(`customers:enums.${group}.${value}`) : "");
  return (
    <InfoCard title={t("customers:sections.legal")} testId="legal-summary">
      <Info label={t("customers:legal.status")} value={e("status", l.status)} />
      <Info label={t("customers:legal.industry")} value={e("industry", l.industry)} />
      <Info label={t("customers:legal.jurisdiction")} value={e("jurisdiction", l.jurisdiction)} />
      <Info label={t("customers:legal.billing_type")} value={e("billing_type", l.billing_type)} />
      {l.hourly_rate ? <Info label={t("customers:legal.hourly_rate")} value={formatMoney(l.hourly_rate, i18n.language)} numeric /> : null}
      {l.retainer_amount ? (
        <Info label={t("customers:legal.retainer_amount")} value={`${formatMoney(l.retainer_amount, i18n.language)}${l.retainer_frequency ? ` · ${e("retainer_frequency", l.retainer_frequency)}` : ""}`} numeric />
      ) : null}
      <Info label={t("customers:legal.payment_terms")} value={t("customers:daysCount", { count: l.payment_terms })} />
      <Info label={t("customers:legal.risk_level")} value={e("risk_level", l.risk_level)} />
      <Info label={t("customers:legal.tags")} value={l.tags.join(", ")} />
    </InfoCard>
  );
}

function RewardsCard({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const points = useQuery(trpc.customer.getPoints.queryOptions({ customerId: customer.id, limit: CUSTOMER_LIMITS.pointsLimit }));
  const movements = points.data?.movements ?? [];
  return (
    <Card data-testid="rewards-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between">
        <CardTitle>{t("customers:sections.rewards")}</CardTitle>
        <div className="flex items-center gap-2 text-right">
          <Star className="size-5 text-warning" />
          <span className="text-2xl font-bold tabular-nums" data-testid="points-balance">
            {points.data?.balance ?? customer.points}
          </span>
          <span className="text-sm text-muted-foreground">{t("customers:rewards.points")}</span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{customer.eligibleForRewards ? t("customers:rewards.eligible") : t("customers:rewards.notEligible")}</p>
        <Table aria-label={t("customers:sections.rewards")}>
          <THead>
            <TR>
              <TH>{t("customers:rewards.date")}</TH>
              <TH>{t("customers:rewards.type")}</TH>
              <TH className="text-right">{t("customers:fields.points")}</TH>
              <TH className="text-right">{t("customers:rewards.balance")}</TH>
            </TR>
          </THead>
          <TBody>
            {points.isLoading ? <SkeletonRows rows={3} cols={4} /> : null}
            {movements.map((m) => (
              <TR key={m.id} data-testid="points-row">
                <TD className="whitespace-nowrap">{formatDateTime(m.createdAt, i18n.language)}</TD>
                <TD>
                  {t(`customers:rewards.sources.${m.sourceType}`, { defaultValue: m.sourceType })}
                  {m.note ? <div className="text-xs text-muted-foreground">{m.note}</div> : null}
                </TD>
                <TD className={`text-right tabular-nums ${m.points < 0 ? "text-destructive" : ""}`}>{m.points > 0 ? `+${m.points}` : m.points}</TD>
                <TD className="text-right tabular-nums">{m.balanceAfter}</TD>
              </TR>
            ))}
            {!points.isLoading && movements.length === 0 ? (
              <TR className="hover:bg-transparent">
                <TD colSpan={4} className="py-6 text-center text-muted-foreground">
                  {t("customers:rewards.empty")}
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function HistoryCard({ customerId }: { customerId: string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState<number>(CUSTOMER_LIMITS.historyPageSize);
  const history = useQuery({ ...trpc.customer.getHistory.queryOptions({ customerId, page, pageSize }), placeholderData: keepPreviousData });
  const rows = history.data?.data ?? [];
  const summary = history.data?.summary;
  const money = (v: string) => formatMoney(v, i18n.language);
  return (
    <Card className="lg:col-span-2" data-testid="history-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("customers:sections.history")}</CardTitle>
        {summary ? (
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="history-summary">
            <span>
              {t("customers:history.purchases")}: <strong className="tabular-nums">{summary.completedOrders}</strong>
            </span>
            <span>
              {t("customers:history.totalSpent")}: <strong className="tabular-nums">{money(summary.completedTotal)}</strong>
            </span>
            <span>
              {t("customers:history.lastPurchase")}: <strong>{summary.lastPurchaseAt ? formatDate(summary.lastPurchaseAt, i18n.language) : "—"}</strong>
            </span>
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <Table aria-label={t("customers:sections.history")}>
          <THead>
            <TR>
              <TH>{t("customers:history.number")}</TH>
              <TH>{t("customers:history.date")}</TH>
              <TH className="hidden md:table-cell">{t("customers:history.ncf")}</TH>
              <TH>{t("customers:history.status")}</TH>
              <TH className="hidden md:table-cell">{t("customers:history.payments")}</TH>
              <TH className="text-right">{t("customers:history.total")}</TH>
            </TR>
          </THead>
          <TBody>
            {history.isLoading ? <SkeletonRows rows={3} cols={6} /> : null}
            {rows.map((o) => (
              <TR key={o.id} data-testid="history-row">
                <TD className="font-mono text-xs">{o.number}</TD>
                <TD className="whitespace-nowrap">{formatDateTime(o.createdAt, i18n.language)}</TD>
                <TD className="hidden font-mono text-xs md:table-cell">{o.ncf ?? "—"}</TD>
                <TD>{o.status === "cancelled" ? <Badge variant="destructive">{t("customers:history.cancelled")}</Badge> : <Badge variant="success">{t("customers:history.completed")}</Badge>}</TD>
                <TD className="hidden text-xs md:table-cell">
                  <div>{o.payments.map((p) => `${p.paymentMethodName} ${formatMoney(p.amount, i18n.language, p.currencyCode)}`).join(" · ") || "—"}</div>
                  {toBig(o.changeAmount).gt(0) ? (
                    <div className="text-muted-foreground" data-testid="history-applied">
                      {t("customers:history.applied", { amount: money(o.appliedAmount) })} · {t("customers:history.change", { amount: money(o.changeAmount) })}
                    </div>
                  ) : null}
                </TD>
                <TD className="text-right tabular-nums">{money(o.total)}</TD>
              </TR>
            ))}
            {!history.isLoading && rows.length === 0 ? (
              <TR className="hover:bg-transparent">
                <TD colSpan={6} className="py-8">
                  <div className="grid justify-items-center gap-2 text-center text-muted-foreground" data-testid="history-empty">
                    <Receipt className="size-8" />
                    <p>{t("customers:history.empty")}</p>
                  </div>
                </TD>
              </TR>
            ) : null}
          </TBody>
        </Table>
        <PaginationBar
          pagination={history.data?.pagination}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      </CardContent>
    </Card>
  );
}

function InfoCard({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-[11rem_1fr]">{children}</dl>
      </CardContent>
    </Card>
  );
}

function Info({ label, value, mono, numeric, href }: { label: string; value: string | null | undefined; mono?: boolean; numeric?: boolean; href?: string }) {
  const text = value || "—";
  return (
    <>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={mono ? "font-mono text-sm" : numeric ? "text-sm tabular-nums" : "text-sm"}>
        {value && href ? (
          <a href={href} className="text-primary hover:underline">
            {text}
          </a>
        ) : (
          text
        )}
      </dd>
    </>
  );
}
