import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { CalendarPlus, Lock, LockOpen } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { reopenPeriodInput } from "../../../shared/accounting/rules";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { ListHeader, TableFallbackRows } from "../../components/list-page";
import { PermissionButton } from "../../components/permission-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime, todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { periodName, RequireAccounting } from "./shared";

type Period = inferRouterOutputs<AppRouter>["fiscalPeriod"]["getAll"][number];


/** Períodos fiscales: the months of a year, closed (accounting.close_period) and reopened (owner, with a reason). */
export function PeriodsPage() {
  return (
    <RequireAccounting>
      <Periods />
    </RequireAccounting>
  );
}

function Periods() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { data: user } = useSession();
  const all = useQuery(trpc.fiscalPeriod.getAll.queryOptions({}));
  const years = [...new Set((all.data ?? []).map((p) => p.fiscalYear))].sort((a, b) => b - a);
  const current = Number(todayInSantoDomingo().slice(0, 4));
  const [year, setYear] = React.useState<number | null>(null);
  const shown = year ?? (years.includes(current) ? current : (years[0] ?? current));
  const rows = (all.data ?? []).filter((p) => p.fiscalYear === shown).sort((a, b) => a.startDate.localeCompare(b.startDate));
  const nextYear = (years[0] ?? current) + 1;
  const [dialog, setDialog] = React.useState<{ kind: "close" | "reopen"; period: Period } | null>(null);
  const createYear = useMutation(
    trpc.fiscalPeriod.createYear.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.fiscalPeriod.pathFilter());
        setYear(nextYear);
        toast({ variant: "success", title: t("accounting:periods.yearCreated", { year: nextYear }) });
      },
      onError: (e) => toast({ variant: "destructive", title: t("accounting:periods.createYear", { year: nextYear }), description: e.message }),
      meta: { silent: true },
    }),
  );
  return (
    <div className="grid gap-4">
      <ListHeader title={t("accounting:pages.periods")} subtitle={t("accounting:periods.subtitle")}>
        <PermissionButton permission="accounting.close_period" variant="outline" onClick={() => createYear.mutate({ year: nextYear })} disabled={createYear.isPending} data-testid="create-year">
          <CalendarPlus />
          {t("accounting:periods.createYear", { year: nextYear })}
        </PermissionButton>
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <NativeSelect className="w-full sm:w-40" aria-label={t("accounting:periods.year")} value={shown} onChange={(e) => setYear(Number(e.target.value))} data-testid="period-year">
            {(years.length ? years : [current]).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
          <Table stack aria-label={t("accounting:pages.periods")}>
            <THead>
              <TR>
                <TH>{t("accounting:fields.name")}</TH>
                <TH>{t("accounting:periods.start")}</TH>
                <TH>{t("accounting:periods.end")}</TH>
                <TH>{t("accounting:fields.status")}</TH>
                <TH>{t("accounting:periods.history")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((p) => (
                <TR key={p.id} data-testid="period-row" data-period={p.startDate.slice(0, 7)}>
                  <TD stack="primary" className="font-medium">
                    {periodName(p, lang)}
                  </TD>
                  <TD label={t("accounting:periods.start")}>{formatDate(p.startDate, lang)}</TD>
                  <TD label={t("accounting:periods.end")}>{formatDate(p.endDate, lang)}</TD>
                  <TD label={t("accounting:fields.status")}>
                    <Badge variant={p.status === "closed" ? "outline" : "success"} data-testid="period-status">
                      {t(`accounting:periodStatuses.${p.status}`)}
                    </Badge>
                  </TD>
                  <TD label={t("accounting:periods.history")} className="text-xs text-muted-foreground" stack={(p.status === "closed" && p.closedAt) || p.reopenReason ? undefined : "hide"}>
                    {p.status === "closed" && p.closedAt ? <div>{t("accounting:periods.closedAt", { date: formatDateTime(p.closedAt, lang) })}</div> : null}
                    {p.reopenReason ? <div className="break-words">{t("accounting:periods.reopened", { date: formatDateTime(p.reopenedAt, lang), reason: p.reopenReason })}</div> : null}
                  </TD>
                  <TD className="text-right" stack="actions">
                    {p.status === "open" ? (
                      <PermissionButton permission="accounting.close_period" variant="outline" size="sm" whenDenied="hide" onClick={() => setDialog({ kind: "close", period: p })} data-testid="period-close">
                        <Lock />
                        {t("accounting:periods.close")}
                      </PermissionButton>
                    ) : user?.isOwner ? (
                      <Button variant="outline" size="sm" onClick={() => setDialog({ kind: "reopen", period: p })} data-testid="period-reopen">
                        <LockOpen />
                        {t("accounting:periods.reopen")}
                      </Button>
                    ) : (
                      <span className="text-xs text-muted-foreground">{t("accounting:periods.ownerReopens")}</span>
                    )}
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={all.isLoading} empty={rows.length === 0} cols={6}>
                {t("accounting:periods.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <Dialog open={dialog?.kind === "close"} onOpenChange={(o) => !o && setDialog(null)}>
        {dialog?.kind === "close" ? <CloseDialog period={dialog.period} onDone={() => setDialog(null)} /> : null}
      </Dialog>
      <Dialog open={dialog?.kind === "reopen"} onOpenChange={(o) => !o && setDialog(null)}>
        {dialog?.kind === "reopen" ? <ReopenDialog period={dialog.period} onDone={() => setDialog(null)} /> : null}
      </Dialog>
    </div>
  );
}

function CloseDialog({ period, onDone }: { period: Period; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [error, setError] = React.useState<string | null>(null);
  const close = useMutation(
    trpc.fiscalPeriod.close.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.fiscalPeriod.pathFilter());
        await qc.invalidateQueries(trpc.journalEntry.getById.pathFilter());
        toast({ variant: "success", title: t("accounting:periods.closed", { name: periodName(period, i18n.language) }) });
        onDone();
      },
      onError: (e) => setError(e.message),
      meta: { silent: true },
    }),
  );
  return (
    <DialogContent closeLabel={t("common:actions.close")} data-testid="period-close-dialog">
      <DialogHeader>
        <DialogTitle>{t("accounting:periods.closeTitle", { name: periodName(period, i18n.language) })}</DialogTitle>
        <DialogDescription>{t("accounting:periods.closeDescription")}</DialogDescription>
      </DialogHeader>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button disabled={close.isPending} onClick={() => close.mutate({ id: period.id })} data-testid="period-close-confirm">
          {t("accounting:periods.close")}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

type ReopenValues = z.input<typeof reopenPeriodInput>;
type ReopenOutput = z.output<typeof reopenPeriodInput>;

function ReopenDialog({ period, onDone }: { period: Period; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<ReopenValues, unknown, ReopenOutput>({ resolver: zodResolver(reopenPeriodInput), defaultValues: { id: period.id, reason: "" } });
  const [error, setError] = React.useState<string | null>(null);
  const reopen = useMutation(
    trpc.fiscalPeriod.reopen.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.fiscalPeriod.pathFilter());
        toast({ variant: "success", title: t("accounting:periods.reopenedToast", { name: periodName(period, i18n.language) }) });
        onDone();
      },
      onError: (e) => setError(e.message),
      meta: { silent: true },
    }),
  );
  const errors = form.formState.errors;
  return (
    <DialogContent closeLabel={t("common:actions.close")} data-testid="period-reopen-dialog">
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => reopen.mutate(v))}>
        <DialogHeader>
          <DialogTitle>{t("accounting:periods.reopenTitle", { name: periodName(period, i18n.language) })}</DialogTitle>
          <DialogDescription>{t("accounting:periods.reopenDescription")}</DialogDescription>
        </DialogHeader>
        <Field label={t("accounting:periods.reason")} htmlFor="reopen-reason" error={tMessage(errors.reason?.message)} required>
          <Input id="reopen-reason" maxLength={200} autoFocus {...form.register("reason")} aria-invalid={!!errors.reason} />
        </Field>
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={reopen.isPending} data-testid="period-reopen-confirm">
            {t("accounting:periods.reopen")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
