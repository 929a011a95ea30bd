import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Big } from "../../../shared/catalog/decimal";
import { type CommissionLineInput, lineCommission } from "../../../shared/employees/commission";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext, type TestTenant } from "../../test/harness";
import { customers } from "../customer/tables";
import { orderItems, orders } from "../pos/tables";
import { warehouses } from "../warehouse/tables";

let t: TestContext;
let owner: Client;
let outsider: Client;

interface SaleLine {
  employeeId: string | null;
  productId: string;
  quantity: string;
  base: string;
  discount?: string;
}

let saleNumber = 0;
/**
 * Writes a sale the way the POS checkout stores it: one orders row and its order_items, each
 * line credited to a seller (seller_employee_id). Only the columns the report reads matter.
 */
async function insertSale(tenant: TestTenant, sale: { date: string; status?: "completed" | "cancelled"; lines: SaleLine[] }): Promise<string> {
  const tenantId = tenant.tenant.id;
  return withTenant(t.db, tenantId, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.isDefault, true)));
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isDefault, true)));
    const orderId = newId();
    const subtotal = sale.lines.reduce((s, l) => s.plus(l.base).minus(l.discount ?? "0"), new Big(0)).toFixed(2);
    await tx.insert(orders).values({
      tenantId,
      id: orderId,
      number: `FAC-${String(++saleNumber).padStart(6, "0")}`,
      clientOrderId: newId(),
      customerId: customer!.id,
      warehouseId: warehouse!.id,
      status: sale.status ?? "completed",
      subtotal,
      discountTotal: "0",
      taxTotal: "0",
      total: subtotal,
      paidTotal: subtotal,
      userId: tenant.users.cashier.id,
      businessDate: sale.date,
    });
    await tx.insert(orderItems).values(
      sale.lines.map((l, i) => {
        const net = new Big(l.base).minus(l.discount ?? "0").toFixed(2);
        return {
          tenantId,
          id: newId(),
          orderId,
          lineNo: i + 1,
          productId: l.productId,
          productName: productNames.get(l.productId) ?? "?",
          quantity: l.quantity,
          unitPrice: new Big(l.base).div(l.quantity).toFixed(2),
          priceIncludesTax: false,
          isTaxable: false,
          taxRate: "0",
          baseAmount: l.base,
          discountAmount: l.discount ?? "0",
          taxAmount: "0",
          total: net,
          sellerEmployeeId: l.employeeId,
        };
      }),
    );
    return orderId;
  });
}

const productNames = new Map<string, string>();
const prices = { price: "100", price2: "0", price3: "0" };
const P = {} as Record<"corte" | "tinte" | "champu" | "gel", string>;
const E = {} as Record<"ana" | "beto" | "carla", string>;
let hair: string;
let theirEmployee: string;

/** What the rule in src/shared says each fixture line earns (the report must agree). */
const productRules: Record<string, CommissionLineInput["product"] & { categoryId: string | null }> = {};
const employeeRules: Record<string, CommissionLineInput["employee"] & { products: Record<string, string | null>; categories: Record<string, string | null> }> = {};

const MARCH: SaleLine[][] = [];

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  outsider = await t.client("other", "owner");
  hair = (await owner.productCategory.create.mutate({ name: "Cabello", code: "CAB" })).id;
  const product = async (key: keyof typeof P, input: Record<string, unknown>) => {
    P[key] = (await owner.product.create.mutate({ ...prices, ...input } as never)).id;
    productNames.set(P[key], input.name as string);
    productRules[P[key]] = {
      paysCommission: (input.paysCommission as boolean) ?? false,
      commissionType: (input.commissionType as string) ?? "percentage",
      commissionValue: new Big((input.commissionValue as string) ?? "0").toFixed(2),
      categoryId: (input.categoryId as string) ?? null,
    };
  };
  await product("corte", { name: "Corte", sku: "CORTE", paysCommission: true, commissionType: "percentage", commissionValue: "5", categoryId: hair });
  await product("tinte", { name: "Tinte", sku: "TINTE", paysCommission: true, commissionType: "fixed", commissionValue: "25" });
  await product("champu", { name: "Champú", sku: "CHAMPU", categoryId: hair });
  await product("gel", { name: "Gel", sku: "GEL" });

  E.ana = (await owner.employee.create.mutate({ name: "Ana", salary_type: "commission", commission_rate: "2" })).id;
  E.beto = (await owner.employee.create.mutate({ name: "Beto", salary_type: "monthly" })).id;
  E.carla = (await owner.employee.create.mutate({ name: "Carla", salary_type: "mixed", commission_rate: "3" })).id;
  await owner.employee.updateProducts.mutate({ employeeId: E.ana, products: [{ productId: P.corte, commissionPercentage: "10" }] });
  await owner.employee.updateCategories.mutate({ employeeId: E.ana, categories: [{ categoryId: hair, commissionPercentage: "7" }] });
  // Beto's links are left empty: they fall through to the product's own commission.
  await owner.employee.updateProducts.mutate({ employeeId: E.beto, products: [{ productId: P.champu }] });
  await owner.employee.updateCategories.mutate({ employeeId: E.beto, categories: [{ categoryId: hair }] });
  employeeRules[E.ana] = { salaryType: "commission", commissionRate: "2.00", products: { [P.corte]: "10.00" }, categories: { [hair]: "7.00" } };
  employeeRules[E.beto] = { salaryType: "monthly", commissionRate: null, products: { [P.champu]: null }, categories: { [hair]: null } };
  employeeRules[E.carla] = { salaryType: "mixed", commissionRate: "3.00", products: {}, categories: {} };

  MARCH.push(
    [
      { employeeId: E.ana, productId: P.corte, quantity: "1", base: "1000.00", discount: "100.00" }, // product link 10 % of 900 = 90.00
      { employeeId: E.ana, productId: P.champu, quantity: "2", base: "500.00" }, // category link 7 % = 35.00
      { employeeId: E.ana, productId: P.gel, quantity: "1", base: "200.00" }, // her own 2 % = 4.00
      { employeeId: null, productId: P.corte, quantity: "1", base: "1000.00" }, // no seller: not in the report
    ],
    [
      { employeeId: E.ana, productId: P.tinte, quantity: "3", base: "300.00", discount: "30.00" }, // fixed 25 x 3 = 75.00
      { employeeId: E.beto, productId: P.corte, quantity: "1", base: "1000.00" }, // product 5 % = 50.00
      { employeeId: E.beto, productId: P.champu, quantity: "1", base: "333.33" }, // nothing applies (monthly pay) = 0
      { employeeId: E.carla, productId: P.gel, quantity: "1", base: "150.55" }, // her own 3 % = 4.5165 -> 4.52
    ],
  );
  await insertSale(t.acme, { date: "2026-03-05", lines: MARCH[0]! });
  await insertSale(t.acme, { date: "2026-03-31", lines: MARCH[1]! });
  // Cancelled in the period, and sales outside it: none of them count.
  await insertSale(t.acme, { date: "2026-03-21", status: "cancelled", lines: [{ employeeId: E.ana, productId: P.corte, quantity: "1", base: "5000.00" }] });
  await insertSale(t.acme, { date: "2026-02-28", lines: [{ employeeId: E.ana, productId: P.corte, quantity: "1", base: "100.00" }] });
  await insertSale(t.acme, { date: "2026-04-01", lines: [{ employeeId: E.carla, productId: P.gel, quantity: "1", base: "100.00" }] });

  // Another business's sale in the same period.
  theirEmployee = (await outsider.employee.create.mutate({ name: "Vendedor de otro", salary_type: "commission", commission_rate: "50" })).id;
  const theirProduct = (await outsider.product.create.mutate({ ...prices, name: "Masaje", sku: "MASAJE" })).id;
  productNames.set(theirProduct, "Masaje");
  await insertSale(t.other, { date: "2026-03-10", lines: [{ employeeId: theirEmployee, productId: theirProduct, quantity: "1", base: "9999.00" }] });
});
afterAll(() => t.close());

const march = { from: "2026-03-01", to: "2026-03-31" };

/** The shared rule applied to a fixture line. */
function expectedOf(line: SaleLine) {
  const employee = employeeRules[line.employeeId!]!;
  const product = productRules[line.productId]!;
  return lineCommission({
    amount: new Big(line.base).minus(line.discount ?? "0").toFixed(2),
    quantity: line.quantity,
    orderStatus: "completed",
    employeeProductPercentage: employee.products[line.productId],
    employeeCategoryPercentage: product.categoryId ? employee.categories[product.categoryId] : undefined,
    product,
    employee,
  });
}

describe("commission.report", () => {
  it("one row per seller: sales, amount after discount and before tax, commission by the rule's fallbacks", async () => {
    const report = await owner.commission.report.query(march);
    expect(report).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
      employees: [
        { employeeId: E.ana, code: "EMP-001", name: "Ana", isActive: true, salesCount: 2, lineCount: 4, salesAmount: "1870.00", commission: "204.00" },
        { employeeId: E.beto, code: "EMP-002", name: "Beto", isActive: true, salesCount: 1, lineCount: 2, salesAmount: "1333.33", commission: "50.00" },
        { employeeId: E.carla, code: "EMP-003", name: "Carla", isActive: true, salesCount: 1, lineCount: 1, salesAmount: "150.55", commission: "4.52" },
      ],
      totals: { salesCount: 2, lineCount: 7, salesAmount: "3353.88", commission: "258.52" },
    });
  });

  it("agrees line by line with the shared rule (src/shared/employees/commission.ts)", async () => {
    for (const employeeId of [E.ana, E.beto, E.carla]) {
      const lines = await owner.commission.lines.query({ ...march, employeeId, pageSize: 200 });
      const fixture = MARCH.flat().filter((l) => l.employeeId === employeeId);
      expect(lines.data).toHaveLength(fixture.length);
      expect(lines.data.map((l) => ({ commission: l.commission, source: l.source, percentage: l.percentage }))).toEqual(fixture.map(expectedOf));
    }
  });

  it("the filter by employee, an empty period, and a cancelled order earns nothing", async () => {
    const carla = await owner.commission.report.query({ ...march, employeeId: E.carla });
    expect(carla.employees.map((r) => [r.name, r.commission])).toEqual([["Carla", "4.52"]]);
    expect(carla.totals).toEqual({ salesCount: 1, lineCount: 1, salesAmount: "150.55", commission: "4.52" });
    expect(await owner.commission.report.query({ from: "2026-01-01", to: "2026-01-31" })).toMatchObject({
      employees: [],
      totals: { salesCount: 0, lineCount: 0, salesAmount: "0.00", commission: "0.00" },
    });
    // The cancelled sale of 21 March (5,000.00) is nowhere; one day covers only that day's sales.
    expect((await owner.commission.report.query({ from: "2026-03-21", to: "2026-03-21" })).employees).toEqual([]);
    expect((await owner.commission.report.query({ from: "2026-03-31", to: "2026-04-01" })).employees.map((r) => [r.name, r.salesAmount])).toEqual([
      ["Ana", "270.00"],
      ["Beto", "1333.33"],
      ["Carla", "250.55"],
    ]);
  });

  it("links change the report (commissions are computed when it runs); an inactive seller keeps their sales", async () => {
    await owner.employee.updateProducts.mutate({ employeeId: E.beto, products: [{ productId: P.champu, commissionPercentage: "10" }] });
    const [, beto] = (await owner.commission.report.query(march)).employees;
    expect([beto?.name, beto?.commission]).toEqual(["Beto", "83.33"]);
    await owner.employee.updateProducts.mutate({ employeeId: E.beto, products: [{ productId: P.champu }] });
    await owner.employee.delete.mutate({ id: E.carla });
    const carla = (await owner.commission.report.query(march)).employees.find((r) => r.employeeId === E.carla);
    expect(carla).toMatchObject({ isActive: false, commission: "4.52" });
    await owner.employee.restore.mutate({ id: E.carla });
  });

  it("validation: real dates, from not after to", async () => {
    expect(await errorOf(owner.commission.report.query({ from: "2026-03-31", to: "2026-03-01" }))).toEqual({
      code: "BAD_REQUEST",
      message: "to: La fecha final debe ser igual o posterior a la inicial",
    });
    expect(await errorOf(owner.commission.report.query({ from: "2026-02-30", to: "2026-03-01" }))).toEqual({ code: "BAD_REQUEST", message: "from: Fecha inválida" });
    expect((await errorOf(owner.commission.report.query({ from: "", to: "2026-03-01" }))).code).toBe("BAD_REQUEST");
  });
});

describe("commission.lines", () => {
  it("the drill-down of one seller's row: by date and invoice, paged", async () => {
    const page1 = await owner.commission.lines.query({ ...march, employeeId: E.ana, pageSize: 3 });
    expect(page1.pagination).toEqual({ page: 1, pageSize: 3, total: 4, pageCount: 2 });
    expect(page1.data.map((l) => [l.businessDate, l.orderNumber, l.lineNo, l.productName, l.quantity, l.amount, l.source, l.percentage, l.commission])).toEqual([
      ["2026-03-05", "FAC-000001", 1, "Corte", "1.0000", "900.00", "employee_product", "10.00", "90.00"],
      ["2026-03-05", "FAC-000001", 2, "Champú", "2.0000", "500.00", "employee_category", "7.00", "35.00"],
      ["2026-03-05", "FAC-000001", 3, "Gel", "1.0000", "200.00", "employee_rate", "2.00", "4.00"],
    ]);
    const page2 = await owner.commission.lines.query({ ...march, employeeId: E.ana, pageSize: 3, page: 2 });
    expect(page2.data.map((l) => [l.orderNumber, l.productName, l.source, l.percentage, l.commission])).toEqual([["FAC-000002", "Tinte", "product_fixed", null, "75.00"]]);
    const beyond = await owner.commission.lines.query({ ...march, employeeId: E.ana, pageSize: 3, page: 5 });
    expect(beyond).toEqual({ data: [], pagination: { page: 5, pageSize: 3, total: 4, pageCount: 2 } });
  });
});

describe("commission.export", () => {
  it("an .xlsx with the summary and every line, in the user's language", async () => {
    const file = await owner.commission.export.mutate(march);
    expect(file.fileName).toBe("comisiones-2026-03-01-2026-03-31.xlsx");
    expect(file.mimeType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.base64, "base64") as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Resumen", "Detalle"]);
    const summary = workbook.getWorksheet("Resumen")!;
    const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(summary, 1)).toEqual(["Código", "Vendedor", "Ventas", "Líneas", "Monto vendido sin ITBIS", "Comisión"]);
    expect(values(summary, 2)).toEqual(["EMP-001", "Ana", 2, 4, 1870, 204]);
    expect(values(summary, 5)).toEqual([undefined, "Totales", 2, 7, 3353.88, 258.52]);
    const detail = workbook.getWorksheet("Detalle")!;
    expect(detail.actualRowCount).toBe(1 + 7);
    expect(values(detail, 2)).toEqual(["2026-03-05", "FAC-000001", "EMP-001", "Ana", "Corte", 1, 900, "Producto del empleado", 10, 90]);
    expect(values(detail, 5)).toEqual(["2026-03-31", "FAC-000002", "EMP-001", "Ana", "Tinte", 3, 270, "Comisión fija del producto", "", 75]);
  });
});

describe("permissions and tenants", () => {
  it("each business sees only its own sales; another business's employee is NOT_FOUND", async () => {
    const theirs = await outsider.commission.report.query(march);
    expect(theirs.employees.map((r) => [r.name, r.commission])).toEqual([["Vendedor de otro", "4999.50"]]);
    expect(theirs.totals.salesCount).toBe(1);
    expect((await owner.commission.report.query(march)).employees.some((r) => r.employeeId === theirEmployee)).toBe(false);
    expect((await errorOf(owner.commission.report.query({ ...march, employeeId: theirEmployee }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.commission.lines.query({ ...march, employeeId: theirEmployee }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.commission.export.mutate({ ...march, employeeId: theirEmployee }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.commission.lines.query({ ...march, employeeId: E.ana }))).code).toBe("NOT_FOUND");
  });

  it("a cashier (no sellers.view) is FORBIDDEN; anonymous is UNAUTHORIZED", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.commission.report.query(march))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.commission.lines.query({ ...march, employeeId: E.ana }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.commission.export.mutate(march))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.commission.report.query(march))).code).toBe("UNAUTHORIZED");
    const admin = await t.client("acme", "admin");
    expect((await admin.commission.report.query(march)).totals.commission).toBe("258.52");
  });
});
