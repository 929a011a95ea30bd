/** The server itself: database, migrations, demo data, the app and its schedulers (started by main.ts). */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { DEMO_PASSWORD, DEMO_SUBDOMAIN, DEMO_USERS, seedDemo } from "./db/seed/demo";
import { DENTAL_DEMO_SUBDOMAIN, seedDemoDental } from "./db/seed/demo-dental";
import { LEGAL_DEMO_SUBDOMAIN, seedDemoLegal } from "./db/seed/demo-legal";
import { startReminderScheduler } from "./modules/appointment/notify/reminders";
import { startLegalReminderScheduler } from "./modules/legal/reminders";
import { startDigestScheduler } from "./modules/purchasing/digest";
import { createStorage } from "./modules/upload/storage";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
if (config.seedDemo) {
  await seedDemo(database.db, { sampleMonth: config.demoSampleMonth });
  await seedDemoDental(database.db, createStorage(config));
  await seedDemoLegal(database.db);
}

/** SESSION_SECRET, or one generated once and kept in DATA_DIR so sessions survive restarts. */
function sessionSecretFor(dataDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.resolve(dataDir, ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
const sessionSecret = sessionSecretFor(config.dataDir);
const app = await buildApp(
  { db: database.db, config, sessionSecret, authRateLimitMax: Number(process.env.AUTH_RATE_LIMIT_MAX ?? 10) },
  { logger: { level: config.logLevel } },
);
await app.listen({ port: config.port, host: config.host });
// The daily purchasing digest (issue 13 §4): checks every 5 minutes, sends from 07:00 Santo Domingo, once per tenant and day.
const stopDigests = startDigestScheduler(database.db, app.log);
// Appointment reminders (issue 15 item 5): checks every 5 minutes, each due reminder claimed and sent once.
const stopReminders = startReminderScheduler(database.db, app.log);
// Legal calendar reminders (issue 20): checks every 5 minutes, each event's reminder claimed and mailed once.
const stopLegalReminders = startLegalReminderScheduler(database.db, app.log);

const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
const url = `http://${DEMO_SUBDOMAIN}.${config.baseDomain}:${config.port}`;
const dentalUrl = `http://${DENTAL_DEMO_SUBDOMAIN}.${config.baseDomain}:${config.port}`;
const legalUrl = `http://${LEGAL_DEMO_SUBDOMAIN}.${config.baseDomain}:${config.port}`;
console.log(`\nEnzzo is running on ${where}\n\n  ${url}\n  ${dentalUrl}  (the dental clinic)\n  ${legalUrl}  (the law firm)\n`);
if (config.seedDemo) {
  console.log("Demo sign-ins (password demo1234):");
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(20)} ${u.role}  password ${DEMO_PASSWORD}`);
}

const shutdown = async () => {
  stopDigests();
  stopReminders();
  stopLegalReminders();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
