-- Row-level security for every tenant table. The application runs tenant work under the
-- non-superuser role enzzo_app (SET LOCAL ROLE inside each transaction) with
-- app.tenant_id set by set_config(..., true); policies compare tenant_id to it.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'enzzo_app') THEN
    CREATE ROLE enzzo_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- created concurrently by another database's migration on the same server
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enzzo_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Idempotent: run after every migration (src/server/db/migrate.ts) so new tables are covered.
CREATE OR REPLACE FUNCTION enzzo_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO enzzo_app';
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.relname);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t.relname);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = enzzo_current_tenant()) WITH CHECK (tenant_id = enzzo_current_tenant())', t.relname);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO enzzo_app', t.relname);
  END LOOP;
  -- The registry: the app role sees only its own tenant's row.
  EXECUTE 'ALTER TABLE tenants ENABLE ROW LEVEL SECURITY';
  EXECUTE 'ALTER TABLE tenants FORCE ROW LEVEL SECURITY';
  EXECUTE 'DROP POLICY IF EXISTS tenant_isolation ON tenants';
  EXECUTE 'CREATE POLICY tenant_isolation ON tenants USING (id = enzzo_current_tenant())';
  EXECUTE 'GRANT SELECT ON tenants TO enzzo_app';
END $$;
--> statement-breakpoint
SELECT enzzo_secure_tenant_tables();
