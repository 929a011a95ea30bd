import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Lock, LockOpen, Wallet } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { ListHeader, TableFallbackRows } from "../../components/list-page";
import { PaginationBar } from "../../components/pagination";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { formatDateTime } from "../../lib/dates";
import { usePermissions } from "../../lib/permissions";
import { cn } from "../../lib/utils";
import { RequirePermission } from "../shell/guards";
import { CloseCashboxDialog } from "./close-cashbox-dialog";
import { OpenCashboxDialog } from "./open-cashbox-dialog";
import { useActiveCashbox } from "./use-active-cashbox";

export function CashboxPage() {
  return (
    <RequirePermission permission="cash_box.view">
      <CashboxScreen />
    </RequirePermission>
  );
}

/** 'Caja': the user's open session with Abrir / Cerrar caja, the cash boxes open now, and the last closings. */
function CashboxScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const { can } = usePermissions();
  const active = useActiveCashbox();
  const [opening, setOpening] = React.useState(false);
  /** undefined: the dialog is shut; a session id: closing that session. */
  const [closing, setClosing] = React.useState<string | undefined>(undefined);
  const boxes = useQuery(trpc.cashbox.getAll.queryOptions({ includeInactive: false }));
  const othersOpen = (boxes.data ?? []).filter((b) => b.openSession && b.openSession.id !== active.session?.sessionId);
  const session = active.session;

  return (
    <div className="grid gap-4">
      <ListHeader title={t("cashbox:title")} subtitle={t("cashbox:description")} />

      <Card data-testid="active-cashbox">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Wallet className="size-5" />
            {t("cashbox:active.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {active.isLoading ? (
            <Skeleton className="h-20 w-full" />
          ) : session ? (
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div className="grid gap-1">
                <div className="flex items-center gap-2">
                  <span className="text-xl font-semibold" data-testid="active-cashbox-name">
                    {session.cashboxName}
                  </span>
                  <Badge variant="success">
                    <LockOpen className="mr-1 size-3" />
                    {t("cashbox:settings.openNow", { user: session.openedByName })}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">{t("cashbox:active.since", { at: formatDateTime(session.openedAt, lang), user: session.openedByName })}</p>
                <p className="text-sm">
                  {t("cashbox:fields.openingAmount")}:{" "}
                  <span className="font-semibold tabular-nums" data-testid="active-opening-amount">
                    {formatMoney(session.openingAmount, lang)}
                  </span>
                </p>
              </div>
              {can("cash_box.close") ? (
                <Button size="lg" variant="destructive" onClick={() => setClosing(session.sessionId)} data-testid="close-cashbox">
                  <Lock />
                  {t("cashbox:actions.close")}
                </Button>
              ) : null}
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="text-muted-foreground" data-testid="no-open-cashbox">
                {t("cashbox:active.none")}
              </p>
              {can("cash_box.open") ? (
                <Button size="lg" onClick={() => setOpening(true)} data-testid="open-cashbox">
                  <LockOpen />
                  {t("cashbox:actions.open")}
                </Button>
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>

      {othersOpen.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("cashbox:active.others")}</CardTitle>
          </CardHeader>
          <CardContent>
            <Table>
              <TBody>
                {othersOpen.map((b) => (
                  <TR key={b.id} data-testid="other-open-cashbox">
                    <TD className="font-medium">{b.name}</TD>
                    <TD>{t("cashbox:settings.openNow", { user: b.openSession!.openedByName })}</TD>
                    <TD>{formatDateTime(b.openSession!.openedAt, lang)}</TD>
                    <TD className="text-right">
                      {can("cash_box.close") ? (
                        <Button variant="outline" onClick={() => setClosing(b.openSession!.id)}>
                          <Lock />
                          {t("cashbox:actions.close")}
                        </Button>
                      ) : null}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}

      <LastClosings />

      <OpenCashboxDialog open={opening} onOpenChange={setOpening} />
      <CloseCashboxDialog open={closing !== undefined} onOpenChange={(open) => !open && setClosing(undefined)} sessionId={closing ?? null} />
    </div>
  );
}

function LastClosings() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const [page, setPage] = React.useState(1);
  const [pageSize, setPageSize] = React.useState(10);
  const list = useQuery({ ...trpc.cashbox.getSessions.queryOptions({ status: "closed", page, pageSize }), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("cashbox:history.title")}</CardTitle>
        <CardDescription className="sr-only">{t("cashbox:history.title")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table>
          <THead>
            <TR>
              <TH>{t("cashbox:fields.cashbox")}</TH>
              <TH className="hidden 2xl:table-cell">{t("cashbox:fields.openedAt")}</TH>
              <TH>{t("cashbox:fields.closedAt")}</TH>
              <TH className="hidden md:table-cell">{t("cashbox:fields.closedBy")}</TH>
              <TH className="text-right">{t("cashbox:fields.expected")}</TH>
              <TH className="text-right">{t("cashbox:fields.counted")}</TH>
              <TH className="text-right">{t("cashbox:fields.difference")}</TH>
              <TH className="hidden xl:table-cell">{t("cashbox:fields.comments")}</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((s) => {
              const negative = (s.totalDifference ?? "0").startsWith("-");
              const zero = Number(s.totalDifference ?? 0) === 0;
              return (
                <TR key={s.id} data-testid="closing-row">
                  <TD className="whitespace-nowrap font-medium">{s.cashboxName}</TD>
                  <TD className="hidden whitespace-nowrap 2xl:table-cell">{formatDateTime(s.openedAt, lang)}</TD>
                  <TD className="whitespace-nowrap">{formatDateTime(s.closedAt, lang)}</TD>
                  <TD className="hidden md:table-cell">{s.closedByName}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(s.totalExpected, lang)}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(s.totalCounted, lang)}</TD>
                  <TD className={cn("whitespace-nowrap text-right font-semibold tabular-nums", !zero && (negative ? "text-destructive" : "text-warning"))} data-testid="closing-difference">
                    {formatMoney(s.totalDifference, lang)}
                  </TD>
                  <TD className="hidden max-w-64 truncate xl:table-cell" title={s.comments ?? undefined}>
                    {s.comments ?? "—"}
                  </TD>
                </TR>
              );
            })}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={8}>
              {t("cashbox:history.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
        <PaginationBar pagination={list.data?.pagination} onPage={setPage} onPageSize={setPageSize} />
      </CardContent>
    </Card>
  );
}
