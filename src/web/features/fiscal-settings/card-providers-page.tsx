import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Activity, Pencil, Plus } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { createCardTerminal } from "../../../shared/card-terminal";
import { CARD_PROVIDER_DEFAULT_URL, CARD_PROVIDER_KINDS, type CardProviderRow, cardProviderCreateInput } from "../../../shared/fiscal-settings/card-provider";
import { useTRPC } from "../../app/trpc";
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
import { ActiveBadge, DefaultBadge, FISCAL_SETTINGS_PERMISSION, FormError, SwitchRow, sheetErrorHandler } from "./parts";

type FormValues = z.input<typeof cardProviderCreateInput>;
type FormOutput = z.output<typeof cardProviderCreateInput>;

const selectClass = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";

/** Settings > Proveedores de tarjeta: the card-terminal services, their lane (cash box), the default one, and a connection test. */
export function CardProvidersPage() {
  return (
    <RequirePermission permission={FISCAL_SETTINGS_PERMISSION}>
      <CardProvidersScreen />
    </RequirePermission>
  );
}

function CardProvidersScreen() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.cardProvider.getAll.queryOptions());
  const [search, setSearch] = React.useState("");
  const [editing, setEditing] = React.useState<CardProviderRow | "new" | null>(null);
  const term = search.trim().toLowerCase();
  const rows = (list.data ?? []).filter((p) => `${p.code} ${p.name} ${p.api_url}`.toLowerCase().includes(term));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("fiscalSettings:cardProviders.title")}</CardTitle>
        <CardDescription>{t("fiscalSettings:cardProviders.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <ListSearch label={t("fiscalSettings:cardProviders.search")} value={search} onValueChange={setSearch} />
          <Button onClick={() => setEditing("new")} data-testid="new-card-provider">
            <Plus />
            {t("fiscalSettings:cardProviders.new")}
          </Button>
        </div>
        <Table aria-label={t("fiscalSettings:cardProviders.title")}>
          <THead>
            <TR>
              <TH>{t("fiscalSettings:fields.name")}</TH>
              <TH className="hidden md:table-cell">{t("fiscalSettings:cardProviders.fields.kind")}</TH>
              <TH className="hidden lg:table-cell">{t("fiscalSettings:cardProviders.fields.apiUrl")}</TH>
              <TH className="hidden md:table-cell">{t("fiscalSettings:cardProviders.fields.cashbox")}</TH>
              <TH>{t("fiscalSettings:fields.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {rows.map((p) => (
              <ProviderRow key={p.id} provider={p} onEdit={() => setEditing(p)} />
            ))}
            <TableFallbackRows loading={list.isLoading} empty={rows.length === 0} cols={6}>
              {t("fiscalSettings:cardProviders.empty")}
            </TableFallbackRows>
          </TBody>
        </Table>
      </CardContent>
      <EditDialog editing={editing} onClose={() => setEditing(null)}>
        {(provider) => <CardProviderSheet provider={provider} onDone={() => setEditing(null)} />}
      </EditDialog>
    </Card>
  );
}

function ProviderRow({ provider: p, onEdit }: { provider: CardProviderRow; onEdit: () => void }) {
  const { t } = useTranslation();
  const health = useMutation({
    // From this browser, as the POS will: the terminal sits on the shop's network, not the server's.
    mutationFn: () => createCardTerminal(p.kind, p.api_url).health(),
    meta: { silent: true },
    onSuccess: (r) =>
      toast(
        r.healthy
          ? { variant: "success", title: t("fiscalSettings:cardProviders.online", { name: p.name }) }
          : { variant: "destructive", title: t("fiscalSettings:cardProviders.offline", { name: p.name }), description: r.message ?? undefined },
      ),
  });
  const state = health.data ? (health.data.healthy ? "online" : "offline") : null;
  return (
    <TR data-testid="card-provider-row" data-code={p.code}>
      <TD>
        <div className="font-medium">
          {p.name}
          {p.is_default ? <DefaultBadge className="ml-2" /> : null}
        </div>
        <div className="font-mono text-xs text-muted-foreground">{p.code}</div>
        <div className="truncate font-mono text-xs text-muted-foreground lg:hidden" title={p.api_url}>
          {p.api_url}
        </div>
      </TD>
      <TD className="hidden md:table-cell">
        <Badge variant="secondary">{t(`fiscalSettings:cardProviders.kinds.${p.kind}`)}</Badge>
      </TD>
      <TD className="hidden font-mono text-xs lg:table-cell">{p.api_url}</TD>
      <TD className="hidden md:table-cell">{p.cashbox_name ?? t("fiscalSettings:cardProviders.anyCashbox")}</TD>
      <TD>
        <div className="flex flex-wrap gap-1">
          <ActiveBadge active={p.is_active} />
          {state ? (
            <Badge variant={state === "online" ? "success" : "destructive"} data-testid="card-provider-health">
              {t(`fiscalSettings:cardProviders.state.${state}`)}
            </Badge>
          ) : null}
        </div>
      </TD>
      <TD className="whitespace-nowrap text-right">
        <Button variant="outline" size="sm" onClick={() => health.mutate()} disabled={health.isPending} data-testid="test-card-provider">
          <Activity />
          {health.isPending ? t("fiscalSettings:cardProviders.testing") : t("fiscalSettings:cardProviders.test")}
        </Button>
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t("common:actions.edit")} title={t("common:actions.edit")} data-testid="edit-card-provider">
          <Pencil />
        </Button>
      </TD>
    </TR>
  );
}

function CardProviderSheet({ provider, onDone }: { provider: CardProviderRow | null; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const cashboxes = useQuery(trpc.cashbox.getAll.queryOptions());
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(cardProviderCreateInput),
    defaultValues: {
      code: provider?.code ?? "",
      name: provider?.name ?? "",
      kind: provider?.kind ?? "lane",
      api_url: provider?.api_url ?? CARD_PROVIDER_DEFAULT_URL.lane,
      cashbox_id: provider?.cashbox_id ?? null,
      is_default: provider?.is_default ?? false,
      is_active: provider?.is_active ?? true,
    },
  });
  const onSuccess = async (saved: { name: string }) => {
    await qc.invalidateQueries(trpc.cardProvider.pathFilter());
    await qc.invalidateQueries(trpc.paymentInterface.pathFilter());
    toast({ variant: "success", title: provider ? t("fiscalSettings:cardProviders.updated") : t("fiscalSettings:cardProviders.created"), description: saved.name });
    onDone();
  };
  const onError = sheetErrorHandler(form, ["code", "name", "kind", "api_url", "cashbox_id"]);
  const create = useMutation(trpc.cardProvider.create.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const update = useMutation(trpc.cardProvider.update.mutationOptions({ meta: { silent: true }, onSuccess, onError }));
  const onSubmit = form.handleSubmit((v) => (provider ? update.mutate({ id: provider.id, ...v }) : create.mutate(v)));
  const errors = form.formState.errors;
  const isDefault = form.watch("is_default");
  const kind = form.watch("kind");

  return (
    <SheetContent closeLabel={t("common:actions.close")} data-testid="card-provider-sheet">
      <DialogTitle>{provider ? t("fiscalSettings:cardProviders.edit") : t("fiscalSettings:cardProviders.new")}</DialogTitle>
      <DialogDescription>{t("fiscalSettings:cardProviders.formHint")}</DialogDescription>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <Field label={t("fiscalSettings:fields.code")} htmlFor="card-provider-code" error={tMessage(errors.code?.message)} required>
          <Input id="card-provider-code" autoFocus autoComplete="off" maxLength={50} className="uppercase" {...form.register("code")} aria-invalid={!!errors.code} />
        </Field>
        <Field label={t("fiscalSettings:fields.name")} htmlFor="card-provider-name" error={tMessage(errors.name?.message)} required>
          <Input id="card-provider-name" autoComplete="off" maxLength={100} {...form.register("name")} aria-invalid={!!errors.name} />
        </Field>
        <Field label={t("fiscalSettings:cardProviders.fields.kind")} htmlFor="card-provider-kind" error={tMessage(errors.kind?.message)} required hint={t(`fiscalSettings:cardProviders.kindHints.${kind}`)}>
          <select
            id="card-provider-kind"
            className={selectClass}
            {...form.register("kind", {
              onChange: (e) => {
                // A new provider follows the kind's usual local address until the owner types another.
                const url = form.getValues("api_url");
                if (!form.getFieldState("api_url").isDirty || Object.values(CARD_PROVIDER_DEFAULT_URL).includes(url ?? "")) {
                  form.setValue("api_url", CARD_PROVIDER_DEFAULT_URL[e.target.value as keyof typeof CARD_PROVIDER_DEFAULT_URL]);
                }
              },
            })}
          >
            {CARD_PROVIDER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`fiscalSettings:cardProviders.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("fiscalSettings:cardProviders.fields.apiUrl")} htmlFor="card-provider-url" error={tMessage(errors.api_url?.message)} required hint={t("fiscalSettings:cardProviders.apiUrlHint")}>
          <Input id="card-provider-url" autoComplete="off" inputMode="url" maxLength={100} className="font-mono" {...form.register("api_url")} aria-invalid={!!errors.api_url} />
        </Field>
        <Field label={t("fiscalSettings:cardProviders.fields.cashbox")} htmlFor="card-provider-cashbox" hint={t("fiscalSettings:cardProviders.cashboxHint")}>
          <select id="card-provider-cashbox" className={selectClass} {...form.register("cashbox_id", { setValueAs: (v) => v || null })}>
            <option value="">{t("fiscalSettings:cardProviders.anyCashbox")}</option>
            {(cashboxes.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <SwitchRow
          id="card-provider-default"
          label={t("fiscalSettings:cardProviders.isDefault")}
          hint={provider?.is_default ? t("fiscalSettings:defaultLocked") : t("fiscalSettings:cardProviders.defaultHint")}
          checked={!!isDefault}
          disabled={!!provider?.is_default}
          onChange={(v) => {
            form.setValue("is_default", v, { shouldDirty: true });
            if (v) form.setValue("is_active", true, { shouldDirty: true });
          }}
        />
        <SwitchRow
          id="card-provider-active"
          label={t("fiscalSettings:fields.isActive")}
          hint={isDefault ? t("fiscalSettings:defaultStaysActive") : undefined}
          checked={!!form.watch("is_active")}
          disabled={!!isDefault}
          onChange={(v) => form.setValue("is_active", v, { shouldDirty: true })}
        />
        <FormError message={errors.root?.message} testId="card-provider-error" />
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} testId="save-card-provider" />
      </form>
    </SheetContent>
  );
}
