import { and, asc, desc, eq, inArray, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { Big, MONEY_MAX, toBig } from "../../../shared/catalog/decimal";
import { ncfProblem } from "../../../shared/customers/fiscal";
import { NCF_SEQUENCE_DIGITS } from "../../../shared/fiscal/ncf";
import { methodTakesCurrency } from "../../../shared/fiscal-settings/payment-method";
import { translate } from "../../../shared/i18n/translate";
import { balanceDueOf, DEFAULT_CREDIT_DAYS, dueDateOf, paymentStatusOf } from "../../../shared/invoices/balance";
import { businessDate } from "../../../shared/platform/dates";
import { whatsappNumber } from "../../../shared/platform/whatsapp";
import type { ComputedLine } from "../../../shared/pos/pricing";
import { buildReceiptText, RECEIPT_TEXT_WIDTH } from "../../../shared/pos/receipt";
import type { PosCardPaymentInput } from "../../../shared/pos/schemas";
import { type EnginePromotion, priceWithPromotions } from "../../../shared/promotions/engine";
import { commitWith, rowsOf, type Tx } from "../../db/client";
import { jsonInsert } from "../../db/json-insert";
import { newId } from "../../ids";
import { appError, isUniqueViolation, notFound } from "../../trpc/errors";
import { booksOf, booksQuery, entryStatements, periodClosed } from "../accounting/books";
import { type SaleDoc, saleEntry } from "../accounting/postings";
import { reverseSources } from "../accounting/service";
import type { SessionUser } from "../auth/service";
import { users } from "../auth/tables";
import { cardProviders } from "../card-provider/tables";
import { openSessionOf } from "../cashbox/service";
import { rateInForce } from "../currency/service";
import { currencies } from "../currency/tables";
import { addPointMovement, getCustomerForSale, pointMovementStatement, touchCustomerStatement } from "../customer/service";
import { customers } from "../customer/tables";
import { findEmployeeIdForUser } from "../employee/service";
import { employees } from "../employee/tables";
import { applyStockChanges, stockChangeStatement, stockRefusal } from "../inventory/stock";
import { productStock } from "../inventory/tables";
import { invoiceConditions } from "../invoice/tables";
import { escapeHtml, sendMail } from "../mail/service";
import { assertNcfTypeUsable, getDefaultNcfType, getNcfType, jsonValue, ncfRefusal, type TakenNcfRow, takenNcfOf } from "../ncf/service";
import { ncfTypes } from "../ncf/tables";
import { isCustomDiscountAuthorized } from "../otp/service";
import { paymentMethods } from "../payment-method/tables";
import { findMaxDiscounts } from "../product/service";
import { products } from "../product/tables";
import { cartPromotions } from "../promotion/service";
import { ORDER_SERIES } from "../sequence/service";
import { tenantConfigs, type tenants } from "../tenant/tables";
import { checkTender, reverseTenders, spendTenders, tenderKindOf } from "../tender/service";
import { warehouses } from "../warehouse/tables";
import { cashboxes, cashboxSessions, heldInvoices, orderItems, orderPayments, orders } from "./tables";

type Tenant = typeof tenants.$inferSelect;
export interface PosContext {
  tx: Tx;
  tenant: Tenant;
  user: SessionUser;
}

export interface CartItemInput {
  productId: string;
  quantity: string;
  price?: string | null;
  /**
   * A unit price set by the server itself (an appointment's price with its employee's override):
   * no client schema has it, so a browser can never send one.
   */
  unitPrice?: string;
  discount?: { type: string; value: string; description?: string | null } | null;
  alternateCodeUsages?: unknown[] | null;
  sellerId?: string | null;
}

export interface PaymentInput {
  paymentMethodId: string;
  currencyId: string;
  amount: string;
  reference?: string | null;
  card?: PosCardPaymentInput;
}

export interface CheckoutInput {
  clientOrderId: string;
  customerId: string;
  warehouseId: string;
  cashboxId?: string | null;
  ncfTypeId?: string | null;
  items: CartItemInput[];
  payments: PaymentInput[];
  notes?: string | null;
  customDiscountRequestId?: string | null;
}

/** What the back-office invoice form adds to a sale (createInvoice). */
export interface InvoiceInput extends CheckoutInput {
  /** pos (the POS screen) | invoice (the back-office invoice form) */
  source: "pos" | "invoice";
  /** payment terms: their days set the due date; a credit condition lets the invoice stay unpaid */
  invoiceConditionId?: string | null;
  /** the invoice's seller, also credited with every line that names none */
  sellerId?: string | null;
  /** the kind of invoice (its NCF type is used when none is chosen) */
  invoiceTypeId?: string | null;
  /** the id the invoice takes: a draft being issued keeps its own (its row is gone by then) */
  orderId?: string;
  /**
   * Writes of the calling document that name the new invoice (give `orderId` so they can), sent in
   * the invoice's own last round trip right after its rows, so a foreign key to the invoice holds
   * and they commit with it (a dental plan's procedures take the invoice's id).
   */
  linkedWrites?: readonly SQLWrapper[];
}

/** The code of the payment method that sells on credit ('fiado'): its amount stays owed. */
export const CREDIT_METHOD_CODE = "CREDIT";

const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  variablePrice: products.variablePrice,
  isTaxable: products.isTaxable,
  priceIncludesTax: products.priceIncludesTax,
  taxPercent: products.taxPercent,
  productType: products.productType,
  costPrice: products.costPrice,
  eligibleForRewards: products.eligibleForRewards,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
};
type SaleProduct = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };

/** Active, not deleted products of the tenant, by id (unknown ids are simply absent). */
export async function loadProducts(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, SaleProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select(productColumns)
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, unique), eq(products.isActive, true), isNull(products.deletedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The server's own prices (the catalog price unless the product has a variable price), with the
 * promotions in force (src/shared/promotions, the same rules the POS screen shows). Lines come
 * back with their product, the discount that priced them (the cashier's or the promotions'), the
 * promotions applied and the amounts. A client never names a promotion: they are found here.
 */
export function priceItems(items: CartItemInput[], catalog: Map<string, SaleProduct>, promotions: readonly EnginePromotion[] = [], today = "") {
  const cart = priceWithPromotions(
    items.map((item) => {
      const product = catalog.get(item.productId);
      if (!product) throw appError("NOT_FOUND", "pos:errors.productUnavailable", { id: item.productId });
      const price = item.unitPrice ?? (product.variablePrice && item.price != null ? toBig(item.price).toFixed(2) : product.price);
      return {
        item,
        productId: product.id,
        categoryId: product.categoryId,
        product: { price, tax_percent: product.taxPercent, is_taxable: product.isTaxable, price_includes_tax: product.priceIncludesTax },
        catalogProduct: product,
        quantity: item.quantity,
        discount: item.discount ?? null,
      };
    }),
    promotions,
    today,
  );
  return {
    lines: cart.lines.map((l) => ({ item: l.input.item, product: l.input.catalogProduct, price: l.unitPrice, discount: l.input.discount ?? null, promotion: l.input.promotion, amounts: l })),
    totals: { subtotal: cart.subtotal, discountTotal: cart.discountTotal, taxTotal: cart.taxTotal, total: cart.total },
  };
}

/** A catalog product as the POS cart keeps it (the spec's Cart item product). */
function cartProductOf(p: SaleProduct, price: string) {
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    price,
    tax_percent: p.taxPercent,
    is_taxable: p.isTaxable,
    price_includes_tax: p.priceIncludesTax,
    variable_price: p.variablePrice,
    image_url: p.imageUrl,
    category_id: p.categoryId,
  };
}

/**
 * pos.getCartStock: the quantity each good of the cart has in the warehouse (services have no
 * stock and are left out) and whether the tenant lets stock go below zero — the POS warns before
 * a sale takes more than there is. NOT_FOUND for another tenant's warehouse.
 */
export async function getCartStock(tx: Tx, tenantId: string, warehouseId: string, productIds: string[]) {
  const [warehouse, rule] = await Promise.all([
    tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, warehouseId))),
    salesSettings(tx, tenantId),
  ]);
  if (warehouse.length === 0) throw notFound();
  const ids = [...new Set(productIds)];
  const rows = ids.length
    ? rowsOf<{ product_id: string; available: string }>(
        await tx.execute(sql`
          SELECT p.id AS product_id, coalesce(s.current_quantity, 0)::text AS available
          FROM ${products} p LEFT JOIN ${productStock} s ON s.tenant_id = p.tenant_id AND s.product_id = p.id AND s.warehouse_id = ${warehouseId}
          WHERE p.tenant_id = ${tenantId} AND p.id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND p.product_type = 'product'`),
      )
    : [];
  return { allowNegative: rule.allowNegative, stock: Object.fromEntries(rows.map((r) => [r.product_id, toBig(r.available).toFixed(4)])) };
}

/** pos.validateCart: the cart as the server prices it, promotions included (unknown or inactive products are dropped). */
export async function validateCart(tx: Tx, tenant: Tenant, items: CartItemInput[]) {
  const today = businessDate(new Date(), tenant.timezone);
  const ids = items.map((i) => i.productId);
  const [catalog, promotions] = await Promise.all([loadProducts(tx, tenant.id, ids), cartPromotions(tx, tenant.id, today, ids)]);
  const kept = items.filter((i) => catalog.has(i.productId) && toBig(i.quantity).gt(0));
  const removed = items.filter((i) => !catalog.has(i.productId)).map((i) => i.productId);
  const { lines, totals } = priceItems(kept, catalog, promotions, today);
  return {
    items: lines.map(({ item, product, price, discount, promotion, amounts }) => ({
      productId: product.id,
      price,
      product: cartProductOf(product, price),
      quantity: item.quantity,
      discount: item.discount ?? null,
      alternateCodeUsages: item.alternateCodeUsages ?? [],
      ...lineAmounts(amounts),
      /** the promotions the line got (the server's word: the screen shows these) and what they save */
      promotions: promotion.applied,
      promotionSaving: promotion.source === "promotion" ? promotion.saving : "0.00",
      appliedDiscount: discount,
    })),
    removed,
    ...totals,
  };
}

function lineAmounts(line: ComputedLine) {
  return { subtotal: line.subtotal, discountAmount: line.discountAmount, taxAmount: line.taxAmount, total: line.total, taxPercent: line.taxPercent };
}

/**
 * Discounts are limited by each product's maximum for the payment methods used (one method
 * paying everything: the full-payment limits). Above that, only with a custom discount that an
 * administrator authorized with a one-time code (customDiscountRequestId, verified).
 */
async function checkDiscounts(tx: Tx, tenantId: string, lines: ReturnType<typeof priceItems>["lines"], input: CheckoutInput) {
  // A promotion's discount is the owner's price, not the cashier's: only manual discounts are limited.
  const discounted = lines.filter((l) => l.promotion.source === "manual" && toBig(l.amounts.discountAmount).gt(0));
  if (discounted.length === 0) return;
  if (input.customDiscountRequestId && (await isCustomDiscountAuthorized(tx, tenantId, input.customDiscountRequestId))) return;
  const methodIds = [...new Set(input.payments.map((p) => p.paymentMethodId))];
  const limits = await findMaxDiscounts(tx, tenantId, { productIds: discounted.map((l) => l.product.id), paymentMethodIds: methodIds, isFullPayment: methodIds.length === 1 });
  for (const { product, amounts } of discounted) {
    const entries = limits[product.id] ?? [];
    // Every method used must allow a discount; the smallest allowance wins.
    const max = methodIds.every((m) => entries.some((e) => e.paymentMethodId === m)) && entries.length > 0 ? entries.reduce((min, e) => (toBig(e.maxDiscountPercent).lt(min) ? toBig(e.maxDiscountPercent) : min), new Big(100)) : new Big(0);
    const allowed = toBig(amounts.subtotal).times(max).div(100).round(2, Big.roundHalfUp).plus("0.02");
    if (toBig(amounts.discountAmount).gt(allowed)) throw appError("BAD_REQUEST", "pos:errors.discountNotAuthorized", { name: product.name, max: max.toFixed(2) });
  }
}

/** The buyer may receive this NCF type (shared rule: B01/B14 need an RNC or cédula, B15 an RNC, a B02 of RD$250,000 or more the buyer's id). */
function checkBuyerId(code: string, customer: { taxId: string | null; taxIdOverride: boolean }, total: string) {
  const problem = ncfProblem(customer, code, total);
  if (problem === "unsupportedType") throw appError("BAD_REQUEST", "pos:errors.ncfNotForSales", { code });
  if (problem === "rncRequired") throw appError("BAD_REQUEST", "pos:errors.ncfNeedsRnc", { code });
  if (problem === "taxIdRequired") throw appError("BAD_REQUEST", code === "B02" ? "pos:errors.consumerThresholdNeedsId" : "pos:errors.ncfNeedsTaxId", { code });
}

/** What the receipt and the invoice keep of a card payment's terminal answer (the keys stay in their own columns). */
function cardDetailsOf({ providerId: _p, transactionId: _t, ...details }: PosCardPaymentInput) {
  return details;
}

/** The same approved terminal transaction offered for a second payment: refused, never charged or recorded twice. */
function cardTransactionRefusal(e: unknown) {
  if (!isUniqueViolation(e)) return null;
  for (let x = e as { constraint_name?: string; constraint?: string; message?: string; cause?: unknown } | undefined, hops = 0; x && hops < 6; x = x.cause as typeof x, hops++) {
    if ([x.constraint_name, x.constraint, x.message].some((v) => typeof v === "string" && v.includes("order_payments_card_transaction_key"))) {
      return appError("BAD_REQUEST", "pos:errors.cardTransactionUsed");
    }
  }
  return null;
}

async function loadPayments(tx: Tx, tenantId: string, payments: PaymentInput[], today: string) {
  const methodIds = [...new Set(payments.map((p) => p.paymentMethodId))];
  const currencyIds = [...new Set(payments.map((p) => p.currencyId))];
  const providerIds = [...new Set(payments.flatMap((p) => (p.card ? [p.card.providerId] : [])))];
  const [methods, currs, providers] = await Promise.all([
    tx
      .select({ id: paymentMethods.id, code: paymentMethods.code, name: paymentMethods.name, useCurrencies: paymentMethods.useCurrencies, useCardProvider: paymentMethods.useCardProvider })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenantId), inArray(paymentMethods.id, methodIds), eq(paymentMethods.isActive, true))),
    tx
      .select({ id: currencies.id, code: currencies.code, symbol: currencies.symbol, rate: rateInForce(today), isDefault: currencies.isDefault })
      .from(currencies)
      .where(and(eq(currencies.tenantId, tenantId), inArray(currencies.id, currencyIds), eq(currencies.isActive, true))),
    // Only a card sale reads its providers (a cash sale keeps its round trips).
    providerIds.length === 0
      ? []
      : tx
          .select({ id: cardProviders.id })
          .from(cardProviders)
          .where(and(eq(cardProviders.tenantId, tenantId), inArray(cardProviders.id, providerIds))),
  ]);
  const methodById = new Map(methods.map((m) => [m.id, m]));
  const currencyById = new Map(currs.map((c) => [c.id, c]));
  const providerSet = new Set(providers.map((p) => p.id));
  return payments.map((p) => {
    const method = methodById.get(p.paymentMethodId);
    if (!method) throw appError("NOT_FOUND", "pos:errors.paymentMethodNotFound");
    const currency = currencyById.get(p.currencyId);
    if (!currency) throw appError("NOT_FOUND", "pos:errors.currencyNotFound");
    if (p.card && !method.useCardProvider) throw appError("BAD_REQUEST", "pos:errors.cardNotForMethod", { method: method.name });
    if (p.card && !providerSet.has(p.card.providerId)) throw appError("NOT_FOUND", "pos:errors.cardProviderNotFound");
    if (!methodTakesCurrency(method, currency)) throw appError("BAD_REQUEST", "fiscalSettings:errors.paymentMethod.singleCurrency", { method: method.name, currency: currency.code });
    const base = toBig(p.amount).times(toBig(currency.rate)).round(2, Big.roundHalfUp);
    // A foreign amount within the money schema may still overflow once converted to pesos.
    if (base.gt(MONEY_MAX)) throw appError("BAD_REQUEST", "pos:errors.amountTooLarge", { currency: currency.code });
    const baseAmount = base.toFixed(2);
    const isCredit = method.code.toUpperCase() === CREDIT_METHOD_CODE;
    const payment = { ...p, id: newId(), method, currency, baseAmount, isCredit };
    // Stored value (store credit …) is spent by its reference, in pesos.
    checkTender(payment);
    return payment;
  });
}

/** The sales settings a checkout needs, in one read: the rewards rule, whether stock may go negative and whether the POS sells without a cash box. */
async function salesSettings(tx: Tx, tenantId: string) {
  const [c] = await tx
    .select({
      perUnit: tenantConfigs.rewardsPointsPerUnit,
      amountPerPoint: tenantConfigs.rewardsAmountPerPoint,
      allowNegative: tenantConfigs.allowNegativeStock,
      sellWithoutCashbox: tenantConfigs.sellWithoutCashbox,
    })
    .from(tenantConfigs)
    .where(eq(tenantConfigs.tenantId, tenantId));
  return { perUnit: c?.perUnit ?? 1, amountPerPoint: c?.amountPerPoint ?? "100", allowNegative: c?.allowNegative ?? true, sellWithoutCashbox: c?.sellWithoutCashbox ?? false };
}

/**
 * pos.checkout: one transaction creates the order, its lines and payments, takes the NCF,
 * moves the stock out of the warehouse and credits rewards points. The server prices the
 * cart itself (only a variable price comes from the client). The same clientOrderId again
 * returns the first result and creates nothing.
 */
export function checkout(ctx: PosContext, input: CheckoutInput) {
  return createInvoice(ctx, { ...input, source: "pos" });
}

/** The payment terms of a sale: the one chosen, else the tenant's default (null when it has none). */
async function loadCondition(tx: Tx, tenantId: string, id: string | null | undefined) {
  const [row] = await tx
    .select({ id: invoiceConditions.id, days: invoiceConditions.days })
    .from(invoiceConditions)
    .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.isActive, true), id ? eq(invoiceConditions.id, id) : eq(invoiceConditions.isDefault, true)))
    .limit(1);
  if (id && !row) throw notFound();
  return row ?? null;
}

/** The condition of an owed invoice sold on cash terms: the active DEFAULT_CREDIT_DAYS condition, else none (still due in that many days). */
async function creditCondition(tx: Tx, tenantId: string): Promise<{ id: string | null; days: number }> {
  const [row] = await tx
    .select({ id: invoiceConditions.id, days: invoiceConditions.days })
    .from(invoiceConditions)
    .where(and(eq(invoiceConditions.tenantId, tenantId), eq(invoiceConditions.isActive, true), eq(invoiceConditions.days, DEFAULT_CREDIT_DAYS)))
    .orderBy(asc(invoiceConditions.order))
    .limit(1);
  return row ?? { id: null, days: DEFAULT_CREDIT_DAYS };
}

/**
 * What a customer may still owe: refuses a credit sale to the cash customer, and one that takes
 * the customer past their credit limit (their row is locked so two credit sales take turns).
 */
async function checkCredit(tx: Tx, tenantId: string, customer: { id: string; isDefault: boolean }, balanceDue: string) {
  if (toBig(balanceDue).eq(0)) return;
  if (customer.isDefault) throw appError("BAD_REQUEST", "pos:errors.creditNeedsCustomer");
  const [row] = rowsOf<{ credit_limit: string | null; owed: string }>(
    await tx.execute(sql`
      SELECT c.credit_limit::text AS credit_limit,
        (SELECT coalesce(sum(o.balance_due), 0)::text FROM ${orders} o
          WHERE o.tenant_id = ${tenantId} AND o.customer_id = c.id AND o.status = 'completed' AND o.balance_due > 0) AS owed
      FROM ${customers} c WHERE c.tenant_id = ${tenantId} AND c.id = ${customer.id} FOR UPDATE OF c`),
  );
  if (row?.credit_limit == null) return;
  const owed = toBig(row.owed).plus(balanceDue);
  if (owed.gt(row.credit_limit)) {
    const available = toBig(row.credit_limit).minus(row.owed);
    throw appError("BAD_REQUEST", "pos:errors.creditLimitExceeded", { limit: toBig(row.credit_limit).toFixed(2), available: (available.lt(0) ? new Big(0) : available).toFixed(2) });
  }
}

/**
 * The one invoice path: every sale, from the POS (pos.checkout) or the back office
 * (invoice.create), goes through here. One transaction creates the order, its lines and
 * payments, takes the NCF from the type's ranges, moves the stock out through the ledger and
 * credits rewards points. The server prices the cart itself (only a variable price comes from
 * the client). What completed payments do not cover stays owed (balance_due, payment status
 * pending or partial, due date from the invoice condition): a CREDIT-method line, or a back-office
 * invoice on a credit condition; the customer's credit limit is enforced. The same clientOrderId
 * again returns the first result and creates nothing.
 */
export async function createInvoice(ctx: PosContext, input: InvoiceInput) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const today = businessDate(new Date(), tenant.timezone);
  const sellerIds = [...new Set([...input.items.map((i) => i.sellerId), input.sellerId].filter((id): id is string => !!id))];
  // One round trip: the idempotency key's advisory lock (two requests with one key queue on it),
  // the lookup of an order already made with the key (its snapshot is taken once the lock is held:
  // statements run in the order sent, the lock's explicitly first) and everything the sale reads.
  const locked = tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${input.clientOrderId}`}, 0))`).then(() => undefined);
  const existing = findOrderIdByClientId(tx, tenantId, input.clientOrderId);
  const reads = Promise.all([
    getCustomerForSale(tx, tenantId, input.customerId),
    loadProducts(
      tx,
      tenantId,
      input.items.map((i) => i.productId),
    ),
    loadPayments(tx, tenantId, input.payments, today),
    input.ncfTypeId ? getNcfType(tx, tenantId, input.ncfTypeId, today) : getDefaultNcfType(tx, tenantId, today),
    tx
      .select({ id: warehouses.id, name: warehouses.name })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.id, input.warehouseId), eq(warehouses.isActive, true))),
    findEmployeeIdForUser(tx, tenantId, user.id),
    salesSettings(tx, tenantId),
    openSessionOf(tx, tenantId, user.id, input.cashboxId),
    sellerIds.length
      ? tx
          .select({ id: employees.id })
          .from(employees)
          .where(and(eq(employees.tenantId, tenantId), inArray(employees.id, sellerIds), eq(employees.isActive, true)))
      : [],
    loadCondition(tx, tenantId, input.invoiceConditionId),
    tx.execute(booksQuery(tenantId, today)).then((r) => booksOf(rowsOf<{ mappings: unknown; taxes: unknown; closed: boolean }>(r)[0]!)),
    // The POS sells at its promotions' prices; a back-office invoice is priced as the form types it.
    input.source === "pos"
      ? cartPromotions(
          tx,
          tenantId,
          today,
          input.items.map((i) => i.productId),
        )
      : [],
  ]);
  const [, existingId] = await Promise.all([locked, existing]);
  if (existingId) {
    // The reads were sent too: let them finish (a refusal among them no longer matters).
    await reads.catch(() => {});
    return checkoutResult(tx, tenant, existingId);
  }
  const [customer, catalog, payments, ncfType, warehouse, defaultSeller, rule, session, sellers, condition, accounting, promotions] = await reads;
  if (warehouse.length === 0 || sellers.length !== sellerIds.length) throw notFound();
  // Cash control: a POS sale is counted in the cashier's open cash box session, unless the shop
  // does not count cash. A back-office invoice's payments go to the session of whoever records
  // them when they have one open.
  if (input.source === "pos" && !session && !rule.sellWithoutCashbox) throw appError("BAD_REQUEST", "pos:errors.cashboxClosed");
  // Nothing is sold into a closed fiscal period (when the books are kept).
  if (accounting.books && accounting.closed) throw periodClosed(today);
  const { lines, totals: priced } = priceItems(input.items, catalog, promotions, today);
  if (lines.length === 0) throw appError("BAD_REQUEST", "pos:errors.emptyCart");
  // A variable-price product is never sold at 0 (or without its price).
  const unpriced = lines.find((l) => l.product.variablePrice && toBig(l.price).lte(0));
  if (unpriced) throw appError("BAD_REQUEST", "pos:errors.variablePriceMissing", { name: unpriced.product.name });
  checkBuyerId(ncfType.code, customer, priced.total);
  await checkDiscounts(tx, tenantId, lines, input);
  assertNcfTypeUsable(ncfType);

  // Completed payments pay; CREDIT lines only say the rest is owed. A back-office invoice on a
  // credit condition may leave the rest owed without one.
  const paid = payments.reduce((sum, p) => (p.isCredit ? sum : sum.plus(p.baseAmount)), new Big(0));
  const onCredit = payments.some((p) => p.isCredit) || (input.source === "invoice" && (condition?.days ?? 0) > 0);
  const offered = payments.reduce((sum, p) => sum.plus(p.baseAmount), new Big(0));
  if (!onCredit && paid.lt(priced.total)) throw appError("BAD_REQUEST", "pos:errors.insufficientPayment", { total: priced.total, paid: paid.toFixed(2) });
  if (onCredit && input.source === "pos" && offered.lt(priced.total)) throw appError("BAD_REQUEST", "pos:errors.insufficientPayment", { total: priced.total, paid: offered.toFixed(2) });
  // What goes on credit is exactly what the other payments leave owed (no change on a credit sale).
  const onCreditLines = offered.minus(paid);
  if (onCreditLines.gt(0) && !onCreditLines.eq(toBig(priced.total).minus(paid))) {
    const owed = toBig(priced.total).minus(paid);
    throw appError("BAD_REQUEST", "pos:errors.creditMustMatch", { pending: (owed.lt(0) ? new Big(0) : owed).toFixed(2) });
  }
  const changeAmount = (paid.gt(priced.total) ? paid.minus(priced.total) : new Big(0)).toFixed(2);
  const settled = (paid.gt(priced.total) ? toBig(priced.total) : paid).toFixed(2);
  const balanceDue = balanceDueOf(priced.total, settled);
  const paymentStatus = paymentStatusOf(priced.total, settled);
  // An owed invoice on a cash condition (Contado, 0 days) is on the tenant's 30-day credit condition, or none.
  const termsOf = condition && (condition.days > 0 || toBig(balanceDue).eq(0)) ? condition : toBig(balanceDue).gt(0) ? await creditCondition(tx, tenantId) : condition;
  const creditDays = termsOf?.days ?? 0;
  await checkCredit(tx, tenantId, customer, balanceDue);

  const orderId = input.orderId ?? newId();
  const cashboxSessionId = session?.id ?? null;
  // Points are earned on what was paid with money: the part paid with points earns none.
  const paidWithPoints = payments.reduce((sum, p) => (tenderKindOf(p.method.code) === "points" ? sum.plus(p.baseAmount) : sum), new Big(0));
  const eligible = lines.reduce((sum, { product, amounts }) => (product.eligibleForRewards ? sum.plus(amounts.total) : sum), new Big(0));
  const rewardable = eligible.gt(paidWithPoints) ? eligible.minus(paidWithPoints) : new Big(0);
  const pointsEarned =
    customer.eligibleForRewards && !customer.isDefault && toBig(rule.amountPerPoint).gt(0)
      ? rewardable.div(rule.amountPerPoint).round(0, Big.roundDown).times(rule.perUnit).toNumber()
      : 0;
  // Stored value (store credit …) is checked and spent first (it may refuse the sale).
  const { statements: tenders, pointsBalance } = await spendTenders(ctx, orderId, customer.id, payments, priced.total);

  const order = {
    tenantId,
    id: orderId,
    number: `PENDING-${orderId}`,
    clientOrderId: input.clientOrderId,
    customerId: customer.id,
    warehouseId: input.warehouseId,
    cashboxSessionId,
    ncfTypeId: ncfType.id,
    status: "completed",
    paymentStatus,
    balanceDue,
    dueDate: dueDateOf(today, creditDays),
    invoiceConditionId: termsOf?.id ?? null,
    sellerEmployeeId: input.sellerId ?? null,
    invoiceTypeId: input.invoiceTypeId ?? null,
    source: input.source,
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    taxTotal: priced.taxTotal,
    total: priced.total,
    paidTotal: paid.toFixed(2),
    changeAmount,
    notes: input.notes ?? null,
    pointsEarned,
    userId: user.id,
    businessDate: today,
  } satisfies typeof orders.$inferInsert;
  const items = orderItemRows(tenantId, orderId, lines, input.sellerId ?? defaultSeller);
  const paymentRows = payments.map((p) => ({
    tenantId,
    id: p.id,
    orderId,
    paymentMethodId: p.paymentMethodId,
    currencyId: p.currencyId,
    amount: toBig(p.amount).toFixed(2),
    rate: p.currency.rate,
    baseAmount: p.baseAmount,
    reference: p.reference ?? p.card?.authorizationCode ?? p.card?.reference ?? null,
    // A CREDIT line records what stays owed; it is not a payment until one is recorded.
    status: p.isCredit ? "pending" : "completed",
    cashboxSessionId,
    userId: user.id,
    cardProviderId: p.card?.providerId ?? null,
    cardTransactionId: p.card?.transactionId ?? null,
    card: p.card ? cardDetailsOf(p.card) : null,
  }));
  const stock = stockChangeStatement(
    { tenantId, userId: user.id, sourceType: "sale", sourceId: orderId, allowNegative: rule.allowNegative },
    lines.filter(({ product }) => product.productType === "product").map(({ item }) => ({ productId: item.productId, warehouseId: input.warehouseId, delta: toBig(item.quantity).times(-1).toString() })),
  );
  const points = pointsEarned > 0 ? pointMovementStatement(tenantId, { customerId: customer.id, points: pointsEarned, sourceType: "sale", sourceId: orderId }) : null;
  // The sale's journal entry (issue 14 §3), written in the same round trip, after the order is numbered.
  const posting = accounting.books ? saleEntry(saleDocOf(order, items, lines, paymentRows, payments, changeAmount, balanceDue), accounting.books) : null;
  const journal = posting ? entryStatements(posting, { tenantId, userId: user.id, numberOfOrder: orderId }).statements : [];

  // The write, in one round trip with its COMMIT: the order, its lines and payments (no shared row
  // locked), then the shared rows — each product's stock, then the invoice series and the NCF
  // range, taken last by enzzo_number_order — held only while the server runs the rest and commits.
  let results: unknown[][];
  try {
    results = await commitWith(tx, [
      jsonInsert(orders, [order], ["createdAt"]),
      jsonInsert(orderItems, items),
      ...(paymentRows.length > 0 ? [jsonInsert(orderPayments, paymentRows)] : []),
      ...tenders,
      ...(input.linkedWrites ?? []),
      // The cash customer is never 'recent' (and touching its row would serialize every cash sale).
      ...(customer.isDefault ? [] : [touchCustomerStatement(tx, tenantId, customer.id)]),
      ...(points ? [points] : []),
      ...(stock ? [stock] : []),
      sql`SELECT enzzo_number_order(${tenantId}, ${orderId}, ${ncfType.id}, ${today}::date, ${ORDER_SERIES.key}, ${ORDER_SERIES.prefix}, ${ORDER_SERIES.width}, ${NCF_SEQUENCE_DIGITS}) AS numbers`,
      ...journal,
    ]);
  } catch (e) {
    throw stockRefusal(e) ?? ncfRefusal(e, ncfType.code) ?? cardTransactionRefusal(e) ?? e;
  }
  const [created] = results[0] as { created_at: Date | string }[];
  const numbered = results.length - 1 - journal.length;
  const numbers = jsonValue<TakenNcfRow & { number: string }>((results[numbered]![0] as { numbers: unknown }).numbers);
  const balance = points ? Number((results[numbered - (stock ? 2 : 1)]![0] as { balance: number }).balance) : (pointsBalance ?? customer.points);
  const ncf = takenNcfOf(numbers, today);
  const receipt = receiptOf(tenant, {
    order: { ...order, number: numbers.number, ncf: ncf.ncf, ncfExpiresOn: ncf.expiresOn, createdAt: new Date(created!.created_at) },
    customer: { ...customer, points: balance },
    warehouseName: warehouse[0]!.name,
    cashier: user.name,
    ncfType,
    cashbox: session,
    items,
    payments: paymentRows.map((row, i) => ({ row, method: payments[i]!.method, currency: payments[i]!.currency })),
  });
  return resultOf(receipt, ncf.low || ncf.expiringSoon ? { code: ncf.code, remaining: ncf.remaining, low: ncf.low, expiringSoon: ncf.expiringSoon, expiresOn: ncf.lastExpiresOn } : null);
}

/** The order_items rows of priced lines (a sale's, or a draft's before it is issued). */
export function orderItemRows(tenantId: string, orderId: string, lines: ReturnType<typeof priceItems>["lines"], sellerId: string | null) {
  return lines.map(({ item, product, price, discount, promotion, amounts: line }, i) => ({
    tenantId,
    id: newId(),
    orderId,
    lineNo: i + 1,
    productId: product.id,
    productName: product.name,
    sku: product.sku,
    quantity: toBig(item.quantity).toFixed(4),
    unitPrice: price,
    priceIncludesTax: product.priceIncludesTax,
    isTaxable: product.isTaxable,
    taxRate: line.taxPercent,
    discountType: discount?.type ?? null,
    discountValue: discount ? toBig(discount.value).toFixed(2) : "0",
    discountDescription: discount?.description ?? null,
    promotionId: promotion.applied[0]?.id ?? null,
    promotionName: promotion.applied.length > 0 ? promotion.applied.map((a) => a.name).join(" + ") : null,
    baseAmount: line.subtotal,
    discountAmount: line.discountAmount,
    taxAmount: line.taxAmount,
    total: line.total,
    costPrice: product.costPrice,
    sellerEmployeeId: item.sellerId ?? sellerId,
    alternateCodeUsages: item.alternateCodeUsages?.length ? item.alternateCodeUsages : null,
  }));
}

/** A sale as its posting reads it (accounting/documents.ts loads the same from the tables). */
function saleDocOf(
  order: { id: string; number: string; businessDate: string; warehouseId: string; total: string },
  items: ReturnType<typeof orderItemRows>,
  lines: ReturnType<typeof priceItems>["lines"],
  rows: { paymentMethodId: string; baseAmount: string; status: string }[],
  payments: { method: { code: string } }[],
  changeAmount: string,
  balanceDue: string,
): SaleDoc {
  return {
    id: order.id,
    number: order.number,
    date: order.businessDate,
    warehouseId: order.warehouseId,
    total: order.total,
    balanceDue,
    changeAmount,
    tip: "0",
    lines: items.map((i, n) => ({ productType: lines[n]!.product.productType, total: i.total, taxAmount: i.taxAmount, taxRate: i.taxRate, quantity: i.quantity, costPrice: i.costPrice ?? "0" })),
    payments: rows.flatMap((r, n) => (r.status === "completed" ? [{ methodId: r.paymentMethodId, code: payments[n]!.method.code.toUpperCase(), amount: r.baseAmount }] : [])),
  };
}

async function findOrderIdByClientId(tx: Tx, tenantId: string, clientOrderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.clientOrderId, clientOrderId)));
  return row?.id ?? null;
}

async function checkoutResult(tx: Tx, tenant: Tenant, orderId: string) {
  return resultOf(await getReceiptData(tx, tenant, orderId), null);
}

/** pos.checkout's answer from the order's receipt data. */
function resultOf(receiptData: ReceiptData, ncfWarning: { code: string; remaining: number; low: boolean; expiringSoon: boolean; expiresOn: string | null } | null) {
  const o = receiptData.order;
  return {
    orderId: o.id,
    orderNumber: o.number,
    ncf: o.government_invoice_number,
    subtotal: o.subtotal,
    discountTotal: o.discount_total,
    taxTotal: o.tax_total,
    total: o.total,
    changeAmount: o.change_amount,
    receiptData,
    ncfWarning,
  };
}

/** The spec's Receipt data of orders (several at once for the recent list). */
export async function getReceiptDataMany(tx: Tx, tenant: Tenant, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, ReceiptData>();
  const tenantId = tenant.id;
  const [head, items, payments] = await Promise.all([
    tx
      .select({
        order: orders,
        customerName: customers.name,
        customerTaxId: customers.taxId,
        customerPoints: customers.points,
        customerEmail: customers.email,
        customerPhone: customers.phone,
        warehouseName: warehouses.name,
        cashier: users.name,
        ncfCode: ncfTypes.code,
        ncfDescription: ncfTypes.description,
        printServer: cashboxes.printServer,
        willOpenDrawer: cashboxes.willOpenDrawer,
      })
      .from(orders)
      .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
      .innerJoin(warehouses, and(eq(warehouses.tenantId, orders.tenantId), eq(warehouses.id, orders.warehouseId)))
      .innerJoin(users, and(eq(users.tenantId, orders.tenantId), eq(users.id, orders.userId)))
      .leftJoin(ncfTypes, and(eq(ncfTypes.tenantId, orders.tenantId), eq(ncfTypes.id, orders.ncfTypeId)))
      .leftJoin(cashboxSessions, and(eq(cashboxSessions.tenantId, orders.tenantId), eq(cashboxSessions.id, orders.cashboxSessionId)))
      .leftJoin(cashboxes, and(eq(cashboxes.tenantId, cashboxSessions.tenantId), eq(cashboxes.id, cashboxSessions.cashboxId)))
      .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, orderIds))),
    tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
      .orderBy(asc(orderItems.lineNo)),
    tx
      .select({ payment: orderPayments, methodName: paymentMethods.name, methodCode: paymentMethods.code, currencyCode: currencies.code, currencySymbol: currencies.symbol })
      .from(orderPayments)
      .innerJoin(paymentMethods, and(eq(paymentMethods.tenantId, orderPayments.tenantId), eq(paymentMethods.id, orderPayments.paymentMethodId)))
      .innerJoin(currencies, and(eq(currencies.tenantId, orderPayments.tenantId), eq(currencies.id, orderPayments.currencyId)))
      .where(and(eq(orderPayments.tenantId, tenantId), inArray(orderPayments.orderId, orderIds)))
      .orderBy(asc(orderPayments.createdAt)),
  ]);
  const map = new Map<string, ReceiptData>();
  for (const h of head) {
    const o = h.order;
    map.set(
      o.id,
      receiptOf(tenant, {
        order: o,
        customer: { name: h.customerName, taxId: h.customerTaxId, email: h.customerEmail, phone: h.customerPhone, points: h.customerPoints },
        warehouseName: h.warehouseName,
        cashier: h.cashier,
        ncfType: h.ncfCode == null ? null : { code: h.ncfCode, description: h.ncfDescription ?? "" },
        cashbox: h.willOpenDrawer == null ? null : { printServer: h.printServer, willOpenDrawer: h.willOpenDrawer },
        items: items.filter((i) => i.orderId === o.id),
        payments: payments
          .filter((p) => p.payment.orderId === o.id)
          .map((p) => ({ row: p.payment, method: { name: p.methodName, code: p.methodCode }, currency: { code: p.currencyCode, symbol: p.currencySymbol } })),
      }),
    );
  }
  return map;
}

/** What a receipt is made of: read back from the database (getReceiptDataMany), or kept from the sale just made (createInvoice). */
interface ReceiptParts {
  order: Pick<typeof orders.$inferSelect, "id" | "number" | "createdAt" | "subtotal" | "discountTotal" | "taxTotal" | "total" | "changeAmount" | "ncf" | "ncfExpiresOn" | "status" | "notes" | "customerId" | "pointsEarned">;
  customer: { name: string; taxId: string | null; email: string | null; phone: string | null; points: number };
  warehouseName: string;
  cashier: string;
  ncfType: { code: string; description: string } | null;
  cashbox: { printServer: string | null; willOpenDrawer: boolean } | null;
  items: Pick<typeof orderItems.$inferSelect, "id" | "productId" | "productName" | "quantity" | "unitPrice" | "discountAmount" | "baseAmount" | "taxAmount" | "total" | "promotionName">[];
  payments: { row: { id: string; amount: string; baseAmount: string; reference: string | null }; method: { name: string; code: string }; currency: { code: string; symbol: string } }[];
}

/** The spec's Receipt data of an order. */
function receiptOf(tenant: Tenant, p: ReceiptParts): ReceiptData {
  const o = p.order;
  return {
    order: {
      id: o.id,
      number: o.number,
      created_at: o.createdAt.toISOString(),
      subtotal: o.subtotal,
      discount_total: o.discountTotal,
      tax_total: o.taxTotal,
      total: o.total,
      change_amount: o.changeAmount,
      government_invoice_number: o.ncf,
      ncf_type: p.ncfType?.code ?? null,
      ncf_type_description: p.ncfType?.description ?? null,
      ncf_expires_on: o.ncfExpiresOn,
      status: o.status,
      notes: o.notes,
    },
    items: p.items.map((i) => ({
      id: i.id,
      product_id: i.productId,
      product_name: i.productName,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      discount_value: i.discountAmount,
      promotion_name: i.promotionName,
      subtotal: i.baseAmount,
      itbis: i.taxAmount,
      total: i.total,
    })),
    payments: p.payments.map(({ row, method, currency }) => ({
      id: row.id,
      payment_method_name: method.name,
      payment_method_code: method.code,
      amount: row.amount,
      base_amount: row.baseAmount,
      currency: currency.code,
      currency_symbol: currency.symbol,
      reference: row.reference,
    })),
    customer: { id: o.customerId, name: p.customer.name, taxId: p.customer.taxId, email: p.customer.email, phone: p.customer.phone },
    warehouse: { name: p.warehouseName, businessName: tenant.name, address: tenant.address, phone: tenant.phone, taxId: tenant.taxId },
    cashier: p.cashier,
    printServer: p.cashbox?.printServer ?? null,
    openDrawer: p.cashbox?.willOpenDrawer ?? false,
    rewards: { pointsEarned: o.pointsEarned, currentBalance: p.customer.points },
  };
}

export type ReceiptData = {
  order: {
    id: string;
    number: string;
    created_at: string;
    subtotal: string;
    discount_total: string;
    tax_total: string;
    total: string;
    change_amount: string;
    government_invoice_number: string | null;
    ncf_type: string | null;
    ncf_type_description: string | null;
    ncf_expires_on: string | null;
    status: string;
    notes: string | null;
  };
  items: { id: string; product_id: string; product_name: string; quantity: string; unit_price: string; discount_value: string; promotion_name?: string | null; subtotal: string; itbis: string; total: string }[];
  payments: { id: string; payment_method_name: string; payment_method_code: string; amount: string; base_amount: string; currency: string; currency_symbol: string; reference: string | null }[];
  customer: { id: string; name: string; taxId: string | null; email: string | null; phone: string | null };
  warehouse: { name: string; businessName: string; address: string | null; phone: string | null; taxId: string | null };
  cashier: string;
  printServer: string | null;
  openDrawer: boolean;
  rewards: { pointsEarned: number; currentBalance: number };
};

export async function getReceiptData(tx: Tx, tenant: Tenant, orderId: string): Promise<ReceiptData> {
  const data = (await getReceiptDataMany(tx, tenant, [orderId])).get(orderId);
  if (!data) throw notFound();
  return data;
}

/** pos.getRecentInvoices: the last `limit` invoices, or today's (business date). */
export async function getRecentInvoices(tx: Tx, tenant: Tenant, input: { limit: number; today?: boolean }) {
  const where = [eq(orders.tenantId, tenant.id)];
  if (input.today) where.push(eq(orders.businessDate, businessDate(new Date(), tenant.timezone)));
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt))
    .limit(input.limit);
  const data = await getReceiptDataMany(
    tx,
    tenant,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const d = data.get(r.id)!;
    return {
      id: r.id,
      orderNumber: d.order.number,
      ncf: d.order.government_invoice_number,
      customerName: d.customer.name,
      createdAt: d.order.created_at,
      total: d.order.total,
      status: d.order.status,
      receiptData: d,
    };
  });
}

/** pos.getInvoiceDetail */
export async function getInvoiceDetail(tx: Tx, tenant: Tenant, invoiceId: string) {
  const d = await getReceiptData(tx, tenant, invoiceId);
  return {
    id: d.order.id,
    orderNumber: d.order.number,
    createdAt: d.order.created_at,
    customerName: d.customer.name,
    ncf: d.order.government_invoice_number,
    status: d.order.status,
    items: d.items.map((i) => ({ id: i.id, product_name: i.product_name, quantity: i.quantity, unit_price: i.unit_price, discount_value: i.discount_value, promotion_name: i.promotion_name, itbis: i.itbis, total: i.total })),
    subtotal: d.order.subtotal,
    discountAmount: d.order.discount_total,
    taxAmount: d.order.tax_total,
    total: d.order.total,
    payments: d.payments.map((p) => ({ id: p.id, payment_method_name: p.payment_method_name, payment_method_code: p.payment_method_code, reference: p.reference, amount: p.amount, currency: p.currency })),
    changeAmount: d.order.change_amount,
    receiptData: d,
  };
}

/**
 * pos.cancelInvoice: the invoice and its payments become cancelled (its NCF stays on it, listed
 * as cancelled for the 608, never reused), stock goes back to the warehouse and the points
 * earned are taken back. With recreate, returns what rebuilds the cart.
 */
export async function cancelInvoice(ctx: PosContext, input: { invoiceId: string; recreate: boolean; reason?: string | null; reasonCode?: string | null }) {
  const { tx, tenant, user } = ctx;
  const tenantId = tenant.id;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, input.invoiceId)))
    .for("update");
  if (!order) throw notFound();
  if (order.status === "cancelled") throw appError("BAD_REQUEST", "pos:errors.invoiceAlreadyCancelled");
  if (order.status !== "completed") throw notFound();
  const items = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.lineNo));
  const productTypes = new Map(
    (
      await tx
        .select({ id: products.id, type: products.productType })
        .from(products)
        .where(
          and(
            eq(products.tenantId, tenantId),
            inArray(
              products.id,
              items.map((i) => i.productId),
            ),
          ),
        )
    ).map((p) => [p.id, p.type]),
  );
  await tx
    .update(orders)
    .set({ status: "cancelled", balanceDue: "0", cancelledAt: new Date(), cancelledBy: user.id, cancelReason: input.reason ?? null, cancelReasonCode: input.reasonCode ?? null, updatedAt: new Date() })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, order.id)));
  await tx
    .update(orderPayments)
    .set({ status: "cancelled" })
    .where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, order.id)));
  await applyStockChanges(
    tx,
    { tenantId, userId: user.id, sourceType: "sale_cancel", sourceId: order.id, allowNegative: true },
    items.filter((i) => productTypes.get(i.productId) === "product").map((i) => ({ productId: i.productId, warehouseId: order.warehouseId, delta: i.quantity })),
  );
  if (order.pointsEarned > 0) await addPointMovement(tx, tenantId, { customerId: order.customerId, points: -order.pointsEarned, sourceType: "sale_cancel", sourceId: order.id });
  await reverseTenders(tx, tenantId, order.id, user.id);
  // The books: the sale's entry and those of payments recorded on it are reversed on the day of the cancellation.
  const paymentIds = (await tx.select({ id: orderPayments.id }).from(orderPayments).where(and(eq(orderPayments.tenantId, tenantId), eq(orderPayments.orderId, order.id)))).map((p) => p.id);
  await reverseSources(
    tx,
    tenantId,
    user.id,
    [
      { type: "sale", ids: [order.id] },
      { type: "invoice_payment", ids: paymentIds },
    ],
    businessDate(new Date(), tenant.timezone),
  );
  if (!input.recreate) return { success: true as const, recreateData: null };
  const [customer] = await tx
    .select({ isDefault: customers.isDefault })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, order.customerId)));
  return {
    success: true as const,
    recreateData: {
      customerId: customer?.isDefault ? "default" : order.customerId,
      items: items.map((i) => ({
        productId: i.productId,
        name: i.productName,
        quantity: toBig(i.quantity).toString(),
        price: i.unitPrice,
        discount: i.discountType ? { type: i.discountType, value: i.discountValue, description: i.discountDescription ?? undefined } : null,
        alternateCodeUsages: (i.alternateCodeUsages as unknown[] | null) ?? [],
      })),
    },
  };
}

// ——— Held invoices ———

export interface HoldInput {
  name: string;
  customerId?: string | null;
  items: CartItemInput[];
}

/** pos.holdInvoice: saves the cart under a name (priced by the server for the list). */
export async function holdInvoice(ctx: PosContext, input: HoldInput) {
  const { tx, tenant, user } = ctx;
  const customerId = input.customerId && input.customerId !== "default" ? (await getCustomerForSale(tx, tenant.id, input.customerId)).id : null;
  const catalog = await loadProducts(
    tx,
    tenant.id,
    input.items.map((i) => i.productId),
  );
  const { totals: priced } = priceItems(input.items, catalog);
  const id = newId();
  const itemCount = input.items.reduce((sum, i) => sum.plus(i.quantity), new Big(0));
  await tx.insert(heldInvoices).values({
    tenantId: tenant.id,
    id,
    name: input.name,
    customerId,
    items: input.items,
    itemCount: Math.ceil(itemCount.toNumber()),
    total: priced.total,
    userId: user.id,
  });
  return { id };
}

export async function getHeldInvoices(tx: Tx, tenantId: string) {
  const rows = await tx
    .select({ held: heldInvoices, customerName: customers.name })
    .from(heldInvoices)
    .leftJoin(customers, and(eq(customers.tenantId, heldInvoices.tenantId), eq(customers.id, heldInvoices.customerId)))
    .where(and(eq(heldInvoices.tenantId, tenantId), eq(heldInvoices.status, "held")))
    .orderBy(desc(heldInvoices.createdAt));
  return {
    invoices: rows.map(({ held, customerName }) => ({
      id: held.id,
      name: held.name,
      createdAt: held.createdAt.toISOString(),
      customerId: held.customerId ?? "default",
      customerName: customerName ?? null,
      itemCount: held.itemCount,
      total: held.total,
      items: held.items as CartItemInput[],
    })),
  };
}

async function closeHeld(tx: Tx, tenantId: string, id: string, status: "loaded" | "deleted") {
  const [row] = await tx
    .update(heldInvoices)
    .set({ status, closedAt: new Date() })
    .where(and(eq(heldInvoices.tenantId, tenantId), eq(heldInvoices.id, id), eq(heldInvoices.status, "held")))
    .returning();
  if (!row) throw notFound();
  return row;
}

/** pos.loadHeldInvoice: returns the items and the customer, and the held copy is closed. */
export async function loadHeldInvoice(tx: Tx, tenantId: string, invoiceId: string) {
  const row = await closeHeld(tx, tenantId, invoiceId, "loaded");
  const items = row.items as CartItemInput[];
  const catalog = await loadProducts(
    tx,
    tenantId,
    items.map((i) => i.productId),
  );
  return {
    customerId: row.customerId ?? "default",
    items: items
      .filter((i) => catalog.has(i.productId))
      .map((i) => {
        const p = catalog.get(i.productId)!;
        return {
          ...i,
          quantity: toBig(i.quantity).toString(),
          product: cartProductOf(p, p.variablePrice && i.price ? i.price : p.price),
        };
      }),
  };
}

export async function deleteHeldInvoice(tx: Tx, tenantId: string, id: string) {
  await closeHeld(tx, tenantId, id, "deleted");
  return { success: true as const };
}

/** Used by tests and the NCF report: every order of an NCF type, in NCF order. */
export async function ncfsOfType(tx: Tx, tenantId: string, ncfTypeId: string) {
  return rowsOf<{ ncf: string; status: string }>(
    await tx.execute(sql`SELECT ncf, status FROM ${orders} WHERE tenant_id = ${tenantId} AND ncf_type_id = ${ncfTypeId} ORDER BY ncf`),
  );
}

// ——— Receipts by e-mail and WhatsApp ———

function receiptLanguage(lang: string | undefined): "es" | "en" {
  return lang === "en" ? "en" : "es";
}

/**
 * pos.sendReceiptEmail: the receipt, built from the stored order (never from the client's copy),
 * by e-mail. Without SMTP it stays in the tenant's outbox and the answer says so.
 */
export async function sendReceiptEmail(ctx: PosContext, input: { orderId: string; email: string; language?: string }) {
  const data = await getReceiptData(ctx.tx, ctx.tenant, input.orderId);
  const language = receiptLanguage(input.language ?? ctx.user.language);
  const text = buildReceiptText(data, { language, width: RECEIPT_TEXT_WIDTH, businessName: ctx.tenant.name, timeZone: ctx.tenant.timezone });
  const subject = translate(language, "pos:receipt.emailSubject", { number: data.order.number, business: ctx.tenant.name });
  const sent = await sendMail(ctx.tx, ctx.tenant.id, { to: input.email, subject, text, html: `<pre style="font-family:monospace">${escapeHtml(text)}</pre>`, kind: "receipt" });
  return { status: sent.status };
}


/**
 * pos.sendReceiptWhatsApp: WhatsApp's click-to-chat link with the receipt text for the
 * customer's number; the POS opens it (WhatsApp Web or the app sends it from the shop's phone).
 */
export async function sendReceiptWhatsApp(ctx: PosContext, input: { orderId: string; phoneNumber: string; language?: string }) {
  const data = await getReceiptData(ctx.tx, ctx.tenant, input.orderId);
  const number = whatsappNumber(input.phoneNumber);
  if (number.length < 8 || number.length > 15) throw appError("BAD_REQUEST", "pos:errors.invalidPhone");
  const language = receiptLanguage(input.language ?? ctx.user.language);
  const text = buildReceiptText(data, { language, width: RECEIPT_TEXT_WIDTH, businessName: ctx.tenant.name, timeZone: ctx.tenant.timezone });
  return { url: `https://wa.me/${number}?text=${encodeURIComponent(text)}`, phoneNumber: number };
}
