/**
 * WhatsApp click-to-chat numbers: digits only; a Dominican 10-digit number (809, 829, 849) gets the
 * country code 1. Used by receipts, purchase orders and appointment messages.
 */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 && /^(809|829|849)/.test(digits) ? `1${digits}` : digits;
}

/** The wa.me link that opens a chat with the text, or null when the phone is not a usable number. */
export function whatsappLink(phone: string, text: string): string | null {
  const n = whatsappNumber(phone);
  return n.length < 8 || n.length > 15 ? null : `https://wa.me/${n}?text=${encodeURIComponent(text)}`;
}
