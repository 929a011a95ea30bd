import { createTestContext } from "../src/server/test/harness";
import { withTenant } from "../src/server/db/client";
import { importBatch } from "../src/server/modules/product-import/service";
import { productCategories } from "../src/server/modules/product-category/tables";
import { newId } from "../src/server/ids";
const t = await createTestContext();
const tenantId = t.acme.tenant.id;
await withTenant(t.db, tenantId, async (tx) => { for (const code of ["BEB","SNK"]) await tx.insert(productCategories).values({ tenantId, id: newId(), code, name: code }); });
for (let b = 0; b < 14; b++) {
  const rows = Array.from({ length: 500 }, (_, j) => { const i = b * 500 + j; return { rowNumber: i + 2, name: `Producto de prueba número ${i + 1} presentación ${(i % 7) + 1}`, sku: `BENCH-${String(i + 1).padStart(6, "0")}`, barcode: String(7460000000000 + i), productType: "producto", description: i % 3 === 0 ? `Descripción ${i}` : null, keywords: i % 4 === 0 ? "oferta, temporada" : null, price: 50.5, price2: 48, price3: 45, costPrice: 30.25, category: i % 2 ? "BEB" : "SNK", taxPercent: 18, isTaxable: "sí", unitOfMeasure: "kg", initialStock: (i % 97) + 1, minStock: i % 5 }; });
  if (process.argv[2] === 'analyze' && b === 6) { const { sql } = await import('drizzle-orm'); await t.db.execute(sql`analyze`); console.log('ANALYZE'); }
  if (process.argv[2] === 'explain' && b === 8) { const { sql } = await import('drizzle-orm'); await t.db.execute(sql`load 'auto_explain'`).catch((e) => console.log('no auto_explain', String(e))); }
  (globalThis as any).__T = {};
  const t0 = performance.now();
  await withTenant(t.db, tenantId, (tx) => importBatch(tx, tenantId, null, "es", { rows, mode: "create_or_update" }));
  console.log(b, Math.round(performance.now() - t0), JSON.stringify(Object.fromEntries(Object.entries((globalThis as any).__T).map(([k, v]) => [k, Math.round(v as number)]))));
}
await t.close();
