import { createHash } from "node:crypto";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { toMinorUnits } from "../../../shared/card-terminal/minor-units";
import { toBig } from "../../../shared/catalog/decimal";
import { isNotForPayments } from "../../../shared/fiscal-settings/payment-method";
import { translate } from "../../../shared/i18n/translate";
import { formatMoney } from "../../../shared/money/format";
import type { paymentLinkCreateInput, paymentLinkListInput, paymentLinkSettingsInput } from "../../../shared/payment-link/schemas";
import { DEFAULT_PAYMENT_LINK_TTL_DAYS, expiresAtFor, isPayable, type PaymentLinkStatus, paymentLinkStatus } from "../../../shared/payment-link/status";
import { likePattern, offsetOf, pageOf } from "../../../shared/platform/pagination";
import { isOnlineOrderNumber } from "../../../shared/storefront/cart";
import type { AppDeps } from "../../app";
import { rowsOf, type Tx, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { callbackKey, type PaymentLinkCallbackEvent, paymentLinkProvider, SANDBOX_CALLBACK_PATH, SIGNATURE_HEADER, sandboxProvider } from "../../integrations/payment-link";
import { invalidateShopPages } from "../../public-site/page-cache";
import { appError, notFound } from "../../trpc/errors";
import { applyPayment, getRow } from "../appointment/service";
import type { SessionUser } from "../auth/service";
import { currencies } from "../currency/tables";
import { customers } from "../customer/tables";
import { payOnlineOrderFromLink } from "../ecommerce/cart/order-invoice";
import { recordPayment } from "../invoice/service";
import { escapeHtml, sendMail } from "../mail/service";
import { paymentMethods } from "../payment-method/tables";
import { orderPayments, orders } from "../pos/tables";
import type { TenantRow } from "../tenant/service";
import { paymentLinkSettings, paymentLinks } from "./tables";

/**
 * Payment links (issue 12 §5; spec 02 'Payment link dialog', §7 paymentLink.*): a hosted page
 * where a customer pays an amount by card. The provider sits behind
 * src/server/integrations/payment-link; the built-in sandbox serves /pay/{id} and posts a signed
 * callback to POST /api/payment-links/sandbox/callback, which records the payment on the invoice
 * once through invoice.recordPayment's path.
 */

const E = (key: string) => `paymentLinks:errors.${key}`;

export interface LinkContext {
  tx: Tx;
  tenant: TenantRow;
  user: SessionUser;
  /** scheme and host of the tenant (for the link) */
  origin: string;
  lang?: string;
}

// ───────────────────────────── settings ─────────────────────────────

export interface PaymentLinkSettings {
  provider: string;
  isEnabled: boolean;
  ttlDays: number;
  paymentMethodId: string | null;
}

export async function getSettings(tx: Tx, tenantId: string): Promise<PaymentLinkSettings> {
  const [row] = await tx
    .select({ provider: paymentLinkSettings.provider, isEnabled: paymentLinkSettings.isEnabled, ttlDays: paymentLinkSettings.ttlDays, paymentMethodId: paymentLinkSettings.paymentMethodId })
    .from(paymentLinkSettings)
    .where(eq(paymentLinkSettings.tenantId, tenantId))
    .limit(1);
  return row ?? { provider: "sandbox", isEnabled: false, ttlDays: DEFAULT_PAYMENT_LINK_TTL_DAYS, paymentMethodId: null };
}

/** paymentLink.checkConfig: the tenant has an enabled provider this server knows. */
export async function checkConfig(tx: Tx, tenantId: string): Promise<boolean> {
  const s = await getSettings(tx, tenantId);
  return s.isEnabled && paymentLinkProvider(s.provider) !== null;
}

/** The method a paid link is recorded with: the one chosen in the settings, else the tenant's active CARD method. */
async function linkPaymentMethod(tx: Tx, tenantId: string, chosen: string | null) {
  const where = chosen ? eq(paymentMethods.id, chosen) : sql`upper(${paymentMethods.code}) = 'CARD'`;
  const [method] = await tx
    .select({ id: paymentMethods.id, name: paymentMethods.name })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.isActive, true), where))
    .limit(1);
  return method ?? null;
}

/** paymentLink.updateSettings: one row per tenant, written in place. */
export async function updateSettings(tx: Tx, tenantId: string, input: z.output<typeof paymentLinkSettingsInput>) {
  if (input.paymentMethodId) {
    const [method] = await tx
      .select({ id: paymentMethods.id, code: paymentMethods.code })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.tenantId, tenantId), eq(paymentMethods.id, input.paymentMethodId)));
    if (!method) throw notFound();
    if (isNotForPayments(method.code)) throw appError("BAD_REQUEST", E("methodNotForPayments"));
  }
  const values = { provider: input.provider, isEnabled: input.isEnabled, ttlDays: input.ttlDays, paymentMethodId: input.paymentMethodId ?? null, updatedAt: new Date() };
  await tx
    .insert(paymentLinkSettings)
    .values({ tenantId, id: newId(), ...values })
    .onConflictDoUpdate({ target: paymentLinkSettings.tenantId, set: values });
  return getSettings(tx, tenantId);
}

// ───────────────────────────── views ─────────────────────────────

const columns = {
  id: paymentLinks.id,
  provider: paymentLinks.provider,
  orderId: paymentLinks.orderId,
  invoiceNumber: orders.number,
  orderNumber: paymentLinks.orderNumber,
  amount: paymentLinks.amount,
  itbis: paymentLinks.itbis,
  currency: paymentLinks.currency,
  language: paymentLinks.language,
  clientContractNumber: paymentLinks.clientContractNumber,
  customerName: paymentLinks.customerName,
  email: paymentLinks.email,
  description: paymentLinks.description,
  storedStatus: paymentLinks.status,
  expiresAt: paymentLinks.expiresAt,
  linkUrl: paymentLinks.linkUrl,
  providerReference: paymentLinks.providerReference,
  authorizationCode: paymentLinks.authorizationCode,
  cardLast4: paymentLinks.cardLast4,
  paidAt: paymentLinks.paidAt,
  paymentId: paymentLinks.paymentId,
  cancelledAt: paymentLinks.cancelledAt,
  createdAt: paymentLinks.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | (K extends "invoiceNumber" ? null : never) };

export interface PaymentLinkView {
  id: string;
  provider: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  orderNumber: string;
  amount: string;
  itbis: string;
  currency: string;
  customerName: string | null;
  clientContractNumber: string;
  email: string | null;
  description: string | null;
  status: PaymentLinkStatus;
  linkFullUrl: string;
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  providerReference: string | null;
  authorizationCode: string | null;
  cardLast4: string | null;
}

function view(r: Row, now = new Date()): PaymentLinkView {
  return {
    id: r.id,
    provider: r.provider,
    invoiceId: r.orderId,
    invoiceNumber: r.invoiceNumber ?? null,
    orderNumber: r.orderNumber,
    amount: r.amount,
    itbis: r.itbis,
    currency: r.currency,
    customerName: r.customerName,
    clientContractNumber: r.clientContractNumber,
    email: r.email,
    description: r.description,
    status: paymentLinkStatus({ status: r.storedStatus, expiresAt: r.expiresAt }, now),
    linkFullUrl: r.linkUrl,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    providerReference: r.providerReference,
    authorizationCode: r.authorizationCode,
    cardLast4: r.cardLast4,
  };
}

function select(tx: Tx) {
  return tx
    .select(columns)
    .from(paymentLinks)
    .leftJoin(orders, and(eq(orders.tenantId, paymentLinks.tenantId), eq(orders.id, paymentLinks.orderId)));
}

async function findLink(tx: Tx, tenantId: string, id: string): Promise<Row | null> {
  const [row] = await select(tx)
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, id)))
    .limit(1);
  return (row as Row | undefined) ?? null;
}

export async function getLink(tx: Tx, tenantId: string, id: string): Promise<PaymentLinkView> {
  const row = await findLink(tx, tenantId, id);
  if (!row) throw notFound();
  return view(row);
}

/** The link row locked for a write (status changes take turns). */
async function lockLink(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: paymentLinks.id, status: paymentLinks.status, expiresAt: paymentLinks.expiresAt })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenantId), eq(paymentLinks.id, id)))
    .for("update");
  return row ?? null;
}

// ───────────────────────────── create ─────────────────────────────

export type CreateAnswer = ({ success: true; linkFullUrl: string } & PaymentLinkView) | { success: false; errorDescription: string };

/** The invoice a link pays, locked: the tenant's, issued, still owing at least the amount. */
async function payableInvoice(tx: Tx, tenantId: string, invoiceId: string, amount: string) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, balanceDue: orders.balanceDue, customerName: customers.name })
    .from(orders)
    .innerJoin(customers, and(eq(customers.tenantId, orders.tenantId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, invoiceId)))
    .for("no key update", { of: orders });
  if (!order) throw notFound();
  if (order.status === "cancelled") throw appError("BAD_REQUEST", E("invoiceCancelled"));
  if (order.status !== "completed") throw appError("BAD_REQUEST", E("invoiceNotIssued"));
  const pending = toBig(order.balanceDue);
  if (pending.lte(0)) throw appError("BAD_REQUEST", E("nothingPending"));
  if (toBig(amount).gt(pending)) throw appError("BAD_REQUEST", E("amountAbovePending"), { pending: pending.toFixed(2) });
  return order;
}

/**
 * paymentLink.create: asks the tenant's provider for a link (linkFullUrl, or its errorDescription)
 * and keeps it, pending until paid, cancelled or past the tenant's TTL. Bound to an invoice, the
 * amount may not exceed what the invoice owes. The same orderNumber again answers the same link
 * (a double click makes one link); with another amount or invoice it is refused.
 */
export async function createLink(ctx: LinkContext, input: z.output<typeof paymentLinkCreateInput>): Promise<CreateAnswer> {
  const { tx, tenant } = ctx;
  const settings = await getSettings(tx, tenant.id);
  const provider = settings.isEnabled ? paymentLinkProvider(settings.provider) : null;
  if (!provider) throw appError("PRECONDITION_FAILED", E("notConfigured"));

  const appointment = input.invoiceId ? null : await appointmentOfOrderNumber(tx, tenant.id, input.orderNumber);
  if (appointment) {
    refuseAppointmentPayment(appointment, input.amount, "create");
    const next = await appointmentLinkNumber(tx, tenant.id, appointment.base, input.orderNumber, input.amount);
    if (typeof next !== "string") return { success: true, ...(await getLink(tx, tenant.id, next.id)) };
    input = { ...input, orderNumber: next };
  }
  const [existing] = await tx
    .select({ id: paymentLinks.id, amount: paymentLinks.amount, orderId: paymentLinks.orderId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.orderNumber, input.orderNumber)));
  if (existing) {
    if (existing.amount !== input.amount || existing.orderId !== (input.invoiceId ?? null)) throw appError("BAD_REQUEST", E("orderNumberUsed"), { orderNumber: input.orderNumber });
    const link = await getLink(tx, tenant.id, existing.id);
    return { success: true, ...link };
  }

  let customerName = input.customerName;
  if (input.invoiceId) {
    const invoice = await payableInvoice(tx, tenant.id, input.invoiceId, input.amount);
    customerName ??= invoice.customerName;
    if (!(await linkPaymentMethod(tx, tenant.id, settings.paymentMethodId))) throw appError("BAD_REQUEST", E("noPaymentMethod"));
  }
  const [currency] = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(eq(currencies.tenantId, tenant.id), eq(currencies.isDefault, true)))
    .limit(1);

  const id = newId();
  const answer = await provider.createLink({
    linkId: id,
    orderNumber: input.orderNumber,
    amountMinor: toMinorUnits(input.amount),
    itbisMinor: toMinorUnits(input.itbis),
    currency: currency?.code ?? "DOP",
    language: input.language,
    clientContractNumber: input.clientContractNumber,
    customerName: customerName ?? null,
    description: input.description,
    origin: ctx.origin,
  });
  if (!answer.ok) return { success: false, errorDescription: answer.errorDescription };

  const now = new Date();
  await tx.insert(paymentLinks).values({
    tenantId: tenant.id,
    id,
    provider: provider.code,
    orderId: input.invoiceId ?? null,
    orderNumber: input.orderNumber,
    amount: input.amount,
    itbis: input.itbis,
    currency: currency?.code ?? "DOP",
    language: input.language,
    clientContractNumber: input.clientContractNumber,
    customerName: customerName ?? null,
    email: input.email,
    description: input.description,
    status: "pending",
    expiresAt: expiresAtFor(now, settings.ttlDays),
    linkUrl: answer.linkFullUrl,
    providerReference: answer.providerReference,
    createdBy: ctx.user.id,
    createdAt: now,
    updatedAt: now,
  });
  return { success: true, ...(await getLink(tx, tenant.id, id)) };
}

// ───────────────────────────── list, cancel, e-mail ─────────────────────────────

/** paymentLink.getAll: newest first; status as shown (expired = pending past its expiry). */
export async function listLinks(tx: Tx, tenantId: string, input: z.output<typeof paymentLinkListInput>, now: Date = new Date()) {
  const where: SQL[] = [eq(paymentLinks.tenantId, tenantId)];
  if (input.status === "paid" || input.status === "cancelled") where.push(eq(paymentLinks.status, input.status));
  else if (input.status === "pending") where.push(sql`${paymentLinks.status} = 'pending' AND ${paymentLinks.expiresAt} > ${now.toISOString()}`);
  else if (input.status === "expired") where.push(sql`${paymentLinks.status} = 'pending' AND ${paymentLinks.expiresAt} <= ${now.toISOString()}`);
  if (input.invoiceId) where.push(eq(paymentLinks.orderId, input.invoiceId));
  if (input.search) {
    const like = likePattern(input.search);
    where.push(
      sql`(${paymentLinks.orderNumber} ILIKE ${like} OR ${paymentLinks.customerName} ILIKE ${like} OR ${paymentLinks.email} ILIKE ${like} OR ${paymentLinks.clientContractNumber} ILIKE ${like} OR ${orders.number} ILIKE ${like})`,
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    select(tx)
      .where(filter)
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(input.pageSize)
      .offset(offsetOf(input.page, input.pageSize)),
    tx
      .select({ n: count() })
      .from(paymentLinks)
      .leftJoin(orders, and(eq(orders.tenantId, paymentLinks.tenantId), eq(orders.id, paymentLinks.orderId)))
      .where(filter),
  ]);
  return pageOf(
    (rows as Row[]).map((r) => view(r, now)),
    Number(total?.n ?? 0),
    input.page,
    input.pageSize,
  );
}

/** paymentLink.cancel: a pending (or expired) link can no longer be paid; again: unchanged; a paid one: refused. */
export async function cancelLink(ctx: LinkContext, id: string): Promise<PaymentLinkView> {
  const { tx, tenant } = ctx;
  const link = await lockLink(tx, tenant.id, id);
  if (!link) throw notFound();
  if (link.status === "paid") throw appError("BAD_REQUEST", E("alreadyPaid"));
  if (link.status === "pending") {
    await tx
      .update(paymentLinks)
      .set({ status: "cancelled", cancelledAt: new Date(), cancelledBy: ctx.user.id, updatedAt: new Date() })
      .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.id, id)));
  }
  return getLink(tx, tenant.id, id);
}


/** paymentLink.sendEmail: the link by e-mail (SMTP, else the in-app outbox); only a payable link. */
export async function sendLinkEmail(ctx: LinkContext, input: { id: string; email: string; language?: "es" | "en" | null }) {
  const { tx, tenant } = ctx;
  const row = await findLink(tx, tenant.id, input.id);
  if (!row) throw notFound();
  const link = view(row);
  if (link.status !== "pending") throw appError("BAD_REQUEST", E(`not.${link.status}`));
  const lang = (input.language ?? ctx.user.language ?? ctx.lang) === "en" ? "en" : "es";
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, `paymentLinks:email.${key}`, vars);
  const amount = formatMoney(link.amount, lang, link.currency);
  const expires = new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { dateStyle: "long", timeZone: tenant.timezone }).format(new Date(link.expiresAt));
  const vars = { business: tenant.name, amount, number: link.invoiceNumber ?? link.orderNumber, expires, name: link.customerName ?? "" };
  const lines = [t("greeting", vars), "", t(link.invoiceNumber ? "introInvoice" : "intro", vars), "", link.linkFullUrl, "", t("expires", vars), "", t("closing"), tenant.name];
  const html = [
    `<p>${escapeHtml(t("greeting", vars))}</p>`,
    `<p>${escapeHtml(t(link.invoiceNumber ? "introInvoice" : "intro", vars))}</p>`,
    `<p><a href="${escapeHtml(link.linkFullUrl)}">${escapeHtml(t("button", vars))}</a></p>`,
    `<p>${escapeHtml(t("expires", vars))}</p>`,
    `<p>${escapeHtml(t("closing"))}<br>${escapeHtml(tenant.name)}</p>`,
  ].join("\n");
  const sent = await sendMail(tx, tenant.id, { to: input.email, subject: t("subject", vars), text: lines.join("\n"), html, kind: "notification" });
  await tx
    .update(paymentLinks)
    .set({ email: input.email, updatedAt: new Date() })
    .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.id, input.id)));
  return { sent: true, status: sent.status };
}

// ───────────────────────────── hosted page ─────────────────────────────

export interface PublicPaymentLink {
  id: string;
  business: string;
  invoiceNumber: string | null;
  orderNumber: string;
  amount: string;
  currency: string;
  customerName: string | null;
  description: string | null;
  status: PaymentLinkStatus;
  expiresAt: string;
  paidAt: string | null;
  cardLast4: string | null;
  provider: string;
}

/** paymentLink.getPublic: what the hosted page shows (no e-mail, no internal ids but its own). */
export async function getPublicLink(tx: Tx, tenant: TenantRow, id: string): Promise<PublicPaymentLink> {
  const row = await findLink(tx, tenant.id, id);
  if (!row) throw notFound();
  const v = view(row);
  return {
    id: v.id,
    business: tenant.name,
    invoiceNumber: v.invoiceNumber,
    orderNumber: v.orderNumber,
    amount: v.amount,
    currency: v.currency,
    customerName: v.customerName,
    description: v.description,
    status: v.status,
    expiresAt: v.expiresAt,
    paidAt: v.paidAt,
    cardLast4: v.cardLast4,
    provider: v.provider,
  };
}

/** Injects a request into this same server (the callback route), as the provider's server would call it. */
export type CallbackPoster = (req: { host: string; body: string; signature: string }) => Promise<{ statusCode: number }>;

/**
 * paymentLink.pay (the sandbox's hosted page): the link must be payable and its invoice still owe
 * the amount; the sandbox charges the test card and posts its signed callback to the callback
 * route, which records the payment. Answers the outcome and the link's status after the callback.
 * Runs outside a procedure transaction: the callback opens its own.
 */
export async function payLink(deps: AppDeps, tenant: TenantRow, host: string, post: CallbackPoster, input: { id: string; cardNumber: string; expiry: string; cvc: string }) {
  const link = await withTenant(deps.db, tenant.id, async (tx) => {
    const row = await findLink(tx, tenant.id, input.id);
    if (!row || row.provider !== sandboxProvider.code) throw notFound();
    const status = paymentLinkStatus({ status: row.storedStatus, expiresAt: row.expiresAt });
    if (status !== "pending") throw appError("BAD_REQUEST", E(`not.${status}`));
    if (row.orderId) {
      const [order] = await tx
        .select({ balanceDue: orders.balanceDue, status: orders.status })
        .from(orders)
        .where(and(eq(orders.tenantId, tenant.id), eq(orders.id, row.orderId)));
      if (order?.status !== "completed" || toBig(order.balanceDue).lt(row.amount)) throw appError("BAD_REQUEST", E("invoiceSettled"));
    } else {
      // An appointment's link: the appointment must still take the payment before the card is charged.
      const appointment = await appointmentOfOrderNumber(tx, tenant.id, row.orderNumber);
      if (appointment) refuseAppointmentPayment(appointment, row.amount, "pay");
    }
    return row;
  });
  const event = sandboxProvider.charge({ id: link.id, orderNumber: link.orderNumber, amountMinor: toMinorUnits(link.amount), currency: link.currency }, input);
  const { body, signature } = sandboxProvider.signedCallback(event, callbackKey(deps.sessionSecret, tenant.id));
  const delivered = await post({ host, body, signature });
  if (delivered.statusCode !== 200) throw appError("BAD_GATEWAY", E("callbackFailed"));
  const after = await withTenant(deps.db, tenant.id, (tx) => getPublicLink(tx, tenant, link.id));
  return { result: event.result, reason: event.reason, status: after.status, link: after };
}

// ───────────────────────────── callback ─────────────────────────────

/** The invoice payment's idempotency key: a UUID derived from the link id, so a repeated callback records nothing new. */
export function clientPaymentIdOf(linkId: string): string {
  const h = createHash("sha256").update(`payment-link:${linkId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface CallbackResult {
  status: number;
  body: { received: boolean; changed: boolean; code?: string };
}

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

/**
 * POST /api/payment-links/{provider}/callback: the provider says a link was paid (or declined).
 * Refused and logged, changing nothing: a bad signature (401), a malformed body (400), an unknown
 * link (404), another order number, amount or currency, a cancelled, expired or already-paid link,
 * an invoice that cannot take the payment (409). Approved: the invoice payment is recorded through
 * invoice.recordPayment with a key derived from the link id, and the link marked paid, in one
 * transaction. The same callback again: 200, nothing changes.
 */
export async function handleCallback(deps: AppDeps, log: FastifyBaseLogger, tenant: TenantRow, providerCode: string, rawBody: string, signature: string | string[] | undefined): Promise<CallbackResult> {
  const provider = paymentLinkProvider(providerCode);
  if (!provider) return { status: 404, body: { received: false, changed: false, code: "unknown_provider" } };
  const parsed = provider.parseCallback(rawBody, signature, callbackKey(deps.sessionSecret, tenant.id));
  if (!parsed.ok) {
    log.warn({ tenantId: tenant.id, provider: providerCode, reason: parsed.reason }, "payment link callback refused");
    return parsed.reason === "signature" ? { status: 401, body: { received: false, changed: false, code: "bad_signature" } } : { status: 400, body: { received: false, changed: false, code: "malformed" } };
  }
  const event = parsed.event;
  const context = { tenantId: tenant.id, provider: providerCode, linkId: event.linkId, transactionId: event.transactionId };
  try {
    const changed = await withTenant(deps.db, tenant.id, (tx) => applyCallback(tx, tenant, providerCode, event));
    // A paid online order took stock: the shop's kept pages are out of date.
    if (changed) invalidateShopPages(deps.db, tenant.id);
    log.info({ ...context, result: event.result, changed }, "payment link callback");
    return { status: 200, body: { received: true, changed } };
  } catch (e) {
    if (e instanceof Refused) {
      log.warn({ ...context, code: e.code, ...e.detail }, "payment link callback refused");
      return { status: e.status, body: { received: false, changed: false, code: e.code } };
    }
    const code = (e as { code?: string })?.code;
    if (code === "BAD_REQUEST" || code === "NOT_FOUND") {
      log.error({ ...context, err: e }, "payment link callback: the invoice did not take the payment");
      return { status: 409, body: { received: false, changed: false, code: "invoice_refused" } };
    }
    throw e;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function applyCallback(tx: Tx, tenant: TenantRow, providerCode: string, event: PaymentLinkCallbackEvent): Promise<boolean> {
  if (!UUID.test(event.linkId)) throw new Refused(404, "unknown_link");
  const [link] = await tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.id, event.linkId)))
    .for("update");
  if (!link || link.provider !== providerCode) throw new Refused(404, "unknown_link");
  if (link.orderNumber !== event.orderNumber) throw new Refused(409, "order_number_mismatch", { expected: link.orderNumber, got: event.orderNumber });
  if (link.status === "paid") {
    if (link.providerReference === event.transactionId) return false;
    throw new Refused(409, "already_paid");
  }
  if (event.result === "declined") return false;
  const expected = toMinorUnits(link.amount);
  if (event.amountMinor !== expected || event.currency !== link.currency) throw new Refused(409, "amount_mismatch", { expected, got: event.amountMinor, currency: event.currency });
  if (link.status === "cancelled") throw new Refused(409, "cancelled");
  if (!isPayable(link)) throw new Refused(409, "expired");
  // An online order's link: the order's invoice is made with this payment and marks the link paid in its own commit.
  if (!link.orderId && isOnlineOrderNumber(link.orderNumber)) return payOnlineOrderFromLink(tx, tenant, link, event);

  let paymentId: string | null = null;
  if (link.orderId) {
    const settings = await getSettings(tx, tenant.id);
    const method = await linkPaymentMethod(tx, tenant.id, settings.paymentMethodId);
    if (!method) throw new Refused(409, "no_payment_method");
    const [currency] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(and(eq(currencies.tenantId, tenant.id), eq(currencies.code, link.currency)));
    if (!currency) throw new Refused(409, "no_currency");
    // The payment is the link creator's (no session here); it belongs to no cash box (paid online).
    const user = { id: link.createdBy } as SessionUser;
    const payment = await recordPayment(
      { tx, tenant, user },
      {
        invoice_id: link.orderId,
        payment_method_id: method.id,
        currency_id: currency.id,
        amount: link.amount,
        reference: event.transactionId.slice(0, 100),
        notes: `${link.orderNumber}${event.cardLast4 ? ` · **** ${event.cardLast4}` : ""}${event.authorizationCode ? ` · AUT ${event.authorizationCode}` : ""}`,
        client_payment_id: clientPaymentIdOf(link.id),
      },
    );
    paymentId = payment.paymentId;
    await tx
      .update(orderPayments)
      .set({ cashboxSessionId: null })
      .where(and(eq(orderPayments.tenantId, tenant.id), eq(orderPayments.id, paymentId)));
  } else if (link.orderNumber.startsWith(APPOINTMENT_PREFIX)) {
    await recordAppointmentDeposit(tx, tenant, link, event);
  }
  await tx
    .update(paymentLinks)
    .set({
      status: "paid",
      paidAt: new Date(event.at),
      providerReference: event.transactionId,
      authorizationCode: event.authorizationCode,
      cardLast4: event.cardLast4,
      paymentId,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentLinks.tenantId, tenant.id), eq(paymentLinks.id, link.id)));
  return true;
}

/**
 * The order numbers of an appointment's links (the portal's deposit, the staff's 'Enlace de pago'):
 * 'APT-' + the appointment's number for the first, 'APT-{number}-{k}' (k = 2, 3, …) for each later
 * link of another amount or after the first was paid or cancelled (one link per order number).
 */
const APPOINTMENT_PREFIX = "APT-";
const APPOINTMENT_ORDER = /^APT-([A-Za-z0-9]+)(?:-(\d{1,4}))?$/;

export interface LinkAppointment {
  id: string;
  status: string;
  total_amount: string;
  amount_paid: string;
  /** 'APT-{number}': the first link's order number */
  base: string;
}

/** The tenant's appointment an order number 'APT-{number}' or 'APT-{number}-{k}' names, or null. */
export async function appointmentOfOrderNumber(tx: Tx, tenantId: string, orderNumber: string): Promise<LinkAppointment | null> {
  const match = APPOINTMENT_ORDER.exec(orderNumber);
  if (!match) return null;
  const [row] = rowsOf<Omit<LinkAppointment, "base">>(
    await tx.execute(sql`SELECT id, status, total_amount::text AS total_amount, amount_paid::text AS amount_paid FROM appointments WHERE tenant_id = ${tenantId} AND appointment_number = ${match[1]}`),
  );
  return row ? { ...row, base: `${APPOINTMENT_PREFIX}${match[1]}` } : null;
}

/** Whether an appointment order number is well-formed ('APT-{number}' or 'APT-{number}-{k}'). */
export function isAppointmentOrderNumber(orderNumber: string): boolean {
  return APPOINTMENT_ORDER.test(orderNumber);
}

/** An appointment takes a payment of the amount only while not cancelled and owing at least that much (as appointment.applyPayment checks). */
function refuseAppointmentPayment(appointment: LinkAppointment, amount: string, when: "create" | "pay"): void {
  const key = (k: string) => E(when === "pay" ? `${k}NotCharged` : k);
  if (appointment.status === "cancelled") throw appError("BAD_REQUEST", key("appointmentCancelled"));
  const due = toBig(appointment.total_amount).minus(appointment.amount_paid);
  if (due.lte(0)) throw appError("BAD_REQUEST", key("appointmentPaid"));
  if (toBig(amount).gt(due)) throw appError("BAD_REQUEST", key("appointmentAmountAboveBalance"), { pending: due.toFixed(2) });
}

/**
 * The order number of a new link of the appointment: a payable link of the same amount already made
 * is answered again (a double click, the same booking retried); else the first number not used
 * ('APT-{number}', then 'APT-{number}-2', -3, …). An explicit 'APT-{number}-{k}' keeps its number.
 */
async function appointmentLinkNumber(tx: Tx, tenantId: string, base: string, asked: string, amount: string): Promise<string | { id: string }> {
  if (asked !== base) return asked;
  const rows = await tx
    .select({ id: paymentLinks.id, orderNumber: paymentLinks.orderNumber, amount: paymentLinks.amount, status: paymentLinks.status, expiresAt: paymentLinks.expiresAt, orderId: paymentLinks.orderId })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tenantId, tenantId), sql`(${paymentLinks.orderNumber} = ${base} OR ${paymentLinks.orderNumber} LIKE ${`${base}-%`})`));
  const own = rows.filter((r) => r.orderNumber === base || new RegExp(`^${base}-\\d{1,4}$`).test(r.orderNumber));
  const same = own.find((r) => r.orderId === null && toBig(r.amount).eq(amount) && isPayable(r));
  if (same) return { id: same.id };
  if (!own.some((r) => r.orderNumber === base)) return base;
  const last = Math.max(1, ...own.map((r) => Number(r.orderNumber.slice(base.length + 1)) || 1));
  return `${base}-${last + 1}`;
}

/** The appointment payment's idempotency key: derived from the link id, so a repeated callback records it once. */
export function appointmentPaymentKeyOf(linkId: string): string {
  return `payment-link:${linkId}`;
}

/**
 * A paid 'APT-{number}' or 'APT-{number}-{k}' link (not bound to an invoice) is a payment of the
 * appointment: recorded through appointment.applyPayment ('deposit' when it is the first payment and
 * no more than the appointment's deposit, else 'partial'), with the link's payment method, no
 * invoice, and a key derived from the link. An order number no appointment has is only a paid link
 * (a link typed by hand with that prefix).
 */
async function recordAppointmentDeposit(tx: Tx, tenant: TenantRow, link: typeof paymentLinks.$inferSelect, event: PaymentLinkCallbackEvent) {
  const found = await appointmentOfOrderNumber(tx, tenant.id, link.orderNumber);
  if (!found) return;
  const appointment = await getRow(tx, tenant.id, found.id);
  const settings = await getSettings(tx, tenant.id);
  const method = await linkPaymentMethod(tx, tenant.id, settings.paymentMethodId);
  if (!method) throw new Refused(409, "no_payment_method");
  const deposit = toBig(appointment.deposit_amount);
  // The deposit is the first payment up to the deposit's amount; any later one is 'partial'.
  const paymentType = deposit.gt(0) && toBig(appointment.amount_paid).lte(0) && toBig(link.amount).lte(deposit) ? "deposit" : "partial";
  // The payment is the link creator's (no session here).
  const user = { id: link.createdBy, warehouseId: null } as SessionUser;
  await applyPayment(
    { tx, tenant, user },
    {
      appointment_id: appointment.id,
      payment_type: paymentType,
      amount: link.amount,
      payment_method: method.id,
      notes: `${link.orderNumber}${event.cardLast4 ? ` · **** ${event.cardLast4}` : ""}${event.authorizationCode ? ` · AUT ${event.authorizationCode}` : ""}`,
      generate_invoice: false,
      ncf_type_id: undefined,
      idempotency_key: appointmentPaymentKeyOf(link.id),
    },
  );
}

export { SANDBOX_CALLBACK_PATH, SIGNATURE_HEADER };
