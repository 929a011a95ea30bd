-- One call answers a product list page: the ids of the page in name order and the number of
-- matching rows, for the current tenant only (app.tenant_id, never a parameter). It runs as the
-- table owner so the trigram index on search_text is usable (RLS hides LIKE from index scans);
-- the caller then reads the page's rows under RLS. Dynamic SQL, so each call is planned with
-- its actual filters: a search counts its matches with a window, plain browsing walks the
-- (tenant_id, name) index for the page and counts separately.
CREATE OR REPLACE FUNCTION enzzo_product_page(pattern text, filters jsonb, page_limit integer, page_offset integer)
  RETURNS TABLE(id uuid, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  cond text := 'p.tenant_id = enzzo_current_tenant()';
  page text := ' ORDER BY p.name, p.id LIMIT ' || page_limit::text || ' OFFSET ' || page_offset::text;
  n bigint;
BEGIN
  IF enzzo_current_tenant() IS NULL THEN
    RETURN;
  END IF;
  IF pattern IS NOT NULL THEN
    cond := cond || ' AND p.search_text LIKE ' || quote_literal(pattern);
  END IF;
  IF NOT coalesce((filters->>'showDeleted')::boolean, false) THEN
    cond := cond || ' AND p.deleted_at IS NULL';
  END IF;
  IF filters ? 'productType' THEN
    cond := cond || ' AND p.product_type = ' || quote_literal(filters->>'productType');
  END IF;
  IF filters ? 'isScheduleable' THEN
    cond := cond || ' AND p.is_scheduleable = ' || quote_literal((filters->>'isScheduleable')::boolean);
  END IF;
  IF coalesce((filters->>'favoritesOnly')::boolean, false) THEN
    cond := cond || ' AND p.is_favorite';
  END IF;
  IF filters ? 'categoryId' THEN
    cond := cond || ' AND p.category_id = ' || quote_literal((filters->>'categoryId')::uuid);
  END IF;
  IF pattern IS NOT NULL THEN
    -- Materialized: take the trigram matches first, then sort them (not the whole catalogue).
    RETURN QUERY EXECUTE 'WITH m AS MATERIALIZED (SELECT p.id, p.name FROM products p WHERE ' || cond || ') '
      || 'SELECT m.id, count(*) OVER () FROM m ORDER BY m.name, m.id LIMIT ' || page_limit::text || ' OFFSET ' || page_offset::text;
  ELSE
    -- Counting a whole catalogue costs a scan of it: count up to 10,001 (10,000+ is shown).
    EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM products p WHERE ' || cond || ' LIMIT 10001) c' INTO n;
    RETURN QUERY EXECUTE 'SELECT p.id, ' || n::text || '::bigint FROM products p WHERE ' || cond || page;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_product_page(text, jsonb, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_product_page(text, jsonb, integer, integer) TO enzzo_app;
