import { and, eq, sql } from "drizzle-orm";
import { createCreditNoteInput } from "../../../shared/credit-notes/rules";
import { businessDate } from "../../../shared/platform/dates";
import { newId } from "../../ids";
import { postMissing, postOpeningInventory } from "../../modules/accounting/documents";
import { initialize, manualNumber } from "../../modules/accounting/service";
import type { SessionUser } from "../../modules/auth/service";
import { users } from "../../modules/auth/tables";
import { createCreditNote } from "../../modules/credit-note/service";
import { currencies } from "../../modules/currency/tables";
import { customers } from "../../modules/customer/tables";
import { ncfRanges, ncfTypes } from "../../modules/ncf/tables";
import { createBill, payBill } from "../../modules/payables/service";
import { paymentMethods } from "../../modules/payment-method/tables";
import { cancelInvoice, createInvoice, loadProducts, type PosContext, priceItems } from "../../modules/pos/service";
import { products } from "../../modules/product/tables";
import { providers } from "../../modules/provider/tables";
import { tenants } from "../../modules/tenant/tables";
import { type Db, rowsOf, withTenant } from "../client";

/**
 * A month of sample business for the demo tenant (issue 14): about two sales a day over the last
 * 30 days and today (consumer B02 and tax credit B01 to a company), three returns, two cancelled invoices
 * and two supplier bills, one of them paid; then accounting initialized, so the dashboard, the
 * reports, the books and the 606/607/608 previews show figures at first start. Every document
 * goes through its own service (the one invoice path); only their dates are moved back a day at
 * a time afterwards, and the journal is posted from the documents as they then stand.
 */
export async function seedDemoMonth(db: Db, tenantId: string, ownerId: string, warehouseId: string, now = new Date()) {
  const { tenant, owner } = await withTenant(db, tenantId, async (tx) => {
    const [t] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
    const [o] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, ownerId)));
    return { tenant: t!, owner: o! };
  });
  const user = { id: owner.id, tenantId, name: owner.name, email: owner.email, role: "owner", isOwner: true, language: "es", warehouseId, imageUrl: null, permissions: [] } as unknown as SessionUser;
  // Each document in its own transaction, as in the app (a sale commits in its last round trip).
  const run = <T>(fn: (ctx: PosContext) => Promise<T>) => withTenant(db, tenantId, (tx) => fn({ tx, tenant, user }));
  const [methods, [dop], stock, buyers, [provider], types] = await run(({ tx }) => Promise.all([
    tx.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.tenantId, tenantId)),
    tx.select({ id: currencies.id }).from(currencies).where(and(eq(currencies.tenantId, tenantId), eq(currencies.code, "DOP"))),
    tx
      .select({ id: products.id, type: products.productType })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), eq(products.variablePrice, false), eq(products.isActive, true), sql`${products.price} > 0`))
      .orderBy(products.sku),
    tx.select({ id: customers.id, taxId: customers.taxId, isDefault: customers.isDefault }).from(customers).where(eq(customers.tenantId, tenantId)).orderBy(customers.code),
    tx.select({ id: providers.id }).from(providers).where(eq(providers.tenantId, tenantId)).limit(1),
    tx.select({ id: ncfTypes.id, code: ncfTypes.code }).from(ncfTypes).where(eq(ncfTypes.tenantId, tenantId)),
  ]));
  const method = (code: string) => methods.find((m) => m.code === code)!.id;
  const consumer = buyers.find((c) => c.isDefault)!.id;
  const company = buyers.find((c) => c.taxId?.length === 9)!.id;
  const person = buyers.find((c) => !c.isDefault && c.taxId?.length === 11)?.id ?? company;
  const b01 = types.find((t) => t.code === "B01")!.id;
  const tz = tenant.timezone;
  const day = (back: number) => businessDate(new Date(now.getTime() - back * 86_400_000), tz);
  const first = day(30);
  const sold: { id: string; customerId: string; date: string }[] = [];
  let n = 0;

  /** Moves what a document wrote today back to `date` (noon, Santo Domingo). */
  const backdate = (orderId: string, date: string) => run(async ({ tx }) => {
    const at = sql`(${date}::date + time '12:00' + ${`${n++} seconds`}::interval) AT TIME ZONE ${tz}`;
    await tx.execute(sql`UPDATE order_payments p SET created_at = ${at} FROM orders o WHERE p.tenant_id = ${tenantId} AND o.tenant_id = p.tenant_id AND o.id = p.order_id AND o.id = ${orderId} AND p.created_at = o.created_at`);
    await tx.execute(sql`UPDATE orders SET business_date = ${date}::date, due_date = ${date}::date + (due_date - business_date), created_at = ${at} WHERE tenant_id = ${tenantId} AND id = ${orderId}`);
  });

  for (let back = 30; back >= 0; back--) {
    const date = day(back);
    for (let k = 0; k < 2; k++) {
      const i = back * 2 + k;
      const picks = [stock[i % stock.length]!, stock[(i * 7 + 3) % stock.length]!];
      const items = picks.map((p, j) => ({ productId: p.id, quantity: String(((i + j) % 3) + 1) }));
      const toCompany = i % 9 === 0;
      const customerId = toCompany ? company : i % 5 === 0 ? person : consumer;
      const { totals } = await run(async ({ tx }) => priceItems(items, await loadProducts(tx, tenantId, items.map((x) => x.productId))));
      const code = i % 4 === 0 ? "CARD" : i % 7 === 0 ? "TRANSFER" : "CASH";
      const amount = code === "CASH" ? String(Math.ceil(Number(totals.total) / 100) * 100) : totals.total;
      const sale = await run((ctx) =>
        createInvoice(ctx, {
        clientOrderId: newId(),
        customerId,
        warehouseId,
        ncfTypeId: toCompany ? b01 : null,
        items,
        payments: [{ paymentMethodId: method(code), currencyId: dop!.id, amount, reference: code === "CASH" ? null : `REF-${i}` }],
        source: "invoice",
      }),
      );
      await backdate(sale.orderId, date);
      sold.push({ id: sale.orderId, customerId, date });
    }
  }
  // Three returns to customers with a name (store credit), and two invoices cancelled the same day.
  for (const s of sold.filter((x) => x.customerId !== consumer).slice(0, 3)) {
    const [row] = await run(async ({ tx }) => rowsOf<{ id: string; product_id: string }>(await tx.execute(sql`SELECT id, product_id FROM order_items WHERE tenant_id = ${tenantId} AND order_id = ${s.id} ORDER BY line_no LIMIT 1`)));
    const note = await run((ctx) => createCreditNote(
      ctx,
      createCreditNoteInput.parse({ client_key: newId(), order_id: s.id, customer_id: s.customerId, reason: "product_return", notes: "Producto en mal estado", items: [{ id: row!.id, product_id: row!.product_id, quantity: 1 }] }),
    ));
    await run(({ tx }) => tx.execute(sql`UPDATE credit_notes SET business_date = ${s.date}::date + 1, created_at = created_at - (current_date - (${s.date}::date + 1)) * interval '1 day' WHERE tenant_id = ${tenantId} AND id = ${note.id}`));
  }
  for (const s of sold.filter((x) => x.customerId === consumer).slice(4, 6)) {
    await run((ctx) => cancelInvoice(ctx, { invoiceId: s.id, recreate: false, reasonCode: "04", reason: "Corrección de la información" }));
    await run(({ tx }) => tx.execute(sql`UPDATE orders SET cancelled_at = created_at + interval '1 hour' WHERE tenant_id = ${tenantId} AND id = ${s.id}`));
  }
  // Two supplier bills: goods for resale (paid by transfer) and a service with withholdings.
  const supplierId = provider?.id ?? newId();
  if (!provider) await run(({ tx }) => tx.insert(providers).values({ tenantId, id: supplierId, code: "PROV-0001", name: "Distribuidora Caribe", taxId: "101850043" }));
  {
    const goods = await run((ctx) => createBill(ctx, { client_key: newId(), providerId: supplierId, ncfType: "B01", ncf: "B0100004521", ncfDate: day(20), goodsAmount: "25000.00", servicesAmount: "0", itbis: "4500.00", itbisWithheld: "0", isrWithheld: "0", expenseType: "09", paymentForm: "02" } as Parameters<typeof createBill>[1]));
    await run((ctx) => payBill(ctx, { id: goods.id, client_key: newId(), amount: goods.payable, paymentMethodId: method("TRANSFER"), reference: "TRF-20931" } as Parameters<typeof payBill>[1]));
    await run(({ tx }) => tx.execute(sql`UPDATE supplier_bill_payments SET paid_on = ${day(15)}::date WHERE tenant_id = ${tenantId} AND bill_id = ${goods.id}`));
    await run((ctx) => createBill(ctx, { client_key: newId(), providerId: supplierId, ncfType: "B01", ncf: "B0100000318", ncfDate: day(8), goodsAmount: "0", servicesAmount: "8000.00", itbis: "1440.00", itbisWithheld: "432.00", isrWithheld: "800.00", isrWithholdingType: "2", expenseType: "02", paymentForm: "04" } as Parameters<typeof createBill>[1]));
  }
  // The ranges were authorized when the tenant was made: date them before the first sale.
  await run(({ tx }) => tx.update(ncfRanges).set({ authorizedOn: first }).where(eq(ncfRanges.tenantId, tenantId)));
  // The books, from the first sample document on.
  await run(async (ctx) => {
    await initialize(ctx);
    await postMissing(ctx.tx, tenantId, ownerId, { from: first, to: day(0) });
    await postOpeningInventory(ctx.tx, tenantId, ownerId, first, () => manualNumber(ctx.tx, tenantId));
  });
}
