import { createHmac, randomBytes } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { MOVABLE_STATUSES } from "../../../../shared/appointments/schemas";
import { toBig } from "../../../../shared/catalog/decimal";
import { translate } from "../../../../shared/i18n/translate";
import type { AppDeps } from "../../../app";
import { rowsOf, type Tx } from "../../../db/client";
import { newId } from "../../../ids";
import { requestOrigin } from "../../../origin";
import { appError, notFound } from "../../../trpc/errors";
import type { SessionUser } from "../../auth/service";
import { createCustomer } from "../../customer/service";
import { escapeHtml, sendMail } from "../../mail/service";
import { createLink } from "../../payment-link/service";
import type { TenantRow } from "../../tenant/service";
import { type BookingPolicy, getAvailableSlots, loadService, readPolicy } from "../availability";
import { readBusinessProfile } from "../business/service";
import { requestRefund } from "../payments/service";
import { type AppointmentRow, createAppointment, getRow, reschedule, updateStatus } from "../service";
import { appointmentPortals, portalSessions } from "../tables";
import { PORTAL_PAGES, type portalBookInput, type portalConfigInput } from "./schemas";

/**
 * The public booking portal (issue 15 §6; spec 03 'Appointment administration screens': booking
 * flow and customer area). Everything runs on the tenant's host without a staff session; a
 * customer signs in with a one-time e-mailed link (15 minutes) that opens a session kept in the
 * httpOnly cookie `enzzo_portal` (its token HMAC-hashed in portal_sessions, like staff sessions).
 */

export const PORTAL_COOKIE = "enzzo_portal";
export const LINK_TTL_MS = 15 * 60_000;
const E = (key: string) => `bookingPortal:errors.${key}`;

export interface PortalCtx {
  tx: Tx;
  tenant: TenantRow;
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  lang: string;
}

// ───────────────────────────── configuration ─────────────────────────────

export type PortalPages = Record<(typeof PORTAL_PAGES)[number], { enabled: boolean; title: string | null; body: string | null }>;

export interface PortalConfig {
  is_enabled: boolean;
  subdomain_path: string;
  custom_domain: string | null;
  logo_url: string | null;
  primary_color: string;
  secondary_color: string;
  font_family: string;
  custom_css: string | null;
  pages: PortalPages;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string | null;
  require_deposit: boolean;
  terms_text: string | null;
}

const defaultPages = (): PortalPages =>
  Object.fromEntries(PORTAL_PAGES.map((p) => [p, { enabled: p === "booking" || p === "services", title: null, body: null }])) as PortalPages;

const DEFAULTS: PortalConfig = {
  is_enabled: false,
  subdomain_path: "book",
  custom_domain: null,
  logo_url: null,
  primary_color: "#0f766e",
  secondary_color: "#f59e0b",
  font_family: "system-ui",
  custom_css: null,
  pages: defaultPages(),
  meta_title: null,
  meta_description: null,
  keywords: null,
  require_deposit: false,
  terms_text: null,
};

/** The tenant's portal configuration (its defaults, switched off, when none is saved). */
export async function readPortalConfig(tx: Tx, tenantId: string): Promise<PortalConfig> {
  const [row] = await tx.select().from(appointmentPortals).where(sql`${appointmentPortals.tenantId} = ${tenantId}`).limit(1);
  if (!row) return { ...DEFAULTS, pages: defaultPages() };
  const stored = (typeof row.pages === "string" ? JSON.parse(row.pages) : row.pages) as Partial<PortalPages>;
  const pages = defaultPages();
  for (const p of PORTAL_PAGES) if (stored?.[p]) pages[p] = { ...pages[p], ...stored[p] };
  return {
    is_enabled: row.isEnabled,
    subdomain_path: row.subdomainPath,
    custom_domain: row.customDomain,
    logo_url: row.logoUrl,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    font_family: row.fontFamily,
    custom_css: row.customCss,
    pages,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    keywords: row.keywords,
    require_deposit: row.requireDeposit,
    terms_text: row.termsText,
  };
}

/** appointment.updatePortalConfig: saves the one row of the tenant (created on first save). */
export async function savePortalConfig(tx: Tx, tenantId: string, input: z.output<typeof portalConfigInput>): Promise<PortalConfig> {
  const values = {
    isEnabled: input.is_enabled,
    subdomainPath: input.subdomain_path,
    customDomain: input.custom_domain,
    logoUrl: input.logo_url,
    primaryColor: input.primary_color,
    secondaryColor: input.secondary_color,
    fontFamily: input.font_family,
    customCss: input.custom_css,
    pages: input.pages,
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    keywords: input.keywords,
    requireDeposit: input.require_deposit,
    termsText: input.terms_text,
  };
  await tx
    .insert(appointmentPortals)
    .values({ tenantId, id: newId(), ...values })
    .onConflictDoUpdate({ target: [appointmentPortals.tenantId], set: { ...values, updatedAt: new Date() } });
  return readPortalConfig(tx, tenantId);
}

/** The portal's configuration, or NOT_FOUND while the tenant has it switched off. */
async function enabledConfig(tx: Tx, tenantId: string): Promise<PortalConfig> {
  const config = await readPortalConfig(tx, tenantId);
  if (!config.is_enabled) throw appError("NOT_FOUND", E("disabled"));
  return config;
}

/** What a signed-in customer may do with their appointments: the refund window (hours before the start), and whether the booking settings let them cancel or reschedule online. */
interface CustomerRules {
  windowHours: number;
  allowCancel: boolean;
  allowReschedule: boolean;
}

/** The policy's one reader (readPolicy): the refund window and the booking settings' allow_customer_cancel / allow_customer_reschedule. */
async function customerRules(tx: Tx, tenantId: string): Promise<CustomerRules> {
  return rulesOf(await readPolicy(tx, tenantId));
}

function rulesOf(policy: BookingPolicy): CustomerRules {
  return { windowHours: policy.refund.refund_window_hours, allowCancel: policy.allowCustomerCancel, allowReschedule: policy.allowCustomerReschedule };
}

/** The week's opening hours as saved (7 days, index 0 = Sunday), or null when none are saved. */
function openingWeek(hours: unknown): { closed: boolean; open: string; close: string }[] | null {
  if (!Array.isArray(hours) || hours.length !== 7) return null;
  return hours.map((d: { closed?: unknown; open?: unknown; close?: unknown } | null) => ({
    closed: !!d?.closed,
    open: typeof d?.open === "string" ? d.open : "",
    close: typeof d?.close === "string" ? d.close : "",
  }));
}

/** portal.getConfig: what the public pages show (never the staff-only parts such as the custom domain). */
export async function getPublicConfig(ctx: PortalCtx) {
  const { tx, tenant } = ctx;
  const config = await readPortalConfig(tx, tenant.id);
  if (!config.is_enabled) return { is_enabled: false as const, business_name: tenant.name };
  const [policy, business] = await Promise.all([readPolicy(tx, tenant.id), readBusinessProfile(tx, tenant.id)]);
  const rules = rulesOf(policy);
  return {
    is_enabled: true as const,
    /** the name customers know the business by (the 'Negocio' tab's, else the tenant's) */
    business_name: business.display_name,
    /** the portal's own path (/{path}; /book always works too) */
    path: config.subdomain_path,
    timezone: tenant.timezone,
    logo_url: config.logo_url,
    primary_color: config.primary_color,
    secondary_color: config.secondary_color,
    font_family: config.font_family,
    custom_css: config.custom_css,
    pages: config.pages,
    meta_title: config.meta_title,
    meta_description: config.meta_description,
    keywords: config.keywords,
    require_deposit: config.require_deposit,
    terms_text: config.terms_text,
    deposit_percent: policy.depositPercent,
    min_notice_hours: policy.minNoticeHours,
    max_advance_days: policy.maxAdvanceDays,
    refund_window_hours: rules.windowHours,
    allow_customer_cancel: rules.allowCancel,
    allow_customer_reschedule: rules.allowReschedule,
    /** the business as its customers see it (the 'Negocio' tab): name, phone, WhatsApp, e-mail, address, opening hours */
    business: {
      name: business.display_name,
      phone: business.phone,
      whatsapp: business.whatsapp,
      email: business.email,
      address: business.address,
      city: business.city,
      website: business.website,
      about: business.about,
      opening_hours: openingWeek(business.opening_hours),
    },
  };
}

// ───────────────────────────── services, employees, slots ─────────────────────────────

/** portal.getServices: the schedulable, active services with at least one active professional. */
export async function getPortalServices(ctx: PortalCtx) {
  const { tx, tenant } = ctx;
  await enabledConfig(tx, tenant.id);
  return rowsOf<{ id: string; name: string; description: string | null; price: string; duration: number; allow_employee_selection: boolean; image_url: string | null }>(
    await tx.execute(sql`SELECT p.id, p.name, p.description, p.price::text AS price, coalesce(p.default_duration, 30) AS duration, p.allow_employee_selection, p.image_url
      FROM products p
      WHERE p.tenant_id = ${tenant.id} AND p.is_scheduleable AND p.is_active AND p.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM employee_products ep JOIN employees e ON e.tenant_id = ep.tenant_id AND e.id = ep.employee_id
          WHERE ep.tenant_id = p.tenant_id AND ep.product_id = p.id AND ep.is_active AND e.is_active)
      ORDER BY p.name LIMIT 200`),
  );
}

async function allowsEmployeeSelection(tx: Tx, tenantId: string, serviceId: string): Promise<boolean> {
  await loadService(tx, tenantId, serviceId);
  const [row] = rowsOf<{ allow: boolean }>(await tx.execute(sql`SELECT allow_employee_selection AS allow FROM products WHERE tenant_id = ${tenantId} AND id = ${serviceId}`));
  return row?.allow ?? false;
}

/** portal.getEmployees: the service's professionals, or none when the service does not let the customer choose. */
export async function getPortalEmployees(ctx: PortalCtx, serviceId: string) {
  const { tx, tenant } = ctx;
  await enabledConfig(tx, tenant.id);
  if (!(await allowsEmployeeSelection(tx, tenant.id, serviceId))) return { allow_selection: false, employees: [] };
  const employees = rowsOf<{ id: string; name: string; position: string | null }>(
    await tx.execute(sql`SELECT e.id, e.name, e.position FROM employee_products ep JOIN employees e ON e.tenant_id = ep.tenant_id AND e.id = ep.employee_id
      WHERE ep.tenant_id = ${tenant.id} AND ep.product_id = ${serviceId} AND ep.is_active AND e.is_active ORDER BY e.name`),
  );
  return { allow_selection: true, employees };
}

/** The employee a customer may ask for: none when the service does not allow choosing. */
async function chosenEmployee(tx: Tx, tenantId: string, serviceId: string, employeeId: string | null | undefined) {
  if (!employeeId) return undefined;
  return (await allowsEmployeeSelection(tx, tenantId, serviceId)) ? employeeId : undefined;
}

/** portal.getAvailableSlots: the same computed slots as the staff's. */
export async function getPortalSlots(ctx: PortalCtx, input: { service_id: string; employee_id?: string | null; date: string }) {
  const { tx, tenant } = ctx;
  await enabledConfig(tx, tenant.id);
  const employeeId = await chosenEmployee(tx, tenant.id, input.service_id, input.employee_id);
  return getAvailableSlots(tx, tenant, { date: input.date, service_id: input.service_id, employee_id: employeeId });
}

// ───────────────────────────── booking ─────────────────────────────

/** The user the appointment service is called with: no staff member (created_by stays null for 'portal'). */
function portalUser(tenant: TenantRow, id: string): SessionUser {
  return {
    id,
    tenantId: tenant.id,
    name: "portal",
    email: "",
    role: "cashier",
    isOwner: false,
    language: "es",
    warehouseId: null,
    imageUrl: null,
    permissions: [],
    modules: [],
    sessionId: "",
  };
}

/** The tenant's owner: a payment link needs a user to be created by (the portal acts for the business). */
async function ownerUser(tx: Tx, tenant: TenantRow): Promise<SessionUser | null> {
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM users WHERE tenant_id = ${tenant.id} AND is_owner ORDER BY created_at LIMIT 1`));
  return row ? portalUser(tenant, row.id) : null;
}

/**
 * portal.book: the customer (found by e-mail, else created) books a slot; source 'portal'. When
 * the portal asks for a deposit, a payment link for it ('APT-' + number) comes back with the
 * appointment. The same idempotency key again answers the first booking.
 */
export async function bookOnPortal(ctx: PortalCtx, input: z.output<typeof portalBookInput>) {
  const { tx, tenant } = ctx;
  const config = await enabledConfig(tx, tenant.id);
  const employeeId = await chosenEmployee(tx, tenant.id, input.service_id, input.employee_id);
  // Found by e-mail only (never by phone: a typed phone must not attach a stranger to someone's account).
  const customerId =
    (await customerByEmail(tx, tenant.id, input.customer_email))?.id ??
    (await createCustomer(tx, tenant.id, { name: input.customer_name, email: input.customer_email, phone: input.customer_phone } as Parameters<typeof createCustomer>[2])).id;
  const created = await createAppointment(
    { tx, tenant, user: portalUser(tenant, newId()) },
    {
      customer_id: customerId,
      customer_name: input.customer_name,
      customer_email: input.customer_email,
      customer_phone: input.customer_phone,
      customer_notes: input.customer_notes ?? undefined,
      service_id: input.service_id,
      employee_id: employeeId,
      appointment_date: input.date,
      start_time: input.time,
      party_size: 1,
      idempotency_key: `portal:${input.idempotency_key}`,
    },
    "portal",
  );
  const row = await getRow(tx, tenant.id, created.id);
  const deposit = config.require_deposit ? await depositLink(ctx, row) : null;
  return {
    id: row.id,
    appointment_number: row.appointment_number,
    service_name: row.service_name,
    employee_name: row.employee_name,
    date: row.appointment_date,
    time: row.start_time,
    end_time: row.end_time,
    total_amount: row.total_amount,
    deposit_required: config.require_deposit,
    deposit_amount: row.deposit_amount,
    payment_link: deposit,
  };
}

/** The deposit's payment link (the same order number again answers the same link), or null when links are not set up. */
async function depositLink(ctx: PortalCtx, row: AppointmentRow): Promise<{ url: string; amount: string } | null> {
  const owner = await ownerUser(ctx.tx, ctx.tenant);
  if (!owner) return null;
  try {
    const answer = await createLink(
      { tx: ctx.tx, tenant: ctx.tenant, user: owner, origin: requestOrigin(ctx), lang: ctx.lang },
      {
        orderNumber: `APT-${row.appointment_number}`,
        amount: row.deposit_amount,
        itbis: "0.00",
        language: ctx.lang === "en" ? "EN" : "ES",
        clientContractNumber: row.customer_id ?? row.appointment_number,
        customerName: row.customer_name,
        description: `${row.service_name} · ${row.appointment_date} ${row.start_time}`,
        email: row.customer_email,
        invoiceId: null,
      },
    );
    return answer.success ? { url: answer.linkFullUrl, amount: row.deposit_amount } : null;
  } catch {
    // No provider enabled: the booking stands; the business collects the deposit another way.
    return null;
  }
}

// ───────────────────────────── sign-in by e-mailed link ─────────────────────────────

const hmac = (deps: AppDeps, token: string) => createHmac("sha256", deps.sessionSecret).update(`portal:${token}`).digest("hex");

async function customerByEmail(tx: Tx, tenantId: string, email: string) {
  const [row] = rowsOf<{ id: string; name: string; email: string }>(
    await tx.execute(sql`SELECT id, name, email FROM customers WHERE tenant_id = ${tenantId} AND deleted_at IS NULL AND NOT is_default AND lower(email) = ${email}
      ORDER BY created_at LIMIT 1`),
  );
  return row ?? null;
}

/**
 * portal.requestLink: always the same answer (whether the e-mail is known is not told); a known
 * customer gets a link /{portal path}/account?token=… valid 15 minutes, used once.
 */
export async function requestLink(ctx: PortalCtx, email: string) {
  const { tx, tenant } = ctx;
  const config = await enabledConfig(tx, tenant.id);
  const customer = await customerByEmail(tx, tenant.id, email);
  if (customer) {
    const token = randomBytes(32).toString("base64url");
    await tx.insert(portalSessions).values({
      tenantId: tenant.id,
      id: newId(),
      customerId: customer.id,
      email,
      linkTokenHash: hmac(ctx.deps, token),
      linkExpiresAt: new Date(Date.now() + LINK_TTL_MS),
    });
    const url = `${requestOrigin(ctx)}/${config.subdomain_path}/account?token=${token}`;
    const t = (key: string, vars?: Record<string, unknown>) => translate(ctx.lang, `bookingPortal:mail.${key}`, vars);
    await sendMail(
      tx,
      tenant.id,
      {
        to: customer.email,
        subject: t("subject", { business: tenant.name }),
        text: `${t("greeting", { name: customer.name })}\n\n${t("body", { minutes: 15 })}\n\n${url}\n\n${t("ignore")}`,
        html: `<p>${escapeHtml(t("greeting", { name: customer.name }))}</p><p>${escapeHtml(t("body", { minutes: 15 }))}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t("button"))}</a></p><p>${escapeHtml(t("ignore"))}</p>`,
        kind: "otp",
      },
      { throwOnFailure: false },
    );
  }
  return { success: true as const };
}

/** portal.signIn: uses the link once and opens a session (cookie enzzo_portal). */
export async function signIn(ctx: PortalCtx, token: string) {
  const { tx, tenant, deps } = ctx;
  await enabledConfig(tx, tenant.id);
  const session = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlSeconds * 1000);
  const [row] = rowsOf<{ customer_id: string }>(
    await tx.execute(sql`UPDATE portal_sessions SET used_at = now(), session_token_hash = ${hmac(deps, session)}, session_expires_at = ${expiresAt.toISOString()}::timestamptz
      WHERE tenant_id = ${tenant.id} AND link_token_hash = ${hmac(deps, token)} AND used_at IS NULL AND link_expires_at > now()
      RETURNING customer_id`),
  );
  if (!row) throw appError("UNAUTHORIZED", E("invalidLink"));
  const [customer] = rowsOf<{ id: string; name: string; email: string | null; phone: string | null }>(
    await tx.execute(sql`SELECT id, name, email, phone FROM customers WHERE tenant_id = ${tenant.id} AND id = ${row.customer_id}`),
  );
  ctx.res.setCookie(PORTAL_COOKIE, session, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: deps.config.publicUrl?.startsWith("https:") ?? false,
    expires: expiresAt,
  });
  return customer ?? null;
}

/** The signed-in customer of the request, or null. */
async function sessionCustomer(ctx: PortalCtx) {
  const token = ctx.req.cookies?.[PORTAL_COOKIE];
  if (!token || token.length > 100) return null;
  const [row] = rowsOf<{ id: string; name: string; email: string | null; phone: string | null }>(
    await ctx.tx.execute(sql`SELECT c.id, c.name, c.email, c.phone FROM portal_sessions s JOIN customers c ON c.tenant_id = s.tenant_id AND c.id = s.customer_id
      WHERE s.tenant_id = ${ctx.tenant.id} AND s.session_token_hash = ${hmac(ctx.deps, token)} AND s.session_expires_at > now() AND c.deleted_at IS NULL`),
  );
  return row ?? null;
}

async function requireCustomer(ctx: PortalCtx) {
  await enabledConfig(ctx.tx, ctx.tenant.id);
  const customer = await sessionCustomer(ctx);
  if (!customer) throw appError("UNAUTHORIZED", E("signInRequired"));
  return customer;
}

/** portal.me: the signed-in customer, or null. */
export async function me(ctx: PortalCtx) {
  const customer = await sessionCustomer(ctx);
  return customer ? { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone } : null;
}

/** portal.signOut: ends the session and clears the cookie. */
export async function signOut(ctx: PortalCtx) {
  const token = ctx.req.cookies?.[PORTAL_COOKIE];
  if (token && token.length <= 100) {
    await ctx.tx.execute(sql`UPDATE portal_sessions SET session_expires_at = now() WHERE tenant_id = ${ctx.tenant.id} AND session_token_hash = ${hmac(ctx.deps, token)}`);
  }
  ctx.res.clearCookie(PORTAL_COOKIE, { path: "/" });
  return { success: true as const };
}

// ───────────────────────────── customer area ─────────────────────────────

interface MineRow {
  id: string;
  appointment_number: string;
  status: string;
  service_id: string;
  service_name: string;
  employee_id: string;
  employee_name: string;
  appointment_date: string;
  start_time: string;
  duration_minutes: number;
  total_amount: string;
  amount_paid: string;
  starts_at: Date | string;
  is_upcoming: boolean;
  can_change: boolean;
  can_cancel: boolean;
  can_reschedule: boolean;
}

/** portal.myAppointments: the customer's appointments, upcoming (soonest first) and past (latest first). */
export async function myAppointments(ctx: PortalCtx) {
  const { tx, tenant } = ctx;
  const customer = await requireCustomer(ctx);
  const rules = await customerRules(tx, tenant.id);
  const windowHours = rules.windowHours;
  const movable = `{${MOVABLE_STATUSES.join(",")}}`;
  const rows = rowsOf<Omit<MineRow, "can_cancel" | "can_reschedule">>(
    await tx.execute(sql`SELECT a.id, a.appointment_number, a.status, a.service_id, a.service_name, a.employee_id, e.name AS employee_name, a.appointment_date::text AS appointment_date,
        a.start_time, a.duration_minutes, a.total_amount::text AS total_amount, a.amount_paid::text AS amount_paid, a.starts_at,
        (a.starts_at >= now() AND a.status = ANY(${movable}::text[])) AS is_upcoming,
        (a.status = ANY(${movable}::text[]) AND a.starts_at - make_interval(hours => ${windowHours}) > now()) AS can_change
      FROM appointments a JOIN employees e ON e.tenant_id = a.tenant_id AND e.id = a.employee_id
      WHERE a.tenant_id = ${tenant.id} AND a.customer_id = ${customer.id}
      ORDER BY a.starts_at LIMIT 500`),
  );
  const view = (r: Omit<MineRow, "can_cancel" | "can_reschedule">): MineRow => ({
    ...r,
    starts_at: new Date(r.starts_at),
    can_cancel: r.can_change && rules.allowCancel,
    can_reschedule: r.can_change && rules.allowReschedule,
  });
  return {
    refund_window_hours: windowHours,
    allow_customer_cancel: rules.allowCancel,
    allow_customer_reschedule: rules.allowReschedule,
    upcoming: rows.filter((r) => r.is_upcoming).map(view),
    past: rows
      .filter((r) => !r.is_upcoming)
      .map(view)
      .reverse(),
  };
}

/**
 * The customer's appointment, locked for a change within the policy (else a clear refusal): the
 * booking settings must let customers do it online (allow_customer_cancel / allow_customer_reschedule).
 */
async function ownChangeable(ctx: PortalCtx, customerId: string, id: string, action: "cancel" | "reschedule") {
  const rules = await customerRules(ctx.tx, ctx.tenant.id);
  const [row] = rowsOf<{ id: string; status: string; in_time: boolean }>(
    await ctx.tx.execute(sql`SELECT id, status, (starts_at - make_interval(hours => ${rules.windowHours}) > now()) AS in_time FROM appointments
      WHERE tenant_id = ${ctx.tenant.id} AND id = ${id} AND customer_id = ${customerId} FOR UPDATE`),
  );
  if (!row) throw notFound();
  if (action === "cancel" && !rules.allowCancel) throw appError("BAD_REQUEST", E("cancelNotAllowed"));
  if (action === "reschedule" && !rules.allowReschedule) throw appError("BAD_REQUEST", E("rescheduleNotAllowed"));
  if (!(MOVABLE_STATUSES as readonly string[]).includes(row.status)) throw appError("BAD_REQUEST", E("notChangeable"));
  if (!row.in_time) throw appError("BAD_REQUEST", E("outsideWindow"), { hours: rules.windowHours });
}

/** portal.cancel: the customer's own appointment, up to the refund window before its start, when the booking settings allow it. */
export async function cancelMine(ctx: PortalCtx, id: string) {
  const customer = await requireCustomer(ctx);
  await ownChangeable(ctx, customer.id, id, "cancel");
  const row = await updateStatus(
    { tx: ctx.tx, tenant: ctx.tenant, user: portalUser(ctx.tenant, customer.id) },
    { id, status: "cancelled", reason: translate(ctx.lang, "bookingPortal:account.cancelledByCustomer") },
  );
  const refund = toBig(row.amount_paid).gt(0) ? await requestRefundOnCancel(ctx, customer.id, row.id) : null;
  return { id: row.id, status: row.status, refund };
}

/**
 * What the customer paid on an appointment they cancel goes to the business's refund queue at once:
 * a request (pending_review, to the original payment method) by the policy's quote, through the
 * staff's own requestRefund. Under a savepoint: when it is refused (the quote gives nothing back,
 * a request already exists) the cancellation still stands and no request is made. The request is
 * the customer's, not a staff member's (no user).
 */
async function requestRefundOnCancel(ctx: PortalCtx, customerId: string, appointmentId: string): Promise<{ amount: string } | null> {
  const { tx, tenant } = ctx;
  await tx.execute(sql`SAVEPOINT portal_cancel_refund`);
  try {
    const refund = await requestRefund(
      { tx, tenant, user: portalUser(tenant, customerId) },
      { appointment_id: appointmentId, method: "original_payment_method", waive_fees: false, notes: translate(ctx.lang, "bookingPortal:account.refundRequestedNote") },
    );
    await tx.execute(sql`UPDATE appointment_refunds SET user_id = NULL WHERE tenant_id = ${tenant.id} AND id = ${refund.id}`);
    await tx.execute(sql`RELEASE SAVEPOINT portal_cancel_refund`);
    return { amount: refund.amount };
  } catch (e) {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT portal_cancel_refund`);
    if (!(e instanceof TRPCError) || e.code !== "BAD_REQUEST") console.error(`[portal] refund request of cancelled appointment ${appointmentId} not made:`, e instanceof Error ? e.message : e);
    return null;
  }
}

/** portal.reschedule: the customer's own appointment to another free time, within the policy, when the booking settings allow it. */
export async function rescheduleMine(ctx: PortalCtx, input: { id: string; date: string; time: string }) {
  const customer = await requireCustomer(ctx);
  await ownChangeable(ctx, customer.id, input.id, "reschedule");
  const row = await reschedule({ tx: ctx.tx, tenant: ctx.tenant, user: portalUser(ctx.tenant, customer.id) }, { id: input.id, appointment_date: input.date, start_time: input.time, employee_id: undefined });
  return { id: row.id, status: row.status, appointment_date: row.appointment_date, start_time: row.start_time, employee_name: row.employee_name };
}

/** portal.payments: the payments of the customer's appointments, newest first. */
export async function myPayments(ctx: PortalCtx) {
  const customer = await requireCustomer(ctx);
  const rows = rowsOf<{
    id: string;
    appointment_number: string;
    service_name: string;
    appointment_date: string;
    payment_type: string;
    amount: string;
    method_name: string;
    deposit_status: string | null;
    invoice_number: string | null;
    created_at: Date | string;
  }>(
    await ctx.tx.execute(sql`SELECT p.id, a.appointment_number, a.service_name, a.appointment_date::text AS appointment_date, p.payment_type, p.amount::text AS amount,
        m.name AS method_name, p.deposit_status, o.number AS invoice_number, p.created_at
      FROM appointment_payments p JOIN appointments a ON a.tenant_id = p.tenant_id AND a.id = p.appointment_id
      JOIN payment_methods m ON m.tenant_id = p.tenant_id AND m.id = p.payment_method_id
      LEFT JOIN orders o ON o.tenant_id = p.tenant_id AND o.id = p.order_id
      WHERE p.tenant_id = ${ctx.tenant.id} AND a.customer_id = ${customer.id}
      ORDER BY p.created_at DESC LIMIT 500`),
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at) }));
}
