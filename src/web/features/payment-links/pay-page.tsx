import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CreditCard, SearchX, XCircle } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatMoney } from "../../../shared/money/format";
import { SANDBOX_TEST_CARDS } from "../../../shared/payment-link/sandbox-cards";
import { useTRPC } from "../../app/trpc";
import { LanguageSelector } from "../../components/language-selector";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/dates";

/** '4111111111111111' → '4111 1111 1111 1111'. */
const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/**
 * /pay/:id: the SANDBOX provider's hosted payment page (issue 12 §5), public, tenant from the host.
 * The customer enters a test card; the server's sandbox charges it and posts its signed callback,
 * which records the payment on the invoice. Paid, expired and cancelled links say so.
 */
export function PayPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.paymentLink.getPublic.queryOptions({ id }, { enabled: !!id }), retry: false, meta: { silent: true } });

  return (
    <div className="min-h-screen bg-background">
      <header className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 pt-4">
        <Badge variant="warning" data-testid="pay-sandbox-badge">
          {t("paymentLinks:pay.sandboxBadge")}
        </Badge>
        <LanguageSelector />
      </header>
      <main className="mx-auto grid max-w-lg gap-4 p-4" data-testid="pay-page">
        {query.isLoading ? <Skeleton className="h-96 w-full" /> : query.data ? <PayView link={query.data} /> : <NotAvailable />}
      </main>
    </div>
  );
}

function NotAvailable() {
  const { t } = useTranslation();
  return (
    <Card className="mt-10" data-testid="pay-not-found">
      <CardHeader className="items-center text-center">
        <SearchX className="size-10 text-muted-foreground" />
        <CardTitle>{t("paymentLinks:pay.notFoundTitle")}</CardTitle>
        <CardDescription>{t("paymentLinks:pay.notFound")}</CardDescription>
      </CardHeader>
    </Card>
  );
}

type PublicLink = { id: string; business: string; invoiceNumber: string | null; orderNumber: string; amount: string; currency: string; description: string | null; status: string; expiresAt: string; cardLast4: string | null };

function PayView({ link }: { link: PublicLink }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const amount = formatMoney(link.amount, lang, link.currency);
  const [cardNumber, setCardNumber] = React.useState("");
  const [expiry, setExpiry] = React.useState("");
  const [cvc, setCvc] = React.useState("");
  const [holderName, setHolderName] = React.useState("");
  const [declined, setDeclined] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  const pay = useMutation(
    trpc.paymentLink.pay.mutationOptions({
      onSuccess: async (r) => {
        setError(null);
        setDeclined(r.result === "declined" ? (r.reason ?? "") : null);
        await qc.invalidateQueries(trpc.paymentLink.getPublic.queryFilter({ id: link.id }));
      },
      onError: (e) => {
        setDeclined(null);
        setError(e.message);
      },
    }),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    pay.mutate({ id: link.id, cardNumber, expiry, cvc, holderName: holderName || null });
  };

  const header = (
    <CardHeader>
      <CardTitle>{t("paymentLinks:pay.title", { business: link.business })}</CardTitle>
      <CardDescription>
        {link.invoiceNumber ? t("paymentLinks:pay.invoice", { number: link.invoiceNumber }) : t("paymentLinks:pay.order", { number: link.orderNumber })}
        {link.description ? ` · ${link.description}` : ""}
      </CardDescription>
    </CardHeader>
  );

  if (link.status !== "pending") {
    const paid = link.status === "paid";
    return (
      <Card data-testid="pay-result" data-status={link.status}>
        {header}
        <CardContent className="grid justify-items-center gap-2 text-center">
          {paid ? <CheckCircle2 className="size-12 text-success" aria-hidden /> : <XCircle className="size-12 text-muted-foreground" aria-hidden />}
          <p className="text-lg font-semibold">{t(paid ? (pay.isSuccess ? "paymentLinks:pay.approvedTitle" : "paymentLinks:pay.paidTitle") : `paymentLinks:pay.${link.status === "expired" ? "expiredTitle" : "cancelledTitle"}`)}</p>
          <p className="text-muted-foreground">{paid ? t(pay.isSuccess ? "paymentLinks:pay.approvedText" : "paymentLinks:pay.paidText", { amount }) : t("paymentLinks:pay.unavailableText")}</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      {header}
      <CardContent className="grid gap-4">
        <div className="rounded-[var(--radius-card)] border bg-muted/40 p-3">
          <div className="text-sm text-muted-foreground">{t("paymentLinks:pay.amount")}</div>
          <div className="text-3xl font-bold tabular-nums" data-testid="pay-amount">
            {amount}
          </div>
          <div className="text-xs text-muted-foreground">{t("paymentLinks:pay.expires", { date: formatDate(link.expiresAt, lang) })}</div>
        </div>
        <form className="grid gap-3" onSubmit={submit} noValidate>
          <div className="grid gap-1">
            <Label htmlFor="pay-card">{t("paymentLinks:pay.cardNumber")}</Label>
            <Input id="pay-card" inputMode="numeric" autoComplete="cc-number" maxLength={23} value={cardNumber} onChange={(e) => setCardNumber(e.target.value)} placeholder="4111 1111 1111 1111" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <Label htmlFor="pay-expiry">{t("paymentLinks:pay.expiry")}</Label>
              <Input id="pay-expiry" autoComplete="cc-exp" maxLength={7} value={expiry} onChange={(e) => setExpiry(e.target.value)} placeholder="12/30" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="pay-cvc">{t("paymentLinks:pay.cvc")}</Label>
              <Input id="pay-cvc" inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={cvc} onChange={(e) => setCvc(e.target.value)} placeholder="123" />
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="pay-holder">{t("paymentLinks:pay.holder")}</Label>
            <Input id="pay-holder" autoComplete="cc-name" maxLength={100} value={holderName} onChange={(e) => setHolderName(e.target.value)} />
          </div>
          {declined !== null ? (
            <div role="alert" className="rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-3 text-sm" data-testid="pay-declined">
              <p className="font-semibold text-destructive">{t("paymentLinks:pay.declinedTitle")}</p>
              <p>{declined && i18n.exists(`paymentLinks:pay.reasons.${declined}`) ? t(`paymentLinks:pay.reasons.${declined}`) : t("paymentLinks:pay.declinedText")}</p>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="pay-error">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={pay.isPending} data-testid="pay-submit">
            <CreditCard /> {pay.isPending ? t("paymentLinks:pay.processing") : t("paymentLinks:pay.submit", { amount })}
          </Button>
        </form>
        <div className="rounded-[var(--radius-card)] border border-dashed p-3 text-xs text-muted-foreground" data-testid="pay-test-cards">
          <p className="font-medium">{t("paymentLinks:pay.testCards")}</p>
          <ul>
            {SANDBOX_TEST_CARDS.map((c) => (
              <li key={c.number}>
                <span className="font-mono">{groups(c.number)}</span> — {t(c.outcome === "approved" ? "paymentLinks:pay.approveCard" : "paymentLinks:pay.declineCard")}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
