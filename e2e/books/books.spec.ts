import { expect, test } from "@playwright/test";
import { ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { issueNcfRanges, registerFiscalBusiness, today } from "../fiscal-business";
import { tenantUrl } from "../support";

/**
 * The books and the DGII agree (issue 14): on a business of its own, accounting is initialized
 * from the setup card, then it sells (a B01 to a company, a consumer sale), takes a return, cancels
 * an invoice and pays a supplier bill; the trial balance is square, the income statement's sales
 * and returns are the 607's amounts, the ITBIS payable is the 607's ITBIS less the note's, the
 * 608 lists the cancelled NCF, and the journal rebuilt from the documents matches what was posted.
 */


test("initialize, sell, return, cancel and pay a supplier: trial balance square, statements and the 607/608 agree", async ({ page }) => {
  test.setTimeout(240_000);
  const b = await registerFiscalBusiness(page, "Libros");
  const sub = b.subdomain;
  const month = today().slice(0, 7);
  const period = month.replace("-", "");

  // Accounting from the setup card.
  await page.goto(tenantUrl("/home/accounting", sub));
  await expect(page.getByTestId("accounting-setup")).toBeVisible();
  await page.getByTestId("accounting-initialize").click();
  await expect(page.getByTestId("accounting-index")).toBeVisible();

  const types = await issueNcfRanges(page);
  const warehouseId = (await trpcQuery<{ id: string }[]>(page, "warehouse.getAll"))[0]!.id;
  // 118 with 18% ITBIS included (100 + 18), cost 60.
  const soda = (await trpcMutation<{ id: string }>(page, "product.create", { name: "Refresco 2L", sku: "REF-2L", price: "118", price2: "118", price3: "118", costPrice: "60", warehouseQuantities: [{ warehouseId, initialQuantity: "50" }] })).id;
  const company = (await trpcMutation<{ id: string }>(page, "customer.create", { name: "Ferretería Ozama SRL", tax_id: "101850043" })).id;
  const supplier = (await trpcMutation<{ id: string }>(page, "provider.create", { code: "SUP-1", name: "Distribuidora Caribe", taxId: "131246796", paymentTerms: 30 })).id;
  const methods = await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll");
  const cash = methods.find((m) => m.code === "CASH")!.id;
  const transfer = methods.find((m) => m.code === "TRANSFER")!.id;
  const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
  await ensureCashboxOpen(page);
  const sell = (o: { customerId: string; ncfTypeId?: string; quantity: string; methodId: string; amount: string }) =>
    trpcMutation<{ orderId: string; ncf: string }>(page, "pos.checkout", {
      clientOrderId: crypto.randomUUID(),
      customerId: o.customerId,
      warehouseId,
      ...(o.ncfTypeId ? { ncfTypeId: o.ncfTypeId } : {}),
      items: [{ productId: soda, quantity: o.quantity }],
      payments: [{ paymentMethodId: o.methodId, currencyId: dop, amount: o.amount }],
    });
  const b01 = await sell({ customerId: company, ncfTypeId: types.find((x) => x.code === "B01")!.id, quantity: "3", methodId: transfer, amount: "354" });
  await sell({ customerId: "default", quantity: "2", methodId: cash, amount: "300" });
  const toCancel = await sell({ customerId: "default", quantity: "1", methodId: cash, amount: "118" });
  await trpcMutation(page, "creditNote.create", { client_key: crypto.randomUUID(), order_id: b01.orderId, customer_id: company, reason: "product_return", items: [{ product_id: soda, quantity: "1" }] });
  await trpcMutation(page, "invoice.cancel", { invoiceId: toCancel.orderId, reasonCode: "04" });
  const bill = await trpcMutation<{ id: string; payable: string }>(page, "supplierBill.create", {
    client_key: crypto.randomUUID(),
    providerId: supplier,
    ncfType: "B01",
    ncf: "B0100000555",
    ncfDate: today(),
    goodsAmount: "0",
    servicesAmount: "1000",
    itbis: "180",
    expenseType: "02",
    paymentForm: "02",
  });
  await trpcMutation(page, "supplierBill.pay", { id: bill.id, client_key: crypto.randomUUID(), amount: bill.payable, paymentMethodId: transfer, reference: "TRF-7" });

  // The trial balance on screen: square.
  await page.goto(tenantUrl(`/home/accounting/balances/trial?from=${month}-01&to=${today()}`, sub));
  await expect(page.getByTestId("trial-difference")).toHaveText("RD$0.00");
  const range = { dateFrom: `${month}-01`, dateTo: today() };
  const tb = await trpcQuery<{ rows: { code: string; closingDebit: string; closingCredit: string }[]; difference: string }>(page, "accounting.getTrialBalance", range);
  expect(tb.difference).toBe("0.00");
  const balance = (code: string) => {
    const r = tb.rows.find((x) => x.code === code);
    return r ? Number(r.closingCredit) - Number(r.closingDebit) : 0;
  };

  // The 607: the B01 (300 + 54 ITBIS) and the note (100 + 18) listed; the consumer sale (200 + 36) in the summary.
  const f607 = await trpcQuery<{ rows: { ncfType?: string; amount: string; itbis: string }[]; summary: { count: number } }>(page, "dgii.get607", { period });
  expect(f607.rows).toHaveLength(2);
  await page.goto(tenantUrl(`/home/accounting/dgii/607?period=${period}`, sub));
  await expect(page.getByTestId("dgii-row")).toHaveCount(2);
  await expect(page.getByTestId("dgii-row").nth(0).getByTestId("dgii-row-amount")).toHaveText("RD$300.00");
  await expect(page.getByTestId("dgii-summary-count")).toHaveText("1");
  // Sales in the books = the 607's B01 + the consumer summary (the cancelled one reversed); returns = the note; ITBIS = 54 + 36 − 18.
  expect(balance("4101")).toBe(500);
  expect(balance("4103")).toBe(-100);
  expect(balance("210301")).toBe(72);
  // The supplier bill: expense and ITBIS paid, nothing owed once paid.
  expect(balance("6103")).toBe(-1000);
  expect(balance("110801")).toBe(-180);
  expect(balance("210101")).toBe(0);

  // The 608: the cancelled NCF with its reason.
  await page.goto(tenantUrl(`/home/accounting/dgii/608?period=${period}`, sub));
  await expect(page.getByTestId("dgii-row")).toHaveCount(1);
  await expect(page.getByTestId("dgii-row").first().getByTestId("dgii-row-ncf")).toHaveText(toCancel.ncf);

  // The income statement: net = sales − returns − cost of sales (4 units at 60) − the expense.
  await page.goto(tenantUrl(`/home/accounting/statements/income?from=${month}-01&to=${today()}`, sub));
  await expect(page.getByTestId("income-net")).toContainText("840.00");
  const is = await trpcQuery<{ totals: { net: string } }>(page, "accounting.getIncomeStatement", { ...range, compare: false });
  expect(is.totals.net).toBe("-840.00");

  // The journal rebuilt from the documents is what was posted.
  const check = await trpcQuery<{ differences: unknown[]; documents: number }>(page, "accounting.checkJournal", range);
  expect(check.differences).toEqual([]);
  // three sales, the note, the bill and its payment (the product's opening stock is not a document of the books)
  expect(check.documents).toBe(6);
});
