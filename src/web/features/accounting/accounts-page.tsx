import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ACCOUNT_TYPES, type AccountType, defaultNature, NATURES } from "../../../shared/accounting/chart";
import { accountInput } from "../../../shared/accounting/rules";
import { fieldErrors, useTRPC } from "../../app/trpc";
import { EditDialog, ListHeader, ListSearch, TableFallbackRows } from "../../components/list-page";
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
import { type Account, AccountName, RequireAccounting, useAccounts } from "./shared";

/** Depth of each account under its parents. */
function depths(list: readonly Account[]) {
  const byId = new Map(list.map((a) => [a.id, a]));
  const memo = new Map<string, number>();
  const depth = (a: Account, guard = 0): number => {
    if (memo.has(a.id)) return memo.get(a.id)!;
    const parent = a.parentId ? byId.get(a.parentId) : undefined;
    const d = parent && guard < 20 ? depth(parent, guard + 1) + 1 : 0;
    memo.set(a.id, d);
    return d;
  };
  return (a: Account) => depth(a);
}

/** Catálogo de cuentas: the chart by code, indented under its groups, with create and edit. */
export function AccountsPage() {
  return (
    <RequireAccounting>
      <Accounts />
    </RequireAccounting>
  );
}

function Accounts() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const accounts = useAccounts(true);
  const [search, setSearch] = React.useState("");
  const [type, setType] = React.useState("");
  const [editing, setEditing] = React.useState<Account | "new" | null>(null);
  const all = accounts.data ?? [];
  const depth = depths(all);
  const q = search.trim().toLowerCase();
  const rows = all.filter((a) => (!type || a.type === type) && (!q || a.code.startsWith(q) || a.name.toLowerCase().includes(q)));
  return (
    <div className="grid gap-4">
      <ListHeader title={t("accounting:pages.accounts")} subtitle={t("accounting:accounts.subtitle")}>
        <PermissionButton permission="accounting.create" onClick={() => setEditing("new")} data-testid="new-account">
          <Plus />
          {t("accounting:accounts.new")}
        </PermissionButton>
      </ListHeader>
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex flex-wrap items-end gap-3">
            <ListSearch className="min-w-56" label={t("accounting:accounts.search")} value={search} onValueChange={setSearch} />
            <NativeSelect className="w-full sm:w-48" aria-label={t("accounting:fields.type")} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t("accounting:accounts.allTypes")}</option>
              {ACCOUNT_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:types.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Table stack aria-label={t("accounting:pages.accounts")}>
            <THead>
              <TR>
                <TH>{t("accounting:fields.account")}</TH>
                <TH>{t("accounting:fields.type")}</TH>
                <TH>{t("accounting:fields.nature")}</TH>
                <TH>{t("accounting:fields.isGroup")}</TH>
                <TH>{t("accounting:fields.isActive")}</TH>
                <TH />
              </TR>
            </THead>
            <TBody>
              {rows.map((a) => (
                <TR key={a.id} data-testid="account-row" className={a.isActive ? undefined : "text-muted-foreground"}>
                  <TD stack="primary">
                    <AccountName code={a.code} name={a.name} level={q || type ? 0 : depth(a)} isGroup={a.isGroup} />
                  </TD>
                  <TD label={t("accounting:fields.type")}>{t(`accounting:types.${a.type}`)}</TD>
                  <TD label={t("accounting:fields.nature")}>{t(`accounting:natures.${a.nature}`)}</TD>
                  <TD label={t("accounting:fields.isGroup")}>{a.isGroup ? t("accounting:accounts.group") : t("accounting:accounts.postable")}</TD>
                  <TD label={t("accounting:fields.isActive")}>
                    <Badge variant={a.isActive ? "success" : "outline"}>{a.isActive ? t("accounting:accounts.active") : t("accounting:accounts.inactive")}</Badge>
                  </TD>
                  <TD className="text-right" stack="actions">
                    {can("accounting.update") ? (
                      <Button variant="ghost" size="sm" onClick={() => setEditing(a)} aria-label={t("accounting:accounts.edit", { code: a.code })}>
                        <Pencil />
                      </Button>
                    ) : null}
                  </TD>
                </TR>
              ))}
              <TableFallbackRows loading={accounts.isLoading} empty={rows.length === 0} cols={6}>
                {t("accounting:accounts.empty")}
              </TableFallbackRows>
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(a) => <AccountDialog account={a} accounts={all} onDone={() => setEditing(null)} />}
      </EditDialog>
    </div>
  );
}

type Values = z.input<typeof accountInput>;
type Output = z.output<typeof accountInput>;

function AccountDialog({ account, accounts, onDone }: { account: Account | null; accounts: readonly Account[]; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(accountInput),
    defaultValues: account
      ? { code: account.code, name: account.name, type: account.type as AccountType, nature: account.nature as "debit" | "credit", parentId: account.parentId, isGroup: account.isGroup, isActive: account.isActive }
      : { code: "", name: "", type: "asset", nature: "debit", parentId: null, isGroup: false, isActive: true },
  });
  const errors = form.formState.errors;
  const type = form.watch("type") as AccountType;
  // Never itself nor one of its own descendants (that would make a loop in the tree).
  const below = React.useMemo(() => {
    const out = new Set<string>(account ? [account.id] : []);
    let grew = true;
    while (grew) {
      grew = false;
      for (const a of accounts) {
        if (a.parentId && out.has(a.parentId) && !out.has(a.id)) {
          out.add(a.id);
          grew = true;
        }
      }
    }
    return out;
  }, [accounts, account]);
  const parents = accounts.filter((a) => a.type === type && !below.has(a.id));
  const onSuccess = async () => {
    await qc.invalidateQueries(trpc.account.pathFilter());
    toast({ variant: "success", title: t("accounting:accounts.saved", { code: form.getValues("code") }) });
    onDone();
  };
  const onError = (e: { message: string }) => {
    for (const [k, v] of Object.entries(fieldErrors(e))) form.setError(k as keyof Values, { message: v });
    toast({ variant: "destructive", title: t("accounting:accounts.saveFailed"), description: e.message });
  };
  const create = useMutation(trpc.account.create.mutationOptions({ onSuccess, onError, meta: { silent: true } }));
  const update = useMutation(trpc.account.update.mutationOptions({ onSuccess, onError, meta: { silent: true } }));
  const onSubmit = form.handleSubmit((v) => (account ? update.mutate({ ...v, id: account.id, parentId: v.parentId ?? null }) : create.mutate(v)));
  return (
    <DialogContent closeLabel={t("common:actions.close")} className="max-h-[90dvh] overflow-y-auto" data-testid="account-dialog">
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <DialogHeader>
          <DialogTitle>{account ? t("accounting:accounts.editTitle", { code: account.code }) : t("accounting:accounts.newTitle")}</DialogTitle>
          <DialogDescription>{t("accounting:accounts.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label={t("accounting:fields.code")} htmlFor="account-code" error={tMessage(errors.code?.message)} required>
            <Input id="account-code" className="font-mono" maxLength={20} {...form.register("code")} aria-invalid={!!errors.code} autoFocus />
          </Field>
          <Field label={t("accounting:fields.name")} htmlFor="account-name" error={tMessage(errors.name?.message)} required>
            <Input id="account-name" maxLength={120} {...form.register("name")} aria-invalid={!!errors.name} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("accounting:fields.type")} htmlFor="account-type" error={tMessage(errors.type?.message)} required>
            <NativeSelect
              id="account-type"
              {...form.register("type", {
                onChange: (e) => {
                  const next = e.target.value as AccountType;
                  form.setValue("nature", defaultNature(next));
                  const parent = accounts.find((a) => a.id === form.getValues("parentId"));
                  if (parent && parent.type !== next) form.setValue("parentId", null);
                },
              })}
            >
              {ACCOUNT_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:types.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t("accounting:fields.nature")} htmlFor="account-nature" error={tMessage(errors.nature?.message)} required hint={t("accounting:accounts.natureHint")}>
            <NativeSelect id="account-nature" {...form.register("nature")}>
              {NATURES.map((k) => (
                <option key={k} value={k}>
                  {t(`accounting:natures.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label={t("accounting:fields.parent")} htmlFor="account-parent" error={tMessage(errors.parentId?.message)}>
          <Controller
            control={form.control}
            name="parentId"
            render={({ field }) => (
              <NativeSelect id="account-parent" value={field.value ?? ""} onChange={(e) => field.onChange(e.target.value || null)}>
                <option value="">{t("accounting:accounts.noParent")}</option>
                {parents.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.code} · {p.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </Field>
        <div className="flex flex-wrap gap-6">
          <Controller
            control={form.control}
            name="isGroup"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Switch id="account-group" checked={!!field.value} onCheckedChange={field.onChange} />
                <label htmlFor="account-group" className="text-sm">
                  {t("accounting:fields.isGroup")}
                </label>
              </div>
            )}
          />
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Switch id="account-active" checked={field.value !== false} onCheckedChange={field.onChange} />
                <label htmlFor="account-active" className="text-sm">
                  {t("accounting:fields.isActive")}
                </label>
              </div>
            )}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending || update.isPending} data-testid="account-save">
            {create.isPending || update.isPending ? t("common:saving") : t("common:actions.save")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
