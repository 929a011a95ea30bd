-- Catalog search like customer search (migration 0017). A search page used to read every product
-- containing the text through the trigram index, recheck and count them all, then sort them: about
-- 30 ms in the database alone for a common fragment in 100,000 products. Now the live products are
-- walked in folded-text order (search_text in byte order, COLLATE "C"): names starting with the
-- text are one range of this index; is_active rides along so the POS search (active products only)
-- stays index-only. Byte-wise >= and < on it are leakproof, so the range is usable under row-level
-- security too (LIKE is not leakproof and never uses an index there).
CREATE INDEX "products_search_order_idx" ON "products" USING btree ("tenant_id",("search_text" collate "C"),"id") INCLUDE ("is_active") WHERE deleted_at is null;--> statement-breakpoint
-- The ids of one search page, and how many products match counted only up to count_limit (the
-- list shows 'más de 50' past it): the products of the current tenant (app.tenant_id, never a
-- parameter) whose search_text contains fragment (already folded: lower case, no accents), those
-- starting with it first, each group in folded-text order (search_text COLLATE "C", id).
-- filters: showDeleted, onlyActive, productType, isScheduleable, favoritesOnly, categoryId.
-- One row per id of the page in order, each with the count; an empty page answers one row
-- (null, count). The count reaches count_limit (or offset + limit when larger) only when at
-- least that many match: a caller passing one more than it shows knows a total is 'more than'.
-- Exact (the first rows of a full scan in the same order) while the other matches are common (the
-- first 2,000 products in order, or up to 10,000 for a fragment seen there, hold them), the
-- catalogue is within that window, or they number at most 5,000: on the first page the trigram
-- index is a capped fallback (5,000 matches read, sorted here); a later page (offset > 0: paging
-- on, the Excel export) reads every match, so pages never overlap or skip. Deleted products
-- (showDeleted) are outside the order index: those searches are the trigram path alone, starting
-- matches first.
CREATE OR REPLACE FUNCTION enzzo_product_find(fragment text, filters jsonb, result_limit integer, result_offset integer, count_limit integer)
  RETURNS TABLE(id uuid, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 50 AS $$
DECLARE
  tenant uuid := enzzo_current_tenant();
  lim integer := least(greatest(coalesce(result_limit, 0), 0), 200);
  off integer := greatest(coalesce(result_offset, 0), 0);
  upto integer;
  pattern text;
  lo text;
  hi text;
  extra text := '';
  walk integer;
  seen integer;
  need integer;
  found uuid[] := '{}';
  more uuid[];
  n integer;
  -- The trigram fallback's cap: the first page only (LIMIT NULL reads every match).
  cap integer := CASE WHEN coalesce(result_offset, 0) = 0 THEN 5000 END;
BEGIN
  IF tenant IS NULL OR coalesce(fragment, '') = '' THEN
    RETURN;
  END IF;
  -- Rows read from the start of the order: the page and the count.
  upto := greatest(coalesce(count_limit, 0), off + lim);
  pattern := '%' || replace(replace(replace(fragment, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- The keys starting with fragment: [fragment, fragment with its last character + 1).
  IF ascii(right(fragment, 1)) < 55295 THEN
    lo := fragment;
    hi := left(fragment, -1) || chr(ascii(right(fragment, 1)) + 1);
  END IF;
  IF coalesce((filters->>'onlyActive')::boolean, false) THEN
    extra := extra || ' AND p.is_active';
  END IF;
  IF filters ? 'productType' THEN
    extra := extra || ' AND p.product_type = ' || quote_literal(filters->>'productType');
  END IF;
  IF filters ? 'isScheduleable' THEN
    extra := extra || ' AND p.is_scheduleable = ' || quote_literal((filters->>'isScheduleable')::boolean);
  END IF;
  IF coalesce((filters->>'favoritesOnly')::boolean, false) THEN
    extra := extra || ' AND p.is_favorite';
  END IF;
  IF filters ? 'categoryId' THEN
    extra := extra || ' AND p.category_id = ' || quote_literal((filters->>'categoryId')::uuid);
  END IF;

  IF coalesce((filters->>'showDeleted')::boolean, false) THEN
    EXECUTE 'SELECT array(SELECT m.id FROM (SELECT p.id, p.search_text FROM products p WHERE p.tenant_id = $1 AND p.search_text LIKE $2' || extra
      || ' LIMIT $6) m ORDER BY coalesce(m.search_text COLLATE "C" >= $3 AND m.search_text COLLATE "C" < $4, false) DESC, m.search_text COLLATE "C", m.id LIMIT $5)'
      INTO found USING tenant, pattern, lo, hi, upto, cap;
  ELSE
    -- 1. Names starting with the text: one range of products_search_order_idx, in its order.
    IF lo IS NOT NULL THEN
      EXECUTE 'SELECT array(SELECT p.id FROM products p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL'
        || ' AND p.search_text COLLATE "C" >= $2 AND p.search_text COLLATE "C" < $3' || extra
        || ' ORDER BY p.search_text COLLATE "C", p.id LIMIT $4)'
        INTO found USING tenant, lo, hi, upto;
    END IF;
    need := upto - cardinality(found);
    IF need > 0 THEN
      -- 2. The other matches while they are common: the first 2,000 products in order hold them
      --    when the fragment is in 1 product of 40 or more (a page of 51). The window is read in
      --    index order and left as soon as enough are found.
      walk := 2000;
      LOOP
        EXECUTE 'SELECT array(SELECT w.id FROM (SELECT p.id, p.search_text FROM products p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL' || extra
          || ' ORDER BY p.search_text COLLATE "C", p.id LIMIT $2) w'
          || ' WHERE w.search_text LIKE $3 AND NOT coalesce(w.search_text COLLATE "C" >= $4 AND w.search_text COLLATE "C" < $5, false)'
          || ' ORDER BY w.search_text COLLATE "C", w.id LIMIT $6)'
          INTO more USING tenant, walk, pattern, lo, hi, need;
        IF cardinality(more) = need THEN
          found := found || more;
          need := 0;
          EXIT;
        END IF;
        -- The window held every product (a small catalogue): these are all the matches.
        EXECUTE 'SELECT count(*)::integer FROM (SELECT 1 FROM products p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL' || extra || ' LIMIT $2) c'
          INTO seen USING tenant, walk;
        IF seen < walk THEN
          found := found || more;
          need := 0;
          EXIT;
        END IF;
        -- 2b. Seen k times in the window (fewer than needed): expected within walk x need / k
        --     entries; read that far once more when it is at most 10,000.
        EXIT WHEN walk > 2000 OR cardinality(more) = 0;
        walk := ceil(walk * 1.5 * need / cardinality(more))::integer;
        EXIT WHEN walk > 10000;
      END LOOP;
    END IF;
    IF need > 0 THEN
      -- 3. Rare fragments (inside words, codes, barcodes): the trigram index finds the matches,
      --    sorted here (on the first page at most 5,000 of them read).
      EXECUTE 'SELECT array(SELECT m.id FROM (SELECT p.id, p.search_text FROM products p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND p.search_text LIKE $2'
        || ' AND NOT coalesce(p.search_text COLLATE "C" >= $3 AND p.search_text COLLATE "C" < $4, false)' || extra
        || ' LIMIT $6) m ORDER BY m.search_text COLLATE "C", m.id LIMIT $5)'
        INTO more USING tenant, pattern, lo, hi, need, cap;
      found := found || more;
    END IF;
  END IF;

  n := cardinality(found);
  IF off >= n OR lim = 0 THEN
    RETURN QUERY SELECT NULL::uuid, n;
  ELSE
    RETURN QUERY SELECT u.v, n FROM unnest(found[off + 1 : off + lim]) WITH ORDINALITY AS u(v, k) ORDER BY u.k;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_product_find(text, jsonb, integer, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_product_find(text, jsonb, integer, integer, integer) TO enzzo_app;
--> statement-breakpoint
-- Browsing joins the page's ids back to their rows in one statement: a page is ~50 rows, not the
-- default estimate of 1,000 (which would make the planner hash-join the whole catalogue).
ALTER FUNCTION enzzo_product_page(text, jsonb, integer, integer) ROWS 50;
--> statement-breakpoint
-- Replaced by enzzo_product_find (product.getAll and product.searchProducts).
DROP FUNCTION IF EXISTS enzzo_product_search(text);
