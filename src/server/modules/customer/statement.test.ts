import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agingBucketOf } from "../../../shared/invoices/schemas";
import { addDays, businessDate } from "../../../shared/platform/dates";
import { rowsOf, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { orders } from "../pos/tables";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let anonymous: Client;
let warehouseId: string;
let soda: string;
let cash: string;
let credit: string;
let dop: string;

const TZ = "America/Santo_Domingo";
const today = () => businessDate(new Date(), TZ);
const day = (n: number) => businessDate(addDays(new Date(), n), TZ);

beforeAll(async () => {
  t = await createTestContext();
  // POS sales are counted in the cashier's open cash box session.
  await openCashboxFor(t, t.acme, "owner");
  [owner, cashier, outsider, anonymous] = await Promise.all([t.client("acme", "owner"), t.client("acme", "cashier"), t.client("other", "owner"), t.client("acme")]);
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  soda = (await owner.product.create.mutate({ name: "Refresco 2L", sku: "REF-ST", price: "118", price2: "118", price3: "118", warehouseQuantities: [{ warehouseId, initialQuantity: "500" }] })).id;
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  credit = methods.find((m) => m.code === "CREDIT")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
});
afterAll(() => t.close());

/** A credit sale of `units` sodas (118 each) to the customer, due on `dueDate`. */
async function owed(customerId: string, units: number, dueDate: string | null) {
  const total = (118 * units).toFixed(2);
  const sale = await owner.pos.checkout.mutate({ clientOrderId: newId(), customerId, warehouseId, items: [{ productId: soda, quantity: String(units) }], payments: [{ paymentMethodId: credit, currencyId: dop, amount: total }] });
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(orders).set({ dueDate }).where(and(eq(orders.tenantId, t.acme.tenant.id), eq(orders.id, sale.orderId))));
  return sale;
}

describe("customer.getStatement", () => {
  it("buckets what is owed by days past due; partial payments and credit notes lower it; cancelled invoices owe nothing", async () => {
    const c = await owner.customer.create.mutate({ name: "Colmado La Fe", tax_id: "131246796", credit_limit: "5000" });
    expect(c.creditLimit).toBe("5000.00");
    const current = await owed(c.id, 1, day(5)); // 118 current
    const late10 = await owed(c.id, 2, day(-10)); // 236, 1–30
    await owed(c.id, 3, day(-45)); // 354, 31–60
    await owed(c.id, 4, day(-75)); // 472, 61–90
    await owed(c.id, 5, day(-120)); // 590, 90+
    const cancelled = await owed(c.id, 6, day(-10));
    await owner.invoice.cancel.mutate({ invoiceId: cancelled.orderId, reasonCode: "04" });
    await cashier.invoice.recordPayment.mutate({ invoice_id: late10.orderId, payment_method_id: cash, currency_id: dop, amount: "36" });

    const s = await cashier.customer.getStatement.query({ customerId: c.id });
    expect(s.asOf).toBe(today());
    expect(s.customer).toMatchObject({ id: c.id, name: "Colmado La Fe", taxId: "131246796", creditLimit: "5000.00" });
    expect(s.buckets).toEqual({ current: "118.00", d1_30: "200.00", d31_60: "354.00", d61_90: "472.00", d90_plus: "590.00" });
    expect(s).toMatchObject({ balanceDue: "1734.00", overdueTotal: "1616.00", creditLimit: "5000.00", creditAvailable: "3266.00", storeCredit: "0.00", openInvoiceCount: 5, truncated: false });
    expect(s.openInvoices.map((i) => i.balanceDue)).toEqual(["118.00", "200.00", "354.00", "472.00", "590.00"]);
    expect(s.openInvoices.find((i) => i.id === late10.orderId)).toMatchObject({ total: "236.00", paidTotal: "36.00", balanceDue: "200.00", daysOverdue: 10, bucket: "d1_30" });
    expect(s.openInvoices.find((i) => i.id === current.orderId)).toMatchObject({ daysOverdue: 0, bucket: "current" });
    // the SQL buckets and the shared rule agree, invoice by invoice
    for (const i of s.openInvoices) expect(i.bucket).toBe(agingBucketOf(i.dueDate, s.asOf));

    // on another date the same invoices age differently
    const later = await owner.customer.getStatement.query({ customerId: c.id, asOf: day(20) });
    expect(later.buckets).toEqual({ current: "0.00", d1_30: "318.00", d31_60: "0.00", d61_90: "354.00", d90_plus: "1062.00" });

    // a return on the oldest invoice applies to its balance first
    const oldest = s.openInvoices.at(-1)!;
    const inv = await owner.invoice.getByNumber.query({ number: oldest.number });
    await owner.creditNote.create.mutate({ client_key: newId(), order_id: inv.id, customer_id: c.id, items: [{ product_id: soda, quantity: "1" }] });
    const after = await owner.customer.getStatement.query({ customerId: c.id });
    expect(after.buckets.d90_plus).toBe("472.00");
    expect(after.balanceDue).toBe("1616.00");
  });

  it("store credit of approved notes; no limit means no available figure; the credit limit can be changed and cleared", async () => {
    const c = await owner.customer.create.mutate({ name: "Ferretería Ochoa", tax_id: "101001577" });
    expect(c.creditLimit).toBeNull();
    const sale = await owner.pos.checkout.mutate({ clientOrderId: newId(), customerId: c.id, warehouseId, items: [{ productId: soda, quantity: "2" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "236" }] });
    await owner.creditNote.create.mutate({ client_key: newId(), order_id: sale.orderId, customer_id: c.id, refund_method: "store_credit", items: [{ product_id: soda, quantity: "1" }] });
    const s = await owner.customer.getStatement.query({ customerId: c.id });
    expect(s).toMatchObject({ balanceDue: "0.00", creditLimit: null, creditAvailable: null, storeCredit: "118.00", openInvoices: [] });

    const updated = await owner.customer.update.mutate({ id: c.id, name: c.name, tax_id: c.taxId ?? undefined, credit_limit: 1500 });
    expect(updated.creditLimit).toBe("1500.00");
    // left out: kept; '' clears it
    expect((await owner.customer.update.mutate({ id: c.id, name: c.name, tax_id: c.taxId ?? undefined })).creditLimit).toBe("1500.00");
    expect((await owner.customer.update.mutate({ id: c.id, name: c.name, tax_id: c.taxId ?? undefined, credit_limit: "" })).creditLimit).toBeNull();
    expect((await errorOf(owner.customer.update.mutate({ id: c.id, name: c.name, credit_limit: "-5" }))).message).toBe("credit_limit: Monto inválido");
  });

  it("another tenant's customer is NOT_FOUND; a bad date is BAD_REQUEST; anonymous is UNAUTHORIZED; without customers.view FORBIDDEN", async () => {
    const c = await owner.customer.create.mutate({ name: "Cliente Privado" });
    expect((await errorOf(outsider.customer.getStatement.query({ customerId: c.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.customer.getStatement.query({ customerId: newId() }))).code).toBe("NOT_FOUND");
    const badDate = await errorOf(owner.customer.getStatement.query({ customerId: c.id, asOf: "2026-02-30" }));
    expect(badDate).toMatchObject({ code: "BAD_REQUEST", message: "asOf: Fecha inválida" });
    expect((await errorOf(owner.customer.getStatement.query({ customerId: "x" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(anonymous.customer.getStatement.query({ customerId: c.id }))).code).toBe("UNAUTHORIZED");
    // Roles are fixed (a cashier has customers.view); with the customers module off nobody holds it.
    await owner.modules.setEnabled.mutate({ module: "customers", enabled: false });
    try {
      expect((await errorOf(cashier.customer.getStatement.query({ customerId: c.id }))).code).toBe("FORBIDDEN");
    } finally {
      await owner.modules.setEnabled.mutate({ module: "customers", enabled: true });
    }
    expect((await cashier.customer.getStatement.query({ customerId: c.id })).balanceDue).toBe("0.00");
  });

  it("a customer with 5,000 invoices: totals in SQL over all of them, the 1,000 oldest listed (all on request), fast", async () => {
    const c = await owner.customer.create.mutate({ name: "Supermercado Grande", credit_limit: "1000000" });
    const tenantId = t.acme.tenant.id;
    const asOf = today();
    // 5,000 invoices over 200 days, due 30 days after; every 10th cancelled, every 4th paid, every 3rd half paid.
    await withTenant(t.db, tenantId, (tx) =>
      tx.execute(sql`
        insert into orders (tenant_id, id, number, client_order_id, customer_id, warehouse_id, status, payment_status, balance_due, due_date,
          subtotal, discount_total, tax_total, total, paid_total, user_id, business_date)
        select ${tenantId}::uuid, gen_random_uuid(), 'BIG-' || lpad(g::text, 5, '0'), gen_random_uuid(), ${c.id}::uuid, ${warehouseId}::uuid,
          case when g % 10 = 0 then 'cancelled' else 'completed' end,
          case when g % 4 = 0 then 'paid' when g % 3 = 0 then 'partial' else 'pending' end,
          case when g % 10 = 0 or g % 4 = 0 then 0 when g % 3 = 0 then 50 else 100 end,
          d.day + 30, 100, 0, 0, 100, case when g % 4 = 0 then 100 when g % 3 = 0 then 50 else 0 end, ${t.acme.users.owner.id}::uuid, d.day
        from generate_series(1, 5000) g cross join lateral (select (${asOf}::date - (g % 200)) as day) d`),
    );
    const expected = await withTenant(t.db, tenantId, async (tx) =>
      rowsOf<{ due_date: string; balance_due: string }>(
        await tx.execute(sql`select due_date::text, balance_due::text from orders where tenant_id = ${tenantId} and customer_id = ${c.id} and status = 'completed' and balance_due > 0`),
      ),
    );
    const sums: Record<string, number> = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0 };
    for (const r of expected) sums[agingBucketOf(r.due_date, asOf)]! += Number(r.balance_due);

    const times: number[] = [];
    let s = await owner.customer.getStatement.query({ customerId: c.id });
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      s = await owner.customer.getStatement.query({ customerId: c.id });
      times.push(performance.now() - t0);
    }
    expect(Object.fromEntries(Object.entries(s.buckets).map(([b, v]) => [b, Number(v)]))).toEqual(sums);
    expect(Number(s.balanceDue)).toBe(expected.reduce((n, r) => n + Number(r.balance_due), 0));
    expect(s).toMatchObject({ openInvoiceCount: expected.length, truncated: true });
    expect(s.openInvoices).toHaveLength(1000);
    expect(s.openInvoices[0]!.date <= s.openInvoices.at(-1)!.date).toBe(true);
    const all = await owner.customer.getStatement.query({ customerId: c.id, all: true });
    expect(all).toMatchObject({ truncated: false, balanceDue: s.balanceDue });
    expect(all.openInvoices).toHaveLength(expected.length);
    for (const i of all.openInvoices) expect(i.bucket).toBe(agingBucketOf(i.dueDate, asOf));
    // the best of five through the router (HTTP, superjson, 1,000 rows): under 100 ms on PostgreSQL; PGlite (WASM) gets more room
    const best = Math.min(...times);
    console.log(`customer.getStatement, 5,000 invoices (${t.kind}): best ${best.toFixed(1)} ms of ${times.map((x) => x.toFixed(0)).join(", ")}`);
    expect(best).toBeLessThan(t.kind === "pglite" ? 250 : 100);
  });
});
