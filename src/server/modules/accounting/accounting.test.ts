import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/platform/dates";
import { rowsOf, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, openCashboxFor, type TestContext } from "../../test/harness";
import { accountMappings } from "./tables";

/**
 * Accounting (issue 14) through the router on a real database: initialization, manual entries
 * and their rules, the automatic postings of every kind of document in the document's own
 * transaction, the books balanced (trial balance, balance sheet) and the journal rebuilt from the
 * documents matching what was posted; closed periods; outsiders.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;
let warehouseId: string;
let rice: string;
let service: string;
let cash: string;
let card: string;
let transfer: string;
let creditMethod: string;
let dop: string;
let supplier: string;
let sessionId: string;
const today = businessDate(new Date(), "America/Santo_Domingo");
const monthStart = `${today.slice(0, 7)}-01`;
const uuid = () => newId();

beforeAll(async () => {
  t = await createTestContext();
  ({ sessionId } = await openCashboxFor(t, t.acme, "owner", "1000"));
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
  warehouseId = (await owner.warehouse.getAll.query())[0]!.id;
  rice = (await owner.product.create.mutate({ name: "Arroz 10 lb", sku: "ARR", price: "472", price2: "472", price3: "472", costPrice: "300", warehouseQuantities: [{ warehouseId, initialQuantity: "500" }] })).id;
  service = (await owner.product.create.mutate({ name: "Instalación", sku: "SRV", productType: "service", price: "1180", price2: "1180", price3: "1180" })).id;
  const methods = await owner.paymentMethod.getAll.query();
  cash = methods.find((m) => m.code === "CASH")!.id;
  card = methods.find((m) => m.code === "CARD")!.id;
  transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  creditMethod = methods.find((m) => m.code === "CREDIT")!.id;
  dop = (await owner.currency.getActive.query()).find((c) => c.code === "DOP")!.id;
  supplier = (await owner.provider.create.mutate({ code: "SUP-1", name: "Distribuidora Caribe", taxId: "131246796", paymentTerms: 30 })).id;
});
afterAll(() => t.close());

const sell = (items: { productId: string; quantity: string }[], payments: { paymentMethodId: string; amount: string }[], customerId = "default") =>
  owner.pos.checkout.mutate({ clientOrderId: uuid(), customerId, warehouseId, items, payments: payments.map((p) => ({ ...p, currencyId: dop })) });

const entriesOf = async (sourceType: string) => (await owner.journalEntry.getAll.query({ sourceType: sourceType as "sale", pageSize: 200 })).data;
const accountCode = async () => new Map((await owner.account.getAll.query({ includeInactive: true })).map((a) => [a.id, a.code]));
const linesByCode = async (entryId: string) => {
  const e = await owner.journalEntry.getById.query({ id: entryId });
  return Object.fromEntries(e.lines.map((l) => [l.code, { debit: l.debit, credit: l.credit }]));
};
const range = { dateFrom: monthStart, dateTo: today };

describe("before initialization", () => {
  it("documents post nothing; entries are refused with a clear message", async () => {
    const sale = await sell([{ productId: rice, quantity: "1" }], [{ paymentMethodId: cash, amount: "472" }]);
    expect(sale.orderNumber).toBeTruthy();
    expect((await owner.accounting.getStatus.query()).initialized).toBe(false);
    const refused = await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "x", lines: [] }));
    expect(refused.code).toBe("BAD_REQUEST");
  });
});

describe("accounting.initialize", () => {
  it("creates the chart, this year's periods, the taxes and the mapping once; a cashier may not", async () => {
    expect((await errorOf(cashier.accounting.initialize.mutate())).code).toBe("FORBIDDEN");
    const status = await owner.accounting.initialize.mutate();
    expect(status).toMatchObject({ initialized: true, periods: 12 });
    expect(status.accounts).toBeGreaterThan(50);
    expect(await owner.accounting.initialize.mutate()).toMatchObject({ accounts: status.accounts, periods: 12 });
    const taxes = await owner.tax.getAll.query();
    expect(taxes.map((x) => x.code)).toEqual(expect.arrayContaining(["ITBIS", "ITBIS16", "EXENTO", "RET-ITBIS-30", "RET-ISR-10"]));
    const mappings = await owner.accounting.getMappings.query();
    expect(mappings.paymentMethods.every((m) => m.accountId)).toBe(true);
    expect(mappings.warehouses.every((m) => m.accountId)).toBe(true);
    expect((await outsider.accounting.getStatus.query()).initialized).toBe(false);
    // The sale made before the books started was posted by the initialization, and the stock on
    // hand (499 units at 300) came in as the opening inventory against accumulated results.
    expect((await entriesOf("sale")).length).toBe(1);
    const opening = (await owner.journalEntry.getAll.query({ search: "Inventario inicial" })).data;
    expect(opening).toHaveLength(1);
    expect(await linesByCode(opening[0]!.id)).toEqual({ "110501": { debit: "150000.00", credit: "0.00" }, "3301": { debit: "0.00", credit: "150000.00" } });
    const tb = await owner.accounting.getTrialBalance.query({ dateFrom: `${today.slice(0, 4)}-01-01`, dateTo: today });
    expect(tb.rows.find((r) => r.code === "110501")).toMatchObject({ closingDebit: "149700.00" });
  });
});

describe("accounting.updateMappings", () => {
  it("moves a key to another account; an unknown key or another tenant's account is NOT_FOUND, a group account a 400", async () => {
    const accounts = await owner.account.getAll.query({});
    const services = accounts.find((a) => a.code === "4102")!.id;
    const sales = accounts.find((a) => a.code === "4101")!.id;
    const group = accounts.find((a) => a.code === "41")!.id;
    const after = await owner.accounting.updateMappings.mutate({ mappings: [{ key: "sales_services", accountId: sales }] });
    expect(after.defaults.find((d) => d.key === "sales_services")!.accountId).toBe(sales);
    await owner.accounting.updateMappings.mutate({ mappings: [{ key: "sales_services", accountId: services }] });
    expect((await errorOf(owner.accounting.updateMappings.mutate({ mappings: [{ key: `warehouse:${uuid()}`, accountId: sales }] }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.accounting.updateMappings.mutate({ mappings: [{ key: "sales", accountId: group }] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.accounting.updateMappings.mutate({ mappings: [{ key: "sales", accountId: uuid() }] }))).code).toBe("NOT_FOUND");
  });
});

describe("journal entries by hand", () => {
  let bank: string;
  let capital: string;
  beforeAll(async () => {
    const accounts = await owner.account.getAll.query({});
    bank = accounts.find((a) => a.code === "110103")!.id;
    capital = accounts.find((a) => a.code === "3101")!.id;
  });
  it("an unbalanced entry, a one-sided line or a group account is refused; another tenant's account is NOT_FOUND", async () => {
    const unbalanced = await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "Aporte", lines: [{ accountId: bank, debit: "100" }, { accountId: capital, credit: "90" }] }));
    expect(unbalanced).toMatchObject({ code: "BAD_REQUEST" });
    expect(unbalanced.message).toContain("cuadrado");
    const both = await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "x", lines: [{ accountId: bank, debit: "100", credit: "100" }, { accountId: capital, credit: "0" }] }));
    expect(both.code).toBe("BAD_REQUEST");
    const group = (await owner.account.getAll.query({})).find((a) => a.code === "1101")!.id;
    expect((await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "x", lines: [{ accountId: group, debit: "1" }, { accountId: capital, credit: "1" }] }))).code).toBe("BAD_REQUEST");
    // A parent under the account itself would make a loop: refused.
    const assets = (await owner.account.getAll.query({})).find((a) => a.code === "1")!.id;
    const current = (await owner.account.getAll.query({})).find((a) => a.code === "11")!.id;
    expect((await errorOf(owner.account.update.mutate({ id: assets, parentId: current }))).code).toBe("BAD_REQUEST");
    const foreign = await outsider.account.getAll.query({});
    expect(foreign).toHaveLength(0);
    expect((await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: "2026-13-01", description: "x", lines: [{ accountId: bank, debit: "1" }, { accountId: capital, credit: "1" }] }))).code).toBe("BAD_REQUEST");
  });
  it("draft → edit → post; a posted entry is not edited or deleted, it is cancelled by a reversal; the same key answers the first entry", async () => {
    const key = uuid();
    const draft = await owner.journalEntry.create.mutate({ client_key: key, date: today, description: "Aporte de capital", reference: "DEP-1", lines: [{ accountId: bank, debit: "50000" }, { accountId: capital, credit: "50000" }] });
    expect(draft).toMatchObject({ status: "draft", sourceType: "manual", total: "50000.00" });
    expect(draft.number).toMatch(/^AS-\d{6}$/);
    expect((await owner.journalEntry.create.mutate({ client_key: key, date: today, description: "otra", lines: [{ accountId: bank, debit: "1" }, { accountId: capital, credit: "1" }] })).id).toBe(draft.id);
    const edited = await owner.journalEntry.update.mutate({ id: draft.id, date: today, description: "Aporte de capital inicial", lines: [{ accountId: bank, debit: "60000" }, { accountId: capital, credit: "60000" }] });
    expect(edited).toMatchObject({ status: "draft", totalDebit: "60000.00", totalCredit: "60000.00" });
    const posted = await owner.journalEntry.post.mutate({ id: draft.id });
    expect(posted.status).toBe("posted");
    expect((await errorOf(owner.journalEntry.update.mutate({ id: draft.id, date: today, description: "x", lines: [{ accountId: bank, debit: "1" }, { accountId: capital, credit: "1" }] }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.journalEntry.delete.mutate({ id: draft.id }))).code).toBe("BAD_REQUEST");
    const other = await owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "Error", post: true, lines: [{ accountId: bank, debit: "10" }, { accountId: capital, credit: "10" }] });
    const cancelled = await owner.journalEntry.cancel.mutate({ id: other.id, reason: "duplicado" });
    expect(cancelled.status).toBe("cancelled");
    const reversal = await owner.journalEntry.getById.query({ id: cancelled.reversedById! });
    expect(reversal).toMatchObject({ sourceType: "reversal", status: "posted", reversalOfId: other.id });
    expect(reversal.lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ["110103", "0.00", "10.00"],
      ["3101", "10.00", "0.00"],
    ]);
    const d2 = await owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "borrador", lines: [{ accountId: bank, debit: "5" }, { accountId: capital, credit: "5" }] });
    expect(await owner.journalEntry.delete.mutate({ id: d2.id })).toEqual({ success: true });
    expect((await errorOf(owner.journalEntry.getById.query({ id: d2.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.journalEntry.getById.query({ id: draft.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.journalEntry.post.mutate({ id: draft.id }))).code).toBe("NOT_FOUND");
  });
});

describe("automatic postings", () => {
  it("a cash sale with change: cash, sales net of ITBIS, ITBIS payable, and the cost of the goods", async () => {
    const sale = await sell([{ productId: rice, quantity: "2" }], [{ paymentMethodId: cash, amount: "1000" }]);
    const entry = (await entriesOf("sale")).find((e) => e.number === sale.orderNumber)!;
    expect(entry).toMatchObject({ status: "posted", total: "1544.00" });
    expect(await linesByCode(entry.id)).toEqual({
      "110101": { debit: "944.00", credit: "0.00" },
      "4101": { debit: "0.00", credit: "800.00" },
      "210301": { debit: "0.00", credit: "144.00" },
      "5101": { debit: "600.00", credit: "0.00" },
      "110501": { debit: "0.00", credit: "600.00" },
    });
  });
  it("a credit sale of a service, then a payment recorded on it: receivables, then the method against receivables", async () => {
    const customer = (await owner.customer.create.mutate({ name: "Ferretería Ochoa", taxId: "131246796", creditLimit: "100000" } as Parameters<typeof owner.customer.create.mutate>[0])).id;
    const sale = await sell([{ productId: service, quantity: "1" }], [{ paymentMethodId: creditMethod, amount: "1180" }], customer);
    const entry = (await entriesOf("sale")).find((e) => e.number === sale.orderNumber)!;
    expect(await linesByCode(entry.id)).toEqual({ "110301": { debit: "1180.00", credit: "0.00" }, "4102": { debit: "0.00", credit: "1000.00" }, "210301": { debit: "0.00", credit: "180.00" } });
    await owner.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: transfer, currency_id: dop, amount: "500", reference: "TRF-9" });
    const pay = (await entriesOf("invoice_payment")).find((e) => e.number === sale.orderNumber)!;
    expect(await linesByCode(pay.id)).toEqual({ "110103": { debit: "500.00", credit: "0.00" }, "110301": { debit: "0.00", credit: "500.00" } });
  });
  it("a return refunded in cash: sales returns and ITBIS back, cash out, goods back into inventory at cost", async () => {
    const buyer = (await owner.customer.create.mutate({ name: "Colmado Don Pedro" } as Parameters<typeof owner.customer.create.mutate>[0])).id;
    const sale = await sell([{ productId: rice, quantity: "3" }], [{ paymentMethodId: cash, amount: "1416" }], buyer);
    const inv = await owner.invoice.getByNumber.query({ number: sale.orderNumber });
    const note = await owner.creditNote.create.mutate({ client_key: uuid(), order_id: inv.id, customer_id: inv.customer_id!, reason: "product_return", refund_method: "cash", items: [{ id: inv.items[0]!.id, product_id: rice, quantity: 1 }] } as Parameters<typeof owner.creditNote.create.mutate>[0]);
    const entry = (await entriesOf("credit_note")).find((e) => e.number === note.number)!;
    expect(await linesByCode(entry.id)).toEqual({
      "4103": { debit: "400.00", credit: "0.00" },
      "210301": { debit: "72.00", credit: "0.00" },
      "110101": { debit: "0.00", credit: "472.00" },
      "110501": { debit: "300.00", credit: "0.00" },
      "5101": { debit: "0.00", credit: "300.00" },
    });
  });
  it("a cancelled invoice: its entry is reversed and marked cancelled", async () => {
    const sale = await sell([{ productId: rice, quantity: "1" }], [{ paymentMethodId: card, amount: "472" }]);
    await owner.pos.cancelInvoice.mutate({ invoiceId: sale.orderId, recreate: false, reasonCode: "04", reason: "error de digitación" } as Parameters<typeof owner.pos.cancelInvoice.mutate>[0]);
    const entry = (await entriesOf("sale")).find((e) => e.number === sale.orderNumber)!;
    expect(entry.status).toBe("cancelled");
    const reversal = (await entriesOf("reversal")).find((e) => e.reversalOfId === entry.id)!;
    expect(await linesByCode(reversal.id)).toMatchObject({ "110104": { debit: "0.00", credit: "472.00" }, "4101": { debit: "400.00", credit: "0.00" } });
  });
  it("a supplier bill with withholdings, its payment and the payment reversed", async () => {
    const bill = await owner.supplierBill.create.mutate({
      client_key: uuid(),
      providerId: supplier,
      ncfType: "B01",
      ncf: "B0100000777",
      ncfDate: today,
      goodsAmount: "800",
      servicesAmount: "200",
      itbis: "180",
      itbisWithheld: "54",
      isrWithheld: "20",
      isrWithholdingType: "2",
      expenseType: "02",
      paymentForm: "04",
    } as Parameters<typeof owner.supplierBill.create.mutate>[0]);
    const entry = (await entriesOf("supplier_bill")).find((e) => e.number === bill.number)!;
    expect(await linesByCode(entry.id)).toEqual({
      "6103": { debit: "1000.00", credit: "0.00" },
      "110801": { debit: "180.00", credit: "0.00" },
      "210101": { debit: "0.00", credit: "1106.00" },
      "210302": { debit: "0.00", credit: "54.00" },
      "210303": { debit: "0.00", credit: "20.00" },
    });
    const paid = await owner.supplierBill.pay.mutate({ id: bill.id, client_key: uuid(), amount: "1106", paymentMethodId: transfer, reference: "TRF-1" });
    const payEntry = (await entriesOf("bill_payment")).find((e) => e.number === bill.number)!;
    expect(await linesByCode(payEntry.id)).toEqual({ "210101": { debit: "1106.00", credit: "0.00" }, "110103": { debit: "0.00", credit: "1106.00" } });
    await owner.supplierBill.reversePayment.mutate({ id: bill.id, paymentId: paid.payments[0]!.id });
    expect((await owner.journalEntry.getById.query({ id: payEntry.id })).status).toBe("cancelled");
  });
  it("a stock entry at cost, and a cash box closed short", async () => {
    const m = await owner.warehouseMovement.create.mutate({ type: "entry", warehouseId, date: today, reference: "Compra", lines: [{ productId: rice, quantity: "10", cost: "310" }], complete: true });
    const entry = (await entriesOf("stock_movement")).find((e) => e.number === m.number)!;
    expect(await linesByCode(entry.id)).toEqual({ "110501": { debit: "3100.00", credit: "0.00" }, "5102": { debit: "0.00", credit: "3100.00" } });
    const summary = await owner.cashbox.getCloseSummary.query({ sessionId });
    const counted = summary.lines.map((l) => ({ paymentMethodId: l.paymentMethodId, amount: l.isCash ? (Number(l.expected) - 25).toFixed(2) : l.expected }));
    await owner.cashbox.close.mutate({ sessionId, counted, comments: "Faltan 25" });
    const diff = (await entriesOf("cash_difference"))[0]!;
    expect(await linesByCode(diff.id)).toEqual({ "6109": { debit: "25.00", credit: "0.00" }, "110101": { debit: "0.00", credit: "25.00" } });
    await openCashboxFor(t, t.acme, "owner", "0");
  });
  it("the books balance and the journal rebuilt from the documents matches what was posted, exactly", async () => {
    const tb = await owner.accounting.getTrialBalance.query(range);
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.difference).toBe("0.00");
    const bs = await owner.accounting.getBalanceSheet.query({ ...range, compare: true });
    expect(bs.totals.difference).toBe("0.00");
    const check = await owner.accounting.checkJournal.query(range);
    expect(check.differences).toEqual([]);
    expect(check.documents).toBeGreaterThanOrEqual(8);
    const is = await owner.accounting.getIncomeStatement.query({ ...range, compare: false });
    const codes = await accountCode();
    expect(is.income.some((l) => codes.get(l.accountId) === "4101")).toBe(true);
  });
});

describe("fiscal periods", () => {
  it("a closed period refuses sales and entries dated in it; only the owner reopens it, with a reason", async () => {
    const periods = await owner.fiscalPeriod.getAll.query({});
    const current = periods.find((p) => p.startDate <= today && p.endDate >= today)!;
    await owner.fiscalPeriod.close.mutate({ id: current.id });
    const refused = await errorOf(sell([{ productId: rice, quantity: "1" }], [{ paymentMethodId: cash, amount: "472" }]));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toContain("cerrado");
    const accounts = await owner.account.getAll.query({});
    const bank = accounts.find((a) => a.code === "110103")!.id;
    const capital = accounts.find((a) => a.code === "3101")!.id;
    expect((await errorOf(owner.journalEntry.create.mutate({ client_key: uuid(), date: today, description: "x", post: true, lines: [{ accountId: bank, debit: "1" }, { accountId: capital, credit: "1" }] }))).message).toContain("cerrado");
    const admin = await t.client("acme", "admin");
    expect((await errorOf(admin.fiscalPeriod.reopen.mutate({ id: current.id, reason: "ajuste" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(owner.fiscalPeriod.reopen.mutate({ id: current.id, reason: "" }))).code).toBe("BAD_REQUEST");
    const reopened = await owner.fiscalPeriod.reopen.mutate({ id: current.id, reason: "Ajuste de inventario" });
    expect(reopened).toMatchObject({ status: "open", reopenReason: "Ajuste de inventario" });
    expect((await sell([{ productId: rice, quantity: "1" }], [{ paymentMethodId: cash, amount: "472" }])).orderNumber).toBeTruthy();
    expect((await errorOf(outsider.fiscalPeriod.close.mutate({ id: current.id }))).code).toBe("NOT_FOUND");
  });
});

describe("a posting that fails takes its document with it", () => {
  it("a sale whose account is missing is refused and leaves no order; a bill dated in a closed period is refused and not saved", async () => {
    const tenantId = t.acme.tenant.id;
    const count = async (table: string) =>
      withTenant(t.db, tenantId, async (tx) => rowsOf<{ n: number }>(await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = '${tenantId}'`)))[0]!.n);
    const [saved] = await withTenant(t.db, tenantId, (tx) => tx.delete(accountMappings).where(and(eq(accountMappings.tenantId, tenantId), eq(accountMappings.key, "sales"))).returning());
    const before = await count("orders");
    const refused = await errorOf(sell([{ productId: rice, quantity: "1" }], [{ paymentMethodId: cash, amount: "472" }]));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toContain("sales");
    expect(await count("orders")).toBe(before);
    await withTenant(t.db, tenantId, (tx) => tx.insert(accountMappings).values(saved!));

    const periods = await owner.fiscalPeriod.getAll.query({});
    const january = periods.find((p) => p.startDate.endsWith("-01-01"))!;
    await owner.fiscalPeriod.close.mutate({ id: january.id });
    const bills = await count("supplier_bills");
    const closed = await errorOf(
      owner.supplierBill.create.mutate({ client_key: uuid(), providerId: supplier, ncfType: "B01", ncf: "B0100000901", ncfDate: january.startDate, goodsAmount: "100", servicesAmount: "0", itbis: "18", expenseType: "02", paymentForm: "01" } as Parameters<typeof owner.supplierBill.create.mutate>[0]),
    );
    expect(closed.code).toBe("BAD_REQUEST");
    expect(closed.message).toContain("cerrado");
    expect(await count("supplier_bills")).toBe(bills);
    await owner.fiscalPeriod.reopen.mutate({ id: january.id, reason: "prueba" });
  });
});

describe("property: any sequence of sales, returns, payments and bills keeps the books balanced and rebuildable", () => {
  it("random sequences", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("sale" as const), qty: fc.integer({ min: 1, max: 5 }), method: fc.constantFrom("cash", "card", "credit") }),
            fc.record({ kind: fc.constant("return" as const), qty: fc.constant(1) }),
            fc.record({ kind: fc.constant("bill" as const), amount: fc.integer({ min: 1, max: 5000 }), pay: fc.boolean() }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          const customer = (await owner.customer.create.mutate({ name: `Cliente ${++n}`, creditLimit: "1000000" } as Parameters<typeof owner.customer.create.mutate>[0])).id;
          let last: string | null = null;
          for (const s of steps) {
            if (s.kind === "sale") {
              const total = (472 * s.qty).toFixed(2);
              const sale = await sell([{ productId: rice, quantity: String(s.qty) }], [{ paymentMethodId: s.method === "cash" ? cash : s.method === "card" ? card : creditMethod, amount: total }], customer);
              last = sale.orderId;
              if (s.method === "credit") await owner.invoice.recordPayment.mutate({ invoice_id: sale.orderId, payment_method_id: cash, currency_id: dop, amount: "100" });
            } else if (s.kind === "return" && last) {
              const inv = await owner.invoice.getById.query({ id: last });
              const line = (await owner.invoice.getByNumber.query({ number: inv.number })).items[0]!;
              await owner.creditNote.create.mutate({ client_key: uuid(), order_id: last, customer_id: customer, reason: "product_return", refund_method: "store_credit", items: [{ id: line.id, product_id: rice, quantity: 1 }] } as Parameters<typeof owner.creditNote.create.mutate>[0]);
              last = null;
            } else if (s.kind === "bill") {
              const goods = String(s.amount);
              const bill = await owner.supplierBill.create.mutate({ client_key: uuid(), providerId: supplier, ncfType: "B01", ncf: `B01${String(1000 + ++n).padStart(8, "0")}`, ncfDate: today, goodsAmount: goods, servicesAmount: "0", itbis: (s.amount * 0.18).toFixed(2), expenseType: "09", paymentForm: "04" } as Parameters<typeof owner.supplierBill.create.mutate>[0]);
              if (s.pay) await owner.supplierBill.pay.mutate({ id: bill.id, client_key: uuid(), amount: bill.payable, paymentMethodId: transfer, reference: "T" });
            }
          }
          const tb = await owner.accounting.getTrialBalance.query(range);
          expect(tb.difference).toBe("0.00");
          expect(tb.totals.debit).toBe(tb.totals.credit);
          expect((await owner.accounting.checkJournal.query(range)).differences).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
