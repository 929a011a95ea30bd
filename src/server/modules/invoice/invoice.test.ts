import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { customers } from "../customer/tables";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let soda: string;
let cash: string;
let card: string;
let creditMethod: string;
let dop: string;
let usd: string;
let buyer: string;

const uuid = () => newId();

beforeAll(async () => {
  t = await createTestContext();
  // POS sales are counted in the cashier's open cash box session.
  await openCashboxFor(t, t.acme, "cashier");
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  const create = (name: string, sku: string, price: string) =>
    owner.product.create.mutate({ name, sku, price, price2: price, price3: price, warehouseQuantities: [{ warehouseId, initialQuantity: "100" }] }).then((p) => p.id);
  rice = await create("Arroz La Garza 10 lb", "ARR-10", "420");
  soda = await create("Refresco Country Club 2L", "REF-2L", "118");
  const methods = await cashier.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  card = methods.find((m) => m.code === "CARD")!.id;
  creditMethod = methods.find((m) => m.code === "CREDIT")!.id;
  const currencies = await cashier.currency.getActive.query();
  dop = currencies.find((c) => c.code === "DOP")!.id;
  usd = currencies.find((c) => c.code === "USD")!.id;
  buyer = uuid();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, (tx) => tx.insert(customers).values({ tenantId, id: buyer, code: "CLI-INV", name: "Colmado Don Pedro", taxId: "131246796", creditLimit: "100000.00" }));
});
afterAll(() => t.close());

const creditSale = (amount = "958") =>
  cashier.pos.checkout.mutate({
    clientOrderId: uuid(),
    customerId: buyer,
    warehouseId,
    items: [
      { productId: rice, quantity: "2" },
      { productId: soda, quantity: "1" },
    ],
    payments: [{ paymentMethodId: creditMethod, currencyId: dop, amount }],
  });

describe("invoice.recordPayment", () => {
  it("two partial payments take a credit sale from pending to partial to paid; getById and getAll follow", async () => {
    const sale = await creditSale();
    let inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv).toMatchObject({ status: "pending", total: "958.00", balanceDue: "958.00", paidTotal: "0.00" });
    expect(inv.dueDate).toBeTruthy();

    const first = await cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "500", reference: "ignored for cash", notes: "abono" });
    expect(first).toMatchObject({ status: "partial", balanceDue: "458.00", paidTotal: "500.00" });
    inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv.status).toBe("partial");
    const abono = inv.payments.find((p) => p.id === first.paymentId)!;
    expect(abono).toMatchObject({ status: "completed", reference: null, notes: "abono", baseAmount: "500.00" });

    // above pending: refused with the pending amount
    const above = await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: card, currency_id: dop, amount: "458.01" }));
    expect(above.code).toBe("BAD_REQUEST");
    expect(above.message).toBe("El monto excede el pendiente de 458.00");

    const second = await cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: card, currency_id: dop, amount: "458", reference: "AUTH-77" });
    expect(second).toMatchObject({ status: "paid", balanceDue: "0.00", paidTotal: "958.00" });
    const list = await owner.invoice.getAll.query({ customerId: buyer, status: "paid" });
    expect(list.data.map((r) => r.id)).toContain(sale.orderId);
    // The list's badges: the methods it was paid with (the credit it was sold on, then cash and card).
    const row = list.data.find((r) => r.id === sale.orderId)!;
    expect(row.paymentMethods.map((m) => m.code).sort()).toEqual(["CARD", "CASH", "CREDIT"]);
    expect(row.paymentMethods.find((m) => m.code === "CASH")!.name).toBe("Efectivo");
    expect((await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "1" }))).message).toBe(
      "Esta factura no tiene saldo pendiente",
    );
  });

  it("converts a foreign currency at the rate of the moment and keeps that rate on the payment", async () => {
    const sale = await creditSale();
    const r = await cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: usd, amount: "10" });
    // 10 USD × 63.25
    expect(r.balanceDue).toBe("325.50");
    const huge = await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: usd, amount: "999999999999.99" }));
    expect(huge).toEqual({ code: "BAD_REQUEST", message: "El monto en USD es demasiado grande una vez convertido a pesos" });
    const inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv.payments.find((p) => p.id === r.paymentId)).toMatchObject({ amount: "10.00", rate: "63.250000", baseAmount: "632.50", currency: { code: "USD" } });
  });

  it("refuses a foreign currency on a method without 'use currencies'", async () => {
    const sale = await creditSale();
    const transfer = (await cashier.paymentMethod.getAll.query()).find((m) => m.code === "TRANSFER")!;
    expect(transfer).toMatchObject({ isDefault: false, useCurrencies: false });
    expect(await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: transfer.id, currency_id: usd, amount: "10" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Transferencia solo se cobra en la moneda predeterminada; use otro método para USD",
    });
  });

  it("the same client_payment_id records one payment, also when sent twice at once", async () => {
    const sale = await creditSale();
    const input = { invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "100", client_payment_id: uuid() };
    const [a, b] = await Promise.all([cashier.invoice.recordPayment.mutate(input), cashier.invoice.recordPayment.mutate(input)]);
    expect(b.paymentId).toBe(a.paymentId);
    const inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv.payments.filter((p) => p.status === "completed")).toHaveLength(1);
    expect(inv.balanceDue).toBe("858.00");
  });

  it("refuses bad input with a clear message, the CREDIT method, another tenant's invoice, and a user without the permission", async () => {
    const sale = await creditSale();
    const bad = await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: "", currency_id: dop, amount: "0" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toMatch(/método de pago es obligatorio|monto debe ser mayor que 0/);
    expect((await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: creditMethod, currency_id: dop, amount: "10" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(outsider.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "10" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.invoice.getById.query({ id: sale.orderId }))).code).toBe("NOT_FOUND");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.invoice.getAll.query({})))).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("invoice.getAll", () => {
  it("filters by status, customer, NCF type, dates and number, and totals the filtered set", async () => {
    const a = await creditSale();
    const b = await cashier.pos.checkout.mutate({ clientOrderId: uuid(), customerId: buyer, warehouseId, items: [{ productId: soda, quantity: "2" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "300" }] });
    const mine = await owner.invoice.getAll.query({ customerId: buyer, pageSize: 200 });
    const ids = mine.data.map((r) => r.id);
    expect(ids).toContain(a.orderId);
    expect(ids).toContain(b.orderId);
    const totals = await owner.invoice.getTotals.query({ customerId: buyer });
    expect(totals.count).toBe(mine.pagination.total);
    const sum = mine.data.filter((r) => r.status !== "cancelled").reduce((s, r) => s + Number(r.total), 0);
    expect(Number(totals.total)).toBeCloseTo(sum, 2);
    const owed = mine.data.filter((r) => r.status !== "cancelled").reduce((s, r) => s + Number(r.balanceDue), 0);
    expect(Number(totals.balanceDue)).toBeCloseTo(owed, 2);
    // a cashier sees them; another tenant's totals never include these
    expect((await cashier.invoice.getTotals.query({ customerId: buyer })).count).toBe(totals.count);
    expect((await outsider.invoice.getTotals.query({ customerId: buyer })).count).toBe(0);
    const pending = await owner.invoice.getAll.query({ customerId: buyer, status: "pending", pageSize: 200 });
    expect(pending.data.every((r) => r.status === "pending")).toBe(true);
    expect(pending.data.map((r) => r.id)).toContain(a.orderId);
    expect(pending.data.map((r) => r.id)).not.toContain(b.orderId);
    const byNumber = await owner.invoice.getAll.query({ search: a.orderNumber });
    expect(byNumber.data.map((r) => r.id)).toEqual([a.orderId]);
    const byNcf = await owner.invoice.getAll.query({ search: a.ncf! });
    expect(byNcf.data.map((r) => r.id)).toEqual([a.orderId]);
    const ncfType = (await owner.ncf.getTypes.query()).find((x) => a.ncf!.startsWith(x.code))!;
    const byType = await owner.invoice.getAll.query({ ncfTypeId: ncfType.id, customerId: buyer, pageSize: 200 });
    expect(byType.data.every((r) => r.ncfType === ncfType.code)).toBe(true);
    const future = await owner.invoice.getAll.query({ dateFrom: "2999-01-01" });
    expect(future.data).toEqual([]);
    expect(future.pagination).toMatchObject({ total: 0 });
    expect(await owner.invoice.getTotals.query({ dateFrom: "2999-01-01" })).toMatchObject({ count: 0, total: "0.00" });
    // the other tenant sees none of them
    expect((await outsider.invoice.getAll.query({ customerId: buyer })).data).toEqual([]);
    expect((await errorOf(owner.invoice.getAll.query({ dateFrom: "ayer" }))).code).toBe("BAD_REQUEST");
  });
});

describe("invoice.cancel", () => {
  it("asks for the 608 reason, keeps the NCF, returns stock and leaves receivables; a cashier cannot", async () => {
    const sale = await creditSale();
    expect((await errorOf(cashier.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "05" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "11" as "05" }))).message).toContain("Seleccione el motivo de anulación (608)");
    expect((await errorOf(outsider.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "05" }))).code).toBe("NOT_FOUND");
    const before = (await owner.product.getById.query({ id: rice })).warehouseQuantities[0]!.currentQuantity;
    await owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "05", reason: "Cambio de producto" });
    const inv = await owner.invoice.getById.query({ id: sale.orderId });
    expect(inv).toMatchObject({ status: "cancelled", ncf: sale.ncf, balanceDue: "0.00", cancellation: { reasonCode: "05", reason: "Cambio de producto" } });
    expect(inv.ncfHistory.map((h) => h.kind)).toEqual(["issued", "cancelled"]);
    const after = (await owner.product.getById.query({ id: rice })).warehouseQuantities[0]!.currentQuantity;
    expect(Number(after)).toBe(Number(before) + 2);
    expect((await errorOf(cashier.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "1" }))).message).toBe(
      "Una factura anulada no se puede modificar",
    );
    expect((await errorOf(owner.invoice.cancel.mutate({ invoiceId: sale.orderId, reasonCode: "05" }))).code).toBe("BAD_REQUEST");
  });
});

describe("invoice.create", () => {
  it("a manual invoice on a credit condition stays pending with its due date, through the one invoice path, once per key", async () => {
    const conditions = await owner.invoiceCondition.getAll.query();
    const cr30 = conditions.find((c) => c.days === 30)!;
    const input = {
      clientOrderId: uuid(),
      customerId: buyer,
      warehouseId,
      invoiceConditionId: cr30.id,
      items: [{ productId: rice, quantity: "3" }],
      payments: [],
      notes: "Entrega en almacén",
    };
    const [a, b] = await Promise.all([owner.invoice.create.mutate(input), owner.invoice.create.mutate(input)]);
    expect(b.orderId).toBe(a.orderId);
    expect(a.total).toBe("1260.00");
    const inv = await owner.invoice.getById.query({ id: a.orderId });
    expect(inv).toMatchObject({ status: "pending", source: "invoice", balanceDue: "1260.00", condition: { days: 30 }, notes: "Entrega en almacén" });
    expect(inv.items[0]).toMatchObject({ discount_percent: null, quantity: "3.0000", returned_quantity: "0.0000" });
    const expected = new Date(`${inv.date}T00:00:00Z`);
    expected.setUTCDate(expected.getUTCDate() + 30);
    expect(inv.dueDate).toBe(expected.toISOString().slice(0, 10));
    // the cash customer cannot owe
    expect((await errorOf(owner.invoice.create.mutate({ ...input, clientOrderId: uuid(), customerId: "default" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(outsider.invoice.create.mutate({ ...input, clientOrderId: uuid() }))).code).toBe("NOT_FOUND");
  });
});

describe("invoice drafts (saveDraft, getDraft, delete, create with draftId)", () => {
  const stockOf = async (productId: string) => Number((await owner.product.getById.query({ id: productId })).warehouseQuantities.find((w) => w.warehouseId === warehouseId)!.currentQuantity);

  it("a draft has no NCF and moves no stock; edited, then issued through the one invoice path keeping its id, once per key", async () => {
    const before = await stockOf(rice);
    const key = uuid();
    const input = { clientOrderId: key, customerId: buyer, warehouseId, items: [{ productId: rice, quantity: "1" }], notes: "Cotizado por teléfono" };
    const [a, b] = await Promise.all([owner.invoice.saveDraft.mutate(input), owner.invoice.saveDraft.mutate(input)]);
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ status: "draft", total: "420.00" });
    expect(a.number).toMatch(/^BOR-\d{6}$/);
    let inv = await owner.invoice.getById.query({ id: a.id });
    expect(inv).toMatchObject({ status: "draft", ncf: null, total: "420.00", notes: "Cotizado por teléfono" });
    expect(await stockOf(rice)).toBe(before);
    // listed only under the draft filter
    expect((await owner.invoice.getAll.query({ customerId: buyer })).data.map((r) => r.id)).not.toContain(a.id);
    expect((await owner.invoice.getAll.query({ customerId: buyer, status: "draft" })).data.map((r) => r.id)).toEqual([a.id]);

    // edited: two lines, 10% off the soda
    const edited = await owner.invoice.saveDraft.mutate({ ...input, id: a.id, items: [{ productId: rice, quantity: "2" }, { productId: soda, quantity: "1", discount: { type: "percentage_discount", value: "10" } }] });
    expect(edited).toMatchObject({ id: a.id, number: a.number, total: "946.20" });
    const draft = await owner.invoice.getDraft.query({ id: a.id });
    expect(draft.items.map((i) => [i.product.name, i.quantity, i.price, i.discountPercent, i.available])).toEqual([
      ["Arroz La Garza 10 lb", "2", "420.00", "0", true],
      ["Refresco Country Club 2L", "1", "118.00", "10", true],
    ]);
    expect(draft.customer).toMatchObject({ id: buyer, name: "Colmado Don Pedro" });

    // issued on a 30-day condition (the soda's discount is above its maximum: refused, the draft stays)
    const cr30 = (await owner.invoiceCondition.getAll.query()).find((c) => c.days === 30)!;
    const lines = draft.items.map((i) => ({ productId: i.product.id, quantity: i.quantity, discount: i.discountPercent !== "0" ? { type: "percentage_discount", value: i.discountPercent } : null }));
    const refused = await errorOf(owner.invoice.create.mutate({ clientOrderId: uuid(), draftId: a.id, customerId: buyer, warehouseId, invoiceConditionId: cr30.id, items: lines, payments: [] }));
    expect(refused.message).toContain("supera el máximo permitido");
    expect((await owner.invoice.getDraft.query({ id: a.id })).number).toBe(a.number);
    // without it: same id, FAC number and NCF, stock out, pending
    const issue = { clientOrderId: uuid(), draftId: a.id, customerId: buyer, warehouseId, invoiceConditionId: cr30.id, items: lines.map((l) => ({ ...l, discount: null })), payments: [] };
    const [x, y] = await Promise.all([owner.invoice.create.mutate(issue), owner.invoice.create.mutate(issue)]);
    expect(x.orderId).toBe(a.id);
    expect(y.orderId).toBe(a.id);
    expect(x.orderNumber).toMatch(/^FAC-/);
    expect(x.ncf).toMatch(/^B02\d{8}$/);
    inv = await owner.invoice.getById.query({ id: a.id });
    expect(inv).toMatchObject({ status: "pending", balanceDue: "958.00", ncf: x.ncf, source: "invoice" });
    expect(await stockOf(rice)).toBe(before - 2);
    // no longer a draft: cannot be edited, deleted or issued again under another key
    expect((await errorOf(owner.invoice.getDraft.query({ id: a.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.invoice.saveDraft.mutate({ ...input, id: a.id }))).message).toBe("Esta factura ya no es un borrador");
    expect((await errorOf(owner.invoice.delete.mutate({ invoiceId: a.id }))).message).toBe("Solo se puede eliminar una factura en borrador");
    expect((await errorOf(owner.invoice.create.mutate({ ...issue, clientOrderId: uuid() }))).message).toBe("Esta factura ya no es un borrador");
  });

  it("deleting keeps a draft as discarded; refused to a cashier, another tenant and bad input", async () => {
    const d = await cashier.invoice.saveDraft.mutate({ clientOrderId: uuid(), customerId: "default", warehouseId, items: [{ productId: soda, quantity: "3" }] });
    expect((await errorOf(cashier.invoice.delete.mutate({ invoiceId: d.id }))).code).toBe("FORBIDDEN");
    expect((await errorOf(outsider.invoice.delete.mutate({ invoiceId: d.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.invoice.getDraft.query({ id: d.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.invoice.saveDraft.mutate({ id: d.id, clientOrderId: uuid(), customerId: "default", warehouseId, items: [{ productId: soda, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.invoice.saveDraft.mutate({ clientOrderId: uuid(), customerId: buyer, warehouseId, items: [] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.invoice.saveDraft.mutate({ clientOrderId: uuid(), customerId: buyer, warehouseId, sellerId: uuid(), items: [{ productId: soda, quantity: "1" }] }))).code).toBe("NOT_FOUND");
    expect(await owner.invoice.delete.mutate({ invoiceId: d.id })).toEqual({ id: d.id, status: "discarded" });
    expect(await owner.invoice.delete.mutate({ invoiceId: d.id })).toEqual({ id: d.id, status: "discarded" });
    expect((await owner.invoice.getAll.query({ status: "draft" })).data.map((r) => r.id)).not.toContain(d.id);
    const issue = { clientOrderId: uuid(), draftId: d.id, customerId: "default", warehouseId, items: [{ productId: soda, quantity: "3" }], payments: [{ paymentMethodId: cash, currencyId: dop, amount: "354" }] };
    expect((await errorOf(owner.invoice.create.mutate(issue))).message).toBe("Esta factura ya no es un borrador");
  });
});

describe("invoice.getByNumber", () => {
  it("finds an invoice by number, bare number or NCF with what each line can still return", async () => {
    const sale = await creditSale();
    const byNumber = await cashier.invoice.getByNumber.query({ number: sale.orderNumber });
    expect(byNumber).toMatchObject({ id: sale.orderId, customer_id: buyer });
    expect(byNumber.items.map((i) => [i.product.name, i.quantity, i.available, i.price])).toEqual([
      ["Arroz La Garza 10 lb", "2.0000", "2", "420.00"],
      ["Refresco Country Club 2L", "1.0000", "1", "118.00"],
    ]);
    expect((await cashier.invoice.getByNumber.query({ number: String(Number(sale.orderNumber.replace("FAC-", ""))) })).id).toBe(sale.orderId);
    expect((await cashier.invoice.getByNumber.query({ number: sale.ncf! })).id).toBe(sale.orderId);
    const missing = await errorOf(cashier.invoice.getByNumber.query({ number: "FAC-999999" }));
    expect(missing).toMatchObject({ code: "NOT_FOUND", message: "No se encuentra la factura FAC-999999" });
    expect((await errorOf(outsider.invoice.getByNumber.query({ number: sale.orderNumber }))).code).toBe("NOT_FOUND");
  });
});
