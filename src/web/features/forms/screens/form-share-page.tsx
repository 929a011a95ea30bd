import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClipboardCopy, Download, ExternalLink, Info } from "lucide-react";
import QRCode from "qrcode";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useTRPC } from "../../../app/trpc";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../components/ui/use-toast";
import { usePermissions } from "../../../lib/permissions";
import { AccessDenied, RequirePermission } from "../../shell/guards";
import { FormPageHeader, useFormOf } from "./form-common";
import { embedSnippet, publicFormUrl } from "./format";

export function FormSharePage() {
  return (
    <RequirePermission permission="forms.view">
      <ShareScreen />
    </RequirePermission>
  );
}

function ShareScreen() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { can } = usePermissions();
  const form = useFormOf(id);
  const f = form.data;
  const url = f ? publicFormUrl(f.slug, window.location.origin) : "";
  const embed = f ? embedSnippet(url, f.name) : "";
  const [qr, setQr] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!url) return;
    let live = true;
    void QRCode.toDataURL(url, { width: 320, margin: 2, errorCorrectionLevel: "M" }).then((data) => {
      if (live) setQr(data);
    });
    return () => {
      live = false;
    };
  }, [url]);

  const visibility = useMutation(
    trpc.form.update.mutationOptions({
      onSuccess: async (updated) => {
        await qc.invalidateQueries(trpc.form.pathFilter());
        toast({ variant: "success", title: updated.isPublic ? t("formScreens:toast.madePublic") : t("formScreens:toast.madePrivate") });
      },
    }),
  );

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ variant: "success", title: t("formScreens:toast.copied") });
    } catch {
      toast({ variant: "destructive", title: t("formScreens:toast.copyFailed") });
    }
  };

  if (form.isError) return <AccessDenied message={form.error.message || t("formScreens:loadError")} />;
  const archived = f?.status === "archived";
  const notice = !f ? null : archived ? t("formScreens:share.archived") : f.status !== "published" ? t("formScreens:share.notPublished") : !f.isPublic ? t("formScreens:share.notPublic") : null;
  const canChange = can("forms.update") && !archived;

  return (
    <div className="grid gap-4">
      <FormPageHeader formId={id} name={f?.name} status={f?.status} loading={form.isLoading} title={t("formScreens:share.title")} subtitle={f ? t("formScreens:share.subtitle", { name: f.name }) : undefined} />
      {f ? (
        <div className={notice ? "flex gap-3 rounded-md border border-warning bg-warning/10 p-4 text-sm" : "flex gap-3 rounded-md border border-success bg-success/10 p-4 text-sm"} role="status" data-testid="share-notice">
          <Info className="mt-0.5 size-4 shrink-0" />
          <p>{notice ?? t("formScreens:share.ready")}</p>
        </div>
      ) : null}
      {f && !archived ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
            <div className="grid gap-1">
              <Label htmlFor="form-public">{t("formScreens:share.makePublic")}</Label>
              <p className="text-sm text-muted-foreground">{t("formScreens:share.makePublicHint")}</p>
            </div>
            <Switch
              id="form-public"
              checked={f.isPublic}
              disabled={!canChange || visibility.isPending}
              onCheckedChange={(v) => visibility.mutate({ id: f.id, isPublic: v })}
              data-testid="form-public-switch"
            />
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{t("formScreens:share.link")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {f ? (
                <>
                  <Input readOnly value={url} aria-label={t("formScreens:share.link")} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" onClick={() => void copy(url)} data-testid="copy-link">
                      <ClipboardCopy />
                      {t("formScreens:share.copyLink")}
                    </Button>
                    <Button asChild variant="outline">
                      <a href={url} target="_blank" rel="noopener noreferrer">
                        <ExternalLink />
                        {t("formScreens:share.open")}
                      </a>
                    </Button>
                  </div>
                </>
              ) : (
                <Skeleton className="h-10 w-full" />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("formScreens:share.embed")}</CardTitle>
              <CardDescription>{t("formScreens:share.embedHint")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <textarea
                readOnly
                value={embed}
                rows={4}
                aria-label={t("formScreens:share.embed")}
                className="w-full resize-none break-all rounded-md border bg-muted/40 p-3 font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
                data-testid="share-embed"
              />
              <div>
                <Button type="button" variant="outline" disabled={!f} onClick={() => void copy(embed)} data-testid="copy-embed">
                  <ClipboardCopy />
                  {t("formScreens:share.copyEmbed")}
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>
        <Card className="content-start">
          <CardHeader>
            <CardTitle>{t("formScreens:share.qr")}</CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-3">
            {qr && f ? (
              <>
                <img src={qr} alt={t("formScreens:share.qrAlt", { name: f.name })} width={240} height={240} className="size-60 rounded-md border bg-white" data-testid="share-qr" />
                <Button asChild variant="outline">
                  <a href={qr} download={`${f.slug}-qr.png`} data-testid="download-qr">
                    <Download />
                    {t("formScreens:share.downloadQr")}
                  </a>
                </Button>
              </>
            ) : (
              <Skeleton className="size-60" />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
