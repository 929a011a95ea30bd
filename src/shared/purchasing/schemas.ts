import { z } from "zod";
import { decimal, money } from "../catalog/decimal";
import { calendarDate } from "../platform/dates";
import { pageNumber } from "../platform/pagination";
import { wholeNumber } from "../platform/whole-number";
import { PURCHASE_ORDER_STATUSES } from "./status";

/**
 * Purchase orders and their configuration (issue 13 §1, §2, §5): one set of zod schemas for the
 * form and the server. Messages are i18n keys; validation per spec 03 §7: provider required,
 * warehouse required, at least one product.
 */
export const PO = {
  providerRequired: "purchasing:errors.providerRequired",
  warehouseRequired: "purchasing:errors.warehouseRequired",
  productsRequired: "purchasing:errors.productsRequired",
  productRequired: "purchasing:errors.productRequired",
  invalidQuantity: "purchasing:errors.invalidQuantity",
  invalidReceiveQuantity: "purchasing:errors.invalidReceiveQuantity",
  invalidCost: "purchasing:errors.invalidCost",
  invalidTaxPercent: "purchasing:errors.invalidTaxPercent",
  invalidPercent: "purchasing:errors.invalidPercent",
  expectedBeforeOrder: "purchasing:errors.expectedBeforeOrder",
  invalidPrefix: "purchasing:errors.invalidPrefix",
  invalidWidth: "purchasing:errors.invalidWidth",
  tooLong: "purchasing:errors.tooLong",
  invalidEmail: "purchasing:errors.invalidEmail",
} as const;

/** The largest quantity a line takes (numeric(14,4)). */
export const QUANTITY_MAX = "9999999999.9999";
/** Lines per order. */
export const MAX_LINES = 500;

/** A quantity ordered: more than 0, at most 4 decimal places (never rounded silently). */
export const orderQuantity = (message: string = PO.invalidQuantity) => decimal({ scale: 4, min: 0, max: QUANTITY_MAX, maxPlaces: 4, positive: true, message });
/** A quantity received on a line: 0 or more (0 = nothing of that line this time), at most 4 decimal places. */
export const receiveQuantity = () => decimal({ scale: 4, min: 0, max: QUANTITY_MAX, maxPlaces: 4, message: PO.invalidReceiveQuantity });
const percent = (message: string) => decimal({ scale: 2, min: 0, max: 100, maxPlaces: 2, message });

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const optionalUuid = (message?: string) => z.preprocess(blankToNull, z.string().uuid(message).nullable()).optional().transform((v) => v ?? null);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, PO.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalDate = () => z.preprocess(blankToNull, calendarDate().nullable()).optional().transform((v) => v ?? null);

export const purchaseOrderLineInput = z.object({
  productId: z.string({ error: PO.productRequired }).uuid(PO.productRequired),
  quantity: orderQuantity(),
  /** without ITBIS */
  unitCost: money(PO.invalidCost),
  taxPercent: percent(PO.invalidTaxPercent).optional().default("0.00"),
  /** the provider's own code for the product, as printed on the order */
  providerCode: optionalText(100),
});
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInput>;

const orderFields = {
  providerId: z.string({ error: PO.providerRequired }).uuid(PO.providerRequired),
  warehouseId: z.string({ error: PO.warehouseRequired }).uuid(PO.warehouseRequired),
  orderDate: calendarDate(),
  expectedDate: optionalDate(),
  /** an invoice condition (payment terms) of the tenant */
  paymentTermId: optionalUuid(),
  notes: optionalText(2000),
  lines: z.array(purchaseOrderLineInput, { error: PO.productsRequired }).min(1, PO.productsRequired).max(MAX_LINES, PO.tooLong),
};

const expectedAfterOrder = (o: { orderDate: string; expectedDate: string | null }, ctx: z.RefinementCtx) => {
  if (o.expectedDate && o.expectedDate < o.orderDate) ctx.addIssue({ code: "custom", path: ["expectedDate"], message: PO.expectedBeforeOrder });
};

export const purchaseOrderCreateInput = z
  .object({
    ...orderFields,
    /** Client-generated: the same key twice returns the first order. */
    idempotencyKey: z.string().min(8).max(100).optional(),
  })
  .superRefine(expectedAfterOrder);
export type PurchaseOrderCreateInput = z.output<typeof purchaseOrderCreateInput>;

export const purchaseOrderUpdateInput = z.object({ id: z.string().uuid(), ...orderFields }).superRefine(expectedAfterOrder);
export type PurchaseOrderUpdateInput = z.output<typeof purchaseOrderUpdateInput>;

export const purchaseOrderIdInput = z.object({ id: z.string().uuid() });

export const purchaseOrderListInput = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES).optional(),
  providerId: z.string().uuid().optional(),
  warehouseId: z.string().uuid().optional(),
  dateFrom: calendarDate().optional(),
  dateTo: calendarDate().optional(),
  search: z.string().trim().max(100).optional().default(""),
  page: pageNumber().optional().default(1),
  pageSize: wholeNumber(1, 100).optional().default(20),
});
export type PurchaseOrderListInput = z.output<typeof purchaseOrderListInput>;

export const purchaseOrderCancelInput = z.object({ id: z.string().uuid(), reason: optionalText(500) });

export const purchaseOrderSendInput = z.object({
  id: z.string().uuid(),
  /** email: the PDF to the provider's e-mail (or `email`); whatsapp: a click-to-chat link with the order's summary */
  channel: z.enum(["email", "whatsapp"]).optional().default("email"),
  email: z
    .string()
    .trim()
    .max(254, PO.invalidEmail)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.regexes.email.test(v), PO.invalidEmail),
  phoneNumber: optionalText(30),
  language: z.enum(["es", "en"]).nullish(),
});

export const purchaseReceiveInput = z.object({
  id: z.string().uuid(),
  /** Client-generated: the same key twice returns the first receipt, never a second one. */
  clientKey: z.string().min(8).max(100),
  lines: z
    .array(z.object({ lineId: z.string().uuid(), quantity: receiveQuantity() }))
    .min(1, PO.productsRequired)
    .max(MAX_LINES, PO.tooLong),
  notes: optionalText(1000),
});
export type PurchaseReceiveInput = z.output<typeof purchaseReceiveInput>;

export const purchaseProductDefaultsInput = z.object({
  providerId: z.string().uuid().nullish(),
  productIds: z.array(z.string().uuid()).min(1).max(MAX_LINES),
});

/** Configuration defaults for a tenant that never saved any. */
export const PURCHASE_SETTINGS_DEFAULTS = {
  approvalThreshold: "25000.00",
  receivingTolerancePercent: "0.00",
  defaultPaymentTermId: null as string | null,
  numberPrefix: "OC-",
  numberWidth: 6,
  digestEnabled: false,
};

export const purchaseSettingsInput = z.object({
  /** Orders whose total is at or under it are approved on submit; above it they need purchase_orders.approve. */
  approvalThreshold: money(PO.invalidCost),
  /** How much more than ordered a line may receive, in percent of its quantity (0 = never more). */
  receivingTolerancePercent: percent(PO.invalidPercent),
  defaultPaymentTermId: optionalUuid(),
  numberPrefix: z
    .string()
    .trim()
    .min(1, PO.invalidPrefix)
    .max(10, PO.invalidPrefix)
    .regex(/^[A-Za-z0-9_/-]+$/, PO.invalidPrefix),
  numberWidth: wholeNumber(1, 10, PO.invalidWidth),
  digestEnabled: z.boolean(),
});
export type PurchaseSettingsInput = z.output<typeof purchaseSettingsInput>;

/** The order number a prefix and width give (the preview in configuration): OC- and 6 → OC-000001. */
export function formatOrderNumber(prefix: string, width: number, n: number): string {
  return `${prefix}${String(n).padStart(width, "0")}`;
}
