import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Ban, CircleCheck, Pencil } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useTRPC } from "../../app/trpc";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { usePermissions } from "../../lib/permissions";
import { RequirePermission } from "../shell/guards";
import { ProviderNotFound, useGoBack } from "./provider-common";
import { displayTaxId, formatDecimal, formatPesos, type Provider } from "./provider-format";

/** /home/providers/:id: read-only details with Edit and Activate/Deactivate. */
export function ProviderDetailsPage() {
  const { id = "" } = useParams();
  return (
    <RequirePermission permission="providers.view">
      <ProviderDetails id={id} />
    </RequirePermission>
  );
}

function ProviderDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { can } = usePermissions();
  const goBack = useGoBack();
  const query = useQuery({ ...trpc.provider.getById.queryOptions({ id }), meta: { silent: true } });
  if (query.isLoading) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-9 w-72" />
        <div className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      </div>
    );
  }
  const p = query.data;
  if (!p) return <ProviderNotFound />;
  const canUpdate = can("providers.update");
  const days = p.paymentTerms === null ? "" : p.paymentTerms === 0 ? t("providers:cashTerms") : t("providers:days", { count: p.paymentTerms });

  return (
    <div className="grid gap-4" data-testid="provider-details">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="icon" onClick={goBack} aria-label={t("providers:actions.back")} title={t("providers:actions.back")}>
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 break-words text-2xl font-bold">{p.name}</h1>
            {p.isActive ? (
              <Badge variant="success" data-testid="provider-status">
                {t("common:status.active")}
              </Badge>
            ) : (
              <Badge variant="outline" data-testid="provider-status">
                {t("common:status.inactive")}
              </Badge>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            {t("providers:details")} · <span className="font-mono">{p.code}</span>
          </p>
        </div>
        {canUpdate ? (
          <div className="flex flex-wrap gap-2">
            <ActiveToggle provider={p} />
            <Button asChild data-testid="edit-provider">
              <Link to={`/home/providers/${p.id}/edit`}>
                <Pencil />
                {t("providers:actions.edit")}
              </Link>
            </Button>
          </div>
        ) : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <InfoCard title={t("providers:sections.general")}>
          <Info label={t("providers:fields.code")} value={p.code} mono />
          <Info label={t("providers:fields.name")} value={p.name} />
          <Info label={t("providers:fields.companyName")} value={p.companyName} />
          <Info label={t("providers:fields.taxId")} value={displayTaxId(p.taxId)} mono />
        </InfoCard>
        <InfoCard title={t("providers:sections.contact")}>
          <Info label={t("providers:fields.contactPerson")} value={p.contactPerson} />
          <Info label={t("providers:fields.contactPosition")} value={p.contactPosition} />
          <Info label={t("providers:fields.phone")} value={p.phone} href={p.phone ? `tel:${p.phone}` : undefined} />
          <Info label={t("providers:fields.mobile")} value={p.mobile} href={p.mobile ? `tel:${p.mobile}` : undefined} />
          <Info label={t("providers:fields.email")} value={p.email} href={p.email ? `mailto:${p.email}` : undefined} />
          <Info label={t("providers:fields.website")} value={p.website} href={p.website ?? undefined} external />
        </InfoCard>
        <InfoCard title={t("providers:sections.address")}>
          <Info label={t("providers:fields.address")} value={p.address} />
          <Info label={t("providers:fields.city")} value={p.city} />
          <Info label={t("providers:fields.state")} value={p.state} />
          <Info label={t("providers:fields.country")} value={p.country} />
          <Info label={t("providers:fields.postalCode")} value={p.postalCode} />
        </InfoCard>
        <InfoCard title={t("providers:sections.terms")}>
          <Info label={t("providers:fields.paymentTerms")} value={days} />
          <Info label={t("providers:fields.creditLimit")} value={formatPesos(p.creditLimit)} numeric />
          <Info label={t("providers:fields.discountPercent")} value={p.discountPercent ? `${formatDecimal(p.discountPercent)} %` : ""} numeric />
        </InfoCard>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("providers:sections.notes")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-1">
              <span className="text-xs font-medium text-muted-foreground">{t("providers:fields.description")}</span>
              <p className="whitespace-pre-wrap text-sm">{p.description || "—"}</p>
            </div>
            <div className="grid gap-1">
              <span className="text-xs font-medium text-muted-foreground">{t("providers:fields.notes")}</span>
              <p className="whitespace-pre-wrap text-sm">{p.notes || "—"}</p>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-[12rem_1fr]">{children}</dl>
      </CardContent>
    </Card>
  );
}

function Info({ label, value, mono, numeric, href, external }: { label: string; value: string | null | undefined; mono?: boolean; numeric?: boolean; href?: string; external?: boolean }) {
  const text = value || "—";
  const className = mono ? "font-mono text-sm" : numeric ? "text-sm tabular-nums" : "text-sm";
  return (
    <>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={className}>
        {value && href ? (
          <a href={href} className="text-primary hover:underline" {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {text}
          </a>
        ) : (
          text
        )}
      </dd>
    </>
  );
}

/** Activate at once; deactivate after one plain question that says nothing is deleted. */
function ActiveToggle({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [confirming, setConfirming] = React.useState(false);
  const setActive = useMutation(
    trpc.provider.setActive.mutationOptions({
      meta: { silent: true },
      onSuccess: async (p) => {
        setConfirming(false);
        await qc.invalidateQueries(trpc.provider.pathFilter());
        toast({ title: p.isActive ? t("providers:toast.activated") : t("providers:toast.deactivated"), description: p.name, variant: "success" });
      },
      onError: (error) => toast({ variant: "destructive", title: t("providers:toast.statusError"), description: error.message || undefined }),
    }),
  );
  if (!provider.isActive) {
    return (
      <Button variant="outline" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: provider.id, isActive: true })} data-testid="activate-provider">
        <CircleCheck />
        {t("providers:actions.activate")}
      </Button>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)} data-testid="deactivate-provider">
        <Ban />
        {t("providers:actions.deactivate")}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t("common:actions.close")}>
          <DialogHeader>
            <DialogTitle>{t("providers:deactivate.title")}</DialogTitle>
            <DialogDescription>{t("providers:deactivate.message", { name: provider.name })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button variant="destructive" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: provider.id, isActive: false })} data-testid="confirm-deactivate">
              {t("providers:actions.deactivate")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
