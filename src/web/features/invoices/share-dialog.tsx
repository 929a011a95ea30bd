import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { Copy, Download, Link2Off, Mail, MessageCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import type { AppRouter } from "../../app/trpc";
import { fieldErrors, useTRPC, useTRPCClient } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { tMessage } from "../../lib/i18n";

/** The public copy of an invoice (invoice.getShared). */
export type SharedInvoice = inferRouterOutputs<AppRouter>["invoice"]["getShared"];

/** The signed-in download (letter or 80 mm) in the given language. */
export function invoicePdfUrl(invoiceId: string, format: "letter" | "80mm", lang: string): string {
  return `/api/invoices/${encodeURIComponent(invoiceId)}/pdf?format=${format}&lang=${lang === "en" ? "en" : "es"}`;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ——— The dialog ———

export interface InvoiceShareDialogProps {
  invoiceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customerEmail?: string | null;
  customerPhone?: string | null;
}

/**
 * 'Compartir factura': e-mail with the PDF attached (SMTP or the outbox), a WhatsApp chat with the
 * public link, the PDF download (Carta / 80 mm), and the public read-only link (copy, revoke).
 */
export function InvoiceShareDialog({ invoiceId, open, onOpenChange, customerEmail, customerPhone }: InvoiceShareDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "es";
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [email, setEmail] = React.useState("");
  const [phone, setPhone] = React.useState("");
  const [emailError, setEmailError] = React.useState<string | null>(null);
  const [phoneError, setPhoneError] = React.useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = React.useState(false);
  const linkInput = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => {
    if (!open) return;
    setEmail(customerEmail ?? "");
    setPhone(customerPhone ?? "");
    setEmailError(null);
    setPhoneError(null);
    setConfirmRevoke(false);
  }, [open, customerEmail, customerPhone]);

  const linkOptions = trpc.invoice.getShareLink.queryOptions({ invoiceId }, { enabled: open && !!invoiceId });
  const link = useQuery(linkOptions);
  const setLink = (value: { token: string | null; url: string | null }) => qc.setQueryData(linkOptions.queryKey, value);
  const client = useTRPCClient();

  const sendEmail = useMutation({
    mutationFn: (to: string) => client.invoice.share.mutate({ invoiceId, channel: "email", email: to, language: lang }),
    meta: { silent: true },
    onSuccess: (r, to) => toast({ variant: "success", title: t(r.status === "outbox" ? "invoiceShare:dialog.emailInOutbox" : "invoiceShare:dialog.emailSent", { email: to }) }),
    onError: (e) => {
      const field = fieldErrors(e).email;
      if (field) setEmailError(tMessage(field) ?? field);
      toast({ variant: "destructive", title: t("invoiceShare:dialog.emailError"), description: tMessage(e.message) });
    },
  });

  const whatsapp = useMutation({
    mutationFn: (vars: { phoneNumber: string; popup: Window | null }) => client.invoice.share.mutate({ invoiceId, channel: "whatsapp", phoneNumber: vars.phoneNumber || null, language: lang }),
    meta: { silent: true },
    onSuccess: (r, vars) => {
      if (r.token && r.shareUrl) setLink({ token: r.token, url: r.shareUrl });
      if (!r.url) return;
      if (vars.popup) vars.popup.location.href = r.url;
      else window.open(r.url, "_blank", "noopener");
    },
    onError: (e, vars) => {
      vars.popup?.close();
      const field = fieldErrors(e).phoneNumber;
      if (field) setPhoneError(tMessage(field) ?? field);
      toast({ variant: "destructive", title: t("invoiceShare:dialog.whatsappError"), description: tMessage(e.message) });
    },
  });

  const createLink = useMutation({
    mutationFn: () => client.invoice.share.mutate({ invoiceId, channel: "link", language: lang }),
    meta: { silent: true },
    onError: (e) => toast({ variant: "destructive", title: t("invoiceShare:dialog.linkError"), description: tMessage(e.message) }),
  });

  const revoke = useMutation({
    ...trpc.invoice.revokeShareLink.mutationOptions(),
    meta: { silent: true },
    onSuccess: async () => {
      setLink({ token: null, url: null });
      setConfirmRevoke(false);
      toast({ variant: "success", title: t("invoiceShare:dialog.linkRevoked") });
      await qc.invalidateQueries(trpc.invoice.pathFilter());
    },
    onError: (e) => toast({ variant: "destructive", title: t("invoiceShare:dialog.revokeError"), description: tMessage(e.message) }),
  });

  const submitEmail = (e: React.FormEvent) => {
    e.preventDefault();
    const to = email.trim();
    if (!to) return setEmailError(t("invoiceShare:errors.emailRequired"));
    if (!EMAIL.test(to)) return setEmailError(t("invoiceShare:errors.invalidEmail"));
    setEmailError(null);
    sendEmail.mutate(to);
  };

  const openWhatsApp = (e: React.FormEvent) => {
    e.preventDefault();
    const digits = phone.replace(/\D/g, "");
    if (phone.trim() && (digits.length < 8 || digits.length > 15)) return setPhoneError(t("invoiceShare:errors.invalidPhone"));
    setPhoneError(null);
    // Opened now, while the click still counts as the user's, so no pop-up blocker stops it.
    const popup = window.open("", "_blank");
    if (popup) popup.opener = null;
    whatsapp.mutate({ phoneNumber: phone.trim(), popup });
  };

  const copyLink = async () => {
    let url = link.data?.url ?? null;
    if (!url) {
      const r = await createLink.mutateAsync().catch(() => null);
      if (!r?.url || !r.token) return;
      url = r.url;
      setLink({ token: r.token, url });
      void qc.invalidateQueries(trpc.invoice.getById.pathFilter());
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: "success", title: t("invoiceShare:dialog.linkCopied"), description: url });
    } catch {
      // No clipboard (an insecure page or a refused permission): the address is selected in its field.
      linkInput.current?.select();
      toast({ title: t("invoiceShare:dialog.linkReady"), description: url });
    }
  };

  const url = link.data?.url ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-lg" data-testid="invoice-share-dialog">
        <DialogHeader>
          <DialogTitle>{t("invoiceShare:dialog.title")}</DialogTitle>
          <DialogDescription>{t("invoiceShare:dialog.description")}</DialogDescription>
        </DialogHeader>

        <form className="grid gap-1" onSubmit={submitEmail} noValidate>
          <Label htmlFor="share-email">{t("invoiceShare:dialog.email")}</Label>
          <div className="flex gap-2">
            <Input
              id="share-email"
              type="email"
              autoComplete="email"
              value={email}
              maxLength={254}
              placeholder={t("invoiceShare:dialog.emailPlaceholder")}
              aria-invalid={!!emailError}
              aria-describedby={emailError ? "share-email-error" : undefined}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="share-email"
            />
            <Button type="submit" disabled={sendEmail.isPending} data-testid="share-email-send">
              <Mail /> {t("invoiceShare:dialog.sendEmail")}
            </Button>
          </div>
          {emailError ? (
            <p id="share-email-error" role="alert" className="text-sm text-destructive">
              {emailError}
            </p>
          ) : null}
        </form>

        <form className="grid gap-1" onSubmit={openWhatsApp} noValidate>
          <Label htmlFor="share-phone">{t("invoiceShare:dialog.whatsapp")}</Label>
          <div className="flex gap-2">
            <Input
              id="share-phone"
              type="tel"
              autoComplete="tel"
              value={phone}
              maxLength={30}
              placeholder={t("invoiceShare:dialog.phonePlaceholder")}
              aria-invalid={!!phoneError}
              aria-describedby={phoneError ? "share-phone-error" : undefined}
              onChange={(e) => setPhone(e.target.value)}
              data-testid="share-phone"
            />
            <Button type="submit" variant="outline" disabled={whatsapp.isPending} data-testid="share-whatsapp">
              <MessageCircle /> {t("invoiceShare:dialog.openWhatsApp")}
            </Button>
          </div>
          {phoneError ? (
            <p id="share-phone-error" role="alert" className="text-sm text-destructive">
              {phoneError}
            </p>
          ) : null}
        </form>

        <div className="grid gap-1">
          <span className="text-sm font-medium">{t("invoiceShare:dialog.download")}</span>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={invoicePdfUrl(invoiceId, "letter", lang)} download data-testid="share-download-letter">
                <Download /> {t("invoiceShare:dialog.letter")}
              </a>
            </Button>
            <Button variant="outline" asChild>
              <a href={invoicePdfUrl(invoiceId, "80mm", lang)} download data-testid="share-download-80mm">
                <Download /> {t("invoiceShare:dialog.ticket")}
              </a>
            </Button>
          </div>
        </div>

        <div className="grid gap-2 rounded-[var(--radius-card)] border p-3">
          <span className="text-sm font-medium">{t("invoiceShare:dialog.publicLink")}</span>
          <p className="text-xs text-muted-foreground">{t("invoiceShare:dialog.publicLinkHelp")}</p>
          {url ? (
            <Input ref={linkInput} readOnly value={url} onFocus={(e) => e.currentTarget.select()} aria-label={t("invoiceShare:dialog.publicLink")} data-testid="share-link-url" />
          ) : link.isSuccess ? (
            <p className="text-sm text-muted-foreground" data-testid="share-no-link">
              {t("invoiceShare:dialog.noLink")}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copyLink()} disabled={createLink.isPending || link.isLoading} data-testid="share-copy-link">
              <Copy /> {t("invoiceShare:dialog.copyLink")}
            </Button>
            {url && !confirmRevoke ? (
              <Button variant="ghost" className="text-destructive" onClick={() => setConfirmRevoke(true)} data-testid="share-revoke-link">
                <Link2Off /> {t("invoiceShare:dialog.revokeLink")}
              </Button>
            ) : null}
          </div>
          {url && confirmRevoke ? (
            <div className="grid gap-2 rounded-[var(--radius-card)] border border-destructive/40 p-2" role="alertdialog" aria-labelledby="share-revoke-question">
              <p id="share-revoke-question" className="text-sm">
                {t("invoiceShare:dialog.revokeConfirm")}
              </p>
              <div className="flex justify-end gap-2">
                <Button variant="outline" size="sm" onClick={() => setConfirmRevoke(false)}>
                  {t("common:actions.cancel")}
                </Button>
                <Button variant="destructive" size="sm" onClick={() => revoke.mutate({ invoiceId })} disabled={revoke.isPending} data-testid="share-revoke-confirm">
                  {t("invoiceShare:dialog.revokeLink")}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
