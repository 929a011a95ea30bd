import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { NativeSelect } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDateTime } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
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
            <Table aria-label={t("cashbox:active.others")}>
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

      {can("pos.close_cash") ? <UnassignedSales boxes={boxes.data ?? []} /> : null}

      <LastClosings />

      <OpenCashboxDialog open={opening} onOpenChange={setOpening} />
      <CloseCashboxDialog open={closing !== undefined} onOpenChange={(open) => !open && setClosing(undefined)} sessionId={closing ?? null} />
    </div>
  );
}

/**
 * 'Ventas sin caja': POS sales that went into no cash count (made before sales needed an open box).
 * A supervisor picks them and assigns them to an open cash box, whose close then counts them.
 */
function UnassignedSales({ boxes }: { boxes: { name: string; openSession: { id: string } | null }[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useQuery(trpc.cashbox.getUnassigned.queryOptions());
  const [picked, setPicked] = React.useState<Set<string>>(new Set());
  const [sessionId, setSessionId] = React.useState("");
  const openBoxes = boxes.flatMap((b) => (b.openSession ? [{ name: b.name, sessionId: b.openSession.id }] : []));
  const target = openBoxes.find((b) => b.sessionId === sessionId) ?? openBoxes[0];
  const assign = useMutation(
    trpc.cashbox.assignSales.mutationOptions({
      onSuccess: async (r) => {
        setPicked(new Set());
        await qc.invalidateQueries(trpc.cashbox.pathFilter());
        toast({ variant: "success", title: t("cashbox:unassigned.assigned", { count: r.assigned, name: target?.name ?? "" }) });
      },
      onError: (e) => toast({ variant: "destructive", title: tMessage(e.message) ?? e.message }),
    }),
  );
  const rows = list.data?.data ?? [];
  if (rows.length === 0) return null;
  const all = rows.every((r) => picked.has(r.orderId));
  const toggle = (id: string) => setPicked((s) => new Set(s.has(id) ? [...s].filter((x) => x !== id) : [...s, id]));
  return (
    <Card data-testid="unassigned-sales">
      <CardHeader>
        <CardTitle>{t("cashbox:unassigned.title")}</CardTitle>
        <CardDescription>{t("cashbox:unassigned.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm font-medium">{t("cashbox:unassigned.count", { count: list.data?.total ?? rows.length })}</p>
        <div className="overflow-x-auto">
          <Table aria-label={t("cashbox:unassigned.title")}>
            <THead>
              <TR>
                <TH className="w-10">
                  <input type="checkbox" aria-label={t("cashbox:unassigned.selectAll")} checked={all} onChange={() => setPicked(all ? new Set() : new Set(rows.map((r) => r.orderId)))} className="size-4" />
                </TH>
                <TH>{t("cashbox:unassigned.columns.number")}</TH>
                <TH>{t("cashbox:unassigned.columns.date")}</TH>
                <TH className="hidden md:table-cell">{t("cashbox:unassigned.columns.cashier")}</TH>
                <TH className="hidden md:table-cell">{t("cashbox:unassigned.columns.payments")}</TH>
                <TH className="text-right">{t("cashbox:unassigned.columns.total")}</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r.orderId} data-testid="unassigned-sale">
                  <TD>
                    <input type="checkbox" aria-label={t("cashbox:unassigned.select", { number: r.number })} checked={picked.has(r.orderId)} onChange={() => toggle(r.orderId)} className="size-4" />
                  </TD>
                  <TD className="whitespace-nowrap font-medium">{r.number}</TD>
                  <TD className="whitespace-nowrap">{formatDateTime(r.createdAt, lang)}</TD>
                  <TD className="hidden md:table-cell">{r.cashier}</TD>
                  <TD className="hidden md:table-cell">{r.payments.map((p) => `${p.method} ${formatMoney(p.amount, lang)}`).join(", ")}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums">{formatMoney(r.total, lang)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
        {openBoxes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("cashbox:unassigned.noOpenSession")}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              <span>{t("cashbox:unassigned.session")}</span>
              <NativeSelect value={target?.sessionId ?? ""} onChange={(e) => setSessionId(e.target.value)} className="min-w-48">
                {openBoxes.map((b) => (
                  <option key={b.sessionId} value={b.sessionId}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <Button
              disabled={picked.size === 0 || assign.isPending || !target}
              onClick={() => target && assign.mutate({ sessionId: target.sessionId, orderIds: [...picked] })}
              data-testid="assign-sales"
            >
              {t("cashbox:unassigned.assign")}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
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
        <Table stack aria-label={t("cashbox:history.title")}>
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
                  <TD className="whitespace-nowrap font-medium" stack="primary">
                    {s.cashboxName}
                  </TD>
                  <TD className="hidden whitespace-nowrap 2xl:table-cell">{formatDateTime(s.openedAt, lang)}</TD>
                  <TD className="whitespace-nowrap">{formatDateTime(s.closedAt, lang)}</TD>
                  <TD className="hidden md:table-cell">{s.closedByName}</TD>
                  <TD className="whitespace-nowrap text-right tabular-nums" label={t("cashbox:fields.expected")}>
                    {formatMoney(s.totalExpected, lang)}
                  </TD>
                  <TD className="whitespace-nowrap text-right tabular-nums" label={t("cashbox:fields.counted")}>
                    {formatMoney(s.totalCounted, lang)}
                  </TD>
                  <TD
                    className={cn("whitespace-nowrap text-right font-semibold tabular-nums", !zero && (negative ? "text-destructive" : "text-warning"))}
                    label={t("cashbox:fields.difference")}
                    data-testid="closing-difference"
                  >
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
