-- customer.search reads active customers in folded-name order (search_text in byte order): names
-- starting with the first word come from one range of this index, common words from its first
-- entries, and only rare words and number fragments need the trigram index.
CREATE INDEX "customers_search_order_idx" ON "customers" USING btree ("tenant_id",("search_text" collate "C"),"id") WHERE deleted_at is null;--> statement-breakpoint
-- A number typed (a phone or a tax id) lists the phones and tax ids starting with it first, in
-- their order: two ranges of these indexes, without reading every customer that contains it.
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree ("tenant_id",(regexp_replace("phone", '[^0-9]', '', 'g') collate "C"),"id") WHERE deleted_at is null and phone is not null;--> statement-breakpoint
CREATE INDEX "customers_tax_id_digits_idx" ON "customers" USING btree ("tenant_id",(regexp_replace("tax_id", '[^0-9]', '', 'g') collate "C"),"id") WHERE deleted_at is null and tax_id is not null;--> statement-breakpoint
-- The first result_limit active customers of the current tenant whose search_text contains every
-- pattern (LIKE '%word%'), those starting with prefix (the first word typed, folded) first, each
-- group in folded-name order. Exact while a word is common (the first 2,000 customers in order,
-- or the first 10,000 for a word seen there, hold the page) or has at most 5,000 matches (the
-- trigram index reads them all, sorted here).
-- digits (a number typed, patterns then being just '%digits%'): phones and tax ids starting with
-- it come first, in the order of those digits, then the other matches in folded-name order.
CREATE OR REPLACE FUNCTION enzzo_customer_search(patterns text[], prefix text, digits text, result_limit integer)
  RETURNS TABLE(id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  tenant uuid := enzzo_current_tenant();
  need integer := least(greatest(coalesce(result_limit, 0), 0), 100);
  lo text;
  hi text;
  walk integer;
  found uuid[];
  firsts uuid[] := '{}';
  cond text;
  p text;
BEGIN
  IF tenant IS NULL OR need = 0 OR coalesce(cardinality(patterns), 0) = 0 THEN
    RETURN;
  END IF;
  -- The range of keys starting with prefix: [prefix, prefix with its last character + 1).
  IF coalesce(prefix, '') <> '' AND ascii(right(prefix, 1)) < 55295 THEN
    lo := prefix;
    hi := left(prefix, -1) || chr(ascii(right(prefix, 1)) + 1);
  END IF;
  IF coalesce(digits, '') <> '' THEN
    -- 1'. Phones and tax ids starting with the number: a range of each digits index, merged.
    lo := digits;
    hi := left(digits, -1) || chr(ascii(right(digits, 1)) + 1);
    firsts := array(
      SELECT u.id FROM (
        (SELECT c.id, regexp_replace(c.phone, '[^0-9]', '', 'g') COLLATE "C" AS k FROM customers c
          WHERE c.tenant_id = tenant AND c.deleted_at IS NULL AND c.phone IS NOT NULL
            AND regexp_replace(c.phone, '[^0-9]', '', 'g') COLLATE "C" >= lo AND regexp_replace(c.phone, '[^0-9]', '', 'g') COLLATE "C" < hi
          ORDER BY 2, 1 LIMIT need)
        UNION ALL
        (SELECT c.id, regexp_replace(c.tax_id, '[^0-9]', '', 'g') COLLATE "C" AS k FROM customers c
          WHERE c.tenant_id = tenant AND c.deleted_at IS NULL AND c.tax_id IS NOT NULL
            AND regexp_replace(c.tax_id, '[^0-9]', '', 'g') COLLATE "C" >= lo AND regexp_replace(c.tax_id, '[^0-9]', '', 'g') COLLATE "C" < hi
          ORDER BY 2, 1 LIMIT need)
      ) u
      GROUP BY u.id
      ORDER BY min(u.k), u.id
      LIMIT need);
    RETURN QUERY SELECT unnest(firsts);
    need := need - cardinality(firsts);
    IF need = 0 THEN
      RETURN;
    END IF;
    lo := NULL;
  ELSIF lo IS NOT NULL THEN
    -- 1. Names starting with the first word: one range of the index, in its order.
    found := array(
      SELECT c.id FROM customers c
      WHERE c.tenant_id = tenant AND c.deleted_at IS NULL
        AND c.search_text COLLATE "C" >= lo AND c.search_text COLLATE "C" < hi
        AND c.search_text LIKE ALL (patterns)
      ORDER BY c.search_text COLLATE "C", c.id
      LIMIT need);
    RETURN QUERY SELECT unnest(found);
    need := need - cardinality(found);
    IF need = 0 THEN
      RETURN;
    END IF;
    -- 2. The other matches while they are common: the first 2,000 customers in order hold the
    --    page when a word matches 1% of them or more. The window is read in index order and left
    --    as soon as the page is full.
    walk := 2000;
    LOOP
      found := array(
        SELECT w.id FROM (
          SELECT c.id, c.search_text FROM customers c
          WHERE c.tenant_id = tenant AND c.deleted_at IS NULL
          ORDER BY c.search_text COLLATE "C", c.id
          LIMIT walk) w
        WHERE w.search_text LIKE ALL (patterns)
          AND NOT (w.search_text COLLATE "C" >= lo AND w.search_text COLLATE "C" < hi)
        LIMIT need);
      IF cardinality(found) = need THEN
        RETURN QUERY SELECT unnest(found);
        RETURN;
      END IF;
      -- 2b. A word seen k times in the window (fewer than the page) is expected within
      --     walk x need / k entries: read that far once more when it is at most 10,000.
      EXIT WHEN walk > 2000 OR cardinality(found) = 0;
      walk := ceil(walk * 1.5 * need / cardinality(found))::integer;
      EXIT WHEN walk > 10000;
    END LOOP;
  END IF;
  -- 3. Rare words and number fragments: the trigram index finds every match, sorted here.
  cond := 'c.tenant_id = ' || quote_literal(tenant) || '::uuid AND c.deleted_at IS NULL';
  FOREACH p IN ARRAY patterns LOOP
    cond := cond || ' AND c.search_text LIKE ' || quote_literal(p);
  END LOOP;
  IF lo IS NOT NULL THEN
    cond := cond || ' AND NOT (c.search_text COLLATE "C" >= ' || quote_literal(lo) || ' AND c.search_text COLLATE "C" < ' || quote_literal(hi) || ')';
  END IF;
  IF cardinality(firsts) > 0 THEN
    cond := cond || ' AND NOT (c.id = ANY (' || quote_literal(firsts::text) || '::uuid[]))';
  END IF;
  RETURN QUERY EXECUTE 'SELECT m.id FROM (SELECT c.id, c.search_text FROM customers c WHERE ' || cond
    || ' LIMIT 5000) m ORDER BY m.search_text COLLATE "C", m.id LIMIT ' || need;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_customer_search(text[], text, text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_customer_search(text[], text, text, integer) TO enzzo_app;
