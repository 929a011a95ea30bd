import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { AlertTriangle, Ban, Pencil, Plus, Settings2, Star } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ncfRangeFormSchema, ncfTypeUpdateInput } from "../../../shared/fiscal/ncf-schemas";
import { type AppRouter, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";
import { tMessage } from "../../lib/i18n";
import { ConfirmDialog } from "../pos/panels/confirm-dialog";
import { RequirePermission } from "../shell/guards";
import { NcfSetupNotice } from "./ncf-setup-notice";
import { NCF_SETTINGS_PERMISSION } from "./routes";

type NcfType = inferRouterOutputs<AppRouter>["ncf"]["getAllTypes"][number];
type NcfRange = NcfType["ranges"][number];
type RangeValues = z.input<typeof ncfRangeFormSchema>;
type RangeOutput = z.output<typeof ncfRangeFormSchema>;
type TypeValues = z.input<typeof ncfTypeUpdateInput>;
type TypeOutput = z.output<typeof ncfTypeUpdateInput>;

export function NcfSettingsPage() {
  return (
    <RequirePermission permission={NCF_SETTINGS_PERMISSION}>
      <NcfSettingsScreen />
    </RequirePermission>
  );
}

function WarningBadge({ type }: { type: NcfType }) {
  const { t, i18n } = useTranslation();
  if (type.ranges.length === 0) return <Badge variant="outline">{t("ncf:state.none")}</Badge>;
  if (!type.warning) return <Badge variant="success">{t("ncf:state.ok")}</Badge>;
  const variant = type.warning === "low" || type.warning === "expiringSoon" ? "warning" : "destructive";
  return (
    <Badge variant={variant} className="gap-1" data-testid="ncf-warning">
      <AlertTriangle className="size-3" aria-hidden />
      {t(`ncf:warning.${type.warning}`, { remaining: type.remaining, date: formatDate(type.lastExpiresOn, i18n.language) })}
    </Badge>
  );
}

function NcfSettingsScreen() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const types = useQuery(trpc.ncf.getAllTypes.queryOptions());
  const [rangeFor, setRangeFor] = React.useState<{ type: NcfType; range: NcfRange | null } | null>(null);
  const [typeEditing, setTypeEditing] = React.useState<NcfType | null>(null);
  const [cancelling, setCancelling] = React.useState<{ type: NcfType; range: NcfRange } | null>(null);
  const qc = useQueryClient();
  const cancel = useMutation(
    trpc.ncfRange.cancel.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.ncf.pathFilter());
        toast({ variant: "success", title: t("ncf:range.cancelled") });
        setCancelling(null);
      },
    }),
  );
  const rows = types.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("ncf:title")}</CardTitle>
        <CardDescription>{t("ncf:description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <NcfSetupNotice types={rows} />
        <div className="grid gap-3">
          {rows.map((type) => (
            <section key={type.id} className="rounded-md border" data-testid="ncf-type" data-code={type.code} aria-labelledby={`ncf-${type.code}`}>
              <header className="flex flex-wrap items-center gap-2 border-b p-3">
                <h3 id={`ncf-${type.code}`} className="font-mono text-base font-semibold">
                  {type.code}
                </h3>
                <span className="font-medium">{type.description}</span>
                {type.is_default ? (
                  <Badge className="gap-1">
                    <Star className="size-3" aria-hidden />
                    {t("ncf:type.default")}
                  </Badge>
                ) : null}
                {type.isActive ? null : <Badge variant="outline">{t("common:status.inactive")}</Badge>}
                <WarningBadge type={type} />
                <span className="ml-auto text-sm text-muted-foreground tabular-nums" data-testid="ncf-remaining">
                  {t("ncf:type.remaining", { count: type.remaining })}
                </span>
                <Button variant="ghost" size="icon" onClick={() => setTypeEditing(type)} aria-label={t("ncf:type.edit", { code: type.code })} title={t("ncf:type.edit", { code: type.code })}>
                  <Settings2 />
                </Button>
                <Button size="sm" onClick={() => setRangeFor({ type, range: null })} data-testid="new-range">
                  <Plus />
                  {t("ncf:range.new")}
                </Button>
              </header>
              {type.ranges.length === 0 ? (
                <p className="p-3 text-sm text-muted-foreground">{t("ncf:range.empty")}</p>
              ) : (
              <Table stack aria-labelledby={`ncf-${type.code}`}>
                <THead>
                  <TR>
                    <TH>{t("ncf:range.numbers")}</TH>
                    <TH className="hidden md:table-cell">{t("ncf:range.authorization")}</TH>
                    <TH>{t("ncf:range.expiresOn")}</TH>
                    <TH className="text-right">{t("ncf:range.used")}</TH>
                    <TH className="text-right">{t("ncf:range.remaining")}</TH>
                    <TH>{t("ncf:range.state")}</TH>
                    <TH />
                  </TR>
                </THead>
                <TBody>
                  {type.ranges.map((r) => (
                    <TR key={r.id} data-testid="ncf-range" data-from={r.rangeFrom}>
                      <TD className="font-mono text-xs" stack="primary">
                        {r.firstNcf} – {type.code}
                        {String(r.rangeTo).padStart(8, "0")}
                        {r.lastIssuedNcf ? <div className="text-muted-foreground">{t("ncf:range.lastIssued", { ncf: r.lastIssuedNcf })}</div> : null}
                      </TD>
                      <TD className="hidden md:table-cell">
                        {r.authorizationRef ?? "—"}
                        {r.authorizedOn ? <div className="text-xs text-muted-foreground">{formatDate(r.authorizedOn, i18n.language)}</div> : null}
                      </TD>
                      <TD className="tabular-nums" label={t("ncf:range.expiresOn")}>
                        {formatDate(r.expiresOn, i18n.language)}
                      </TD>
                      <TD className="text-right tabular-nums" label={t("ncf:range.used")}>
                        {r.used.toLocaleString(i18n.language)}
                      </TD>
                      <TD className="text-right tabular-nums" label={t("ncf:range.remaining")}>
                        {r.remaining.toLocaleString(i18n.language)}
                      </TD>
                      <TD>
                        <Badge variant={r.state === "active" ? "success" : r.state === "cancelled" ? "outline" : "secondary"}>{t(`ncf:rangeState.${r.state}`)}</Badge>
                      </TD>
                      <TD className="whitespace-nowrap text-right" stack="actions">
                        {r.state !== "cancelled" ? (
                          <>
                            <Button variant="ghost" size="icon" onClick={() => setRangeFor({ type, range: r })} aria-label={t("ncf:range.edit")} title={t("ncf:range.edit")} data-testid="edit-range">
                              <Pencil />
                            </Button>
                            <Button variant="ghost" size="icon" onClick={() => setCancelling({ type, range: r })} aria-label={t("ncf:range.cancel")} title={t("ncf:range.cancel")}>
                              <Ban />
                            </Button>
                          </>
                        ) : null}
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
              )}
            </section>
          ))}
          {types.isLoading ? <p className="text-sm text-muted-foreground">{t("common:loading")}</p> : null}
        </div>
      </CardContent>
      <EditDialog editing={rangeFor} onClose={() => setRangeFor(null)}>
        {(target) => (target ? <RangeSheet type={target.type} range={target.range} onDone={() => setRangeFor(null)} /> : null)}
      </EditDialog>
      <EditDialog editing={typeEditing} onClose={() => setTypeEditing(null)}>
        {(type) => (type ? <TypeSheet type={type} onDone={() => setTypeEditing(null)} /> : null)}
      </EditDialog>
      <ConfirmDialog
        open={!!cancelling}
        title={t("ncf:range.cancelTitle", { code: cancelling?.type.code ?? "" })}
        description={t("ncf:range.cancelBody")}
        confirmLabel={t("ncf:range.cancel")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ id: cancelling.range.id })}
        onCancel={() => setCancelling(null)}
        testId="cancel-range-dialog"
      />
    </Card>
  );
}

/** 31 December of next year: how long DGII authorizations granted this year are valid (dr-fiscal.md §1). */
function defaultExpiry(): string {
  return `${new Date().getFullYear() + 1}-12-31`;
}

function RangeSheet({ type, range, onDone }: { type: NcfType; range: NcfRange | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const nextFrom = Math.max(0, ...type.ranges.map((r) => r.rangeTo)) + 1;
  const form = useForm<RangeValues, unknown, RangeOutput>({
    resolver: zodResolver(ncfRangeFormSchema),
    defaultValues: {
      rangeFrom: range?.rangeFrom ?? nextFrom,
      rangeTo: range?.rangeTo ?? ("" as unknown as number),
      expiresOn: range?.expiresOn ?? defaultExpiry(),
      authorizationRef: range?.authorizationRef ?? "",
      authorizedOn: range?.authorizedOn ?? "",
    },
  });
  const onSuccess = async () => {
    await qc.invalidateQueries(trpc.ncf.pathFilter());
    toast({ variant: "success", title: range ? t("ncf:range.updated") : t("ncf:range.created", { code: type.code }) });
    onDone();
  };
  const onError = (error: { message: string }) => {
    const fields = fieldErrors(error);
    for (const [field, message] of Object.entries(fields)) {
      if (field === "rangeFrom" || field === "rangeTo" || field === "expiresOn" || field === "authorizedOn" || field === "authorizationRef") form.setError(field, { message });
    }
    if (Object.keys(fields).length === 0) form.setError("root", { message: error.message });
  };
  const create = useMutation(trpc.ncfRange.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.ncfRange.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (range ? update.mutate({ id: range.id, ...v }) : create.mutate({ ncfTypeId: type.id, ...v })));
  const errors = form.formState.errors;
  const issued = (range?.used ?? 0) > 0;
  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="range-sheet">
      <DialogTitle>{range ? t("ncf:range.editTitle", { code: type.code }) : t("ncf:range.newTitle", { code: type.code })}</DialogTitle>
      <DialogDescription>{t("ncf:range.hint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("ncf:range.from")} htmlFor="range-from" error={tMessage(errors.rangeFrom?.message)} required hint={issued ? t("ncf:range.fromLocked") : undefined}>
            <Input id="range-from" type="number" inputMode="numeric" min={1} step={1} autoFocus={!issued} disabled={issued} {...form.register("rangeFrom")} aria-invalid={!!errors.rangeFrom} />
          </Field>
          <Field label={t("ncf:range.to")} htmlFor="range-to" error={tMessage(errors.rangeTo?.message)} required>
            <Input id="range-to" type="number" inputMode="numeric" min={1} step={1} autoFocus={issued} {...form.register("rangeTo")} aria-invalid={!!errors.rangeTo} />
          </Field>
        </div>
        <Field label={t("ncf:range.expiresOn")} htmlFor="range-expires" error={tMessage(errors.expiresOn?.message)} required hint={t("ncf:range.expiresHint")}>
          <Input id="range-expires" type="date" {...form.register("expiresOn")} aria-invalid={!!errors.expiresOn} />
        </Field>
        <Field label={t("ncf:range.authorizationRef")} htmlFor="range-ref" error={tMessage(errors.authorizationRef?.message)}>
          <Input id="range-ref" autoComplete="off" {...form.register("authorizationRef")} />
        </Field>
        <Field label={t("ncf:range.authorizedOn")} htmlFor="range-authorized" error={tMessage(errors.authorizedOn?.message)}>
          <Input id="range-authorized" type="date" {...form.register("authorizedOn")} />
        </Field>
        {errors.root?.message ? (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="range-error">
            {errors.root.message}
          </p>
        ) : null}
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-range" />
      </form>
    </SheetContent>
  );
}

function TypeSheet({ type, onDone }: { type: NcfType; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<TypeValues, unknown, TypeOutput>({
    resolver: zodResolver(ncfTypeUpdateInput),
    defaultValues: { id: type.id, description: type.description, isActive: type.isActive, isDefault: type.is_default, warnRemaining: type.warnRemaining ?? ("" as unknown as number) },
  });
  const save = useMutation(
    trpc.ncf.updateType.mutationOptions({
      onSuccess: async () => {
        await qc.invalidateQueries(trpc.ncf.pathFilter());
        toast({ variant: "success", title: t("ncf:type.updated", { code: type.code }) });
        onDone();
      },
    }),
  );
  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");
  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="ncf-type-sheet">
      <DialogTitle>{t("ncf:type.edit", { code: type.code })}</DialogTitle>
      <DialogDescription>{t("ncf:type.hint")}</DialogDescription>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((v) => save.mutate({ ...v, warnRemaining: v.warnRemaining ?? null }))}
      >
        <Field label={t("ncf:type.description")} htmlFor="ncf-description" error={tMessage(errors.description?.message)} required>
          <Input id="ncf-description" autoFocus {...form.register("description")} />
        </Field>
        <Field label={t("ncf:type.warnRemaining")} htmlFor="ncf-warn" error={tMessage(errors.warnRemaining?.message)} hint={t("ncf:type.warnHint")}>
          <Input id="ncf-warn" type="number" inputMode="numeric" min={0} step={1} {...form.register("warnRemaining", { setValueAs: (v) => (v === "" || v == null ? null : Number(v)) })} />
        </Field>
        <div className="flex items-center justify-between gap-3 rounded-md border p-3">
          <label htmlFor="ncf-default" className="text-sm font-medium">
            {t("ncf:type.isDefault")}
          </label>
          <Switch id="ncf-default" checked={!!isDefault} disabled={type.is_default} onCheckedChange={(v) => form.setValue("isDefault", v, { shouldDirty: true })} />
        </div>
        <div className="flex items-center justify-between gap-3 rounded-md border p-3">
          <label htmlFor="ncf-active" className="text-sm font-medium">
            {t("ncf:type.isActive")}
          </label>
          <Switch id="ncf-active" checked={!!isActive} disabled={!!isDefault} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
        </div>
        <FormActions pending={save.isPending} onCancel={onDone} testId="save-ncf-type" />
      </form>
    </SheetContent>
  );
}
