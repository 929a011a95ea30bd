import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { TAX_APPLIES_TO, TAX_KINDS, TAX_TYPES, taxInput } from "../../../shared/accounting/rules";
import { type AppRouter, fieldErrors, useTRPC } from "../../app/trpc";
import { EditDialog, ListHeader, TableFallbackRows } from "../../components/list-page";
import { PermissionButton } from "../../components/permission-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { AccountPicker } from "./account-picker";
import { type Account, RequireAccounting, useAccounts, useMoney } from "./shared";

type Tax = inferRouterOutputs<AppRouter>["tax"]["getAll"][number];

/** Impuestos: ITBIS rates and withholdings with the account each posts to. */
export function TaxesPage() {
  return (
    <RequireAccounting>
      <Taxes />
    </RequireAccounting>
  );
}

function Taxes() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
  const { can } = usePermissions();
  const taxes = useQuery(trpc.tax.getAll.queryOptions());
  const accounts = useAccounts(true);
  const [editing, setEditing] = React.useState<Tax | "new" | null>(null);
  const accountOf = (id: string | null) => accounts.data?.find((a) => a.id === id);
  const rows = taxes.data ?? [];
  return (
    <div className="grid gap-4">
      <ListHeader title={t("accounting:pages.taxes")} subtitle={t("accounting:taxes.subtitle")}>
        <PermissionButton permission="accounting.create" onClick={() => setEditing("new")} data-testid="new-tax">
          <Plus />
          {t("accounting:taxes.new")}
        </PermissionButton>
      </ListHeader>
      <Card>
        <CardContent className="pt-5">
          <Table stack aria-label={t("accounting:pages.taxes")}>
            <THead>
              <TR>
                <TH>{t("accounting:fields.code")}</TH>
                <TH>{t("accounting:fields.name")}</TH>
                <TH>{t("accounting:taxes.kind")}</TH>
                <TH className="text-right">{t("accounting:taxes.rate")}</TH>
                <TH>{t("accounting:taxes.appliesTo")}</TH>
                <TH>{t("accounting:fields.account")}</TH>
                <TH>{t("accounting:fields.isActive")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((x) => {
                const account = accountOf(x.accountId);
                return (
                  <TR key={x.id} data-testid="tax-row">
                    <TD stack="primary" className="font-mono text-xs">
                      {x.code}
                    </TD>
                    <TD label={t("accounting:fields.name")}>{x.name}</TD>
                    <TD label={t("accounting:taxes.kind")}>{t(`accounting:taxKinds.${x.kind}`)}</TD>
                    <TD label={t("accounting:taxes.rate")} className="text-right tabular-nums">
                      {x.type === "fixed" ? money(x.amount ?? 0) : `${Number(x.rate).toFixed(2)}%`}
                    </TD>
                    <TD label={t("accounting:taxes.appliesTo")}>{t(`accounting:appliesTo.${x.appliesTo}`)}</TD>
                    <TD label={t("accounting:fields.account")}>{account ? `${account.code} · ${account.name}` : "—"}</TD>
                    <TD label={t("accounting:fields.isActive")}>
                      <Badge variant={x.isActive ? "success" : "outline"}>{x.isActive ? t("accounting:accounts.active") : t("accounting:accounts.inactive")}</Badge>
                    </TD>
                    <TD className="text-right" stack="actions">
                      {can("accounting.update") ? (
                        <Button variant="ghost" size="sm" onClick={() => setEditing(x)} aria-label={t("accounting:taxes.edit", { code: x.code })}>
                          <Pencil />
                        </Button>
                      ) : null}
                    </TD>
                  </TR>
                );
              })}
              <TableFallbackRows loading={taxes.isLoading} empty={rows.length === 0} cols={8}>
                {t("accounting:taxes.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(x) => <TaxDialog tax={x} accounts={accounts.data ?? []} onDone={() => setEditing(null)} />}
      </EditDialog>
    </div>
  );
}

type Values = z.input<typeof taxInput>;
type Output = z.output<typeof taxInput>;
const zod = zodResolver(taxInput);
/** The shared rule; a fixed tax has no rate and a percentage no amount. */
const resolver: Resolver<Values, unknown, Output> = (values, context, options) =>
  zod({ ...values, rate: values.type === "fixed" ? "0" : values.rate, amount: values.type === "fixed" ? values.amount : null } as never, context, options as never) as never;

function TaxDialog({ tax, accounts, onDone }: { tax: Tax | null; accounts: readonly Account[]; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: tax
      ? {
          code: tax.code,
          name: tax.name,
          type: tax.type as Output["type"],
          rate: Number(tax.rate).toFixed(2),
          amount: tax.amount ?? null,
          appliesTo: tax.appliesTo as Output["appliesTo"],
          kind: tax.kind as Output["kind"],
          accountId: tax.accountId,
          isActive: tax.isActive,
        }
      : { code: "", name: "", type: "percentage", rate: "", amount: null, appliesTo: "both", kind: "itbis", accountId: null, isActive: true },
  });
  const errors = form.formState.errors;
  const type = form.watch("type");
  const onSuccess = async () => {
    await qc.invalidateQueries(trpc.tax.pathFilter());
    toast({ variant: "success", title: t("accounting:taxes.saved", { code: form.getValues("code") }) });
    onDone();
  };
  const onError = (e: { message: string }) => {
    for (const [k, v] of Object.entries(fieldErrors(e))) form.setError(k as keyof Values, { message: v });
    toast({ variant: "destructive", title: t("accounting:taxes.saveFailed"), description: e.message });
  };
  const create = useMutation(trpc.tax.create.mutationOptions({ onSuccess, onError, meta: { silent: true } }));
  const update = useMutation(trpc.tax.update.mutationOptions({ onSuccess, onError, meta: { silent: true } }));
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((v) => {
    const input = { ...v, accountId: v.accountId ?? null };
    if (tax) update.mutate({ ...input, id: tax.id });
    else create.mutate(input);
  });
  return (
    <DialogContent closeLabel={t("common:actions.close")} className="max-h-[90dvh] overflow-y-auto" data-testid="tax-dialog">
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <DialogHeader>
          <DialogTitle>{tax ? t("accounting:taxes.editTitle", { code: tax.code }) : t("accounting:taxes.newTitle")}</DialogTitle>
          <DialogDescription>{t("accounting:taxes.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label={t("accounting:fields.code")} htmlFor="tax-code" error={tMessage(errors.code?.message)} required>
            <Input id="tax-code" className="font-mono" maxLength={20} autoFocus {...form.register("code")} aria-invalid={!!errors.code} />
          </Field>
          <Field label={t("accounting:fields.name")} htmlFor="tax-name" error={tMessage(errors.name?.message)} required>
            <Input id="tax-name" maxLength={80} {...form.register("name")} aria-invalid={!!errors.name} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("accounting:taxes.type")} htmlFor="tax-type">
            <NativeSelect id="tax-type" {...form.register("type")}>
              {TAX_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:taxTypes.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {type === "fixed" ? (
            <Field label={t("accounting:taxes.amount")} htmlFor="tax-amount" error={tMessage(errors.amount?.message)} required>
              <Input id="tax-amount" inputMode="decimal" className="text-right tabular-nums" placeholder="0.00" {...form.register("amount")} aria-invalid={!!errors.amount} />
            </Field>
          ) : (
            <Field label={t("accounting:taxes.ratePercent")} htmlFor="tax-rate" error={tMessage(errors.rate?.message)} required>
              <Input id="tax-rate" inputMode="decimal" className="text-right tabular-nums" placeholder="18.00" {...form.register("rate")} aria-invalid={!!errors.rate} />
            </Field>
          )}
          <Field label={t("accounting:taxes.appliesTo")} htmlFor="tax-applies">
            <NativeSelect id="tax-applies" {...form.register("appliesTo")}>
              {TAX_APPLIES_TO.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:appliesTo.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("accounting:taxes.kind")} htmlFor="tax-kind">
            <NativeSelect id="tax-kind" {...form.register("kind")}>
              {TAX_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:taxKinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label={t("accounting:fields.account")} htmlFor="tax-account" error={tMessage(errors.accountId?.message)}>
          <Controller control={form.control} name="accountId" render={({ field }) => <AccountPicker id="tax-account" accounts={accounts} value={field.value} onChange={field.onChange} />} />
        </Field>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Switch id="tax-active" checked={field.value !== false} onCheckedChange={field.onChange} />
              <label htmlFor="tax-active" className="text-sm">
                {t("accounting:fields.isActive")}
              </label>
            </div>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={pending} data-testid="tax-save">
            {pending ? t("common:saving") : t("common:actions.save")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
