import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let cashier: Client;
let warehouseId: string;
let soda: string;
let cash: string;
let dop: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  soda = (await owner.product.create.mutate({ name: "Refresco 2L", sku: "REF-2L", price: "118", price2: "118", price3: "118", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  cash = (await owner.paymentMethod.getAll.query()).find((m) => m.code === "CASH")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
});
afterAll(() => t.close());

const sale = () => ({ clientOrderId: newId(), customerId: "default", warehouseId, items: [{ productId: soda, quantity: "1" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "200" }] });

/** Two POS sales made while the shop sold without a cash box (as before cash control). */
async function salesWithoutBox() {
  await owner.tenant.updateConfig.mutate({ sell_without_cashbox: true });
  const a = await cashier.pos.checkout.mutate(sale());
  const b = await cashier.pos.checkout.mutate(sale());
  await owner.tenant.updateConfig.mutate({ sell_without_cashbox: false });
  return [a, b];
}

describe("POS sales in no cash count", () => {
  it("are listed for a supervisor, newest first, with their cashier and payments; not for a cashier", async () => {
    const [a, b] = await salesWithoutBox();
    const list = await owner.cashbox.getUnassigned.query();
    expect(list.total).toBe(2);
    expect(list.data.map((s) => s.orderId)).toEqual([b!.orderId, a!.orderId]);
    expect(list.data[0]).toMatchObject({ number: b!.orderNumber, total: "118.00", cashier: expect.stringContaining("cashier"), payments: [{ method: "Efectivo", amount: "200.00" }] });
    expect((await errorOf(cashier.cashbox.getUnassigned.query())).code).toBe("FORBIDDEN");
    // while the shop sells without a cash box there is nothing to count
    await owner.tenant.updateConfig.mutate({ sell_without_cashbox: true });
    expect(await owner.cashbox.getUnassigned.query()).toEqual({ data: [], total: 0 });
    await owner.tenant.updateConfig.mutate({ sell_without_cashbox: false });
  });

  it("assigned to an open session they leave the list and are counted at its close; again changes nothing; a closed session or another tenant's is refused", async () => {
    const { orderId } = (await owner.cashbox.getUnassigned.query()).data[0]!;
    const { sessionId } = await openCashboxFor(t, t.acme, "owner", "100");
    const before = await owner.cashbox.getCloseSummary.query({ sessionId });
    expect((await errorOf(cashier.cashbox.assignSales.mutate({ sessionId, orderIds: [orderId] }))).code).toBe("FORBIDDEN");
    expect(await owner.cashbox.assignSales.mutate({ sessionId, orderIds: [orderId] })).toEqual({ assigned: 1 });
    expect(await owner.cashbox.assignSales.mutate({ sessionId, orderIds: [orderId] })).toEqual({ assigned: 0 });
    expect((await owner.cashbox.getUnassigned.query()).total).toBe(1);
    const after = await owner.cashbox.getCloseSummary.query({ sessionId });
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
    const cashLine = (s: typeof after) => s.lines.find((l) => l.paymentMethodId === cash)!.expected;
    // the float 100 + 200 handed over − 82 change = 218
    expect(cashLine(after)).toBe("218.00");

    const outsider = await t.client("other", "owner");
    const rest = (await owner.cashbox.getUnassigned.query()).data.map((s) => s.orderId);
    expect((await errorOf(outsider.cashbox.assignSales.mutate({ sessionId, orderIds: rest }))).code).toBe("NOT_FOUND");
    await owner.cashbox.close.mutate({ sessionId, counted: [{ paymentMethodId: cash, amount: "218" }] });
    expect((await errorOf(owner.cashbox.assignSales.mutate({ sessionId, orderIds: rest }))).message).toBe("Esa caja ya está cerrada: asigne las ventas a una caja abierta.");
    expect((await owner.cashbox.getUnassigned.query()).total).toBe(1);
  });
});
