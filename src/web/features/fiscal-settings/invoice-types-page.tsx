import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { invoiceTypeFormSchema } from "../../../shared/fiscal-settings/invoice-settings";
import { type AppRouter, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, ListSearch, TableFallbackRows } from "../../components/list-page";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { RequirePermission } from "../shell/guards";
import { ActiveBadge, DefaultBadge, FISCAL_SETTINGS_PERMISSION, FormError, nextOrder, SwitchRow, sheetErrorHandler } from "./parts";

type InvoiceType = inferRouterOutputs<AppRouter>["invoiceType"]["getAllForSettings"][number];
type FormValues = z.input<typeof invoiceTypeFormSchema>;
type FormOutput = z.output<typeof invoiceTypeFormSchema>;

export function InvoiceTypesPage() {
  return (
    <RequirePermission permission={FISCAL_SETTINGS_PERMISSION}>
      <InvoiceTypesScreen />
    </RequirePermission>
  );
}

function InvoiceTypesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.invoiceType.getAllForSettings.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<InvoiceType | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((x) => `${x.code} ${x.name} ${x.ncfTypeCode ?? ""}`.toLowerCase().includes(term));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:invoiceTypes.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:invoiceTypes.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:invoiceTypes.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-invoice-type">
            <Plus />
            {t("fiscalSettings:invoiceTypes.new")}
          </Button>
        </div>
        <Table stack aria-label={t("fiscalSettings:tabs.invoiceTypes")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:fields.code")}</TH>
              <TH>{t("fiscalSettings:fields.name")}</TH>
              <TH>{t("fiscalSettings:invoiceTypes.fields.ncfType")}</TH>
              <TH className="hidden text-right md:table-cell">{t("fiscalSettings:fields.order")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("fiscalSettings:fields.default")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((x) => (
              <TR key={x.id} data-testid="invoice-type-row" data-code={x.code}>
                <TD stack="lead" className="font-mono text-xs">{x.code}</TD>
                <TD stack="primary" className="font-medium">
                  {x.name}
                  {x.isDefault ? <DefaultBadge className="ml-2 lg:hidden" /> : null}
                </TD>
                <TD>
                  {x.ncfTypeCode ? (
                    <>
                      <span className="font-mono text-xs">{x.ncfTypeCode}</span> <span className="hidden text-muted-foreground md:inline">{x.ncfTypeDescription}</span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">{t("fiscalSettings:invoiceTypes.noNcf")}</span>
                  )}
                </TD>
                <TD label={t("fiscalSettings:fields.order")} className="hidden text-right tabular-nums md:table-cell">{x.order}</TD>
                <TD>
                  <ActiveBadge active={x.isActive} />
                </TD>
                <TD className="hidden lg:table-cell">{x.isDefault ? <DefaultBadge /> : null}</TD>
                <TD stack="actions" className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(x)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-invoice-type">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={7}>
              {t("fiscalSettings:invoiceTypes.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(type) => <InvoiceTypeSheet type={type} order={nextOrder(list.data)} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function InvoiceTypeSheet({ type, order, onDone }: { type: InvoiceType | null; order: number; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const ncfTypes = useQuery(trpc.ncf.getAllTypes.queryOptions());
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(invoiceTypeFormSchema),
    defaultValues: {
      code: type?.code ?? "",
      name: type?.name ?? "",
      ncfTypeId: type?.ncfTypeId ?? "",
      order: type?.order ?? order,
      isDefault: type?.isDefault ?? false,
      isActive: type?.isActive ?? true,
    },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.invoiceType.pathFilter());
    toast({ variant: "success", title: type ? t("fiscalSettings:invoiceTypes.updated") : t("fiscalSettings:invoiceTypes.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["code", "name", "ncfTypeId", "order"]);
  const create = useMutation(trpc.invoiceType.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.invoiceType.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (type ? update.mutate({ id: type.id, ...v }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="invoice-type-sheet">
      <DialogTitle>{type ? t("fiscalSettings:invoiceTypes.edit") : t("fiscalSettings:invoiceTypes.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:invoiceTypes.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("fiscalSettings:fields.code")} htmlFor="invoice-type-code" error={tMessage(errors.code?.message)} required>
          <Input id="invoice-type-code" autoFocus autoComplete="off" maxLength={50} className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
        </Field>
        <Field label={t("fiscalSettings:fields.name")} htmlFor="invoice-type-name" error={tMessage(errors.name?.message)} required>
          <Input id="invoice-type-name" autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("fiscalSettings:invoiceTypes.fields.ncfType")} htmlFor="invoice-type-ncf" error={tMessage(errors.ncfTypeId?.message)} hint={t("fiscalSettings:invoiceTypes.ncfHint")}>
          <NativeSelect id="invoice-type-ncf" {...form.register("ncfTypeId")}>
            <option value="">{t("fiscalSettings:invoiceTypes.noNcf")}</option>
            {(ncfTypes.data ?? []).map((n) => (
              <option key={n.id} value={n.id}>
                {n.code} — {n.description}
                {n.isActive ? "" : ` (${t("common:status.inactive")})`}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t("fiscalSettings:fields.order")} htmlFor="invoice-type-order" error={tMessage(errors.order?.message)} required hint={t("fiscalSettings:orderHint")}>
          <Input id="invoice-type-order" type="number" inputMode="numeric" min={0} max={999} step={1} {...form.register("order", { valueAsNumber: true })} aria-invalid={!!errors.order} />
        </Field>
        <SwitchRow
          id="invoice-type-default"
          label={t("fiscalSettings:invoiceTypes.fields.isDefault")}
          hint={type?.isDefault ? t("fiscalSettings:defaultLocked") : t("fiscalSettings:invoiceTypes.defaultHint")}
          checked={!!isDefault}
          disabled={!!type?.isDefault}
          onChange={(v) => {
            form.setValue("isDefault", v, { shouldDirty: true });
            if (v) form.setValue("isActive", true, { shouldDirty: true });
          }}
        />
        <SwitchRow
          id="invoice-type-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={isDefault ? t("fiscalSettings:defaultStaysActive") : undefined}
          checked={!!isActive}
          disabled={!!isDefault}
          onChange={(v) => form.setValue("isActive", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="invoice-type-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-invoice-type" />
      </form>
    </SheetContent>
  );
}
