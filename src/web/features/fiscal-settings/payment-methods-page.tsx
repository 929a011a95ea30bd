import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Lock, Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ALWAYS_ACTIVE_PAYMENT_METHOD, paymentMethodFormSchema } from "../../../shared/fiscal-settings/payment-method";
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
import { tMessage } from "../../lib/i18n";
import { RequirePermission } from "../shell/guards";
import { ActiveBadge, DefaultBadge, FISCAL_SETTINGS_PERMISSION, FormError, nextOrder, SwitchRow, sheetErrorHandler } from "./parts";

type PaymentMethod = inferRouterOutputs<AppRouter>["paymentMethod"]["getAllForSettings"][number];
type FormValues = z.input<typeof paymentMethodFormSchema>;
type FormOutput = z.output<typeof paymentMethodFormSchema>;

const FLAGS = ["useCurrencies", "useCardProvider", "availableForAppointments", "availableForOnlineStore"] as const;

export function PaymentMethodsPage() {
  return (
    <RequirePermission permission={FISCAL_SETTINGS_PERMISSION}>
      <PaymentMethodsScreen />
    </RequirePermission>
  );
}

function PaymentMethodsScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.paymentMethod.getAllForSettings.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<PaymentMethod | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((m) => `${m.code} ${m.name}`.toLowerCase().includes(term));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:paymentMethods.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:paymentMethods.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:paymentMethods.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-payment-method">
            <Plus />
            {t("fiscalSettings:paymentMethods.new")}
          </Button>
        </div>
        <Table stack aria-label={t("fiscalSettings:tabs.paymentMethods")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:fields.code")}</TH>
              <TH>{t("fiscalSettings:fields.name")}</TH>
              <TH className="text-right">{t("fiscalSettings:fields.order")}</TH>
              <TH className="hidden xl:table-cell">{t("fiscalSettings:paymentMethods.usage")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("fiscalSettings:fields.default")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((m) => (
              <TR key={m.id} data-testid="payment-method-row" data-code={m.code}>
                <TD stack="lead" className="font-mono text-xs">
                  <span className="inline-flex items-center gap-1">
                    {m.code}
                    {m.isSystem ? <Lock className="size-3 text-muted-foreground" aria-label={t("fiscalSettings:paymentMethods.system")} /> : null}
                  </span>
                </TD>
                <TD stack="primary" className="font-medium">
                  {m.name}
                  {m.isDefault ? <DefaultBadge className="ml-2 lg:hidden" /> : null}
                </TD>
                <TD label={t("fiscalSettings:fields.order")} className="text-right tabular-nums">{m.order}</TD>
                <TD className="hidden xl:table-cell">
                  <div className="flex flex-wrap gap-1">
                    {FLAGS.filter((f) => m[f]).map((f) => (
                      <Badge key={f} variant="secondary">
                        {t(`fiscalSettings:paymentMethods.flags.${f}`)}
                      </Badge>
                    ))}
                  </div>
                </TD>
                <TD>
                  <ActiveBadge active={m.isActive} />
                </TD>
                <TD className="hidden lg:table-cell">{m.isDefault ? <DefaultBadge /> : null}</TD>
                <TD stack="actions" className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(m)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-payment-method">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={7}>
              {t("fiscalSettings:paymentMethods.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(method) => <PaymentMethodSheet method={method} order={nextOrder(list.data)} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function PaymentMethodSheet({ method, order, onDone }: { method: PaymentMethod | null; order: number; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(paymentMethodFormSchema),
    defaultValues: {
      code: method?.code ?? "",
      name: method?.name ?? "",
      order: method?.order ?? order,
      isDefault: method?.isDefault ?? false,
      useCurrencies: method?.useCurrencies ?? false,
      useCardProvider: method?.useCardProvider ?? false,
      cardProviderId: method?.cardProviderId ?? null,
      availableForAppointments: method?.availableForAppointments ?? true,
      availableForOnlineStore: method?.availableForOnlineStore ?? false,
      isActive: method?.isActive ?? true,
    },
  });
  const providers = useQuery(trpc.cardProvider.getAll.queryOptions());
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.paymentMethod.pathFilter());
    toast({ variant: "success", title: method ? t("fiscalSettings:paymentMethods.updated") : t("fiscalSettings:paymentMethods.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["code", "name", "order"]);
  const create = useMutation(trpc.paymentMethod.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.paymentMethod.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (method ? update.mutate({ id: method.id, ...v }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");
  const system = !!method?.isSystem;
  const alwaysActive = method?.code === ALWAYS_ACTIVE_PAYMENT_METHOD;

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="payment-method-sheet">
      <DialogTitle>{method ? t("fiscalSettings:paymentMethods.edit") : t("fiscalSettings:paymentMethods.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:paymentMethods.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field
          label={t("fiscalSettings:fields.code")}
          htmlFor="payment-method-code"
          error={tMessage(errors.code?.message)}
          required
          hint={system ? t("fiscalSettings:paymentMethods.systemCodeHint") : undefined}
        >
          <Input
            id="payment-method-code"
            autoFocus={!system}
            autoComplete="off"
            maxLength={50}
            className="uppercase"
            readOnly={system}
            aria-readonly={system}
            {...form.register("code")}
            aria-invalid={!!errors.code}
          />
        </Field>
        <Field label={t("fiscalSettings:fields.name")} htmlFor="payment-method-name" error={tMessage(errors.name?.message)} required>
          <Input id="payment-method-name" autoFocus={system} autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("fiscalSettings:fields.order")} htmlFor="payment-method-order" error={tMessage(errors.order?.message)} required hint={t("fiscalSettings:orderHint")}>
          <Input id="payment-method-order" type="number" inputMode="numeric" min={0} max={999} step={1} {...form.register("order", { valueAsNumber: true })} aria-invalid={!!errors.order} />
        </Field>
        {FLAGS.map((flag) => (
          <SwitchRow
            key={flag}
            id={`payment-method-${flag}`}
            label={t(`fiscalSettings:paymentMethods.fields.${flag}`)}
            hint={t(`fiscalSettings:paymentMethods.hints.${flag}`)}
            checked={!!form.watch(flag)}
            onChange={(v) => form.setValue(flag, v, { shouldDirty: true })}
          />
        ))}
        {form.watch("useCardProvider") ? (
          <Field label={t("fiscalSettings:paymentMethods.fields.cardProvider")} htmlFor="payment-method-card-provider" hint={t("fiscalSettings:paymentMethods.hints.cardProvider")}>
            <select
              id="payment-method-card-provider"
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
              {...form.register("cardProviderId", { setValueAs: (v) => v || null })}
            >
              <option value="">{t("fiscalSettings:paymentMethods.cashboxProvider")}</option>
              {(providers.data ?? [])
                .filter((p) => p.is_active || p.id === method?.cardProviderId)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </select>
          </Field>
        ) : null}
        <SwitchRow
          id="payment-method-default"
          label={t("fiscalSettings:paymentMethods.fields.isDefault")}
          hint={method?.isDefault ? t("fiscalSettings:defaultLocked") : t("fiscalSettings:paymentMethods.defaultHint")}
          checked={!!isDefault}
          disabled={!!method?.isDefault}
          onChange={(v) => {
            form.setValue("isDefault", v, { shouldDirty: true });
            if (v) form.setValue("isActive", true, { shouldDirty: true });
          }}
        />
        <SwitchRow
          id="payment-method-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={alwaysActive ? t("fiscalSettings:paymentMethods.cashAlwaysActive") : isDefault ? t("fiscalSettings:defaultStaysActive") : undefined}
          checked={!!isActive}
          disabled={!!isDefault || alwaysActive}
          onChange={(v) => form.setValue("isActive", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="payment-method-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-payment-method" />
      </form>
    </SheetContent>
  );
}
