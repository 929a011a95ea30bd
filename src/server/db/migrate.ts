import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { MIGRATIONS_DIR } from "../paths";
import type { Database } from "./client";

/** Applies the committed migrations, then (idempotently) RLS to every tenant table. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") await migratePglite(database.db as never, config);
  else await migratePostgres(database.db as never, config);
  await database.db.execute(sql`select enzzo_secure_tenant_tables()`);
}
