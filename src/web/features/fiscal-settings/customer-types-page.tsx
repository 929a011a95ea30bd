import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { customerTypeInput } from "../../../shared/customers/customer";
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
import { ActiveBadge, FormError, SwitchRow, sheetErrorHandler } from "./parts";
import { CUSTOMER_TYPES_PERMISSION } from "./routes";

type CustomerType = inferRouterOutputs<AppRouter>["customerType"]["getAll"][number];
type FormValues = z.input<typeof customerTypeInput>;
type FormOutput = z.output<typeof customerTypeInput>;

export function CustomerTypesPage() {
  return (
    <RequirePermission permission={CUSTOMER_TYPES_PERMISSION}>
      <CustomerTypesScreen />
    </RequirePermission>
  );
}

function CustomerTypesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.customerType.getAll.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<CustomerType | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((c) => c.name.toLowerCase().includes(term));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:customerTypes.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:customerTypes.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:customerTypes.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-customer-type">
            <Plus />
            {t("fiscalSettings:customerTypes.new")}
          </Button>
        </div>
        <Table stack aria-label={t("fiscalSettings:tabs.customerTypes")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:fields.name")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((c) => (
              <TR key={c.id} data-testid="customer-type-row" data-name={c.name}>
                <TD stack="primary" className="font-medium">{c.name}</TD>
                <TD>
                  <ActiveBadge active={c.isActive} />
                </TD>
                <TD stack="actions" className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-customer-type">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={3}>
              {t("fiscalSettings:customerTypes.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(type) => <CustomerTypeSheet type={type} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function CustomerTypeSheet({ type, onDone }: { type: CustomerType | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(customerTypeInput),
    defaultValues: { name: type?.name ?? "", is_active: type?.isActive ?? true },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.customerType.pathFilter());
    toast({ variant: "success", title: type ? t("fiscalSettings:customerTypes.updated") : t("fiscalSettings:customerTypes.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["name"]);
  const create = useMutation(trpc.customerType.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.customerType.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (type ? update.mutate({ id: type.id, ...v }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isActive = form.watch("is_active");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="customer-type-sheet">
      <DialogTitle>{type ? t("fiscalSettings:customerTypes.edit") : t("fiscalSettings:customerTypes.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:customerTypes.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("fiscalSettings:fields.name")} htmlFor="customer-type-name" error={tMessage(errors.name?.message)} required>
          <Input id="customer-type-name" autoFocus autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <SwitchRow
          id="customer-type-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={t("fiscalSettings:customerTypes.activeHint")}
          checked={isActive !== false}
          onChange={(v) => form.setValue("is_active", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="customer-type-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-customer-type" />
      </form>
    </SheetContent>
  );
}
