-- The current tenant goes into the dynamic SQL as a literal (read once from app.tenant_id), so
-- a scan compares a constant instead of calling enzzo_current_tenant() for every row it reads
-- (browsing a 200,000-customer list took 18 ms for its count instead of 4). Otherwise as 0014.
CREATE OR REPLACE FUNCTION enzzo_customer_page(patterns text[], prefix text, show_deleted boolean, page_limit integer, page_offset integer, count_rows boolean)
  RETURNS TABLE(id uuid, total bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := enzzo_current_tenant();
  cond text;
  p text;
  indexed boolean := false;
  n bigint := 0;
  page text := ' LIMIT ' || greatest(page_limit, 0)::text || ' OFFSET ' || greatest(page_offset, 0)::text;
BEGIN
  IF tenant IS NULL THEN
    RETURN;
  END IF;
  cond := 'c.tenant_id = ' || quote_literal(tenant) || '::uuid';
  IF NOT coalesce(show_deleted, false) THEN
    cond := cond || ' AND c.deleted_at IS NULL';
  END IF;
  FOREACH p IN ARRAY coalesce(patterns, ARRAY[]::text[]) LOOP
    cond := cond || ' AND c.search_text LIKE ' || quote_literal(p);
    IF length(replace(replace(p, '\', ''), '%', '')) >= 3 THEN
      indexed := true;
    END IF;
  END LOOP;
  IF indexed THEN
    RETURN QUERY EXECUTE 'WITH m AS MATERIALIZED (SELECT c.id, c.name FROM customers c WHERE ' || cond || CASE WHEN count_rows THEN '' ELSE ' LIMIT 500' END || ') '
      || 'SELECT m.id, ' || CASE WHEN count_rows THEN 'count(*) OVER ()' ELSE '0::bigint' END || ' FROM m ORDER BY '
      || CASE WHEN prefix IS NULL THEN '' ELSE '(lower(m.name) LIKE ' || quote_literal(prefix) || ') DESC, ' END
      || 'm.name, m.id' || page;
  ELSE
    IF count_rows THEN
      EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM customers c WHERE ' || cond || ' LIMIT 10001) x' INTO n;
    END IF;
    RETURN QUERY EXECUTE 'SELECT c.id, ' || n::text || '::bigint FROM customers c WHERE ' || cond || ' ORDER BY c.name, c.id' || page;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_customer_page(text[], text, boolean, integer, integer, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_customer_page(text[], text, boolean, integer, integer, boolean) TO enzzo_app;
