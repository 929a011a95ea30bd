import { toBig } from "../../../../shared/catalog/decimal";
import { whatsappNumber } from "../../../../shared/platform/whatsapp";

/**
 * The payment link's amount after a payment: what is still due when something is, else the
 * amount just paid (a payment recorded to be collected through the link).
 */
export function paymentLinkAmount(balanceAfter: string, amountPaid: string): string {
  return toBig(balanceAfter).gt(0) ? toBig(balanceAfter).toFixed(2) : toBig(amountPaid).toFixed(2);
}

/**
 * A WhatsApp share address: to the customer's number when there is one (a Dominican 10-digit
 * number 809/829/849 gets the country code 1), else WhatsApp's own contact picker.
 */
export function whatsappShareUrl(text: string, phone?: string | null): string {
  const digits = whatsappNumber(phone ?? "");
  const to = digits.length >= 8 ? digits : "";
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}
