import { toMinorUnits } from "../card-terminal/minor-units";
import { Big, toBig } from "../catalog/decimal";

/** The ITBIS rate a payment link reports on an invoice's pending amount (spec 02: "itbis (pending × 18, rounded)"). */
export const PAYMENT_LINK_ITBIS_RATE = "0.18";

/** paymentLink.create's payload for an invoice (spec 02 §7), every amount in minor units. */
export interface InvoicePaymentLinkPayload {
  orderNumber: string;
  amount: number;
  itbis: number;
  language: "ES";
  clientContractNumber: string;
  customerName: string;
  invoiceId: string;
  email: string | null;
}

/**
 * The payload the payment link dialog sends for an invoice: orderNumber 'INV-{number}-{timestamp}',
 * amount = pending × 100 rounded, itbis = pending × 18 rounded (the 18% ITBIS of the pending
 * amount, in centavos), language 'ES', clientContractNumber = the e-mail, else the customer name.
 * Decimal arithmetic only (big.js through toMinorUnits).
 */
export function invoicePaymentLinkPayload(
  invoice: { id: string; number: string; balanceDue: string; customerName: string },
  email: string | null | undefined,
  timestamp: number = Date.now(),
): InvoicePaymentLinkPayload {
  const pending = toBig(invoice.balanceDue);
  const mail = email?.trim() || null;
  return {
    orderNumber: `INV-${invoice.number}-${timestamp}`,
    amount: toMinorUnits(pending.toFixed(2)),
    itbis: toMinorUnits(pending.times(PAYMENT_LINK_ITBIS_RATE).round(4, Big.roundHalfUp).toFixed(4)),
    language: "ES",
    clientContractNumber: mail ?? invoice.customerName,
    customerName: invoice.customerName,
    invoiceId: invoice.id,
    email: mail,
  };
}

/** An appointment's deposit (spec 01): orderNumber 'APT-…', itbis 0, with the customer's name and a description. */
export function appointmentPaymentLinkPayload(appointment: { id: string; amount: string; customerName: string; description: string }, timestamp: number = Date.now()) {
  return {
    orderNumber: `APT-${appointment.id.slice(0, 8)}-${timestamp}`,
    amount: toMinorUnits(toBig(appointment.amount).toFixed(2)),
    itbis: 0,
    language: "ES" as const,
    clientContractNumber: appointment.customerName,
    customerName: appointment.customerName,
    description: appointment.description,
  };
}
