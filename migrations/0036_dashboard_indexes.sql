-- The dashboard's widgets (issue 14 §8, bench:dashboard): completed sales of a period by business
-- date with their totals from the index alone, and an order's lines with what the product,
-- category and seller widgets sum. Written by hand: drizzle's index builder has no INCLUDE.
CREATE INDEX IF NOT EXISTS "orders_dashboard_idx" ON "orders" ("tenant_id", "business_date") INCLUDE ("total", "created_at") WHERE status = 'completed';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_dashboard_idx" ON "order_items" ("tenant_id", "order_id") INCLUDE ("product_id", "quantity", "total", "seller_employee_id");
