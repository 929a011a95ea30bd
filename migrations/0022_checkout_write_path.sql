ALTER TABLE "customer_point_movements" DROP CONSTRAINT "customer_point_movements_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "product_stock" DROP CONSTRAINT "product_stock_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "ncf_ranges" DROP CONSTRAINT "ncf_ranges_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_tenant_id_tenants_id_fk";
--> statement-breakpoint
-- Issue 11 §4: the checkout's write path. The counter rows every cashier updates (the invoice
-- series, the NCF ranges, the stock of a product) get room on their page for the next version,
-- so each update stays on its page (HOT) instead of moving the row and touching its indexes.
ALTER TABLE "document_sequences" SET (fillfactor = 10);
--> statement-breakpoint
ALTER TABLE "ncf_ranges" SET (fillfactor = 10);
--> statement-breakpoint
ALTER TABLE "product_stock" SET (fillfactor = 70);
--> statement-breakpoint
-- The invoice series row exists from the tenant's creation on (no insert-if-missing at checkout).
INSERT INTO "document_sequences" ("tenant_id", "id", "key", "next_value")
SELECT t."id", gen_random_uuid(), 'order', 1 FROM "tenants" t
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every good has a stock row in every warehouse of its tenant from its creation on.
INSERT INTO "product_stock" ("tenant_id", "id", "product_id", "warehouse_id")
SELECT p."tenant_id", gen_random_uuid(), p."id", w."id"
FROM "products" p JOIN "warehouses" w ON w."tenant_id" = p."tenant_id"
WHERE p."product_type" = 'product' AND p."deleted_at" IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The next number of a document series (the row stays locked by the UPDATE until COMMIT: numbers
-- are sequential, never shared, and a rollback gives them back). A series the tenant has never
-- used is created here, once.
CREATE OR REPLACE FUNCTION enzzo_next_number(p_tenant uuid, p_key text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE v_n bigint;
BEGIN
  LOOP
    UPDATE document_sequences s SET next_value = s.next_value + 1
    WHERE s.tenant_id = p_tenant AND s.key = p_key
    RETURNING s.next_value - 1 INTO v_n;
    IF FOUND THEN RETURN v_n; END IF;
    INSERT INTO document_sequences (tenant_id, id, key, next_value) VALUES (p_tenant, gen_random_uuid(), p_key, 1)
    ON CONFLICT DO NOTHING;
  END LOOP;
END $$;
--> statement-breakpoint
-- Takes the next NCF of a type: the usable range with the lowest first number (active, not used
-- up, not expired on p_today) moves by one. The UPDATE re-checks the range on the row it locks, so
-- when a concurrent sale took the last number of that range this one moves on to the next range
-- (a new snapshot each turn) instead of going past the end: numbers stay contiguous, gap-free and
-- unique without locking the type. No usable range: SQLSTATE EZ001 (the caller answers 'No quedan
-- NCF autorizados'). Answers the number with what the type has left, as JSON.
CREATE OR REPLACE FUNCTION enzzo_take_ncf(p_tenant uuid, p_type uuid, p_today date, p_digits integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE v_range uuid; v_n integer;
BEGIN
  LOOP
    SELECT c.id INTO v_range FROM ncf_ranges c
    WHERE c.tenant_id = p_tenant AND c.ncf_type_id = p_type AND c.status = 'active' AND c.next_number <= c.range_to AND c.expires_on >= p_today
    ORDER BY c.range_from LIMIT 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ncf:errors.noNcfLeft' USING ERRCODE = 'EZ001';
    END IF;
    UPDATE ncf_ranges r SET next_number = r.next_number + 1, updated_at = now()
    WHERE r.tenant_id = p_tenant AND r.id = v_range AND r.status = 'active' AND r.next_number <= r.range_to AND r.expires_on >= p_today
    RETURNING r.next_number - 1 INTO v_n;
    EXIT WHEN FOUND;
  END LOOP;
  RETURN (
    SELECT jsonb_build_object(
      'ncf', t.code || lpad(v_n::text, p_digits, '0'), 'n', v_n, 'code', t.code, 'description', t.description,
      'range_from', r.range_from, 'range_to', r.range_to, 'expires_on', r.expires_on::text, 'warn_remaining', t.warn_remaining,
      'remaining', (SELECT coalesce(sum(o.range_to - o.next_number + 1), 0) FROM ncf_ranges o
        WHERE o.tenant_id = p_tenant AND o.ncf_type_id = p_type AND o.status = 'active' AND o.next_number <= o.range_to AND o.expires_on >= p_today),
      'last_expires_on', (SELECT max(o.expires_on)::text FROM ncf_ranges o
        WHERE o.tenant_id = p_tenant AND o.ncf_type_id = p_type AND o.status = 'active' AND o.next_number <= o.range_to AND o.expires_on >= p_today))
    FROM ncf_ranges r JOIN ncf_types t ON t.tenant_id = r.tenant_id AND t.id = r.ncf_type_id
    WHERE r.tenant_id = p_tenant AND r.id = v_range);
END $$;
--> statement-breakpoint
-- Moves stock: each (product, warehouse) row is locked in a fixed order (two documents never
-- deadlock), its quantity moves by the change and one append-only ledger row records the change
-- and the balance after it, so the quantity and the ledger always agree. A missing row (a good
-- made before rows were made with it) is made at 0 first, without waiting on existing rows.
-- Without p_allow_negative, taking a row below zero is SQLSTATE EZ002 with the product, the
-- warehouse and what was available as JSON in DETAIL. Answers every row moved, as JSON.
CREATE OR REPLACE FUNCTION enzzo_apply_stock(p_tenant uuid, p_changes jsonb, p_source_type text, p_source_id uuid, p_note text, p_user uuid, p_allow_negative boolean) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE v_moved jsonb; v_short record;
BEGIN
  INSERT INTO product_stock (tenant_id, id, product_id, warehouse_id)
  SELECT p_tenant, gen_random_uuid(), d.product_id, d.warehouse_id
  FROM jsonb_to_recordset(p_changes) AS d(product_id uuid, warehouse_id uuid)
  WHERE NOT EXISTS (SELECT 1 FROM product_stock ps WHERE ps.tenant_id = p_tenant AND ps.product_id = d.product_id AND ps.warehouse_id = d.warehouse_id)
  ON CONFLICT DO NOTHING;

  WITH d AS (
    SELECT * FROM jsonb_to_recordset(p_changes) AS x(product_id uuid, warehouse_id uuid, delta numeric, ledger_id uuid)
  ), locked AS (
    SELECT ps.id, ps.product_id, ps.warehouse_id, ps.current_quantity
    FROM product_stock ps JOIN d ON d.product_id = ps.product_id AND d.warehouse_id = ps.warehouse_id
    WHERE ps.tenant_id = p_tenant
    ORDER BY ps.product_id, ps.warehouse_id
    FOR UPDATE OF ps
  ), moved AS (
    UPDATE product_stock ps SET current_quantity = l.current_quantity + d.delta, updated_at = now()
    FROM locked l JOIN d ON d.product_id = l.product_id AND d.warehouse_id = l.warehouse_id
    WHERE ps.tenant_id = p_tenant AND ps.id = l.id
    RETURNING ps.product_id, ps.warehouse_id, l.current_quantity AS before, d.delta, ps.current_quantity AS balance, d.ledger_id
  ), ledger AS (
    INSERT INTO stock_ledger (tenant_id, id, product_id, warehouse_id, quantity, balance_after, source_type, source_id, note, user_id)
    SELECT p_tenant, ledger_id, product_id, warehouse_id, delta, balance, p_source_type, p_source_id, p_note, p_user
    FROM moved
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('product_id', m.product_id, 'warehouse_id', m.warehouse_id, 'before', m.before::text, 'delta', m.delta::text, 'balance', m.balance::text)), '[]'::jsonb)
  INTO v_moved FROM moved m;

  IF NOT p_allow_negative THEN
    SELECT p.name AS product, w.name AS warehouse, (m->>'before') AS available INTO v_short
    FROM jsonb_array_elements(v_moved) m
    JOIN products p ON p.tenant_id = p_tenant AND p.id = (m->>'product_id')::uuid
    JOIN warehouses w ON w.tenant_id = p_tenant AND w.id = (m->>'warehouse_id')::uuid
    WHERE (m->>'balance')::numeric < 0 AND (m->>'delta')::numeric < 0
    ORDER BY m->>'product_id', m->>'warehouse_id'
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'insufficientStock' USING ERRCODE = 'EZ002',
        DETAIL = jsonb_build_object('product', v_short.product, 'warehouse', v_short.warehouse, 'available', v_short.available)::text;
    END IF;
  END IF;
  RETURN v_moved;
END $$;
--> statement-breakpoint
-- Gives a sale its invoice number and NCF, the last statement of a checkout: the series row, then
-- the NCF range (always in that order), then the order row. Answers the number and the NCF taken.
CREATE OR REPLACE FUNCTION enzzo_number_order(p_tenant uuid, p_order uuid, p_ncf_type uuid, p_today date, p_series text, p_prefix text, p_width integer, p_digits integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE v_number text; v_ncf jsonb;
BEGIN
  v_number := p_prefix || lpad(enzzo_next_number(p_tenant, p_series)::text, p_width, '0');
  v_ncf := enzzo_take_ncf(p_tenant, p_ncf_type, p_today, p_digits);
  UPDATE orders o SET number = v_number, ncf = v_ncf->>'ncf', ncf_expires_on = (v_ncf->>'expires_on')::date
  WHERE o.tenant_id = p_tenant AND o.id = p_order;
  RETURN v_ncf || jsonb_build_object('number', v_number);
END $$;
