import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, LogOut, Plus, ShieldAlert } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PRODUCTS } from "../../../shared/permissions";
import { productName } from "../../../shared/platform/branding";
import { registerInput } from "../../../shared/platform/schemas";
import { fieldErrors, SUPERADMIN_TOKEN_KEY, useTRPC } from "../../app/trpc";
import { LanguageSelector } from "../../components/language-selector";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input, NativeSelect } from "../../components/ui/input";
import { Field } from "../../components/ui/label";
import { SkeletonRows } from "../../components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../../components/ui/table";
import { toast } from "../../components/ui/use-toast";
import { tenantOrigin } from "../../lib/host";
import { tMessage } from "../../lib/i18n";

/** The hidden operator area: needs the super-admin token, kept in localStorage. */
export function SuperAdminPage() {
  const [token, setToken] = React.useState(() => localStorage.getItem(SUPERADMIN_TOKEN_KEY));
  return (
    <div className="min-h-screen bg-muted/40 p-4">
      <div className="mx-auto grid max-w-6xl gap-4">
        <header className="flex items-center gap-2">
          <ShieldAlert className="size-6 text-primary" />
          <h1 className="flex-1 text-xl font-bold">Super Admin</h1>
          <LanguageSelector />
          {token ? <SignOutButton onDone={() => setToken(null)} /> : null}
        </header>
        {token ? <TenantsPanel /> : <TokenForm onSaved={setToken} />}
      </div>
    </div>
  );
}

function SignOutButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        localStorage.removeItem(SUPERADMIN_TOKEN_KEY);
        qc.clear();
        onDone();
      }}
    >
      <LogOut />
      {t("superadmin:forgetToken")}
    </Button>
  );
}

function TokenForm({ onSaved }: { onSaved: (token: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = React.useState("");
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle>{t("superadmin:tokenTitle")}</CardTitle>
        <CardDescription>{t("superadmin:tokenHint")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!value.trim()) return;
            localStorage.setItem(SUPERADMIN_TOKEN_KEY, value.trim());
            onSaved(value.trim());
          }}
        >
          <Field label={t("superadmin:token")} htmlFor="sa-token">
            <Input id="sa-token" type="password" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
          </Field>
          <Button type="submit">
            <KeyRound />
            {t("superadmin:enter")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TenantsPanel() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [creating, setCreating] = React.useState(false);
  const tenants = useQuery(trpc.superAdmin.tenants.list.queryOptions());
  const setStatus = useMutation(
    trpc.superAdmin.tenants.setStatus.mutationOptions({
      onSuccess: async (row) => {
        await qc.invalidateQueries({ queryKey: trpc.superAdmin.tenants.list.queryKey() });
        toast({ title: row.status === "suspended" ? t("superadmin:suspended") : t("superadmin:reactivated"), variant: "success" });
      },
    }),
  );
  const date = (d: Date | null) => (d ? new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-DO").format(d) : "—");
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <div>
          <CardTitle>{t("superadmin:tenants")}</CardTitle>
          <CardDescription>{t("superadmin:tenantsHint", { count: tenants.data?.length ?? 0 })}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="sa-new-tenant">
          <Plus />
          {t("superadmin:newTenant")}
        </Button>
      </CardHeader>
      <CardContent>
        <Table>
          <THead>
            <TR>
              <TH>{t("superadmin:fields.name")}</TH>
              <TH>{t("superadmin:fields.subdomain")}</TH>
              <TH>{t("superadmin:fields.product")}</TH>
              <TH>{t("superadmin:fields.users")}</TH>
              <TH>{t("superadmin:fields.trialEnds")}</TH>
              <TH>{t("superadmin:fields.status")}</TH>
              <TH />
            </TR>
          </THead>
          <TBody>
            {tenants.isLoading ? <SkeletonRows cols={7} /> : null}
            {tenants.data?.map((row) => (
              <TR key={row.id} data-testid="sa-tenant-row" data-subdomain={row.subdomain}>
                <TD className="font-medium">
                  {row.name}
                  {row.sameTaxIdCount > 0 ? (
                    <Badge variant="outline" className="ml-2" data-testid="sa-same-tax-id" title={t("superadmin:sameTaxIdHint", { taxId: row.taxId ?? "" })}>
                      {t("superadmin:sameTaxId", { count: row.sameTaxIdCount })}
                    </Badge>
                  ) : null}
                </TD>
                <TD>
                  <a className="text-primary underline" href={`${tenantOrigin(row.subdomain)}/auth/signin`}>
                    {row.subdomain}
                  </a>
                </TD>
                <TD>{productName(row.product)}</TD>
                <TD>{row.userCount}</TD>
                <TD>{date(row.trialEndsAt)}</TD>
                <TD>
                  <Badge variant={row.status === "active" ? "success" : "destructive"}>{t(`superadmin:status.${row.status}`)}</Badge>
                </TD>
                <TD className="text-right">
                  {row.status === "active" ? (
                    <Button variant="outline" size="sm" onClick={() => setStatus.mutate({ tenantId: row.id, status: "suspended" })}>
                      {t("superadmin:suspend")}
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => setStatus.mutate({ tenantId: row.id, status: "active" })}>
                      {t("superadmin:reactivate")}
                    </Button>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </CardContent>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating ? <CreateTenantDialog onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </Card>
  );
}

type Values = z.input<typeof registerInput>;

function CreateTenantDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(registerInput),
    defaultValues: { businessName: "", subdomain: "", taxId: "", ownerName: "", email: "", password: "", product: "pos" },
  });
  const create = useMutation(
    trpc.superAdmin.tenants.create.mutationOptions({
      onSuccess: async (row) => {
        await qc.invalidateQueries({ queryKey: trpc.superAdmin.tenants.list.queryKey() });
        toast({ title: t("superadmin:created", { subdomain: row.subdomain }), variant: "success" });
        onDone();
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error))) form.setError(field as keyof Values, { message });
      },
    }),
  );
  const errors = form.formState.errors;
  const field = (name: Exclude<keyof Values, "product">, type = "text") => (
    <Field label={t(`auth:fields.${name}`)} htmlFor={`sa-${name}`} error={tMessage(errors[name]?.message)} required>
      <Input id={`sa-${name}`} type={type} {...form.register(name)} aria-invalid={!!errors[name]} />
    </Field>
  );
  return (
    <DialogContent closeLabel={t("common:actions.close")}>
      <DialogHeader>
        <DialogTitle>{t("superadmin:newTenant")}</DialogTitle>
        <DialogDescription>{t("superadmin:newTenantHint")}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => create.mutate(registerInput.parse(v)))} noValidate>
        {field("businessName")}
        {field("subdomain")}
        {field("taxId")}
        <Field label={t("superadmin:fields.product")} htmlFor="sa-product">
          <NativeSelect id="sa-product" {...form.register("product")}>
            {PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {productName(p)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {field("ownerName")}
        {field("email", "email")}
        {field("password", "password")}
        <div className="flex items-end justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onDone}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="sa-create">
            {create.isPending ? t("common:saving") : t("superadmin:create")}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
