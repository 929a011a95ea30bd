import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, Link2, Mail } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import { invoicePaymentLinkPayload } from "../../../shared/payment-link/payload";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/dates";

export interface LinkableInvoice {
  id: string;
  number: string;
  balanceDue: string;
  customer: { name: string; email?: string | null; isDefault?: boolean };
}

/** How long the copy button says 'Copiado' (spec 02: 2 s). */
export const COPIED_MS = 2000;

/** Copies text to the clipboard; false when the browser refuses (the link stays selectable in its field). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy button that says 'Copiado' for COPIED_MS after a copy. */
export function useCopied() {
  const [copied, setCopied] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  React.useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async (text: string) => {
    const ok = await copyText(text);
    if (!ok) return false;
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    return true;
  };
  return { copied, copy };
}

/**
 * 'Enlace de pago' (spec 02 'Payment link dialog'): invoice, customer and amount (what is pending),
 * an optional client e-mail, the generated link with a copy button ('Copiado' for 2 s),
 * 'Enviar por correo' (needs an e-mail) and 'Listo'. Not created → created: the link is shown and
 * copied to the clipboard. Without a configured provider: the notice to contact the administrator.
 */
export function PaymentLinkDialog({ invoice, open, onOpenChange }: { invoice: LinkableInvoice; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const config = useQuery({ ...trpc.paymentLink.checkConfig.queryOptions(), enabled: open });
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [link, setLink] = React.useState<{ id: string; url: string; expiresAt: string } | null>(null);
  const { copied, copy } = useCopied();

  React.useEffect(() => {
    if (!open) return;
    setEmail(invoice.customer.isDefault ? "" : (invoice.customer.email ?? ""));
    setError(null);
    setLink(null);
  }, [open, invoice.id]);

  const create = useMutation(
    trpc.paymentLink.create.mutationOptions({
      onSuccess: async (answer) => {
        if (!answer.success || !answer.linkFullUrl) {
          setError(answer.success ? t("paymentLinks:errors.createFailed") : answer.errorDescription || t("paymentLinks:errors.createFailed"));
          return;
        }
        setLink({ id: answer.id, url: answer.linkFullUrl, expiresAt: answer.expiresAt });
        if (await copy(answer.linkFullUrl)) toast({ variant: "success", title: t("paymentLinks:dialog.copiedToast") });
        await qc.invalidateQueries(trpc.paymentLink.pathFilter());
      },
      onError: (e) => setError(e.message || t("paymentLinks:errors.createFailed")),
    }),
  );
  const send = useMutation(
    trpc.paymentLink.sendEmail.mutationOptions({
      onSuccess: (r, input) => toast({ variant: "success", title: t(r.status === "outbox" ? "paymentLinks:dialog.sentOutbox" : "paymentLinks:dialog.sent", { email: input.email }) }),
      onError: (e) => setError(e.message),
    }),
  );

  const generate = () => {
    setError(null);
    create.mutate(invoicePaymentLinkPayload({ id: invoice.id, number: invoice.number, balanceDue: invoice.balanceDue, customerName: invoice.customer.name }, email));
  };
  const sendEmail = () => {
    if (!link) return;
    const to = email.trim();
    if (!to) return setError(t("paymentLinks:errors.emailRequired"));
    setError(null);
    send.mutate({ id: link.id, email: to });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-lg" data-testid="payment-link-dialog">
        <DialogHeader>
          <DialogTitle>{t("paymentLinks:dialog.title")}</DialogTitle>
          <DialogDescription>{t("paymentLinks:dialog.description")}</DialogDescription>
        </DialogHeader>
        {config.data === false ? (
          <div role="status" className="grid gap-1 rounded-[var(--radius-card)] border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="payment-link-not-configured">
            <p className="font-semibold">{t("paymentLinks:dialog.notConfiguredTitle")}</p>
            <p className="text-muted-foreground">{t("paymentLinks:dialog.notConfiguredHint")}</p>
          </div>
        ) : (
          <div className="grid gap-3">
            <dl className="grid grid-cols-3 gap-2 rounded-[var(--radius-card)] border bg-muted/40 p-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("paymentLinks:dialog.invoice")}</dt>
                <dd className="font-semibold">{invoice.number}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("paymentLinks:dialog.customer")}</dt>
                <dd className="font-semibold">{invoice.customer.name}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("paymentLinks:dialog.amount")}</dt>
                <dd className="font-semibold tabular-nums" data-testid="payment-link-amount">
                  {formatMoney(invoice.balanceDue, lang)}
                </dd>
              </div>
            </dl>
            <div className="grid gap-1">
              <Label htmlFor="payment-link-email">{t("paymentLinks:dialog.email")}</Label>
              <Input id="payment-link-email" type="email" value={email} maxLength={254} placeholder={t("paymentLinks:dialog.emailPlaceholder")} onChange={(e) => setEmail(e.target.value)} data-testid="payment-link-email" />
            </div>
            {link ? (
              <div className="grid gap-1">
                <Label htmlFor="payment-link-url">{t("paymentLinks:dialog.link")}</Label>
                <div className="flex gap-2">
                  <Input id="payment-link-url" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} data-testid="payment-link-url" />
                  <Button type="button" variant="outline" onClick={() => void copy(link.url)} data-testid="payment-link-copy" aria-live="polite">
                    {copied ? <Check /> : <Copy />}
                    {copied ? t("paymentLinks:dialog.copied") : t("paymentLinks:dialog.copy")}
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">{t("paymentLinks:dialog.expires", { date: formatDate(link.expiresAt, lang) })}</p>
              </div>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-destructive" data-testid="payment-link-error">
                {error}
              </p>
            ) : null}
          </div>
        )}
        <DialogFooter className="flex-wrap">
          {config.data && !link ? (
            <Button type="button" onClick={generate} disabled={create.isPending} data-testid="payment-link-generate">
              <Link2 /> {create.isPending ? t("paymentLinks:dialog.generating") : t("paymentLinks:dialog.generate")}
            </Button>
          ) : null}
          {link ? (
            <Button type="button" variant="outline" onClick={sendEmail} disabled={send.isPending} data-testid="payment-link-send-email">
              <Mail /> {t("paymentLinks:dialog.sendEmail")}
            </Button>
          ) : null}
          <Button type="button" variant={link ? "default" : "outline"} onClick={() => onOpenChange(false)} data-testid="payment-link-done">
            {t("paymentLinks:dialog.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
