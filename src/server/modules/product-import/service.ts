import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type ProductCreateInput, productCreateInput } from "../../../shared/catalog/product";
import {
  cellText,
  type ImportBatchResult,
  type ImportColumnKey,
  type ImportRow,
  type ImportRowError,
  type importBatchInput,
  normalizeHeader,
  numericCell,
  parseProductType,
  parseUnit,
  parseYesNo,
} from "../../../shared/catalog/product-import";
import { translate } from "../../../shared/i18n/translate";
import type { Db, Tx } from "../../db/client";
import { newId } from "../../ids";
import { createStockRows, recordInitialStock } from "../inventory/stock";
import { productStock, } from "../inventory/tables";
import { products } from "../product/tables";
import { productCategories } from "../product-category/tables";
import { warehouses } from "../warehouse/tables";

interface Lookups {
  /** normalized code -> id */
  categoryByCode: Map<string, string>;
  /** normalized name -> ids */
  categoryByName: Map<string, string[]>;
  defaultWarehouseId: string | null;
}

/** A row that passed validation: the product as the form would send it, and which columns the file has. */
interface ValidRow {
  rowNumber: number;
  present: Set<ImportColumnKey>;
  product: ProductCreateInput;
  initialStock: string;
  minStock: string | null;
}

/** The tenant's default warehouse (the first active one by order when none is marked). */
export async function defaultWarehouseId(tx: Tx, tenantId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.tenantId, tenantId), eq(warehouses.isActive, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.order), asc(warehouses.name))
    .limit(1);
  return row?.id ?? null;
}

async function loadLookups(tx: Tx, tenantId: string): Promise<Lookups> {
  const [categories, warehouseId] = await Promise.all([
    tx
      .select({ id: productCategories.id, code: productCategories.code, name: productCategories.name })
      .from(productCategories)
      .where(and(eq(productCategories.tenantId, tenantId), eq(productCategories.isActive, true))),
    defaultWarehouseId(tx, tenantId),
  ]);
  const categoryByCode = new Map<string, string>();
  const categoryByName = new Map<string, string[]>();
  for (const c of categories) {
    categoryByCode.set(normalizeHeader(c.code), c.id);
    const name = normalizeHeader(c.name);
    categoryByName.set(name, [...(categoryByName.get(name) ?? []), c.id]);
  }
  return { categoryByCode, categoryByName, defaultWarehouseId: warehouseId };
}

/** The spreadsheet column a schema path belongs to. */
function columnOfPath(path: readonly PropertyKey[]): ImportColumnKey | null {
  const [first, , field] = path;
  if (first === "categoryId" || first === "subCategoryId") return "category";
  if (first === "warehouseQuantities") return field === "minStock" ? "minStock" : "initialStock";
  const known: ImportColumnKey[] = ["name", "sku", "barcode", "productType", "description", "keywords", "price", "price2", "price3", "costPrice", "taxPercent", "isTaxable", "unitOfMeasure"];
  return known.includes(first as ImportColumnKey) ? (first as ImportColumnKey) : null;
}

function issueMessage(lang: string, issue: z.core.$ZodIssue): string {
  let message: string;
  if (/^errors:[A-Za-z0-9_.]+$/.test(issue.message)) message = translate(lang, issue.message);
  else if (issue.code === "too_big" && typeof issue.maximum === "number") message = translate(lang, "productImport:rowErrors.tooLong", { max: issue.maximum });
  else message = translate(lang, "productImport:rowErrors.invalidValue");
  const column = columnOfPath(issue.path);
  return column ? `${translate(lang, `productImport:columns.${column}`)}: ${message}` : message;
}

/**
 * Reads one row into the product payload of the product form and validates it with the form's
 * schema (productCreateInput), so an imported product obeys the same rules as a typed one.
 */
function validateRow(row: ImportRow, lookups: Lookups, lang: string): { ok: true; row: ValidRow } | { ok: false; message: string } {
  const messages: string[] = [];
  const col = (key: ImportColumnKey) => translate(lang, `productImport:columns.${key}`);
  const productType = parseProductType(row.productType);
  if (productType === undefined) messages.push(translate(lang, "productImport:rowErrors.invalidType", { value: cellText(row.productType) }));
  const isTaxable = parseYesNo(row.isTaxable);
  if (isTaxable === undefined) messages.push(translate(lang, "productImport:rowErrors.invalidYesNo", { value: cellText(row.isTaxable) }));
  const unit = parseUnit(row.unitOfMeasure);
  if (unit === undefined) messages.push(translate(lang, "productImport:rowErrors.invalidUnit", { value: cellText(row.unitOfMeasure) }));

  let categoryId: string | null = null;
  const category = cellText(row.category);
  if (category !== null) {
    const key = normalizeHeader(category);
    const byName = lookups.categoryByName.get(key) ?? [];
    categoryId = lookups.categoryByCode.get(key) ?? (byName.length === 1 ? byName[0]! : null);
    if (!categoryId) {
      messages.push(
        `${col("category")}: ${translate(lang, byName.length > 1 ? "productImport:rowErrors.ambiguousCategory" : "productImport:rowErrors.unknownCategory", { value: category })}`,
      );
    }
  }

  const initialStock = numericCell(row.initialStock);
  const minStock = numericCell(row.minStock);
  const warehouseId = lookups.defaultWarehouseId;
  if (!warehouseId && (initialStock !== null || minStock !== null)) messages.push(translate(lang, "productImport:rowErrors.noDefaultWarehouse"));

  const parsed = productCreateInput.safeParse({
    name: cellText(row.name) ?? "",
    sku: cellText(row.sku) ?? "",
    barcode: cellText(row.barcode),
    productType: productType ?? "product",
    description: cellText(row.description),
    keywords: cellText(row.keywords),
    price: numericCell(row.price),
    // Spec 03 §9: a new product's second and third prices default to 0.
    price2: numericCell(row.price2) ?? "0",
    price3: numericCell(row.price3) ?? "0",
    costPrice: numericCell(row.costPrice) ?? "0",
    categoryId,
    taxPercent: numericCell(row.taxPercent),
    isTaxable: isTaxable ?? true,
    unitOfMeasure: unit ?? "unit",
    warehouseQuantities: warehouseId ? [{ warehouseId, initialQuantity: initialStock ?? "0", minStock }] : [],
  });
  if (!parsed.success) messages.push(...parsed.error.issues.map((i) => issueMessage(lang, i)));
  if (!parsed.success || messages.length > 0) return { ok: false, message: [...new Set(messages)].join("; ") };

  const stock = parsed.data.warehouseQuantities[0];
  const present = new Set((Object.keys(row) as (keyof ImportRow)[]).filter((k): k is ImportColumnKey => k !== "rowNumber" && row[k] !== undefined));
  return { ok: true, row: { rowNumber: row.rowNumber, present, product: parsed.data, initialStock: stock?.initialQuantity ?? "0", minStock: stock?.minStock ?? null } };
}

/** The product columns of a new product (what the product service writes for the same payload). */
function insertValues(tenantId: string, id: string, p: ProductCreateInput) {
  return {
    tenantId,
    id,
    name: p.name,
    productType: p.productType,
    sku: p.sku,
    barcode: p.barcode,
    description: p.description,
    keywords: p.keywords,
    price: p.price ?? "0",
    price2: p.price2 ?? "0",
    price3: p.price3 ?? "0",
    costPrice: p.costPrice,
    categoryId: p.categoryId,
    isTaxable: p.isTaxable,
    taxPercent: p.isTaxable ? p.taxPercent : null,
    unitOfMeasure: p.unitOfMeasure,
  };
}

/**
 * Updates existing products from rows that share the same set of columns, in one statement
 * (UPDATE … FROM (VALUES …)). Only the file's columns change; stock never does. A variable-price
 * product keeps its zero prices; a new category clears the subcategory; a non-taxable product has
 * no ITBIS percent (the product form's rules).
 */
async function updateGroup(tx: Tx, tenantId: string, present: Set<ImportColumnKey>, rows: ValidRow[]): Promise<Map<string, string>> {
  const has = (k: ImportColumnKey) => present.has(k);
  const values: { name: string; type: string; get: (p: ProductCreateInput) => unknown }[] = [{ name: "sku", type: "text", get: (p) => p.sku }];
  const sets: SQL[] = [];
  const text = (col: string, key: ImportColumnKey, get: (p: ProductCreateInput) => unknown, type = "text") => {
    if (!has(key)) return;
    values.push({ name: col, type, get });
    sets.push(sql.raw(`${col} = v.${col}`));
  };
  text("name", "name", (p) => p.name);
  text("barcode", "barcode", (p) => p.barcode);
  text("product_type", "productType", (p) => p.productType);
  text("description", "description", (p) => p.description);
  text("keywords", "keywords", (p) => p.keywords);
  text("cost_price", "costPrice", (p) => p.costPrice, "numeric");
  text("unit_of_measure", "unitOfMeasure", (p) => p.unitOfMeasure);
  for (const [col, key] of [
    ["price", "price"],
    ["price2", "price2"],
    ["price3", "price3"],
  ] as const) {
    if (!has(key)) continue;
    values.push({ name: col, type: "numeric", get: (p) => p[key] ?? "0" });
    sets.push(sql.raw(`${col} = case when p.variable_price then 0 else v.${col} end`));
  }
  if (has("category")) {
    values.push({ name: "category_id", type: "uuid", get: (p) => p.categoryId });
    sets.push(sql.raw("category_id = v.category_id"), sql.raw("subcategory_id = case when p.category_id is not distinct from v.category_id then p.subcategory_id else null end"));
  }
  if (has("isTaxable")) {
    values.push({ name: "is_taxable", type: "boolean", get: (p) => p.isTaxable });
    sets.push(sql.raw("is_taxable = v.is_taxable"));
  }
  if (has("taxPercent")) values.push({ name: "tax_percent", type: "numeric", get: (p) => p.taxPercent });
  if (has("isTaxable") || has("taxPercent")) {
    const taxable = has("isTaxable") ? "v.is_taxable" : "p.is_taxable";
    const percent = has("taxPercent") ? "v.tax_percent" : "p.tax_percent";
    sets.push(sql.raw(`tax_percent = case when ${taxable} then ${percent} else null end`));
  }
  const updated = new Map<string, string>();
  if (sets.length === 0) {
    // Only the SKU (and perhaps stock columns): nothing to change, the products still count as updated.
    const found = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.sku, rows.map((r) => r.product.sku))));
    for (const f of found) updated.set(f.sku, f.id);
    return updated;
  }
  sets.push(sql.raw("updated_at = now()"));
  const tuples = rows.map((r) => sql`(${sql.join(values.map((v) => sql`${v.get(r.product)}::${sql.raw(v.type)}`), sql`, `)})`);
  const result = await tx.execute<{ id: string; sku: string }>(
    sql`update ${products} as p set ${sql.join(sets, sql`, `)} from (values ${sql.join(tuples, sql`, `)}) as v(${sql.raw(values.map((v) => v.name).join(", "))}) where p.tenant_id = ${tenantId} and p.sku = v.sku returning p.id, p.sku`,
  );
  const returned = (Array.isArray(result) ? result : (result as { rows: { id: string; sku: string }[] }).rows) as { id: string; sku: string }[];
  for (const r of returned) updated.set(r.sku, r.id);
  return updated;
}

/**
 * productImport.importBatch: up to 500 spreadsheet rows in the caller's transaction. Every row is
 * validated first; a bad row is reported (translated) and skipped, never stopping the others. New
 * SKUs are inserted with multi-row INSERTs and their initial stock enters the stock ledger (source
 * 'initial') in the default warehouse (see recordInitialStock); an existing SKU updates that
 * product's fields, not its stock. A SKU seen twice in the batch fails on its later rows.
 */
export async function importBatch(tx: Tx, tenantId: string, userId: string | null, lang: string, input: z.infer<typeof importBatchInput>): Promise<ImportBatchResult> {
  const lookups = await loadLookups(tx, tenantId);
  const errors: ImportRowError[] = [];
  const valid: ValidRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const row of input.rows) {
    // As the dialog does before sending: a SKU's later rows fail, whatever its first row holds.
    const sku = cellText(row.sku);
    const first = sku === null ? undefined : firstRowOfSku.get(sku);
    if (first !== undefined) {
      errors.push({ rowNumber: row.rowNumber, message: translate(lang, "productImport:rowErrors.duplicateInFile", { row: first }) });
      continue;
    }
    if (sku !== null) firstRowOfSku.set(sku, row.rowNumber);
    const checked = validateRow(row, lookups, lang);
    if (checked.ok) valid.push(checked.row);
    else errors.push({ rowNumber: row.rowNumber, message: checked.message });
  }

  let created = 0;
  let updated = 0;
  if (valid.length > 0) {
    const existing = new Map(
      (
        await tx
          .select({ id: products.id, sku: products.sku })
          .from(products)
          .where(and(eq(products.tenantId, tenantId), inArray(products.sku, valid.map((r) => r.product.sku))))
      ).map((r) => [r.sku, r.id]),
    );
    const toCreate = valid.filter((r) => !existing.has(r.product.sku));
    const toUpdate = valid.filter((r) => existing.has(r.product.sku));
    created = await createRows(tx, tenantId, userId, lang, lookups, toCreate, errors);
    updated = await updateRows(tx, tenantId, lookups, toUpdate);
  }
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  return { created, updated, errors };
}

async function createRows(tx: Tx, tenantId: string, userId: string | null, lang: string, lookups: Lookups, rows: ValidRow[], errors: ImportRowError[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = new Map(rows.map((r) => [r.product.sku, newId()]));
  // ON CONFLICT: a product created by someone else since the lookup fails its row, not the batch.
  const inserted = await tx
    .insert(products)
    .values(rows.map((r) => insertValues(tenantId, ids.get(r.product.sku)!, r.product)))
    .onConflictDoNothing({ target: [products.tenantId, products.sku] })
    .returning({ id: products.id, sku: products.sku });
  const insertedSkus = new Set(inserted.map((r) => r.sku));
  for (const r of rows) {
    if (!insertedSkus.has(r.product.sku)) errors.push({ rowNumber: r.rowNumber, message: `${translate(lang, "productImport:columns.sku")}: ${translate(lang, "errors:skuTaken")}` });
  }
  const done = rows.filter((r) => insertedSkus.has(r.product.sku));
  const warehouseId = lookups.defaultWarehouseId;
  if (warehouseId && done.length > 0) await recordInitialStock(
      tx,
      { tenantId, userId },
      done.map((r) => ({ productId: ids.get(r.product.sku)!, warehouseId, quantity: r.initialStock, minStock: r.minStock })),
    );
  // Every other warehouse: the rows at 0 a sale would otherwise have to make.
  await createStockRows(tx, tenantId, { productIds: done.map((r) => ids.get(r.product.sku)!) });
  return done.length;
}

/**
 * The initial stock of products created in this very transaction, written set-based: the stock
 * row (initial = current = quantity, minimum) and one ledger row 'initial' per non-zero quantity
 * with its balance. These are exactly the rows applyStockChanges (inventory/stock.ts) writes for
 * a first change from zero; its per-row lock-read-update (3 round trips a row, ~4.8 ms on this
 * machine) is not needed because no other transaction can see these products yet, and would
 * cost ~48 s for 10,000 products. The ledger invariant (current = sum of ledger) holds.
 */
async function updateRows(tx: Tx, tenantId: string, lookups: Lookups, rows: ValidRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const groups = new Map<string, ValidRow[]>();
  for (const r of rows) {
    const key = [...r.present].sort().join(",");
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let count = 0;
  for (const group of groups.values()) {
    const updated = await updateGroup(tx, tenantId, group[0]!.present, group);
    count += updated.size;
    const warehouseId = lookups.defaultWarehouseId;
    const withLimits = group.filter((r) => updated.has(r.product.sku));
    if (warehouseId && group[0]!.present.has("minStock") && withLimits.length > 0) {
      // The minimum is a setting of the stock row; the quantity stays as it is.
      await tx
        .insert(productStock)
        .values(withLimits.map((r) => ({ tenantId, id: newId(), productId: updated.get(r.product.sku)!, warehouseId, minStock: r.minStock })))
        .onConflictDoUpdate({ target: [productStock.tenantId, productStock.productId, productStock.warehouseId], set: { minStock: sql`excluded.min_stock`, updatedAt: new Date() } });
    }
  }
  return count;
}

/**
 * The columns of the export that the product list (product.getAll) does not carry: description,
 * keywords, the category code and the minimum stock in the default warehouse.
 */
export async function findExportDetails(tx: Tx, tenantId: string, ids: string[]) {
  const warehouseId = await defaultWarehouseId(tx, tenantId);
  return tx
    .select({
      id: products.id,
      description: products.description,
      keywords: products.keywords,
      categoryCode: productCategories.code,
      minStock: productStock.minStock,
    })
    .from(products)
    .leftJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
    .leftJoin(
      productStock,
      and(eq(productStock.tenantId, products.tenantId), eq(productStock.productId, products.id), warehouseId ? eq(productStock.warehouseId, warehouseId) : sql`false`),
    )
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, ids)));
}

let analyzing: Promise<void> | null = null;
let analyzeAgain = false;

/**
 * After a batch wrote products, refreshes the planner's statistics of the tables it grew, outside
 * the tenant transaction (ANALYZE reads no tenant data and returns none). PostgreSQL's manual
 * advises ANALYZE after bulk loading; PGlite has no autovacuum at all, and without it the plans of
 * the foreign-key checks, made while the tables were small, scan every product: measured here,
 * each 500-row batch grew from 0.5 s to 6 s over 10,000 rows, and stays at 0.5 s with this.
 * Runs after the current transaction (PGlite serialises it; on PostgreSQL a short delay), one at a
 * time, coalescing requests; failures (a closed database in tests) are ignored.
 */
export function scheduleAnalyze(db: Db): void {
  if (analyzing) {
    analyzeAgain = true;
    return;
  }
  analyzing = new Promise<void>((resolve) => setTimeout(resolve, 50).unref())
    .then(() => db.execute(sql`analyze products, product_stock, stock_ledger`))
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      analyzing = null;
      if (analyzeAgain) {
        analyzeAgain = false;
        scheduleAnalyze(db);
      }
    });
}
