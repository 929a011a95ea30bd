import { z } from "zod";
import { fromMinorUnits } from "../card-terminal/minor-units";
import { money, toBig } from "../catalog/decimal";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { cardDigits } from "./sandbox-cards";
import { MAX_PAYMENT_LINK_TTL_DAYS, MIN_PAYMENT_LINK_TTL_DAYS, PAYMENT_LINK_STATUSES } from "./status";

const E = (key: string) => `paymentLinks:errors.${key}`;

/**
 * An amount in minor units (centavos, as the spec's payload sends it: pending × 100) answered as
 * pesos with 2 decimals ('595.00'), through the one money schema: a whole number ≥ 0 (JSON
 * number or its digits), never NaN, Infinity, a fraction or beyond MONEY_MAX.
 */
export function minorUnitsMoney(message: string, opts: { positive?: boolean } = {}) {
  const pesos = money(message, opts);
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isSafeInteger(value) ? String(value) : "") : value.trim();
    const parsed = /^\d{1,15}$/.test(text) ? pesos.safeParse(fromMinorUnits(text)) : null;
    if (!parsed?.success) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return parsed.data;
  });
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E("textTooLong"))
    .nullish()
    .transform((v) => v || null);

/** An optional e-mail: '' or absent is none. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, E("invalidEmail"))
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email(E("invalidEmail")).nullable());

/**
 * paymentLink.create (spec 02 §7 for invoices, spec 01 for appointments): orderNumber
 * ('INV-{number}-{timestamp}' or 'APT-…'), amount and itbis in minor units, language 'ES',
 * clientContractNumber; customerName, description and email optional; invoiceId binds the link
 * to an invoice whose payment it records when paid. The same orderNumber again answers the
 * link it already made.
 */
export const paymentLinkCreateInput = z
  .object({
    orderNumber: z
      .string({ error: E("orderNumberRequired") })
      .trim()
      .min(1, E("orderNumberRequired"))
      .max(64, E("orderNumberInvalid"))
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, E("orderNumberInvalid")),
    amount: minorUnitsMoney(E("amountPositive"), { positive: true }),
    itbis: minorUnitsMoney(E("itbisInvalid")).optional(),
    language: z.enum(["ES", "EN"], { error: E("languageInvalid") }).optional().default("ES"),
    clientContractNumber: z.string({ error: E("clientContractRequired") }).trim().min(1, E("clientContractRequired")).max(200, E("textTooLong")),
    customerName: optionalText(200),
    description: optionalText(500),
    email: optionalEmail,
    invoiceId: z.uuid(E("invalidId")).nullish(),
  })
  .transform((input) => ({ ...input, itbis: input.itbis ?? "0.00" }))
  .superRefine((input, ctx) => {
    if (toBig(input.itbis).gt(input.amount)) ctx.addIssue({ code: "custom", path: ["itbis"], message: E("itbisAboveAmount") });
  });
export type PaymentLinkCreateInput = z.input<typeof paymentLinkCreateInput>;

export const paymentLinkListInput = z.object({
  /** the order number, customer, e-mail or invoice number, whole or a part */
  search: z.string().trim().max(100, E("textTooLong")).optional().default(""),
  status: z.enum(PAYMENT_LINK_STATUSES, { error: E("statusInvalid") }).optional(),
  invoiceId: z.uuid(E("invalidId")).optional(),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 200).optional().default(20),
});
export type PaymentLinkListInput = z.input<typeof paymentLinkListInput>;

export const paymentLinkIdInput = z.object({ id: z.uuid(E("invalidId")) });

/** paymentLink.sendEmail: the link by e-mail ('Please enter an email address' when there is none). */
export const paymentLinkSendEmailInput = z.object({
  id: z.uuid(E("invalidId")),
  email: z
    .string({ error: E("emailRequired") })
    .trim()
    .min(1, E("emailRequired"))
    .max(254, E("invalidEmail"))
    .pipe(z.email(E("invalidEmail"))),
  language: z.enum(["es", "en"]).nullish(),
});

/** paymentLink.pay (the sandbox's hosted page): the test card. */
export const paymentLinkPayInput = z.object({
  id: z.uuid(E("invalidId")),
  cardNumber: z
    .string({ error: E("cardNumberInvalid") })
    .max(40, E("cardNumberInvalid"))
    .transform(cardDigits)
    .pipe(z.string().regex(/^\d{12,19}$/, E("cardNumberInvalid"))),
  expiry: z.string({ error: E("expiryInvalid") }).trim().max(10, E("expiryInvalid")).regex(/^\d{2}\s*\/\s*\d{2}$/, E("expiryInvalid")),
  cvc: z.string({ error: E("cvcInvalid") }).trim().regex(/^\d{3,4}$/, E("cvcInvalid")),
  holderName: optionalText(100),
});

/** paymentLink.updateSettings (Settings → Enlaces de pago). */
export const paymentLinkSettingsInput = z.object({
  isEnabled: z.boolean({ error: E("invalidValue") }),
  provider: z.enum(["sandbox"], { error: E("providerInvalid") }).optional().default("sandbox"),
  ttlDays: wholeNumber(MIN_PAYMENT_LINK_TTL_DAYS, MAX_PAYMENT_LINK_TTL_DAYS, E("ttlInvalid")),
  paymentMethodId: z.uuid(E("invalidId")).nullish(),
});
export type PaymentLinkSettingsInput = z.input<typeof paymentLinkSettingsInput>;
