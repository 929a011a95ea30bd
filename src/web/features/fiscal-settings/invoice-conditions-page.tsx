import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { invoiceConditionFormSchema, MAX_CONDITION_DAYS } from "../../../shared/fiscal-settings/invoice-settings";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, ListSearch, TableFallbackRows } from "../../components/list-page";
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

type Condition = inferRouterOutputs<AppRouter>["invoiceCondition"]["getAllForSettings"][number];
type FormValues = z.input<typeof invoiceConditionFormSchema>;
type FormOutput = z.output<typeof invoiceConditionFormSchema>;

export function InvoiceConditionsPage() {
  return (
    <RequirePermission permission={FISCAL_SETTINGS_PERMISSION}>
      <InvoiceConditionsScreen />
    </RequirePermission>
  );
}

function InvoiceConditionsScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.invoiceCondition.getAllForSettings.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<Condition | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((c) => `${c.code} ${c.name}`.toLowerCase().includes(term));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:invoiceConditions.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:invoiceConditions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:invoiceConditions.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-invoice-condition">
            <Plus />
            {t("fiscalSettings:invoiceConditions.new")}
          </Button>
        </div>
        <Table stack aria-label={t("fiscalSettings:tabs.invoiceConditions")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:fields.code")}</TH>
              <TH>{t("fiscalSettings:fields.name")}</TH>
              <TH className="text-right">{t("fiscalSettings:invoiceConditions.fields.days")}</TH>
              <TH className="hidden text-right md:table-cell">{t("fiscalSettings:fields.order")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("fiscalSettings:fields.default")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((c) => (
              <TR key={c.id} data-testid="invoice-condition-row" data-code={c.code}>
                <TD stack="lead" className="font-mono text-xs">{c.code}</TD>
                <TD stack="primary" className="font-medium">
                  {c.name}
                  {c.isDefault ? <DefaultBadge className="ml-2 lg:hidden" /> : null}
                </TD>
                <TD className="text-right tabular-nums">{c.days === 0 ? t("fiscalSettings:invoiceConditions.cash") : t("fiscalSettings:invoiceConditions.daysValue", { count: c.days })}</TD>
                <TD label={t("fiscalSettings:fields.order")} className="hidden text-right tabular-nums md:table-cell">{c.order}</TD>
                <TD>
                  <ActiveBadge active={c.isActive} />
                </TD>
                <TD className="hidden lg:table-cell">{c.isDefault ? <DefaultBadge /> : null}</TD>
                <TD stack="actions" className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-invoice-condition">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={7}>
              {t("fiscalSettings:invoiceConditions.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(condition) => <ConditionSheet condition={condition} order={nextOrder(list.data)} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function ConditionSheet({ condition, order, onDone }: { condition: Condition | null; order: number; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(invoiceConditionFormSchema),
    defaultValues: {
      code: condition?.code ?? "",
      name: condition?.name ?? "",
      days: condition?.days ?? 0,
      order: condition?.order ?? order,
      isDefault: condition?.isDefault ?? false,
      isActive: condition?.isActive ?? true,
    },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.invoiceCondition.pathFilter());
    toast({ variant: "success", title: condition ? t("fiscalSettings:invoiceConditions.updated") : t("fiscalSettings:invoiceConditions.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["code", "name", "days", "order"]);
  const create = useMutation(trpc.invoiceCondition.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.invoiceCondition.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (condition ? update.mutate({ id: condition.id, ...v }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="invoice-condition-sheet">
      <DialogTitle>{condition ? t("fiscalSettings:invoiceConditions.edit") : t("fiscalSettings:invoiceConditions.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:invoiceConditions.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("fiscalSettings:fields.code")} htmlFor="condition-code" error={tMessage(errors.code?.message)} required>
          <Input id="condition-code" autoFocus autoComplete="off" maxLength={50} className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
        </Field>
        <Field label={t("fiscalSettings:fields.name")} htmlFor="condition-name" error={tMessage(errors.name?.message)} required>
          <Input id="condition-name" autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={t("fiscalSettings:invoiceConditions.fields.days")} htmlFor="condition-days" error={tMessage(errors.days?.message)} required>
            <Input id="condition-days" type="number" inputMode="numeric" min={0} max={MAX_CONDITION_DAYS} step={1} {...form.register("days", { valueAsNumber: true })} aria-invalid={!!errors.days} />
          </Field>
          <Field label={t("fiscalSettings:fields.order")} htmlFor="condition-order" error={tMessage(errors.order?.message)} required>
            <Input id="condition-order" type="number" inputMode="numeric" min={0} max={999} step={1} {...form.register("order", { valueAsNumber: true })} aria-invalid={!!errors.order} />
          </Field>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("fiscalSettings:invoiceConditions.daysHint")}</p>
        <SwitchRow
          id="condition-default"
          label={t("fiscalSettings:invoiceConditions.fields.isDefault")}
          hint={condition?.isDefault ? t("fiscalSettings:defaultLocked") : t("fiscalSettings:invoiceConditions.defaultHint")}
          checked={!!isDefault}
          disabled={!!condition?.isDefault}
          onChange={(v) => {
            form.setValue("isDefault", v, { shouldDirty: true });
            if (v) form.setValue("isActive", true, { shouldDirty: true });
          }}
        />
        <SwitchRow
          id="condition-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={isDefault ? t("fiscalSettings:defaultStaysActive") : undefined}
          checked={!!isActive}
          disabled={!!isDefault}
          onChange={(v) => form.setValue("isActive", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="invoice-condition-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-invoice-condition" />
      </form>
    </SheetContent>
  );
}
