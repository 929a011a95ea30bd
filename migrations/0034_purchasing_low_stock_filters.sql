-- Low stock filters (issue 13 §4). By provider: the products of one provider (or of none) in name
-- order, so the list and its capped count walk that provider's products, not the catalogue.
CREATE INDEX IF NOT EXISTS "products_provider_browse_idx" ON "products" USING btree ("tenant_id","provider_id","name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
-- By search: the ids of the current tenant's live products whose folded search text matches a
-- LIKE pattern, through the trigram index. Under the RLS role LIKE (not leakproof) cannot be an
-- index condition, so this runs as the definer, scoped to the tenant itself (as enzzo_product_find).
CREATE OR REPLACE FUNCTION enzzo_product_ids_matching(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 500 AS $$
  SELECT id FROM products WHERE tenant_id = enzzo_current_tenant() AND deleted_at IS NULL AND search_text LIKE pattern
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_product_ids_matching(text) TO enzzo_app;
