import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo } from "../../../shared/appointments/availability";
import { businessDate } from "../../../shared/platform/dates";
import { voucherPays } from "../../../shared/vouchers/schemas";
import { rowsOf, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";
import { spendVouchers } from "../voucher/service";
import { spendTenders } from "./service";

/**
 * The tender engine (issue 16 §4) through the router: gift vouchers by code (typed or scanned),
 * rewards points and store credit pay a POS sale; invalid vouchers are 'Invalid voucher' ('Bono
 * inválido'); a fixed voucher keeps its remainder only when its batch says so; a cancelled sale
 * gives everything back; two checkouts of one voucher at once spend it once (PostgreSQL).
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let lamp: string;
let cash: string;
let voucherMethod: string;
let pointsMethod: string;
let dop: string;
let buyer: string;

const uuid = () => newId();
const today = businessDate(new Date(), "America/Santo_Domingo");
const INVALID = "Bono inválido";

const batch = (client: Client, over: Record<string, unknown> = {}) =>
  client.voucher.createBatch.mutate({ name: "Regalos", quantity: 3, value: "500", type: "fixed", valid_from: today, expires_on: addDaysTo(today, 30), ...over });
const codesOf = async (client: Client, batchId: string) => (await client.voucher.getVouchers.query({ batchId, page: 1, pageSize: 20, search: "", status: "all" })).data;
const voucherRow = async (client: Client, batchId: string, code: string) => (await codesOf(client, batchId)).find((v) => v.code === code)!;

/** A sale of one lamp (RD$ 1,000.00) paid with `first` and the rest in cash. */
const sell = (client: Client, first: { paymentMethodId: string; amount: string; reference?: string }, customerId = buyer, rest = "2000") =>
  client.pos.checkout.mutate({
    clientOrderId: uuid(),
    customerId,
    warehouseId,
    items: [{ productId: lamp, quantity: "1" }],
    payments: [
      { ...first, currencyId: dop },
      ...(rest === "0" ? [] : [{ paymentMethodId: cash, currencyId: dop, amount: rest }]),
    ],
  });
const payVoucher = (client: Client, code: string, amount: string, rest?: string) => sell(client, { paymentMethodId: voucherMethod, amount, reference: code }, buyer, rest);

beforeAll(async () => {
  t = await createTestContext();
  await openCashboxFor(t, t.acme, "owner");
  await openCashboxFor(t, t.acme, "cashier");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  lamp = (await owner.product.create.mutate({ name: "Lámpara de mesa", sku: "LAMP-1", price: "1000", price2: "1000", price3: "1000", warehouseQuantities: [{ warehouseId, initialQuantity: "500" }] })).id;
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  voucherMethod = methods.find((m) => m.code === "GIFT_VOUCHER")!.id;
  pointsMethod = methods.find((m) => m.code === "POINTS")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  buyer = uuid();
  await withTenant(t.db, t.acme.tenant.id, (tx) => tx.insert(customers).values({ tenantId: t.acme.tenant.id, id: buyer, code: "CLI-T1", name: "Ana Tejada", taxId: "00113918205", points: 250 }));
});
afterAll(() => t.close());

describe("gift vouchers at checkout", () => {
  it("voucher.check answers a code typed in any case or spacing (a cashier may check); the amount a voucher pays is capped by what is pending", async () => {
    const b = await batch(owner, { keep_remainder: true });
    const [v] = await codesOf(owner, b.id);
    const typed = v!.code.toLowerCase().replace(/-/g, " ");
    const checked = await cashier.voucher.check.query({ code: typed });
    expect(checked).toEqual({ code: v!.code, type: "fixed", amount: "500.00", balance: "500.00", valid_until: addDaysTo(today, 30), keep_remainder: true });
    expect(voucherPays(checked, "1180.00", "1180.00")).toBe("500.00");
    expect(voucherPays(checked, "1180.00", "320.50")).toBe("320.50");
    expect(voucherPays({ type: "percentage", balance: "15.00" }, "1180.00", "1180.00")).toBe("177.00");
    expect((await errorOf(cashier.voucher.check.query({ code: " - " }))).message).toContain("El código del bono es requerido");
  });

  it("a fixed voucher that keeps its remainder pays part, stays active with the rest, then is used up; the list shows the order", async () => {
    const b = await batch(owner, { keep_remainder: true });
    const [v] = await codesOf(owner, b.id);
    const first = await payVoucher(cashier, v!.code.replace(/-/g, "").toLowerCase(), "300");
    expect(first.total).toBe("1000.00");
    let row = await voucherRow(owner, b.id, v!.code);
    expect(row).toMatchObject({ status: "active", balance: "200.00", usedInOrder: { id: first.orderId, number: first.orderNumber }, usedByCustomer: { name: "Ana Tejada" } });
    expect(await owner.voucher.check.query({ code: v!.code })).toMatchObject({ balance: "200.00" });
    // more than the balance is refused with the balance named
    expect((await errorOf(payVoucher(cashier, v!.code, "200.01"))).message).toBe(`El bono ${v!.code} tiene un saldo de RD$ 200.00; no puede pagar RD$ 200.01`);
    const second = await payVoucher(cashier, v!.code, "200");
    row = await voucherRow(owner, b.id, v!.code);
    expect(row).toMatchObject({ status: "used", balance: "0.00", usedInOrder: { number: second.orderNumber } });
    expect((await errorOf(payVoucher(cashier, v!.code, "1"))).message).toBe(INVALID);
    const history = await owner.voucher.getHistory.query({ voucherId: row.id });
    expect(history.events.map((e) => [e.event, e.amount, e.order_number])).toEqual([
      ["created", "500.00", null],
      ["used", "300.00", first.orderNumber],
      ["used", "200.00", second.orderNumber],
    ]);
  });

  it("a fixed voucher without keep_remainder is used whole even when it pays less (the rest is forfeited)", async () => {
    const b = await batch(owner, { keep_remainder: false });
    const [v] = await codesOf(owner, b.id);
    const sale = await payVoucher(cashier, v!.code, "300");
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "used", balance: "0.00", usedInOrder: { number: sale.orderNumber } });
    expect((await errorOf(payVoucher(cashier, v!.code, "100"))).message).toBe(INVALID);
  });

  it("cancelling the sale restores the balance and the status and writes a 'restored' event", async () => {
    const b = await batch(owner, { keep_remainder: false });
    const [v] = await codesOf(owner, b.id);
    const sale = await payVoucher(cashier, v!.code, "450");
    await owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "04" });
    const row = await voucherRow(owner, b.id, v!.code);
    expect(row).toMatchObject({ status: "active", balance: "500.00", usedInOrder: null, used_at: null });
    const history = await owner.voucher.getHistory.query({ voucherId: row.id });
    expect(history.events.map((e) => [e.event, e.amount, e.order_number])).toEqual([
      ["created", "500.00", null],
      ["used", "450.00", sale.orderNumber],
      ["restored", "450.00", sale.orderNumber],
    ]);
    // Who cancelled the sale is who restored the voucher (the cashier sold it).
    const [, used, restored] = history.events;
    expect(restored!.user_name).toBe("Owner acme");
    expect(restored!.user_name).not.toBe(used!.user_name);
    // spendable again
    await payVoucher(cashier, v!.code, "500");
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "used", balance: "0.00" });
  });

  it("a voucher that keeps its remainder gets back only what the cancelled sale took", async () => {
    const b = await batch(owner, { keep_remainder: true });
    const [v] = await codesOf(owner, b.id);
    const a = await payVoucher(cashier, v!.code, "100");
    await payVoucher(cashier, v!.code, "150");
    await owner.invoice.cancel.mutate({ invoiceId: a.orderId, reasonCode: "04" });
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "active", balance: "350.00" });
  });

  it("unknown, used, expired, not yet valid, cancelled, lost, stolen and another tenant's vouchers are 'Invalid voucher' at check and at checkout", async () => {
    const b = await batch(owner, { quantity: 6 });
    const list = await codesOf(owner, b.id);
    const [expiredDate, expiredStatus, future, cancelled, lost, stolen] = list;
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      await tx.execute(sql`UPDATE vouchers SET valid_until = ${addDaysTo(today, -1)}, valid_from = ${addDaysTo(today, -30)} WHERE tenant_id = ${t.acme.tenant.id} AND id = ${expiredDate!.id}`);
      await tx.execute(sql`UPDATE vouchers SET status = 'expired' WHERE tenant_id = ${t.acme.tenant.id} AND id = ${expiredStatus!.id}`);
      await tx.execute(sql`UPDATE vouchers SET valid_from = ${addDaysTo(today, 1)} WHERE tenant_id = ${t.acme.tenant.id} AND id = ${future!.id}`);
    });
    await owner.voucher.cancel.mutate({ voucherId: cancelled!.id, reason: "Error de impresión" });
    await owner.voucher.report.mutate({ voucherId: lost!.id, type: "lost" });
    await owner.voucher.report.mutate({ voucherId: stolen!.id, type: "stolen" });
    const theirs = await batch(outsider);
    const [foreign] = await codesOf(outsider, theirs.id);
    const used = await batch(owner, { quantity: 1 });
    const [usedOne] = await codesOf(owner, used.id);
    await payVoucher(cashier, usedOne!.code, "500");
    const bad = [expiredDate!.code, expiredStatus!.code, future!.code, cancelled!.code, lost!.code, stolen!.code, foreign!.code, usedOne!.code, "ZZZZ-ZZZZ-ZZZZ"];
    for (const code of bad) {
      expect((await errorOf(cashier.voucher.check.query({ code }))).message, code).toBe(INVALID);
      const refused = await errorOf(payVoucher(cashier, code, "100"));
      expect(refused, code).toMatchObject({ code: "BAD_REQUEST", message: INVALID });
    }
    // nothing of theirs moved
    expect(await voucherRow(outsider, theirs.id, foreign!.code)).toMatchObject({ status: "active", balance: "500.00" });
  });

  it("a voucher payment needs its code; a percentage voucher pays up to its percent of the sale (checked with the sale's total)", async () => {
    expect((await errorOf(sell(cashier, { paymentMethodId: voucherMethod, amount: "100" }))).message).toBe("El código del bono es requerido");
    const b = await batch(owner, { type: "percentage", value: "10", quantity: 2 });
    const [v, w] = await codesOf(owner, b.id);
    const tenant = t.acme.tenant;
    const user = { id: t.acme.users.owner.id } as Parameters<typeof spendVouchers>[0]["user"];
    const orderId = uuid();
    const refused = await withTenant(t.db, tenant.id, (tx) => spendVouchers({ tx, tenant, user }, orderId, buyer, [{ paymentId: uuid(), reference: v!.code, amount: "118.01" }], "1180.00")).catch((e) => e);
    expect(refused.message).toBe("vouchers:errors.overPercentage");
    await withTenant(t.db, tenant.id, (tx) => spendVouchers({ tx, tenant, user }, orderId, buyer, [{ paymentId: uuid(), reference: v!.code, amount: "118.00" }], "1180.00"));
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "used", balance: "0.00" });
    // without the sale's total a percentage voucher is not spent
    const without = await withTenant(t.db, tenant.id, (tx) => spendVouchers({ tx, tenant, user }, uuid(), buyer, [{ paymentId: uuid(), reference: w!.code, amount: "1.00" }])).catch((e) => e);
    expect(without.message).toBe("vouchers:errors.overPercentage");
    expect(await voucherRow(owner, b.id, w!.code)).toMatchObject({ status: "active", balance: "10.00" });
  });

  it("through checkout: a percentage voucher pays up to its percent of the sale; stored value paying more than the total is refused (no change from it)", async () => {
    const b = await batch(owner, { type: "percentage", value: "15", quantity: 1 });
    const [v] = await codesOf(owner, b.id);
    // 15 % of 1,000.00 = 150.00
    expect((await errorOf(payVoucher(cashier, v!.code, "150.01"))).message).toBe(`El bono ${v!.code} paga hasta el 15% de la venta (RD$ 150.00); no puede pagar RD$ 150.01`);
    const sale = await payVoucher(cashier, v!.code, "150");
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "used", balance: "0.00", usedInOrder: { number: sale.orderNumber } });
    await owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "04" });
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "active", balance: "15.00" });
    // a fixed voucher of 500 and another of 500 on a 1,000.00 sale with cash: 1,000.01 of stored value is refused
    const f = await batch(owner, { quantity: 3, value: "600" });
    const [x, y] = await codesOf(owner, f.id);
    const refused = await errorOf(
      cashier.pos.checkout.mutate({
        clientOrderId: uuid(),
        customerId: buyer,
        warehouseId,
        items: [{ productId: lamp, quantity: "1" }],
        payments: [
          { paymentMethodId: voucherMethod, currencyId: dop, amount: "600", reference: x!.code },
          { paymentMethodId: voucherMethod, currencyId: dop, amount: "400.01", reference: y!.code },
        ],
      }),
    );
    expect(refused.message).toBe("Los bonos, puntos y notas de crédito no dan cambio: juntos pagan RD$ 1000.01 de una venta de RD$ 1000.00");
    expect(await voucherRow(owner, f.id, x!.code)).toMatchObject({ status: "active", balance: "600.00" });
  });

  it.runIf(process.env.TEST_DATABASE === "postgres")("two checkouts of one voucher at the same moment: exactly one succeeds (PostgreSQL)", async () => {
    const b = await batch(owner, { quantity: 1 });
    const [v] = await codesOf(owner, b.id);
    const results = await Promise.allSettled([payVoucher(owner, v!.code, "500"), payVoucher(cashier, v!.code, "500")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toBe(INVALID);
    const row = await voucherRow(owner, b.id, v!.code);
    expect(row).toMatchObject({ status: "used", balance: "0.00" });
    const history = await owner.voucher.getHistory.query({ voucherId: row.id });
    expect(history.events.filter((e) => e.event === "used")).toHaveLength(1);
  });
});

describe("rewards points at checkout", () => {
  const pointsOf = async () =>
    Number(rowsOf<{ points: number }>(await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`SELECT points FROM customers WHERE tenant_id = ${t.acme.tenant.id} AND id = ${buyer}`)))[0]!.points);

  it("is refused while redemption is off, and for the cash customer", async () => {
    expect((await owner.tenant.getCurrentConfig.query()).config.rewards_point_value).toBe("0.00");
    expect((await errorOf(sell(cashier, { paymentMethodId: pointsMethod, amount: "10" }))).message).toBe("El canje de puntos no está activado en la configuración");
    await owner.tenant.updateConfig.mutate({ rewards_point_value: "0.50" });
    expect((await owner.tenant.getCurrentConfig.query()).config.rewards_point_value).toBe("0.50");
    expect((await errorOf(owner.tenant.updateConfig.mutate({ rewards_point_value: "-1" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(sell(cashier, { paymentMethodId: pointsMethod, amount: "10" }, "default"))).message).toBe("Seleccione un cliente para pagar con puntos");
  });

  it("spends ceil(amount / value) points; more points than the customer has is refused; cancelling gives them back", async () => {
    const before = await pointsOf();
    expect(before).toBeGreaterThanOrEqual(250);
    // RD$ 100.25 at RD$ 0.50 a point: 200.5 → 201 points
    const sale = await sell(cashier, { paymentMethodId: pointsMethod, amount: "100.25" });
    const earned = sale.receiptData.rewards.pointsEarned;
    expect(await pointsOf()).toBe(before - 201 + earned);
    const left = await pointsOf();
    expect((await errorOf(sell(cashier, { paymentMethodId: pointsMethod, amount: String((left + 1) / 2) }))).message).toBe(`El cliente no tiene ${left + 1} puntos para pagar RD$ ${((left + 1) / 2).toFixed(2)}`);
    expect(await pointsOf()).toBe(left);
    await owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "04" });
    expect(await pointsOf()).toBe(before);
    const movements = rowsOf<{ points: number; source_type: string }>(
      await withTenant(t.db, t.acme.tenant.id, (tx) => tx.execute(sql`SELECT points, source_type FROM customer_point_movements WHERE tenant_id = ${t.acme.tenant.id} AND source_id = ${sale.orderId} ORDER BY created_at, points`)),
    );
    expect(movements.filter((m) => m.source_type.startsWith("redemption")).map((m) => [m.source_type, m.points])).toEqual([
      ["redemption", -201],
      ["redemption_cancel", 201],
    ]);
  });

  it("the part paid with points earns no points, and the receipt shows the balance after the spend", async () => {
    const before = await pointsOf();
    const sale = await sell(cashier, { paymentMethodId: pointsMethod, amount: "100" }, buyer, "5000");
    // RD$ 100 at RD$ 0.50 a point: 200 points spent; points are earned on the rest (RD$ 100 a point).
    const expected = Math.floor((Number(sale.total) - 100) / 100);
    expect(sale.receiptData.rewards.pointsEarned).toBe(expected);
    expect(await pointsOf()).toBe(before - 200 + expected);
    expect(sale.receiptData.rewards.currentBalance).toBe(before - 200 + expected);
    await owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "04" });
    expect(await pointsOf()).toBe(before);
  });
});

describe("stored-value methods elsewhere", () => {
  it("new tenants have the gift voucher and points methods; neither pays an invoice later, a supplier bill or an appointment", async () => {
    const methods = await owner.paymentMethod.getAll.query();
    expect(methods.filter((m) => ["GIFT_VOUCHER", "POINTS"].includes(m.code)).map((m) => [m.code, m.name, m.availableForAppointments])).toEqual([
      ["GIFT_VOUCHER", "Bono de regalo", false],
      ["POINTS", "Puntos", false],
    ]);
    const owed = await owner.pos.checkout.mutate({
      clientOrderId: uuid(),
      customerId: buyer,
      warehouseId,
      items: [{ productId: lamp, quantity: "1" }],
      payments: [{ paymentMethodId: methods.find((m) => m.code === "CREDIT")!.id, currencyId: dop, amount: "1000" }],
    });
    for (const method of [voucherMethod, pointsMethod]) {
      const refused = await errorOf(owner.invoice.recordPayment.mutate({ invoice_id: owed.orderId, payment_method_id: method, currency_id: dop, amount: "10" }));
      expect(refused).toMatchObject({ code: "BAD_REQUEST", message: expect.any(String) });
      expect(refused.message).not.toMatch(/^invoices:/);
    }
  });
});

describe("spendTenders with the sale's total", () => {
  it("refuses stored value paying more than the total (no change from it) and spends a percentage voucher up to its percent", async () => {
    const tenant = t.acme.tenant;
    const user = { id: t.acme.users.owner.id } as Parameters<typeof spendTenders>[0]["user"];
    const b = await batch(owner, { type: "percentage", value: "20", quantity: 1 });
    const [v] = await codesOf(owner, b.id);
    const pay = (amount: string, code = v!.code) => ({ id: uuid(), reference: code, baseAmount: amount, method: { code: "GIFT_VOUCHER" }, currency: { rate: "1" } });
    const cash = { id: uuid(), baseAmount: "500.00", method: { code: "CASH" }, currency: { rate: "1" } };
    const over = await withTenant(t.db, tenant.id, (tx) => spendTenders({ tx, tenant, user }, uuid(), buyer, [pay("100.01"), cash], "100.00")).catch((e) => e);
    expect(over.message).toBe("vouchers:errors.overTotal");
    // 20 % of 400.00 = 80.00: 80.01 is refused, 80.00 spends it
    const tooMuch = await withTenant(t.db, tenant.id, (tx) => spendTenders({ tx, tenant, user }, uuid(), buyer, [pay("80.01"), cash], "400.00")).catch((e) => e);
    expect(tooMuch.message).toBe("vouchers:errors.overPercentage");
    await withTenant(t.db, tenant.id, (tx) => spendTenders({ tx, tenant, user }, uuid(), buyer, [pay("80.00"), cash], "400.00"));
    expect(await voucherRow(owner, b.id, v!.code)).toMatchObject({ status: "used", balance: "0.00" });
  });
});
