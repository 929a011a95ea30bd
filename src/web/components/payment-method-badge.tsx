import { ArrowLeftRight, Banknote, CreditCard, type LucideIcon, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../lib/utils";

/** Spec 02 'Payment-method badges': CARD, CASH, TRANSFER, CHECK, CREDIT, drawn as cash, card, transfer or other. */
const ICONS: Record<string, LucideIcon> = { CASH: Banknote, CARD: CreditCard, TRANSFER: ArrowLeftRight };
const NAMED = new Set(["CARD", "CASH", "TRANSFER", "CHECK", "CREDIT"]);

/** A payment method as an icon with its name as the tooltip (and the accessible name). */
export function PaymentMethodBadge({ code, name, className }: { code: string; name?: string; className?: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[code] ?? Wallet;
  const label = NAMED.has(code) ? t(`common:paymentMethodBadge.${code}`) : (name ?? code);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="payment-method-badge"
      data-code={code}
      className={cn("inline-flex size-6 items-center justify-center rounded-full border bg-muted text-muted-foreground", className)}
    >
      <Icon className="size-3.5" aria-hidden />
    </span>
  );
}

/** The badges of an invoice's payment methods, one per method. */
export function PaymentMethodBadges({ methods }: { methods: readonly { code: string; name?: string }[] }) {
  if (methods.length === 0) return null;
  return (
    <span className="inline-flex gap-1">
      {methods.map((m) => (
        <PaymentMethodBadge key={m.code} code={m.code} name={m.name} />
      ))}
    </span>
  );
}
