import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, ExternalLink } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useTRPC } from "../../../app/trpc";
import { FormActionBar } from "../../../components/form-actions";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Field } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/use-toast";
import { baseDomain } from "../../../lib/host";
import { ConfigHeader, FlagSwitch, useErrorToast } from "../config/common";

const PAGES = ["home", "services", "about", "contact", "booking"] as const;
type Page = { enabled: boolean; title: string | null; body: string | null };
type Config = {
  is_enabled: boolean;
  subdomain_path: string;
  custom_domain: string | null;
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
  font_family: string;
  custom_css: string | null;
  pages: Record<(typeof PAGES)[number], Page>;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  require_deposit: boolean;
  terms_text: string | null;
};

const textarea = "min-h-20 rounded-[var(--radius-input)] border border-input bg-background px-3 py-2 text-sm";

/**
 * Portal (spec 03 §3 'Portal config'): enabled, path, custom domain, logo, colours, font, custom CSS,
 * pages with their texts, SEO, deposit and terms; and the shareable booking links. At
 * /home/appointments/links the links come first.
 */
export function PortalPage() {
  return <PortalScreen />;
}

function PortalScreen({ linksFirst = false }: { linksFirst?: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const config = useQuery(trpc.appointment.getPortalConfig.queryOptions());
  const links = <BookingLinks enabled={config.data?.is_enabled ?? false} path={config.data?.subdomain_path ?? "book"} titled={!linksFirst} />;
  return (
    <div className="grid gap-4" data-testid="appointment-portal-page">
      <ConfigHeader
        title={t(linksFirst ? "bookingPortal:admin.linksTitle" : "bookingPortal:admin.title")}
        subtitle={t(linksFirst ? "bookingPortal:admin.linksSubtitle" : "bookingPortal:admin.subtitle")}
      />
      {linksFirst ? links : null}
      {config.data ? <PortalForm initial={config.data as Config} /> : <Skeleton className="h-96 w-full" />}
      {linksFirst ? null : links}
    </div>
  );
}

export function LinksPage() {
  return <PortalScreen linksFirst />;
}

function PortalForm({ initial }: { initial: Config }) {
  const { t } = useTranslation();
  const isDomainRefusal = (message: string, domain: string) =>
    message === t("bookingPortal:errors.domainTaken", { domain: domain.trim().toLowerCase().replace(/\.$/, "") }) || message === t("bookingPortal:errors.domainOnPlatform", { base: baseDomain() });
  const trpc = useTRPC();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const [form, setForm] = React.useState<Config>(initial);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const set = (patch: Partial<Config>) => setForm((f) => ({ ...f, ...patch }));
  const setPage = (key: (typeof PAGES)[number], patch: Partial<Page>) => setForm((f) => ({ ...f, pages: { ...f.pages, [key]: { ...f.pages[key], ...patch } } }));
  const save = useMutation(
    trpc.appointment.updatePortalConfig.mutationOptions({
      onSuccess: async (saved) => {
        setErrors({});
        setForm(saved as Config);
        await qc.invalidateQueries(trpc.appointment.getPortalConfig.queryFilter());
        await qc.invalidateQueries(trpc.portal.getConfig.queryFilter());
        toast({ variant: "success", title: t("bookingPortal:admin.saved") });
      },
      onError: (e) => {
        const fields = (e.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
        if (fields) setErrors(fields);
        // The custom domain's server-side refusals (the platform's own domain, another business's) go under its field too.
        else if (form.custom_domain && isDomainRefusal(e.message, form.custom_domain)) setErrors({ custom_domain: e.message });
        onError(t("bookingPortal:errors.saveFailed"))(e);
      },
    }),
  );
  const text = (v: string | null) => v ?? "";
  const blank = (v: string) => (v.trim() === "" ? null : v);

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(form);
      }}
      noValidate
      data-testid="portal-config-form"
    >
      <Card>
        <CardHeader>
          <CardTitle>{t("bookingPortal:admin.general")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <FlagSwitch id="portal-enabled" label={t("bookingPortal:admin.enabled")} hint={t("bookingPortal:admin.enabledHint")} checked={form.is_enabled} onChange={(v) => set({ is_enabled: v })} />
          </div>
          <Field label={t("bookingPortal:admin.path")} htmlFor="portal-path" required error={errors.subdomain_path} hint={t("bookingPortal:admin.pathHint")}>
            <Input id="portal-path" value={form.subdomain_path} onChange={(e) => set({ subdomain_path: e.target.value })} />
          </Field>
          <Field label={t("bookingPortal:admin.customDomain")} htmlFor="portal-domain" error={errors.custom_domain} hint={t("bookingPortal:admin.customDomainHint")}>
            <Input id="portal-domain" placeholder="citas.midominio.com" value={text(form.custom_domain)} onChange={(e) => set({ custom_domain: blank(e.target.value) })} />
          </Field>
          <FlagSwitch id="portal-deposit" label={t("bookingPortal:admin.requireDeposit")} hint={t("bookingPortal:admin.requireDepositHint")} checked={form.require_deposit} onChange={(v) => set({ require_deposit: v })} />
          <Field label={t("bookingPortal:admin.terms")} htmlFor="portal-terms" error={errors.terms_text} className="md:col-span-2">
            <textarea id="portal-terms" className={textarea} rows={4} value={text(form.terms_text)} onChange={(e) => set({ terms_text: blank(e.target.value) })} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("bookingPortal:admin.look")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 md:grid-cols-2">
          <Field label={t("bookingPortal:admin.logo")} htmlFor="portal-logo" error={errors.logo_url} className="md:col-span-2">
            <Input id="portal-logo" placeholder="https://…/logo.png" value={text(form.logo_url)} onChange={(e) => set({ logo_url: blank(e.target.value) })} />
          </Field>
          {(["primary_color", "secondary_color"] as const).map((key) => (
            <Field key={key} label={t(`bookingPortal:admin.${key === "primary_color" ? "primaryColor" : "secondaryColor"}`)} htmlFor={`portal-${key}`} required error={errors[key]}>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={t(`bookingPortal:admin.${key === "primary_color" ? "primaryColor" : "secondaryColor"}`)}
                  value={/^#[0-9a-fA-F]{6}$/.test(form[key]) ? form[key] : "#000000"}
                  onChange={(e) => set({ [key]: e.target.value })}
                  className="h-10 w-12 cursor-pointer rounded border bg-background"
                />
                <Input id={`portal-${key}`} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} className="font-mono" />
              </div>
            </Field>
          ))}
          <Field label={t("bookingPortal:admin.font")} htmlFor="portal-font" required error={errors.font_family}>
            <Input id="portal-font" list="portal-fonts" value={form.font_family} onChange={(e) => set({ font_family: e.target.value })} />
            <datalist id="portal-fonts">
              {["system-ui", "Inter, sans-serif", "Georgia, serif", "Poppins, sans-serif", "Roboto, sans-serif"].map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </Field>
          <Field label={t("bookingPortal:admin.customCss")} htmlFor="portal-css" error={errors.custom_css} className="md:col-span-2">
            <textarea id="portal-css" className={`${textarea} font-mono`} rows={4} value={text(form.custom_css)} onChange={(e) => set({ custom_css: blank(e.target.value) })} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("bookingPortal:admin.pages")}</CardTitle>
          <CardDescription>{t("bookingPortal:admin.pagesHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {PAGES.map((key) => (
            <div key={key} className="grid gap-2 rounded-md border p-3" data-testid={`portal-page-${key}`}>
              <FlagSwitch id={`portal-page-${key}-on`} label={t(`bookingPortal:admin.page.${key}`)} checked={form.pages[key].enabled} onChange={(v) => setPage(key, { enabled: v })} />
              {form.pages[key].enabled ? (
                <div className="grid gap-2 md:grid-cols-[1fr_2fr]">
                  <Field label={t("bookingPortal:admin.pageTitle")} htmlFor={`portal-page-${key}-title`}>
                    <Input id={`portal-page-${key}-title`} value={text(form.pages[key].title)} onChange={(e) => setPage(key, { title: blank(e.target.value) })} />
                  </Field>
                  <Field label={t("bookingPortal:admin.pageBody")} htmlFor={`portal-page-${key}-body`}>
                    <textarea id={`portal-page-${key}-body`} className={textarea} rows={2} value={text(form.pages[key].body)} onChange={(e) => setPage(key, { body: blank(e.target.value) })} />
                  </Field>
                </div>
              ) : null}
            </div>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("bookingPortal:admin.seo")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Field label={t("bookingPortal:admin.metaTitle")} htmlFor="portal-meta-title" error={errors.meta_title}>
            <Input id="portal-meta-title" maxLength={120} value={text(form.meta_title)} onChange={(e) => set({ meta_title: blank(e.target.value) })} />
          </Field>
          <Field label={t("bookingPortal:admin.metaDescription")} htmlFor="portal-meta-description" error={errors.meta_description}>
            <textarea id="portal-meta-description" className={textarea} maxLength={300} value={text(form.meta_description)} onChange={(e) => set({ meta_description: blank(e.target.value) })} />
          </Field>
          <Field label={t("bookingPortal:admin.keywords")} htmlFor="portal-keywords" error={errors.keywords} hint={t("bookingPortal:admin.keywordsHint")}>
            <Input id="portal-keywords" value={text(form.keywords)} onChange={(e) => set({ keywords: blank(e.target.value) })} />
          </Field>
        </CardContent>
      </Card>

      <FormActionBar
        className="bg-background"
        start={
          <Button variant="outline" asChild>
            <a href={`/${initial.subdomain_path}`} target="_blank" rel="noreferrer" data-testid="portal-open">
              <ExternalLink aria-hidden />
              {t("bookingPortal:admin.open")}
            </a>
          </Button>
        }
      >
        <Button type="submit" disabled={save.isPending} data-testid="portal-config-save">
          {save.isPending ? t("bookingPortal:admin.saving") : t("bookingPortal:admin.save")}
        </Button>
      </FormActionBar>
    </form>
  );
}

function CopyButton({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = React.useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={`${t("bookingPortal:admin.copy")}: ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          toast({ variant: "destructive", title: t("bookingPortal:admin.copyFailed") });
        }
      }}
      data-testid="portal-copy-link"
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? t("bookingPortal:admin.copied") : t("bookingPortal:admin.copy")}
    </Button>
  );
}

/** The shareable links under the portal's saved path (/{path}): one per service, and one per professional of each service. */
function BookingLinks({ enabled, path, titled }: { enabled: boolean; path: string; titled: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const services = useQuery(trpc.appointment.getServices.queryOptions());
  const assignments = useQuery(trpc.appointment.getAssignments.queryOptions({}));
  const base = `${window.location.origin}/${path}`;
  const serviceUrl = (id: string) => `${base}?service=${id}`;
  const rows = (assignments.data ?? []) as { employee_id: string; employee_name: string; service_id: string; service_name?: string; is_active: boolean }[];
  return (
    <Card data-testid="portal-links">
      <CardHeader>
        {titled ? <CardTitle>{t("bookingPortal:admin.linksTitle")}</CardTitle> : null}
        <CardDescription>{enabled ? t("bookingPortal:admin.linksHint") : t("bookingPortal:admin.linksDisabled")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
          <div className="min-w-0">
            <p className="font-medium">{t("bookingPortal:admin.allServices")}</p>
            <p className="break-all font-mono text-xs text-muted-foreground" data-testid="portal-link-all">
              {base}
            </p>
          </div>
          <CopyButton url={base} label={t("bookingPortal:admin.allServices")} />
        </div>
        {services.isLoading ? <Skeleton className="h-24 w-full" /> : null}
        {(services.data ?? []).map((s) => (
          <div key={s.id} className="grid gap-2 rounded-md border p-3" data-testid="portal-link-service">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{s.name}</p>
                <p className="break-all font-mono text-xs text-muted-foreground">{serviceUrl(s.id)}</p>
              </div>
              <CopyButton url={serviceUrl(s.id)} label={s.name} />
            </div>
            {rows
              .filter((a) => a.service_id === s.id && a.is_active)
              .map((a) => {
                const url = `${serviceUrl(s.id)}&employee=${a.employee_id}`;
                return (
                  <div key={a.employee_id} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 pl-3" data-testid="portal-link-employee">
                    <div className="min-w-0">
                      <p className="text-sm">{a.employee_name}</p>
                      <p className="break-all font-mono text-xs text-muted-foreground">{url}</p>
                    </div>
                    <CopyButton url={url} label={`${s.name} · ${a.employee_name}`} />
                  </div>
                );
              })}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
