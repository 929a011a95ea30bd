import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Wallet } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CashboxFormInput, type CashboxFormOutput, cashboxFormSchema } from "../../../shared/cashbox/cashbox";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, TableFallbackRows } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";
import { CASHBOX_SETTINGS_PERMISSION } from "./routes";
import type { CashboxRow } from "./use-active-cashbox";

export function CashboxesSettingsPage() {
  return (
    <RequirePermission permission={CASHBOX_SETTINGS_PERMISSION}>
      <CashboxesScreen />
    </RequirePermission>
  );
}

function CashboxesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const boxes = useQuery(trpc.cashbox.getAll.queryOptions({ includeInactive: true }));
  const [editing, setEditing] = React.useState<CashboxRow | "new" | null>(null);
  const rows = boxes.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("cashbox:settings.title")}</CardTitle>
        <CardDescription>{t("cashbox:settings.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-end gap-2">
          {can("cash_box.view") ? (
            <Button variant="outline" asChild>
              <Link to="/home/cash-box">
                <Wallet />
                {t("cashbox:settings.goToCashbox")}
              </Link>
            </Button>
          ) : null}
          <Button onClick={() => setEditing("new")} data-testid="new-cashbox">
            <Plus />
            {t("cashbox:settings.new")}
          </Button>
        </div>
        <Table stack aria-label={t("cashbox:tab")}>
          <THead>
            <TR>
              <TH>{t("cashbox:fields.code")}</TH>
              <TH>{t("cashbox:fields.name")}</TH>
              <TH className="hidden md:table-cell">{t("cashbox:fields.warehouse")}</TH>
              <TH className="hidden lg:table-cell">{t("cashbox:fields.printServer")}</TH>
              <TH className="hidden lg:table-cell">{t("cashbox:fields.willOpenDrawer")}</TH>
              <TH>{t("cashbox:fields.status")}</TH>
              <TH>{t("cashbox:fields.session")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((b) => (
              <TR key={b.id} data-testid="cashbox-row" data-name={b.name}>
                <TD stack="lead" className="font-mono text-xs">{b.code ?? "—"}</TD>
                <TD stack="primary" className="font-medium">{b.name}</TD>
                <TD className="hidden md:table-cell">{b.warehouseName ?? <span className="text-muted-foreground">{t("cashbox:settings.noWarehouse")}</span>}</TD>
                <TD className="hidden font-mono text-xs lg:table-cell">{b.printServer ?? <span className="font-sans text-muted-foreground">{t("cashbox:settings.noPrintServer")}</span>}</TD>
                <TD className="hidden lg:table-cell">{b.willOpenDrawer ? t("cashbox:settings.yes") : t("cashbox:settings.no")}</TD>
                <TD>{b.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                <TD label={t("cashbox:fields.session")} className="text-sm">
                  {b.openSession ? <Badge variant="warning">{t("cashbox:settings.openNow", { user: b.openSession.openedByName })}</Badge> : <span className="text-muted-foreground">{t("cashbox:settings.closedNow")}</span>}
                </TD>
                <TD stack="actions" className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(b)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-cashbox">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={boxes.isLoading} empty={rows.length === 0} cols={8}>
              {t("cashbox:settings.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(cashbox) => <CashboxSheet cashbox={cashbox} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function CashboxSheet({ cashbox, onDone }: { cashbox: CashboxRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const warehouses = useQuery(trpc.warehouse.getAll.queryOptions());
  const form = useForm<CashboxFormInput, unknown, CashboxFormOutput>({
    resolver: zodResolver(cashboxFormSchema),
    defaultValues: {
      code: cashbox?.code ?? "",
      name: cashbox?.name ?? "",
      warehouseId: cashbox?.warehouseId ?? "",
      printServer: cashbox?.printServer ?? "",
      template: cashbox?.template ?? "",
      willOpenDrawer: cashbox?.willOpenDrawer ?? true,
      showNotifications: cashbox?.showNotifications ?? true,
      waitForPrint: cashbox?.waitForPrint ?? false,
      openDrawerOnPrint: cashbox?.openDrawerOnPrint ?? true,
      drawerServiceUrl: cashbox?.drawerServiceUrl ?? "",
      isActive: cashbox?.isActive ?? true,
    },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.cashbox.pathFilter());
    toast({ variant: "success", title: cashbox ? t("cashbox:settings.updated") : t("cashbox:settings.created"), description: saved.name });
    onDone();
  };
  const onError = (error: { message: string }) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) {
      if (field === "code" || field === "name" || field === "printServer" || field === "warehouseId" || field === "template" || field === "drawerServiceUrl") form.setError(field, { message });
    }
    const code = errorCode(error);
    if (code === "CONFLICT") {
      const codeClash = error.message === t("cashbox:errors.codeTaken", { code: form.getValues("code").trim().toUpperCase() });
      form.setError(codeClash ? "code" : "name", { message: error.message });
    }
    if (code === "UNAUTHORIZED") return;
    toast({ variant: "destructive", title: cashbox ? t("cashbox:settings.updateError") : t("cashbox:settings.createError"), description: error.message || undefined });
  };
  const create = useMutation(trpc.cashbox.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.cashbox.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((v) => (cashbox ? update.mutate({ ...v, id: cashbox.id }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isActive = form.watch("isActive");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="cashbox-sheet">
      <DialogTitle className="text-lg font-semibold">{cashbox ? t("cashbox:settings.edit") : t("cashbox:settings.new")}</DialogTitle>
      <DialogDescription>{t("cashbox:settings.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-3">
          <Field label={t("cashbox:fields.code")} htmlFor="cashbox-code" error={tMessage(errors.code?.message)} required>
            <Input id="cashbox-code" autoFocus autoComplete="off" maxLength={50} className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
          </Field>
          <Field label={t("cashbox:fields.name")} htmlFor="cashbox-name" error={tMessage(errors.name?.message)} required>
            <Input id="cashbox-name" autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
          </Field>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{t("cashbox:settings.codeHint")}</p>
        <Field label={t("cashbox:fields.warehouse")} htmlFor="cashbox-warehouse" error={tMessage(errors.warehouseId?.message)}>
          <NativeSelect id="cashbox-warehouse" {...form.register("warehouseId")}>
            <option value="">{t("cashbox:settings.noWarehouse")}</option>
            {(warehouses.data ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <fieldset className="grid gap-4 rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{t("cashbox:settings.printing")}</legend>
          <Field label={t("cashbox:fields.printServer")} htmlFor="cashbox-print-server" error={tMessage(errors.printServer?.message)} hint={t("cashbox:settings.printServerHint")}>
            <Input id="cashbox-print-server" inputMode="url" autoComplete="off" maxLength={100} placeholder="http://localhost:8080/" {...form.register("printServer")} aria-invalid={!!errors.printServer} />
          </Field>
          <Field label={t("cashbox:fields.template")} htmlFor="cashbox-template" error={tMessage(errors.template?.message)} hint={t("cashbox:settings.templateHint")}>
            <Input id="cashbox-template" autoComplete="off" maxLength={20} placeholder="80mm" {...form.register("template")} aria-invalid={!!errors.template} />
          </Field>
          <FlagSwitch id="cashbox-drawer" label={t("cashbox:fields.willOpenDrawer")} hint={t("cashbox:settings.drawerHint")} checked={!!form.watch("willOpenDrawer")} onChange={(v) => form.setValue("willOpenDrawer", v, { shouldDirty: true })} />
          <FlagSwitch
            id="cashbox-drawer-on-print"
            label={t("cashbox:fields.openDrawerOnPrint")}
            hint={t("cashbox:settings.openDrawerOnPrintHint")}
            checked={!!form.watch("openDrawerOnPrint")}
            onChange={(v) => form.setValue("openDrawerOnPrint", v, { shouldDirty: true })}
          />
          <FlagSwitch
            id="cashbox-wait-print"
            label={t("cashbox:fields.waitForPrint")}
            hint={t("cashbox:settings.waitForPrintHint")}
            checked={!!form.watch("waitForPrint")}
            onChange={(v) => form.setValue("waitForPrint", v, { shouldDirty: true })}
          />
          <FlagSwitch
            id="cashbox-notifications"
            label={t("cashbox:fields.showNotifications")}
            hint={t("cashbox:settings.showNotificationsHint")}
            checked={!!form.watch("showNotifications")}
            onChange={(v) => form.setValue("showNotifications", v, { shouldDirty: true })}
          />
          <Field label={t("cashbox:fields.drawerServiceUrl")} htmlFor="cashbox-drawer-service" error={tMessage(errors.drawerServiceUrl?.message)} hint={t("cashbox:settings.drawerServiceHint")}>
            <Input id="cashbox-drawer-service" inputMode="url" autoComplete="off" maxLength={50} placeholder="http://localhost:5050/" {...form.register("drawerServiceUrl")} aria-invalid={!!errors.drawerServiceUrl} />
          </Field>
        </fieldset>
        <div className="flex items-center justify-between gap-3 rounded-md border p-3">
          <label htmlFor="cashbox-active" className="text-sm font-medium">
            {t("cashbox:fields.isActive")}
          </label>
          <Switch id="cashbox-active" checked={isActive} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
        </div>
        <FormActions pending={pending} onCancel={onDone} testId="save-cashbox" />
      </form>
    </SheetContent>
  );
}

function FlagSwitch({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Switch id={id} checked={checked} onCheckedChange={onChange} />
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}
