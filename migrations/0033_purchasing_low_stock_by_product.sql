-- Low stock (issue 13 §4), product first: the low-stock tab walks products in name order
-- (products_browse_idx) and probes each here, so a page and its capped count read a few hundred
-- entries even when thousands of rows are under their minimum (0032's warehouse-first index
-- serves the counts per warehouse). By hand: drizzle cannot declare a two-column predicate.
CREATE INDEX IF NOT EXISTS "product_stock_low_product_idx" ON "product_stock" USING btree ("tenant_id","product_id","warehouse_id") INCLUDE ("current_quantity","min_stock","max_stock") WHERE min_stock IS NOT NULL AND current_quantity < min_stock;
