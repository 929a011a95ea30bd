import { z } from "zod";
import { Big, decimal, money } from "../catalog/decimal";
import { DEFAULT_CUSTOMER_ID } from "./cart";
import { isPercentDiscount } from "./pricing";

/**
 * The POS checkout contract (zod 4), shared by the server's procedures and the client's forms.
 * Messages are i18n keys of the `pos` namespace ('pos:errors.…').
 */

export const POS_ERROR_KEYS = {
  invalidId: "pos:errors.invalidId",
  customerRequired: "pos:errors.customerRequired",
  warehouseRequired: "pos:errors.warehouseRequired",
  cartEmpty: "pos:errors.cartEmpty",
  quantityPositive: "pos:errors.quantityPositive",
  invalidPrice: "pos:errors.invalidPrice",
  invalidDiscount: "pos:errors.invalidDiscount",
  discountPercentRange: "pos:errors.discountPercentRange",
  paymentMethodRequired: "pos:errors.paymentMethodRequired",
  currencyRequired: "pos:errors.currencyRequired",
  amountPositive: "pos:errors.amountPositive",
  holdNameRequired: "pos:errors.holdNameRequired",
  textTooLong: "pos:errors.textTooLong",
  tooManyItems: "pos:errors.tooManyItems",
} as const;

const E = POS_ERROR_KEYS;
export const POS_MAX_ITEMS = 500;
export const POS_MAX_PAYMENTS = 20;

const idOf = (message: string) => z.string({ error: message }).uuid(message);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E.textTooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** percentage_discount and bundle_discount are percents (0–100); other types a fixed amount ≥ 0. */
export const posDiscountInput = z
  .object({
    type: z.string({ error: E.invalidDiscount }).trim().min(1, E.invalidDiscount).max(50, E.invalidDiscount),
    value: decimal({ scale: 2, min: 0, message: E.invalidDiscount }),
    description: optionalText(200),
  })
  .superRefine((d, ctx) => {
    if (isPercentDiscount(d.type) && new Big(d.value).gt(100)) ctx.addIssue({ code: "custom", path: ["value"], message: E.discountPercentRange });
  });

export const posAlternateCodeUsageInput = z.object({
  alternateCodeId: z.string().uuid(E.invalidId).optional(),
  id: z.string().uuid(E.invalidId),
  sku: optionalText(100),
  barcode: optionalText(100),
  description: optionalText(300),
  quantity: decimal({ scale: 4, min: 0, positive: true, message: E.quantityPositive }),
  providerId: z.string().uuid(E.invalidId).nullish(),
});

export const posCartItemInput = z.object({
  productId: idOf(E.invalidId),
  quantity: decimal({ scale: 4, min: 0, positive: true, max: "99999999", message: E.quantityPositive }),
  /** only for a variable-price product; the server ignores it otherwise */
  price: money(E.invalidPrice).optional(),
  discount: posDiscountInput.nullish().transform((v) => v ?? undefined),
  alternateCodeUsages: z.array(posAlternateCodeUsageInput).max(50).optional(),
  sellerId: z.string().uuid(E.invalidId).nullish(),
});
export type PosCartItemInput = z.infer<typeof posCartItemInput>;

const items = z.array(posCartItemInput, { error: E.cartEmpty }).max(POS_MAX_ITEMS, E.tooManyItems);

/**
 * A card payment's terminal answer (issue 12): the approved transaction the POS got from the card
 * provider before it recorded the sale. transactionId is the terminal's own key (the lane's
 * InvoiceNumber, the card service's id): one terminal transaction pays one payment, never two.
 */
export const posCardPaymentInput = z.object({
  providerId: idOf(E.invalidId),
  transactionId: z.string({ error: E.invalidId }).trim().min(1, E.invalidId).max(100, E.textTooLong),
  reference: optionalText(100),
  authorizationCode: optionalText(50),
  maskedPan: optionalText(30),
  entryMode: optionalText(10),
  cardType: optionalText(50),
  terminalId: optionalText(50),
  merchantId: optionalText(50),
  batchNumber: optionalText(50),
  /** the invoice number the POS sent with the sale (the card service pays a return back against it) */
  invoiceNumber: optionalText(50),
});
export type PosCardPaymentInput = z.infer<typeof posCardPaymentInput>;

export const posPaymentInput = z.object({
  paymentMethodId: idOf(E.paymentMethodRequired),
  currencyId: idOf(E.currencyRequired),
  amount: money(E.amountPositive, { positive: true }),
  reference: optionalText(100),
  /** the approved terminal transaction, when the method charges through a card provider */
  card: posCardPaymentInput.optional(),
});
export type PosPaymentInput = z.infer<typeof posPaymentInput>;

export const posCheckoutInput = z.object({
  /** the idempotency key: the same id twice returns the first order */
  clientOrderId: idOf(E.invalidId),
  customerId: z.union([z.literal(DEFAULT_CUSTOMER_ID), z.string().uuid(E.customerRequired)], { error: E.customerRequired }),
  warehouseId: idOf(E.warehouseRequired),
  cashboxId: z.string().uuid(E.invalidId).optional(),
  ncfTypeId: z.string().uuid(E.invalidId).optional(),
  items: items.min(1, E.cartEmpty),
  payments: z.array(posPaymentInput).max(POS_MAX_PAYMENTS),
  notes: optionalText(1000),
  /** the verified one-time-code request that authorizes discounts above the products' maximums */
  customDiscountRequestId: z.string().trim().min(1).max(100).optional(),
});
export type PosCheckoutInput = z.infer<typeof posCheckoutInput>;

/** Cart validation (recalculation) input: the cart's items, possibly none. */
export const posValidateCartInput = z.object({ items });
export type PosValidateCartInput = z.infer<typeof posValidateCartInput>;

/** pos.holdInvoice: name, customerId, items[]{productId, quantity, price, discount, alternateCodeUsages[]}. */
export const posHoldInvoiceInput = z.object({
  name: z.string({ error: E.holdNameRequired }).trim().min(1, E.holdNameRequired).max(100, E.textTooLong),
  customerId: z
    .union([z.literal(DEFAULT_CUSTOMER_ID), z.string().uuid(E.customerRequired)])
    .nullish()
    .transform((v) => v ?? DEFAULT_CUSTOMER_ID),
  items: z
    .array(
      posCartItemInput.extend({
        price: money(E.invalidPrice),
        alternateCodeUsages: z.array(posAlternateCodeUsageInput).max(50).default([]),
      }),
      { error: E.cartEmpty },
    )
    .min(1, E.cartEmpty)
    .max(POS_MAX_ITEMS, E.tooManyItems),
});
export type PosHoldInvoiceInput = z.infer<typeof posHoldInvoiceInput>;
