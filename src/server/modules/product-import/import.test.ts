import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImport } from "../../../web/features/product-import/run-import";
import { buildProductWorkbook, productSheetRow, readProductWorkbook, workbookBytes } from "../../../web/features/product-import/workbook";
import { withTenant } from "../../db/client";
import { newId } from "../../ids";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { ledgerBalance } from "../inventory/stock";
import { stockLedger } from "../inventory/tables";
import { productCategories } from "../product-category/tables";
import { warehouses } from "../warehouse/tables";

let t: TestContext;
let principal: string;
let bebidas: string;

beforeAll(async () => {
  t = await createTestContext();
  const tenantId = t.acme.tenant.id;
  await withTenant(t.db, tenantId, async (tx) => {
    principal = (await tx.select().from(warehouses).where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isDefault, true))))[0]!.id;
    // A second warehouse first in order: the import must still pick the default one.
    await tx.insert(warehouses).values({ tenantId, id: newId(), code: "AAA", name: "Almacén A", order: -1 });
    bebidas = newId();
    await tx.insert(productCategories).values({ tenantId, id: bebidas, code: "BEB", name: "Bebidas" });
    await tx.insert(productCategories).values({ tenantId, id: newId(), code: "SNK", name: "Picaderas" });
  });
});
afterAll(() => t.close());

const row = (rowNumber: number, fields: Record<string, string | number | boolean | null>) => ({ rowNumber, ...fields });

describe("productImport.importBatch", () => {
  it("imports the good rows and reports a bad row and a duplicated SKU by Excel row number", async () => {
    const owner = await t.client("acme", "owner");
    const result = await owner.productImport.importBatch.mutate({
      mode: "create_or_update",
      rows: [
        row(2, { name: "Refresco Merengue 20oz", sku: "IMP-1", barcode: 7460250000123, productType: "producto", price: 45, price2: null, price3: null, costPrice: "28.75", category: "beb", taxPercent: 18, isTaxable: "sí", unitOfMeasure: "unidad", initialStock: 24, minStock: 6 }),
        row(3, { name: "", sku: "IMP-2", price: 10 }),
        row(4, { name: "Corte de pelo", sku: "IMP-3", productType: "servicio", price: "500", category: "Picaderas", isTaxable: "no", taxPercent: 18 }),
        row(5, { name: "Refresco repetido", sku: "IMP-1", price: 50 }),
        row(6, { name: "Sin precio", sku: "IMP-4", price: null }),
        row(7, { name: "Categoría rara", sku: "IMP-5", price: 1, category: "Juguetes", unitOfMeasure: "saco", productType: "kit", isTaxable: "quizás" }),
        row(8, { name: "Precio malo", sku: "IMP-6", price: "abc", taxPercent: 118 }),
      ],
    });
    expect(result.created).toBe(2);
    expect(result.updated).toBe(0);
    expect(result.errors).toEqual([
      { rowNumber: 3, message: "Nombre: El nombre es requerido" },
      { rowNumber: 5, message: "SKU duplicado en el archivo (fila 2)" },
      { rowNumber: 6, message: "Precio: Los precios son requeridos cuando no es precio variable" },
      {
        rowNumber: 7,
        message:
          'Tipo inválido "kit": use producto, servicio o combo; Gravado inválido "quizás": use sí o no; Unidad inválida "saco": use unit, kg, g, lb, oz, l, ml, gal, portion o dozen; Categoría: Categoría no encontrada: Juguetes',
      },
      { rowNumber: 8, message: "Precio: Precio inválido; ITBIS %: Debe estar entre 0 y 100" },
    ]);

    const list = await owner.product.getAll.query({ search: "IMP-" });
    expect(list.data.map((p) => p.sku).sort()).toEqual(["IMP-1", "IMP-3"]);
    const refresco = await owner.product.getById.query({ id: list.data.find((p) => p.sku === "IMP-1")!.id });
    expect(refresco).toMatchObject({
      name: "Refresco Merengue 20oz",
      barcode: "7460250000123",
      productType: "product",
      price: "45.00",
      price2: "0.00",
      price3: "0.00",
      costPrice: "28.75",
      categoryId: bebidas,
      isTaxable: true,
      taxPercent: "18.00",
      unitOfMeasure: "unit",
      otpExpiration: 300,
      availableForPos: true,
    });
    const servicio = await owner.product.getById.query({ id: list.data.find((p) => p.sku === "IMP-3")!.id });
    expect(servicio).toMatchObject({ productType: "service", isTaxable: false, taxPercent: null, categoryName: "Picaderas" });
  });

  it("puts the initial stock in the default warehouse through the ledger", async () => {
    const owner = await t.client("acme", "owner");
    const { created } = await owner.productImport.importBatch.mutate({ rows: [row(2, { name: "Arroz selecto 5 lb", sku: "STK-1", price: "275.50", initialStock: "12.5", minStock: 3, unitOfMeasure: "lb" })] });
    expect(created).toBe(1);
    const [p] = (await owner.product.getAll.query({ search: "STK-1" })).data;
    const detail = await owner.product.getById.query({ id: p!.id });
    expect(detail.unitOfMeasure).toBe("lb");
    // Every good has a row in every warehouse (at 0 where no stock came in).
    expect(detail.warehouseQuantities.map((w) => [w.warehouseId === principal, w.initialQuantity, w.currentQuantity, w.minStock])).toEqual([
      [false, "0.0000", "0.0000", null],
      [true, "12.5000", "12.5000", "3.0000"],
    ]);
    const tenantId = t.acme.tenant.id;
    await withTenant(t.db, tenantId, async (tx) => {
      expect(await ledgerBalance(tx, tenantId, p!.id, principal)).toBe("12.5000");
      const ledger = await tx.select().from(stockLedger).where(and(eq(stockLedger.tenantId, tenantId), eq(stockLedger.productId, p!.id)));
      expect(ledger.map((l) => [l.sourceType, l.sourceId, l.quantity, l.balanceAfter, l.warehouseId])).toEqual([["initial", p!.id, "12.5000", "12.5000", principal]]);
    });
    expect(p!.stock).toBe("12.5000");
  });

  it("an existing SKU updates the file's columns of that product, not its stock", async () => {
    const owner = await t.client("acme", "owner");
    const { id } = await owner.product.create.mutate({
      name: "Café Santo Domingo 1 lb",
      sku: "UPD-1",
      description: "Tostado y molido",
      keywords: "cafe",
      price: "300",
      price2: "290",
      price3: "280",
      costPrice: "200",
      categoryId: bebidas,
      warehouseQuantities: [{ warehouseId: principal, initialQuantity: "10", minStock: "2" }],
    });
    // No Descripción/Categoría/Palabras clave columns in this file; Precio 2 is there but empty.
    const result = await owner.productImport.importBatch.mutate({
      rows: [row(2, { name: "Café Santo Domingo 1 lb (nuevo)", sku: "UPD-1", price: "325", price2: null, isTaxable: "no", initialStock: 99, minStock: 4 })],
    });
    expect(result).toEqual({ created: 0, updated: 1, errors: [] });
    const p = await owner.product.getById.query({ id });
    expect(p).toMatchObject({
      name: "Café Santo Domingo 1 lb (nuevo)",
      price: "325.00",
      price2: "0.00",
      price3: "280.00",
      costPrice: "200.00",
      description: "Tostado y molido",
      keywords: "cafe",
      categoryId: bebidas,
      isTaxable: false,
      taxPercent: null,
    });
    // Stock untouched, the minimum updated.
    expect(p.warehouseQuantities.map((w) => [w.currentQuantity, w.minStock])).toEqual([
      ["0.0000", null],
      ["10.0000", "4.0000"],
    ]);

    // A blank cell in a present column takes the field's default; a new category clears the subcategory.
    const again = await owner.productImport.importBatch.mutate({ rows: [row(9, { name: "Café", sku: "UPD-1", price: 1, category: "SNK", description: null })] });
    expect(again.updated).toBe(1);
    expect(await owner.product.getById.query({ id })).toMatchObject({ name: "Café", price: "1.00", description: null, categoryName: "Picaderas" });
  });

  it("updates and creates in the same batch and validates an update like a create", async () => {
    const owner = await t.client("acme", "owner");
    const result = await owner.productImport.importBatch.mutate({
      rows: [row(2, { name: "Arroz selecto 5 lb", sku: "STK-1", price: "280" }), row(3, { name: "Habichuelas rojas", sku: "NEW-1", price: "95" }), row(4, { name: "X", sku: "UPD-1", price: "-5" })],
    });
    expect(result).toEqual({ created: 1, updated: 1, errors: [{ rowNumber: 4, message: "Precio: Precio inválido" }] });
  });

  it("keeps tenants apart: another tenant's SKU and category are unknown to an outsider", async () => {
    const outsider = await t.client("other", "owner");
    const result = await outsider.productImport.importBatch.mutate({
      rows: [row(2, { name: "Mismo SKU, otro negocio", sku: "IMP-1", price: 5 }), row(3, { name: "Con categoría ajena", sku: "OTH-2", price: 5, category: "BEB" })],
    });
    expect(result).toEqual({ created: 1, updated: 0, errors: [{ rowNumber: 3, message: "Categoría: Categoría no encontrada: BEB" }] });
    const owner = await t.client("acme", "owner");
    const [acmeProduct] = (await owner.product.getAll.query({ search: "IMP-1" })).data;
    expect(acmeProduct!.name).toBe("Refresco Merengue 20oz");
    const [otherProduct] = (await outsider.product.getAll.query({ search: "IMP-1" })).data;
    expect(otherProduct!.name).toBe("Mismo SKU, otro negocio");
    expect(otherProduct!.id).not.toBe(acmeProduct!.id);
    // Export details never reveal another tenant's products.
    expect(await outsider.productImport.exportDetails.query({ ids: [acmeProduct!.id] })).toEqual([]);
    expect(await owner.productImport.exportDetails.query({ ids: [acmeProduct!.id] })).toEqual([
      { id: acmeProduct!.id, description: null, keywords: null, categoryCode: "BEB", minStock: "6.0000" },
    ]);
  });

  it("needs products.import (cashier FORBIDDEN) and a signed-in user", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.productImport.importBatch.mutate({ rows: [row(2, { name: "X", sku: "CSH-1", price: 1 })] }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.productImport.exportDetails.query({ ids: [newId()] }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.productImport.importBatch.mutate({ rows: [row(2, { name: "X", sku: "CSH-1", price: 1 })] }))).code).toBe("UNAUTHORIZED");
    const admin = await t.client("acme", "admin");
    expect((await admin.productImport.importBatch.mutate({ rows: [row(2, { name: "X", sku: "ADM-1", price: 1 })] })).created).toBe(1);
  });

  it("refuses a batch over 500 rows or a row number under 2", async () => {
    const owner = await t.client("acme", "owner");
    const rows = Array.from({ length: 501 }, (_, i) => row(i + 2, { name: `P${i}`, sku: `BIG-${i}`, price: 1 }));
    expect((await errorOf(owner.productImport.importBatch.mutate({ rows }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.productImport.importBatch.mutate({ rows: [row(1, { name: "Header", sku: "H", price: 1 })] }))).code).toBe("BAD_REQUEST");
  });

  it("imports 500 rows in one call", async () => {
    const owner = await t.client("acme", "owner");
    const rows = Array.from({ length: 500 }, (_, i) => row(i + 2, { name: `Producto ${i}`, sku: `BULK-${i}`, price: 10 + i, initialStock: i % 3 }));
    const result = await owner.productImport.importBatch.mutate({ rows });
    expect(result).toEqual({ created: 500, updated: 0, errors: [] });
    const again = await owner.productImport.importBatch.mutate({ rows: rows.map((r) => ({ ...r, price: 1 })) });
    expect(again).toEqual({ created: 0, updated: 500, errors: [] });
  });
});

describe("the spreadsheet (the dialog's reader and the export's writer)", () => {
  it("an export of the list imports again as updates, with no error and no change", async () => {
    const owner = await t.client("acme", "owner");
    const list = await owner.product.getAll.query({ pageSize: 200 });
    expect(list.pagination.total).toBeGreaterThan(500);
    const sheetRows = [];
    for (let page = 1; page <= list.pagination.pageCount; page++) {
      const { data } = await owner.product.getAll.query({ page, pageSize: 200 });
      const details = new Map((await owner.productImport.exportDetails.query({ ids: data.map((p) => p.id) })).map((d) => [d.id, d]));
      sheetRows.push(...data.map((p) => productSheetRow(p, details.get(p.id))));
    }
    const [refresco] = (await owner.product.getAll.query({ search: "IMP-1" })).data;
    const before = await owner.product.getById.query({ id: refresco!.id });
    const parsed = await readProductWorkbook(await workbookBytes(buildProductWorkbook(ExcelJS, sheetRows, "Productos")), ExcelJS);
    expect(parsed.missing).toEqual([]);
    expect(parsed.totalRows).toBe(list.pagination.total);
    const result = await runImport({
      rows: parsed.rows,
      send: (rows) => owner.productImport.importBatch.mutate({ rows, mode: "create_or_update" }),
      duplicateMessage: (row) => `dup ${row}`,
      batchFailedMessage: String,
    });
    expect(result).toMatchObject({ created: 0, updated: list.pagination.total, errors: [] });
    const after = await owner.product.getById.query({ id: before.id });
    const { updatedAt: _a, ...beforeRest } = before;
    const { updatedAt: _b, ...afterRest } = after;
    expect(afterRest).toEqual(beforeRest);
  });

  it("reads English headers, percent cells and rich text; reports missing required columns", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Items");
    sheet.addRow(["Name", "sku", "Price *", "Tax %", "Taxable", "Color"]);
    sheet.addRow([{ richText: [{ text: "Agua " }, { text: "Planeta Azul" }] }, "AG-1", 25, 0.18, true, "azul"]);
    sheet.getCell("D2").numFmt = "0%";
    sheet.addRow([]);
    sheet.addRow(["Jugo", "JG-1", { formula: "10+15", result: 25 }, null, "no", null]);
    const parsed = await readProductWorkbook(await workbookBytes(workbook), ExcelJS);
    expect(parsed.columns).toEqual(["name", "sku", "price", "taxPercent", "isTaxable"]);
    expect(parsed.headers.find((h) => h.key === null)?.header).toBe("Color");
    expect(parsed.missing).toEqual([]);
    expect(parsed.rows).toEqual([
      { rowNumber: 2, name: "Agua Planeta Azul", sku: "AG-1", price: 25, taxPercent: 18, isTaxable: true },
      { rowNumber: 4, name: "Jugo", sku: "JG-1", price: 25, taxPercent: null, isTaxable: "no" },
    ]);

    const noPrice = new ExcelJS.Workbook();
    noPrice.addWorksheet("Hoja1").addRow(["Nombre", "Código de barras"]);
    expect((await readProductWorkbook(await workbookBytes(noPrice), ExcelJS)).missing).toEqual(["sku", "price"]);
  });
});
