import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Star } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { warehouseFormSchema } from "../../../shared/catalog/warehouse";
import { errorCode, fieldErrors, useTRPC } from "../../app/trpc";
import { FormActions } from "../../components/form-actions";
import { EditDialog, ListSearch, TableFallbackRows } from "../../components/list-page";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DialogDescription, DialogTitle, SheetContent } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";

interface WarehouseRow {
  id: string;
  code: string;
  name: string;
  order: number;
  isActive: boolean;
  isDefault: boolean;
}

type FormValues = z.input<typeof warehouseFormSchema>;
type FormOutput = z.output<typeof warehouseFormSchema>;

export function WarehousesPage() {
  return (
    <RequirePermission permission="warehouses.view">
      <WarehousesScreen />
    </RequirePermission>
  );
}

function WarehousesScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const warehouses = useQuery(trpc.warehouse.getAllForSettings.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<WarehouseRow | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (warehouses.data ?? []).filter((w) => `${w.code} ${w.name}`.toLowerCase().includes(term));
  const nextOrder = Math.min(999, Math.max(-1, ...(warehouses.data ?? []).map((w) => w.order)) + 1);
  const canUpdate = can("warehouses.update");

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("warehouses:title")}</CardTitle>
        <CardDescription>{t("warehouses:description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("warehouses:search")} value={search} onValueChange={setSearch} />
          {can("warehouses.create") ? (
            <Button onClick={() => setEditing("new")} data-testid="new-warehouse">
              <Plus />
              {t("warehouses:new")}
            </Button>
          ) : null}
        </div>
        <Table stack aria-label={t("warehouses:tab")}>
          <THead>
            <TR>
              <TH>{t("warehouses:fields.code")}</TH>
              <TH>{t("warehouses:fields.name")}</TH>
              <TH className="text-right">{t("warehouses:fields.order")}</TH>
              <TH>{t("warehouses:fields.status")}</TH>
              <TH className="hidden lg:table-cell">{t("warehouses:fields.default")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((w) => (
              <TR key={w.id} data-testid="warehouse-row" data-code={w.code}>
                <TD stack="lead" className="font-mono text-xs">{w.code}</TD>
                <TD stack="primary" className="font-medium">
                  {w.name}
                  {w.isDefault ? (
                    <Badge variant="default" className="ml-2 gap-1 lg:hidden">
                      <Star className="size-3" />
                      {t("warehouses:default")}
                    </Badge>
                  ) : null}
                </TD>
                <TD label={t("warehouses:fields.order")} className="text-right tabular-nums">{w.order}</TD>
                <TD>{w.isActive ? <Badge variant="success">{t("common:status.active")}</Badge> : <Badge variant="outline">{t("common:status.inactive")}</Badge>}</TD>
                <TD className="hidden lg:table-cell">
                  {w.isDefault ? (
                    <Badge variant="default" className="gap-1">
                      <Star className="size-3" />
                      {t("warehouses:default")}
                    </Badge>
                  ) : null}
                </TD>
                <TD stack="actions" className="text-right">
                  {canUpdate ? (
                    <Button variant="ghost" size="icon" onClick={() => setEditing(w)} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-warehouse">
                      <Pencil />
                    </Button>
                  ) : null}
                </TD>
              </TR>
            ))}
            <TableFallbackRows loading={warehouses.isLoading} empty={rows.length === 0} cols={6}>
              {t("warehouses:empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(warehouse) => <WarehouseSheet warehouse={warehouse} nextOrder={nextOrder} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function WarehouseSheet({ warehouse, nextOrder, onDone }: { warehouse: WarehouseRow | null; nextOrder: number; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(warehouseFormSchema),
    defaultValues: {
      code: warehouse?.code ?? "",
      name: warehouse?.name ?? "",
      order: warehouse?.order ?? nextOrder,
      isActive: warehouse?.isActive ?? true,
      isDefault: warehouse?.isDefault ?? false,
    },
  });
  const onSuccess = async (saved: WarehouseRow) => {
    await qc.invalidateQueries(trpc.warehouse.pathFilter());
    toast({ title: warehouse ? t("warehouses:updated") : t("warehouses:created"), description: saved.name, variant: "success" });
    onDone();
  };
  const onError = (error: { message: string }) => {
    for (const [field, message] of Object.entries(fieldErrors(error))) {
      if (field === "code" || field === "name" || field === "order") form.setError(field, { message });
    }
    const code = errorCode(error);
    if (code === "CONFLICT") form.setError("code", { message: error.message });
    if (code === "UNAUTHORIZED") return;
    toast({ variant: "destructive", title: warehouse ? t("warehouses:updateError") : t("warehouses:createError"), description: error.message || undefined });
  };
  const create = useMutation(trpc.warehouse.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.warehouse.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((v) => {
    if (warehouse) update.mutate({ id: warehouse.id, ...v });
    else create.mutate(v);
  });

  const errors = form.formState.errors;
  const isDefault = form.watch("isDefault");
  const isActive = form.watch("isActive");
  /** The current default stays the default until another one takes its place. */
  const lockedDefault = !!warehouse?.isDefault;
  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="warehouse-sheet">
      <DialogTitle className="text-lg font-semibold">{warehouse ? t("warehouses:edit") : t("warehouses:new")}</DialogTitle>
      <DialogDescription>{t("warehouses:formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("warehouses:fields.code")} htmlFor="warehouse-code" error={tMessage(errors.code?.message)} required>
          <Input id="warehouse-code" autoFocus autoComplete="off" className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
        </Field>
        <Field label={t("warehouses:fields.name")} htmlFor="warehouse-name" error={tMessage(errors.name?.message)} required>
          <Input id="warehouse-name" autoComplete="off" {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("warehouses:fields.order")} htmlFor="warehouse-order" error={tMessage(errors.order?.message)} required hint={t("warehouses:orderHint")}>
          <Input id="warehouse-order" type="number" inputMode="numeric" min={0} max={999} step={1} {...form.register("order", { valueAsNumber: true })} aria-invalid={!!errors.order} />
        </Field>
        <div className="grid gap-1 rounded-md border p-3">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="warehouse-default" className="text-sm font-medium">
              {t("warehouses:fields.isDefault")}
            </label>
            <Switch
              id="warehouse-default"
              checked={isDefault}
              disabled={lockedDefault}
              onCheckedChange={(v) => {
                form.setValue("isDefault", v, { shouldDirty: true });
                if (v) form.setValue("isActive", true, { shouldDirty: true });
              }}
            />
          </div>
          <p className="text-xs text-muted-foreground">{t("warehouses:defaultHint")}</p>
        </div>
        <div className="grid gap-1 rounded-md border p-3">
          <div className="flex items-center justify-between gap-3">
            <label htmlFor="warehouse-active" className="text-sm font-medium">
              {t("warehouses:fields.isActive")}
            </label>
            <Switch id="warehouse-active" checked={isActive} disabled={isDefault} onCheckedChange={(v) => form.setValue("isActive", v, { shouldDirty: true })} />
          </div>
          {isDefault ? <p className="text-xs text-muted-foreground">{t("warehouses:defaultLocked")}</p> : null}
        </div>
        <FormActions pending={pending} onCancel={onDone} testId="save-warehouse" />
      </form>
    </SheetContent>
  );
}
