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
import type { CashboxRow } from "./use-active-cashbox";

export const CASHBOX_SETTINGS_PERMISSION = "settings.configuration";

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
        <Table>
          <THead>
            <TR>
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
                <TD className="font-medium">{b.name}</TD>
                <TD className="hidden md:table-cell">{b.warehouseName ?? <span className="text-muted-foreground">{t("cashbox:settings.noWarehouse")}</span>}</TD>
                <TD className="hidden font-mono text-xs lg:table-cell">{b.printServer ?? <span className="font-sans text-muted-foreground">{t("cashbox:settings.noPrintServer")}</span>}</TD>
                <TD className="hidden lg:table-cell">{b.willOpenDrawer ? t("cashbox:settings.yes") : t("cashbox:settings.no")}</TD>
                <TD>{b.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                <TD className="text-sm">
                  {b.openSession ? <Badge variant="warning">{t("cashbox:settings.openNow", { user: b.openSession.openedByName })}</Badge> : <span className="text-muted-foreground">{t("cashbox:settings.closedNow")}</span>}
                </TD>
                <TD className="text-right">
                  <Button variant="ghost" size="icon" onClick={() => setEditing(b)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-cashbox">
                    <Pencil />
                  </Button>
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={boxes.isLoading} empty={rows.length === 0} cols={7}>
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
      name: cashbox?.name ?? "",
      warehouseId: cashbox?.warehouseId ?? "",
      printServer: cashbox?.printServer ?? "",
      willOpenDrawer: cashbox?.willOpenDrawer ?? true,
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
      if (field === "name" || field === "printServer" || field === "warehouseId") form.setError(field, { message });
    }
    const code = errorCode(error);
    if (code === "CONFLICT") form.setError("name", { message: error.message });
    if (code === "UNAUTHORIZED") return;
    toast({ variant: "destructive", title: cashbox ? t("cashbox:settings.updateError") : t("cashbox:settings.createError"), description: error.message || undefined });
  };
  const create = useMutation(trpc.cashbox.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.cashbox.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const pending = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit((v) => (cashbox ? update.mutate({ ...v, id: cashbox.id }) : create.mutate(v)));
  const errors = form.formState.errors;
  const willOpenDrawer = form.watch("willOpenDrawer");
  const isActive = form.watch("isActive");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="cashbox-sheet">
      <DialogTitle className="text-lg font-semibold">{cashbox ? t("cashbox:settings.edit") : t("cashbox:settings.new")}</DialogTitle>
      <DialogDescription>{t("cashbox:settings.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("cashbox:fields.name")} htmlFor="cashbox-name" error={tMessage(errors.name?.message)} required>
          <Input id="cashbox-name" autoFocus autoComplete="off" {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
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
        <Field label={t("cashbox:fields.printServer")} htmlFor="cashbox-print-server" error={tMessage(errors.printServer?.message)} hint={t("cashbox:settings.printServerHint")}>
          <Input id="cashbox-print-server" inputMode="url" autoComplete="off" placeholder="http://localhost:8080/" {...form.register("printServer")} aria-invalid={!!errors.printServer} />
        </Field>
        <div className="grid gap-1 rounded-md border p-3">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="cashbox-drawer" className="text-sm font-medium">
              {t("cashbox:fields.willOpenDrawer")}
            </label>
            <Switch id="cashbox-drawer" checked={willOpenDrawer} onCheckedChange={(v) => form.setValue("willOpenDrawer", v, { shouldDirty: true })} />
          </div>
          <p className="text-xs text-muted-foreground">{t("cashbox:settings.drawerHint")}</p>
        </div>
        <div className="flex items-center justify-between gap-3 rounded-md border p-3">
          <label htmlFor="cashbox-active" className="text-sm font-medium">
            {t("cashbox:fields.isActive")}
          </label>
          <Switch id="cashbox-active" checked={isActive} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
        </div>
        <div className="flex justify-end gap-2">
          <FormActions pending={pending} onCancel={onDone} testId="save-cashbox" />
        </div>
      </form>
    </SheetContent>
  );
}
