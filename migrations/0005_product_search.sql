DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
DROP INDEX "products_keywords_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || sku || ' ' || coalesce(keywords, '') || ' ' || coalesce(barcode, ''))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Row-level security hides non-leakproof operators such as LIKE from index scans, so the
-- trigram index would never be used for the app role. This definer function (run as the table
-- owner) searches only the current tenant's rows (app.tenant_id, never a parameter) and returns
-- ids; the caller reads those rows under RLS as usual.
CREATE OR REPLACE FUNCTION enzzo_product_search(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM products WHERE tenant_id = enzzo_current_tenant() AND search_text LIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_product_search(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_product_search(text) TO enzzo_app;
