import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Loader2, Mail, MessageCircle, Printer } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../shared/money/format";
import { useTRPC } from "../../app/trpc";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { isTextField } from "../../lib/keyboard";
import { receiptErrorMessage } from "./receipt-actions";

export interface CompletedOrder {
  orderId: string;
  orderNumber: string;
  ncf: string | null;
  total: string;
  changeAmount: string;
  customerEmail: string | null;
  customerPhone: string | null;
  receiptData: unknown;
}


/**
 * After checkout: 'Procesando Orden...' while the order id is 'pending', then 'Orden Completada'
 * with print (F2), WhatsApp (F3), e-mail (F4) and 'Omitir'; Escape closes. The shortcuts work
 * only when the order is complete and no text field has focus.
 */
export function PostOrderDialog({
  order,
  onClose,
  onPrint,
  lang,
}: {
  /** null: closed; orderId 'pending': still saving */
  order: CompletedOrder | null;
  onClose: () => void;
  onPrint: (order: CompletedOrder) => Promise<void>;
  lang: string;
}) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [mode, setMode] = React.useState<"none" | "email" | "whatsapp">("none");
  const [email, setEmail] = React.useState("");
  const [phone, setPhone] = React.useState("");
  const pending = order?.orderId === "pending";
  const complete = !!order && !pending;

  React.useEffect(() => {
    setMode("none");
    setEmail(order?.customerEmail ?? "");
    setPhone(order?.customerPhone ?? "");
  }, [order?.orderId, order?.customerEmail, order?.customerPhone]);

  const sendEmail = useMutation(
    trpc.pos.sendReceiptEmail.mutationOptions({
      onSuccess: (r) => {
        toast({ title: r.status === "outbox" ? t("pos:post.emailQueued") : t("pos:post.emailSent") });
        setMode("none");
      },
      onError: (e) => toast({ title: t("pos:post.emailError"), description: receiptErrorMessage(e, t), variant: "destructive" }),
    }),
  );
  const sendWhatsApp = useMutation(
    trpc.pos.sendReceiptWhatsApp.mutationOptions({
      onSuccess: (r) => {
        window.open(r.url, "_blank", "noopener");
        setMode("none");
      },
      onError: (e) => toast({ title: t("pos:post.whatsappError"), description: receiptErrorMessage(e, t), variant: "destructive" }),
    }),
  );

  // Printing through the browser gives the focus back once the print dialog closes (printHtml), so Escape, F3 and F4 keep working.
  const print = React.useCallback(() => {
    if (order && complete) void onPrint(order);
  }, [order, complete, onPrint]);

  const submitEmail = React.useCallback(() => {
    if (!order || !complete) return;
    if (!email.trim()) {
      // Opening the field asks for nothing yet; sending an empty one says it is required.
      if (mode === "email") toast({ title: t("pos:post.emailRequired"), variant: "destructive" });
      else setMode("email");
      return;
    }
    sendEmail.mutate({ orderId: order.orderId, email: email.trim() });
  }, [order, complete, email, mode, sendEmail, t]);

  const submitWhatsApp = React.useCallback(() => {
    if (!order || !complete) return;
    if (!phone.trim()) {
      setMode("whatsapp");
      return;
    }
    sendWhatsApp.mutate({ orderId: order.orderId, phoneNumber: phone.trim(), language: lang === "en" ? "en" : "es" });
  }, [order, complete, phone, sendWhatsApp, lang]);

  React.useEffect(() => {
    if (!complete) return;
    function onKey(e: KeyboardEvent) {
      if (isTextField(document.activeElement)) return;
      if (e.key === "F2") {
        e.preventDefault();
        print();
      } else if (e.key === "F3") {
        e.preventDefault();
        submitWhatsApp();
      } else if (e.key === "F4") {
        e.preventDefault();
        submitEmail();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [complete, print, submitEmail, submitWhatsApp]);

  return (
    <Dialog
      open={!!order}
      onOpenChange={(open) => {
        if (!open && complete) onClose();
      }}
    >
      <DialogContent closeLabel={t("common:actions.close")} className="max-w-lg" onEscapeKeyDown={(e) => (pending ? e.preventDefault() : undefined)} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            {pending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />}
            {pending ? t("pos:post.processing") : t("pos:post.completed")}
          </DialogTitle>
          <DialogDescription>{complete ? t("pos:post.summary", { number: order.orderNumber, ncf: order.ncf ?? "—" }) : t("pos:post.wait")}</DialogDescription>
        </DialogHeader>
        {complete ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 text-center">
              <div className="rounded-md border p-3">
                <dt className="text-xs text-muted-foreground">{t("pos:totals.total")}</dt>
                <dd className="text-xl font-bold tabular-nums">{formatMoney(order.total, lang)}</dd>
              </div>
              <div className="rounded-md border bg-muted p-3">
                <dt className="text-xs text-muted-foreground">{t("pos:checkout.change")}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="post-change">
                  {formatMoney(order.changeAmount, lang)}
                </dd>
              </div>
            </dl>
            {mode === "email" ? (
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  submitEmail();
                }}
              >
                <Input type="email" autoFocus aria-label={t("pos:post.email")} placeholder={t("pos:post.email")} value={email} onChange={(e) => setEmail(e.target.value)} className="h-11" />
                <Button type="submit" disabled={sendEmail.isPending} className="h-11">
                  {t("pos:post.send")}
                </Button>
              </form>
            ) : null}
            {mode === "whatsapp" ? (
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  submitWhatsApp();
                }}
              >
                <Input type="tel" autoFocus aria-label={t("pos:post.phone")} placeholder="809-555-0101" value={phone} onChange={(e) => setPhone(e.target.value)} className="h-11" />
                <Button type="submit" disabled={sendWhatsApp.isPending} className="h-11">
                  {t("pos:post.send")}
                </Button>
              </form>
            ) : null}
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Button type="button" variant="outline" className="h-14 flex-col gap-0" onClick={print}>
                <Printer className="size-4" aria-hidden />
                <span>{t("pos:post.print")}</span>
                <span className="text-[10px] text-muted-foreground">F2</span>
              </Button>
              <Button type="button" variant="outline" className="h-14 flex-col gap-0" onClick={() => (mode === "whatsapp" ? submitWhatsApp() : setMode("whatsapp"))}>
                <MessageCircle className="size-4" aria-hidden />
                <span>{t("pos:post.whatsapp")}</span>
                <span className="text-[10px] text-muted-foreground">F3</span>
              </Button>
              <Button type="button" variant="outline" className="h-14 flex-col gap-0" onClick={() => (mode === "email" ? submitEmail() : setMode("email"))}>
                <Mail className="size-4" aria-hidden />
                <span>{t("pos:post.emailAction")}</span>
                <span className="text-[10px] text-muted-foreground">F4</span>
              </Button>
              <Button type="button" className="h-14 flex-col gap-0" onClick={onClose} autoFocus>
                <span>{t("pos:post.skip")}</span>
                <span className="text-[10px] opacity-80">Esc</span>
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
