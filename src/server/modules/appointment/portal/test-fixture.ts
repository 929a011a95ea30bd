import { createTRPCClient, httpLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import superjson from "superjson";
import { addDaysTo, weekday } from "../../../../shared/appointments/availability";
import { businessDate } from "../../../../shared/platform/dates";
import { rowsOf, withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { type Client, createRoleContext, TEST_PASSWORD, type TestContext } from "../../../test/harness";
import type { AppRouter } from "../../../trpc/app-router";
import { hashPassword } from "../../auth/service";
import { users } from "../../auth/tables";
import { employeeSchedules } from "../tables";

/** The portal tests' shared setup: the tenant's data, a browser on a host, the inputs they send. */

type Week = { dayOff: boolean; start: string; end: string; breaks: { start: string; end: string }[] }[];

/** Mon–Sat 08:00–18:00 without breaks, Sunday off. */
export const OPEN_WEEK: Week = Array.from({ length: 7 }, (_, d) => ({ dayOff: d === 0, start: "08:00", end: "18:00", breaks: [] }));

export interface PortalFixture {
  t: TestContext;
  owner: Client;
  outsiderOwner: Client;
  /** acme: Masaje, 60 minutes, RD$1,000 */
  masaje: string;
  /** acme's employees who do Masaje and work `week`, by name */
  employees: Record<string, string>;
  /** a Monday at least 3 days ahead */
  monday: string;
}

/** A test database where acme has the schedulable service Masaje, done by the named employees on the given week. */
export async function portalFixture(opts: { employees: string[]; week: Week }): Promise<PortalFixture> {
  const { t, owner, outsider: outsiderOwner } = await createRoleContext();
  const masaje = (await owner.product.create.mutate({ name: "Masaje", sku: "SRV-MASAJE", price: "1000", price2: "0", price3: "0", productType: "service", isScheduleable: true, defaultDuration: 60 })).id;
  const employees: Record<string, string> = {};
  for (const name of opts.employees) employees[name] = (await owner.employee.create.mutate({ name })).id;
  for (const employeeId of Object.values(employees)) {
    await owner.employee.updateProducts.mutate({ employeeId, products: [{ productId: masaje }] });
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(employeeSchedules).values({ tenantId: t.acme.tenant.id, id: newId(), employeeId, effectiveFrom: "2020-01-01", days: opts.week }));
  }
  let monday = addDaysTo(businessDate(new Date(), "America/Santo_Domingo"), 3);
  while (weekday(monday) !== 1) monday = addDaysTo(monday, 1);
  return { t, owner, outsiderOwner, masaje, employees, monday };
}

/** A signed-in acme user of the role 'booker' (the test file mocks its permissions in). */
export async function bookerClient(t: TestContext): Promise<Client> {
  const email = "booker@acme.test";
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(users).values({ tenantId: t.acme.tenant.id, id: newId(), name: "Booker", email, passwordHash, role: "booker" }));
  return t.client("acme", { email, password: TEST_PASSWORD });
}

export type PortalClient = ReturnType<typeof createTRPCClient<AppRouter>>;
const jars = new WeakMap<PortalClient, { cookie?: string }>();

/** The cookie jar of a browser made by hostClient. */
export const jarOf = (c: PortalClient) => jars.get(c)!;

/** A browser on any host (a tenant's subdomain or a custom domain): keeps the enzzo_portal cookie the server sets. */
export function hostClient(t: TestContext, host: string): PortalClient {
  const jar: { cookie?: string } = {};
  const c = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://${host}/api/trpc`,
        transformer: superjson,
        headers: () => ({ ...(jar.cookie ? { cookie: jar.cookie } : {}), "x-locale": "es" }),
        fetch: async (input, init) => {
          const url = new URL(typeof input === "string" ? input : (input as URL).toString());
          const headers = Object.fromEntries(new Headers(init?.headers as HeadersInit).entries());
          const res = await t.app.inject({
            method: (init?.method ?? "GET") as "GET",
            url: url.pathname + url.search,
            headers: { ...headers, host },
            payload: (init?.body as string | undefined) ?? undefined,
          });
          const set = ([] as string[]).concat(res.headers["set-cookie"] ?? [])[0];
          if (set) jar.cookie = /expires=Thu, 01 Jan 1970/i.test(set) || set.startsWith("enzzo_portal=;") ? undefined : set.split(";")[0];
          return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
        },
      }),
    ],
  });
  jars.set(c, jar);
  return c;
}

/** The portal configuration the staff save: switched on, every page shown; `over` replaces fields. */
export const portalConfig = (over: Record<string, unknown> = {}) => {
  const page = { enabled: true, title: null, body: null };
  return {
    is_enabled: true,
    subdomain_path: "book",
    custom_domain: null,
    logo_url: null,
    primary_color: "#0f766e",
    secondary_color: "#f59e0b",
    font_family: "system-ui",
    custom_css: null,
    pages: { home: page, services: page, about: page, contact: page, booking: page },
    meta_title: null,
    meta_description: null,
    keywords: null,
    require_deposit: false,
    terms_text: null,
    ...over,
  };
};

/** A public booking of a service on a date (Carmen Santos at 09:00, a new idempotency key); `over` replaces fields. */
export const portalBooking = (serviceId: string, date: string, over: Record<string, unknown> = {}) => ({
  customer_name: "Carmen Santos",
  customer_email: "carmen@example.do",
  customer_phone: "809-555-0123",
  service_id: serviceId,
  date,
  time: "09:00",
  accept_terms: true,
  idempotency_key: newId(),
  ...over,
});

/** The text of the last mail sent to an address (from the outbox), or null. */
export async function lastMailText(t: TestContext, tenantId: string, to: string): Promise<string | null> {
  const [row] = await withTenant(t.db, tenantId, async (tx) =>
    rowsOf<{ text: string }>(await tx.execute(sql`SELECT text FROM mail_messages WHERE tenant_id = ${tenantId} AND to_address = ${to} ORDER BY created_at DESC LIMIT 1`)),
  );
  return row?.text ?? null;
}

/** The sign-in link's token in the last mail sent to an address, or null. */
export async function lastLinkToken(t: TestContext, tenantId: string, to: string): Promise<string | null> {
  return (await lastMailText(t, tenantId, to))?.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

/** A browser on `host` signed in as acme's customer with that e-mail (by the mailed link). */
export async function signedIn(t: TestContext, host: string, email: string): Promise<PortalClient> {
  const c = hostClient(t, host);
  await c.portal.requestLink.mutate({ email });
  const token = await lastLinkToken(t, t.acme.tenant.id, email);
  await c.portal.signIn.mutate({ token: token! });
  return c;
}
