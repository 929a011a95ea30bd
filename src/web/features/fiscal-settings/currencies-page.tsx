import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { LineChart, Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { currencyFormSchema, currencySetRateFormSchema } from "../../../shared/fiscal-settings/currency";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, ListSearch, TableFallbackRows } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatDateTime, todayInSantoDomingo } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";
import { ActiveBadge, DefaultBadge, FISCAL_SETTINGS_PERMISSION, FormError, formatRate, SwitchRow, sheetErrorHandler } from "./parts";

type Currency = inferRouterOutputs<AppRouter>["currency"]["getAll"][number];
type FormValues = z.input<typeof currencyFormSchema>;
type FormOutput = z.output<typeof currencyFormSchema>;
type RateValues = z.input<typeof currencySetRateFormSchema>;
type RateOutput = z.output<typeof currencySetRateFormSchema>;

export function CurrenciesPage() {
  return (
    <RequirePermission permission={FISCAL_SETTINGS_PERMISSION}>
      <CurrenciesScreen />
    </RequirePermission>
  );
}

function CurrenciesScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const list = useQuery(trpc.currency.getAll.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<Currency | "new" | null>(null);
  const [rateFor, setRateFor] = React.useState<Currency | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((c) => `${c.code} ${c.numericCode} ${c.name} ${c.symbol}`.toLowerCase().includes(term));
  const home = list.data?.find((c) => c.isDefault);
  const canWrite = can(FISCAL_SETTINGS_PERMISSION);
  // The sheet follows the row as it changes (a new rate, a new history row).
  const rateCurrency = rateFor ? (list.data?.find((c) => c.id === rateFor.id) ?? rateFor) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:currencies.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:currencies.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:currencies.search")} value={search} onValueChange={setSearch} />
          {canWrite ? (
            <Button onClick={() => setEditing("new")} data-testid="new-currency">
              <Plus />
              {t("fiscalSettings:currencies.new")}
            </Button>
          ) : null}
        </div>
        <Table stack aria-label={t("fiscalSettings:tabs.currencies")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:currencies.fields.code")}</TH>
              <TH>{t("fiscalSettings:currencies.fields.name")}</TH>
              <TH className="text-right">{t("fiscalSettings:currencies.rateColumn", { symbol: home?.symbol ?? "RD$" })}</TH>
              <TH className="hidden xl:table-cell">{t("fiscalSettings:currencies.fields.rateDate")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("fiscalSettings:fields.default")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((c) => (
              <TR key={c.id} data-testid="currency-row" data-code={c.code} data-id={c.id}>
                <TD stack="lead" className="font-mono text-xs">
                  {c.code}
                  <div className="text-muted-foreground">{c.numericCode}</div>
                </TD>
                <TD stack="primary" className="font-medium">
                  {c.name} <span className="text-muted-foreground">({c.symbol})</span>
                  {c.isDefault ? <DefaultBadge className="ml-2 lg:hidden" /> : null}
                </TD>
                <TD label={t("fiscalSettings:currencies.fields.rate")} className="text-right tabular-nums">
                  <span data-testid="currency-rate">{formatRate(c.rate)}</span>
                  {c.nextRate ? (
                    <div className="text-xs text-muted-foreground">
                      {t("fiscalSettings:currencies.scheduled", { date: formatDate(c.nextRate.effectiveDate, i18n.language), rate: formatRate(c.nextRate.rate) })}
                    </div>
                  ) : null}
                </TD>
                <TD className="hidden tabular-nums xl:table-cell">{formatDate(c.rateDate, i18n.language)}</TD>
                <TD>
                  <ActiveBadge active={c.isActive} />
                </TD>
                <TD className="hidden lg:table-cell">{c.isDefault ? <DefaultBadge /> : null}</TD>
                <TD stack="actions" className="whitespace-nowrap text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setRateFor(c)}
                    aria-label={t("fiscalSettings:currencies.rateAction", { code: c.code })}
                    title={t("fiscalSettings:currencies.rateAction", { code: c.code })}
                    data-testid="currency-rate-action"
                  >
                    <LineChart />
                  </Button>
                  {canWrite ? (
                    <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-currency">
                      <Pencil />
                    </Button>
                  ) : null}
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={7}>
              {t("fiscalSettings:currencies.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(currency) => <CurrencySheet currency={currency} onDone={() => setEditing(null)} />}
      </EditDialog>
      <EditDialog editing={rateCurrency} onClose={() => setRateFor(null)}>
        {(currency) => (currency ? <RateSheet currency={currency} homeSymbol={home?.symbol ?? "RD$"} canWrite={canWrite} /> : null)}
      </EditDialog>
    </Card>
  );
}

function CurrencySheet({ currency, onDone }: { currency: Currency | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(currencyFormSchema),
    defaultValues: {
      code: currency?.code ?? "",
      numericCode: currency?.numericCode ?? "",
      name: currency?.name ?? "",
      symbol: currency?.symbol ?? "",
      rate: currency ? formatRate(currency.rate).replace(/,/g, "") : "",
      isDefault: currency?.isDefault ?? false,
      isActive: currency?.isActive ?? true,
    },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.currency.pathFilter());
    toast({ variant: "success", title: currency ? t("fiscalSettings:currencies.updated") : t("fiscalSettings:currencies.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["code", "numericCode", "name", "symbol", "rate"]);
  const create = useMutation(trpc.currency.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.currency.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit(({ rate, ...v }) => {
    // Editing keeps the rate: a new rate goes through 'Tasa e historial' with its date.
    if (currency) update.mutate({ id: currency.id, ...v });
    else create.mutate({ ...v, rate });
  });
  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");
  const lockedDefault = !!currency?.isDefault;

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="currency-sheet">
      <DialogTitle>{currency ? t("fiscalSettings:currencies.edit", { code: currency.code }) : t("fiscalSettings:currencies.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:currencies.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("fiscalSettings:currencies.fields.code")} htmlFor="currency-code" error={tMessage(errors.code?.message)} required>
            <Input id="currency-code" autoFocus autoComplete="off" maxLength={3} className="uppercase" placeholder="USD" {...form.register("code")} aria-invalid={!!errors.code} />
          </Field>
          <Field label={t("fiscalSettings:currencies.fields.numericCode")} htmlFor="currency-numeric" error={tMessage(errors.numericCode?.message)} required>
            <Input id="currency-numeric" autoComplete="off" inputMode="numeric" maxLength={3} placeholder="840" {...form.register("numericCode")} aria-invalid={!!errors.numericCode} />
          </Field>
        </div>
        <Field label={t("fiscalSettings:currencies.fields.name")} htmlFor="currency-name" error={tMessage(errors.name?.message)} required>
          <Input id="currency-name" autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("fiscalSettings:currencies.fields.symbol")} htmlFor="currency-symbol" error={tMessage(errors.symbol?.message)} required>
          <Input id="currency-symbol" autoComplete="off" maxLength={10} placeholder="US$" {...form.register("symbol")} aria-invalid={!!errors.symbol} />
        </Field>
        {currency ? (
          <div className="grid gap-1 rounded-md border p-3 text-sm">
            <span className="font-medium">{t("fiscalSettings:currencies.fields.rate")}</span>
            <span className="tabular-nums">{formatRate(currency.rate)}</span>
            <span className="text-xs text-muted-foreground">{isDefault ? t("fiscalSettings:currencies.defaultRateHint") : t("fiscalSettings:currencies.editRateHint")}</span>
          </div>
        ) : (
          <Field
            label={t("fiscalSettings:currencies.fields.rate")}
            htmlFor="currency-rate"
            error={tMessage(errors.rate?.message)}
            required
            hint={isDefault ? t("fiscalSettings:currencies.defaultRateHint") : t("fiscalSettings:currencies.rateHint")}
          >
            <Input id="currency-rate" inputMode="decimal" autoComplete="off" disabled={!!isDefault} {...form.register("rate")} aria-invalid={!!errors.rate} />
          </Field>
        )}
        <SwitchRow
          id="currency-default"
          label={t("fiscalSettings:currencies.fields.isDefault")}
          hint={lockedDefault ? t("fiscalSettings:currencies.defaultLocked") : t("fiscalSettings:currencies.defaultHint")}
          checked={!!isDefault}
          disabled={lockedDefault}
          onChange={(v) => {
            form.setValue("isDefault", v, { shouldDirty: true });
            if (v) {
              form.setValue("isActive", true, { shouldDirty: true });
              form.setValue("rate", "1", { shouldDirty: true });
            }
          }}
        />
        <SwitchRow
          id="currency-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={isDefault ? t("fiscalSettings:defaultStaysActive") : undefined}
          checked={!!isActive}
          disabled={!!isDefault}
          onChange={(v) => form.setValue("isActive", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="currency-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-currency" />
      </form>
    </SheetContent>
  );
}

/** 'Tasa de USD': the rate in force, a new rate from a date, and the history (newest first). */
function RateSheet({ currency, homeSymbol, canWrite }: { currency: Currency; homeSymbol: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const history = useQuery(trpc.currency.getRateHistory.queryOptions({ currencyId: currency.id }));
  const form = useForm<RateValues, unknown, RateOutput>({
    resolver: zodResolver(currencySetRateFormSchema),
    defaultValues: { rate: formatRate(currency.rate).replace(/,/g, ""), effectiveDate: todayInSantoDomingo() },
  });
  const save = useMutation(
    trpc.currency.setRate.mutationOptions({
      meta: { silent: true },
      onSuccess: async (result) => {
        await qc.invalidateQueries(trpc.currency.pathFilter());
        toast({
          variant: "success",
          title: result.applied
            ? t("fiscalSettings:currencies.rateSaved", { code: currency.code })
            : t("fiscalSettings:currencies.rateRecorded", { code: currency.code, date: formatDate(result.effectiveDate, i18n.language) }),
          description: formatRate(form.getValues("rate") as string),
        });
      },
      onError: sheetErrorHandler(form, ["rate", "effectiveDate"]),
    }),
  );
  const errors = form.formState.errors;
  const rows = history.data ?? [];

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="rate-sheet" className="sm:max-w-xl">
      <DialogTitle>{t("fiscalSettings:currencies.rateTitle", { code: currency.code })}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:currencies.rateDescription", { symbol: homeSymbol, currency: currency.symbol })}</DialogDescription>
      <div className="flex items-baseline justify-between gap-3 rounded-md border p-3">
        <span className="text-sm text-muted-foreground">{t("fiscalSettings:currencies.inForce")}</span>
        <span className="text-2xl font-semibold tabular-nums" data-testid="rate-in-force">
          {homeSymbol}
          {formatRate(currency.rate)}
        </span>
      </div>
      {currency.isDefault ? (
        <p className="text-sm text-muted-foreground">{t("fiscalSettings:currencies.defaultRateHint")}</p>
      ) : canWrite ? (
        <form className="grid gap-3" onSubmit={form.handleSubmit((v) => save.mutate({ currencyId: currency.id, ...v }))} noValidate>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t("fiscalSettings:currencies.newRate")} htmlFor="rate-value" error={tMessage(errors.rate?.message)} required>
              <Input id="rate-value" autoFocus inputMode="decimal" autoComplete="off" {...form.register("rate")} aria-invalid={!!errors.rate} />
            </Field>
            <Field label={t("fiscalSettings:currencies.effectiveDate")} htmlFor="rate-date" error={tMessage(errors.effectiveDate?.message)} required>
              <Input id="rate-date" type="date" {...form.register("effectiveDate")} aria-invalid={!!errors.effectiveDate} />
            </Field>
          </div>
          <p className="text-xs text-muted-foreground">{t("fiscalSettings:currencies.effectiveHint")}</p>
          <FormError message={errors.root?.message} testId="rate-error" />
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending} data-testid="save-rate">
              {save.isPending ? t("common:saving") : t("fiscalSettings:currencies.saveRate")}
            </Button>
          </div>
        </form>
      ) : null}
      <section className="grid gap-2" aria-labelledby="rate-history-title">
        <h3 id="rate-history-title" className="text-sm font-semibold">
          {t("fiscalSettings:currencies.history")}
        </h3>
        <div className="max-h-80 overflow-y-auto">
          <Table aria-label={t("fiscalSettings:currencies.history")}>
            <THead>
              <TR>
                <TH>{t("fiscalSettings:currencies.effectiveDate")}</TH>
                <TH className="text-right">{t("fiscalSettings:currencies.fields.rate")}</TH>
                <TH />
                <TH className="hidden sm:table-cell">{t("fiscalSettings:currencies.recordedBy")}</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((r) => (
                <TR key={r.id} data-testid="rate-history-row" data-date={r.effectiveDate}>
                  <TD className="tabular-nums">{formatDate(r.effectiveDate, i18n.language)}</TD>
                  <TD className="text-right tabular-nums">{formatRate(r.rate)}</TD>
                  <TD>
                    {r.inForce ? <Badge variant="success">{t("fiscalSettings:currencies.inForceBadge")}</Badge> : null}
                    {r.scheduled ? <Badge variant="warning">{t("fiscalSettings:currencies.scheduledBadge")}</Badge> : null}
                  </TD>
                  <TD className="hidden text-xs text-muted-foreground sm:table-cell">
                    {r.createdByName ?? t("fiscalSettings:currencies.system")}
                    <div>{formatDateTime(r.updatedAt, i18n.language)}</div>
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={history.isLoading} empty={rows.length === 0} cols={4}>
                {t("fiscalSettings:currencies.historyEmpty")}
              </TableFallbackRows>
            </TBody>
          </Table>
        </div>
      </section>
    </SheetContent>
  );
}
