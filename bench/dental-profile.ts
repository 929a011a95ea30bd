/**
 * Dental patient profile benchmark (issue 18 'Performance': a patient with 2,000 clinical records,
 * 500 chart changes and 200 x-rays; every tab of the profile answers in p95 < 50 ms). On a fresh
 * PostgreSQL database (BENCH_PG_URL) with the dental demo tenant it gives one patient
 * BENCH_RECORDS (2,000) clinical records, 500 tooth changes, 200 x-rays, 40 treatment plans (two
 * phases, three procedures each), 100 prescriptions, 60 lab orders and 150 documents, written
 * set-based (INSERT … SELECT generate_series) in the tenant's transaction, then ANALYZE. Each tab's
 * query goes through the real router (Fastify inject, superjson, the owner's session, one tenant
 * transaction under RLS), 5 warm-up calls then BENCH_RUNS (200) calls one after the other. The SQL
 * of one call of each is captured from postgres.js and run again under EXPLAIN (ANALYZE, BUFFERS)
 * in a tenant transaction; the slowest statement's plan is kept for any tab over the target.
 * Results in bench/RESULTS.md ('## Dental patient profile').
 * Usage: npm run bench:dental-profile  (BENCH_PG_URL, BENCH_RECORDS, BENCH_RUNS, BENCH_KEEP)
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openDatabase, rowsOf, withTenant } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { seedDemoDental } from "../src/server/db/seed/demo-dental";
import { unsafeFindTenantBySubdomain } from "../src/server/modules/tenant/service";
import { createStorage } from "../src/server/modules/upload/storage";
import { writeResultsSection } from "./results";
import { ADMIN_URL } from "./server";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_P95_MS = 50;
const HOST = "dental.localhost";

/** What the plans showed (kept with the figures). */
const NOTES = [
  "Reading the plans: every tab's slowest statement runs in well under 1 ms but the clinical history's, so the time of a call is the transaction's round trips (BEGIN, tenant and role, the session, 2–7 statements, COMMIT) and this shared machine's load; the p95 and max columns move with it from run to run.",
  "The clinical history (dental.getClinicalRecords, the clinical area's) is the one query that grows with the patient: it joins the author, the dentist and the correcting record to every one of the patient's records and sorts them all (ORDER BY visit_date DESC, created_at DESC, id DESC) before OFFSET/LIMIT — a Sort of 2,000 rows, about 4 ms at page 1 and 8–10 ms at the last page. No index is missing: the index (tenant_id, patient_id, visit_date, created_at) cannot give that order because of the trailing id, and with one patient owning nearly all rows a sequential scan is what the planner picks. Paging the ids first (the order and OFFSET/LIMIT on dental_clinical_records alone, then joining the 20 rows) or dropping id from the sort would make the page independent of the history's length.",
].join("\n\n");

const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * q) - 1)]!;
const ms = (n: number) => n.toFixed(1);

/** The patient's data, set-based: what the areas' procedures would have written over years of visits. */
async function seedPatient(database: Database, tenantId: string): Promise<string> {
  return withTenant(database.db, tenantId, async (tx) => {
    const [owner] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM users WHERE tenant_id = ${tenantId} AND email = 'owner@demo.test'`));
    const [dentist] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM employees WHERE tenant_id = ${tenantId} ORDER BY code LIMIT 1`));
    const [type] = rowsOf<{ id: string; product_id: string }>(await tx.execute(sql`SELECT id, product_id FROM dental_procedure_types WHERE tenant_id = ${tenantId} AND code = 'RES'`));
    const [customer] = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO customers (tenant_id, id, code, name, tax_id, phone) VALUES (${tenantId}, gen_random_uuid(), 'BENCH-0001', 'Paciente de prueba con historial largo', '00114725831', '809-555-0999') RETURNING id`),
    );
    const [patient] = rowsOf<{ id: string }>(
      await tx.execute(sql`INSERT INTO dental_patients (tenant_id, id, customer_id, number, birth_date, gender, allergies, created_by)
        VALUES (${tenantId}, gen_random_uuid(), ${customer!.id}, 9001, '1970-05-01', 'female', '["Penicilina"]'::jsonb, ${owner!.id}) RETURNING id`),
    );
    const pid = patient!.id;
    await tx.execute(sql`INSERT INTO dental_clinical_records (tenant_id, id, patient_id, visit_date, chief_complaint, findings, diagnosis, treatment, vital_signs, dentist_id, created_by, created_at)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, date '2026-11-27' - (n * 2 % 3650), 'Consulta de control número ' || n, 'Hallazgos de la visita ' || n || ': placa bacteriana moderada, sin sangrado.',
        'Diagnóstico ' || (n % 12), 'Profilaxis y seguimiento', '{"bloodPressure":"120/80","heartRate":72}'::jsonb, ${dentist!.id}, ${owner!.id}, now() - (n || ' hours')::interval
      FROM generate_series(1, ${RECORDS}) n`);
    await tx.execute(sql`INSERT INTO dental_tooth_events (tenant_id, id, patient_id, tooth, surface, status, note, recorded_by, recorded_at)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, (array[11,12,13,14,15,16,17,18,21,22,23,24,25,26,27,28,31,32,33,34,35,36,37,38,41,42,43,44,45,46,47,48])[1 + (n * 7) % 32],
        (array['mesial','distal','occlusal','buccal','lingual','general'])[1 + (n * 5) % 6],
        (array['cavity','filling','crown','missing','implant','root_canal','bridge','fractured','mobility','healthy'])[1 + (n * 3) % 10], 'Cambio ' || n, ${owner!.id}, now() - (n || ' hours')::interval
      FROM generate_series(1, 500) n`);
    await tx.execute(sql`INSERT INTO dental_xrays (tenant_id, id, patient_id, type, file_url, file_name, file_size, teeth, findings, annotations, taken_by, taken_at, created_by)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, (array['periapical','bitewing','panoramic','occlusal'])[1 + n % 4], '/api/dental/files/' || gen_random_uuid() || '.png', 'rx-' || n || '.png', 180000 + n,
        '[36, 46]'::jsonb, 'Hallazgo ' || n, '[{"id":"a1","kind":"arrow","color":"#ef4444","x1":0.2,"y1":0.2,"x2":0.5,"y2":0.5}]'::jsonb, 'Dra. Laura Méndez', date '2026-11-27' - (n * 9 % 3650), ${owner!.id}
      FROM generate_series(1, 200) n`);
    await tx.execute(sql`INSERT INTO dental_treatment_plans (tenant_id, id, patient_id, number, name, diagnosis, status, created_by, created_at)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, 1000 + n, 'Plan ' || n, 'Diagnóstico ' || n, (array['draft','proposed','approved','in_progress','completed','cancelled'])[1 + n % 6], ${owner!.id}, now() - (n || ' days')::interval
      FROM generate_series(1, 40) n`);
    await tx.execute(sql`INSERT INTO dental_plan_phases (tenant_id, id, plan_id, position, name, estimated_cost)
      SELECT ${tenantId}, gen_random_uuid(), pl.id, ph, 'Fase ' || ph, 10500 FROM dental_treatment_plans pl, generate_series(1, 2) ph WHERE pl.tenant_id = ${tenantId} AND pl.patient_id = ${pid}`);
    await tx.execute(sql`INSERT INTO dental_plan_procedures (tenant_id, id, plan_id, phase_id, position, procedure_type_id, product_id, name, tooth, surfaces, price)
      SELECT ${tenantId}, gen_random_uuid(), ph.plan_id, ph.id, k, ${type!.id}, ${type!.product_id}, 'Resina compuesta', (array[16, 26, 36])[k], '["occlusal"]'::jsonb, 3500
      FROM dental_plan_phases ph JOIN dental_treatment_plans pl ON pl.tenant_id = ph.tenant_id AND pl.id = ph.plan_id, generate_series(1, 3) k
      WHERE ph.tenant_id = ${tenantId} AND pl.patient_id = ${pid}`);
    await tx.execute(sql`INSERT INTO dental_prescriptions (tenant_id, id, patient_id, number, items, status, dentist_id, issued_at, created_by)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, 1000 + n, '[{"medication":"Ibuprofeno 400 mg","dosage":"1 tableta","frequency":"Cada 8 horas","duration":"3 días","instructions":null,"quantity":"9"}]'::jsonb,
        (array['active','completed','cancelled'])[1 + n % 3], ${dentist!.id}, now() - (n || ' days')::interval, ${owner!.id}
      FROM generate_series(1, 100) n`);
    await tx.execute(sql`INSERT INTO dental_lab_orders (tenant_id, id, patient_id, number, laboratory, order_type, teeth, due_date, status, created_by, created_at)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, 1000 + n, 'Laboratorio Dental Caribe', 'Corona de porcelana', '[46]'::jsonb, date '2026-11-27' - (n * 5) + 30,
        (array['pending','sent','in_progress','completed','cancelled'])[1 + n % 5], ${owner!.id}, now() - (n || ' days')::interval
      FROM generate_series(1, 60) n`);
    await tx.execute(sql`INSERT INTO dental_documents (tenant_id, id, patient_id, name, type, file_url, file_size, mime_type, tags, is_confidential, created_by, created_at)
      SELECT ${tenantId}, gen_random_uuid(), ${pid}, 'Documento ' || n, (array['consent','referral','report','insurance','identification','other'])[1 + n % 6], '/api/dental/files/' || gen_random_uuid() || '.pdf',
        50000 + n, 'application/pdf', '["bench"]'::jsonb, n % 10 = 0, ${owner!.id}, now() - (n || ' hours')::interval
      FROM generate_series(1, 150) n`);
    return pid;
  });
}

async function inject(app: FastifyInstance, cookie: string, procedure: string, input: unknown) {
  const res = await app.inject({ method: "GET", url: `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, headers: { host: HOST, cookie } });
  if (res.statusCode !== 200) throw new Error(`${procedure}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body).result.data.json;
}

/** The statements one call sends (postgres.js's debug hook), parameters inlined as literals. */
async function captureCall(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const client = (database.db as unknown as { $client: postgres.Sql }).$client;
  const options = client.options as unknown as { debug?: (id: number, query: string, parameters: unknown[]) => void };
  const statements: string[] = [];
  options.debug = (_id, query, parameters) =>
    statements.push(query.replace(/\$(\d+)/g, (_, n: string) => {
      const v = parameters[Number(n) - 1];
      return v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`;
    }));
  try {
    await fn();
  } finally {
    options.debug = undefined;
  }
  return statements.filter((s) => /^\s*(select|with)\b/i.test(s) && !s.includes("pg_catalog.") && !/set_config|current_setting\(/i.test(s.slice(0, 200)));
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement in a tenant transaction: the slowest one's time and plan. */
async function explainSlowest(database: Database, tenantId: string, statements: string[]): Promise<{ ms: number; plan: string; sql: string } | null> {
  let slowest: { ms: number; plan: string; sql: string } | null = null;
  for (const statement of statements) {
    const lines = await withTenant(database.db, tenantId, async (tx) => rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`))).map((r) => r["QUERY PLAN"]));
    const time = Number(lines.find((l) => l.startsWith("Execution Time"))?.match(/[\d.]+/)?.[0] ?? 0);
    if (!slowest || time > slowest.ms) slowest = { ms: time, plan: [...lines.slice(0, 24), ...(lines.length > 24 ? [`  … (${lines.length - 24} more lines)`] : [])].join("\n"), sql: statement.replace(/\s+/g, " ").slice(0, 400) };
  }
  return slowest;
}

async function main() {
  const dbName = `enzzo_bench_dental_profile_${Date.now()}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ url: u.toString() });
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    const uploadDir = mkdtempSync(path.join(os.tmpdir(), "enzzo-bench-dental-profile-"));
    const t0 = Date.now();
    await seedDemoDental(database.db, createStorage({ uploadDir }));
    const tenant = (await unsafeFindTenantBySubdomain(database.db, "dental"))!;
    const patientId = await seedPatient(database, tenant.id);
    await database.db.execute(sql`ANALYZE`);
    const seedMs = Date.now() - t0;
    const config = { ...loadConfig({}), uploadDir };
    app = await buildApp({ db: database.db, config, sessionSecret: "bench-secret", authRateLimitMax: 100_000 }, { serveWeb: false });
    const signIn = await app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: { host: HOST, "content-type": "application/json" }, payload: JSON.stringify({ email: "owner@demo.test", password: "demo1234" }) });
    const cookie = String([signIn.headers["set-cookie"]].flat()[0] ?? "").split(";")[0]!;
    if (signIn.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.statusCode}`);

    const list = { patientId, page: 1, pageSize: 20 };
    const tabs: { tab: string; procedure: string; input: unknown; count?: (r: unknown) => string }[] = [
      { tab: "header / overview", procedure: "dental.getPatient", input: { id: patientId } },
      { tab: "odontogram", procedure: "dental.getChart", input: { patientId } },
      { tab: "odontogram: tooth history", procedure: "dental.getToothHistory", input: list },
      { tab: "history (page 1)", procedure: "dental.getClinicalRecords", input: list },
      { tab: "history (last page)", procedure: "dental.getClinicalRecords", input: { ...list, page: Math.ceil(RECORDS / 20) } },
      { tab: "treatments", procedure: "dental.getPlans", input: list },
      { tab: "prescriptions", procedure: "dental.getPrescriptions", input: list },
      { tab: "x-rays", procedure: "dental.getXrays", input: list },
      { tab: "lab orders", procedure: "dental.getLabOrders", input: list },
      { tab: "documents", procedure: "dental.getDocuments", input: list },
    ];
    const rows: string[] = [];
    const plans: string[] = [];
    const misses: string[] = [];
    for (const t of tabs) {
      const first = (await inject(app, cookie, t.procedure, t.input)) as { pagination?: { total: number } };
      for (let i = 0; i < 4; i++) await inject(app, cookie, t.procedure, t.input);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await inject(app, cookie, t.procedure, t.input);
        times.push(performance.now() - s);
      }
      const statements = await captureCall(database, () => inject(app!, cookie, t.procedure, t.input));
      const slowest = await explainSlowest(database, tenant.id, statements);
      const p95 = p(times, 0.95);
      const ok = p95 < TARGET_P95_MS;
      if (!ok) {
        misses.push(t.tab);
        if (slowest) plans.push(`**${t.tab}** (\`${t.procedure}\`), slowest statement ${ms(slowest.ms)} ms:\n\n\`\`\`\n${slowest.sql}\n\n${slowest.plan}\n\`\`\``);
      }
      const total = first?.pagination?.total;
      rows.push(`| ${t.tab} | \`${t.procedure}\` | ${total ?? "—"} | ${ms(p(times, 0.5))} | ${ms(p95)} | ${ms(Math.max(...times))} | ${statements.length} | ${slowest ? ms(slowest.ms) : "—"} | ${ok ? "yes" : "**no**"} |`);
      console.log(rows[rows.length - 1]);
    }
    const load = os.loadavg().map((x) => x.toFixed(1)).join(" / ");
    const body = [
      `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:dental-profile\`: ${os.cpus().length} cores, Node ${process.version}, PostgreSQL (${new URL(ADMIN_URL).host}). One patient of the dental demo tenant with ${RECORDS.toLocaleString("en-US")} clinical records, 500 chart changes, 200 x-rays, 40 plans (80 phases, 240 procedures), 100 prescriptions, 60 lab orders and 150 documents (seeded with the demo in ${(seedMs / 1000).toFixed(1)} s, then ANALYZE). Each tab's query through the real router (Fastify inject, superjson, the owner's session, one tenant transaction under RLS): 5 warm-up calls, then ${RUNS} calls one after the other; pages of 20. The SQL of one call was captured and run again under EXPLAIN (ANALYZE, BUFFERS); 'slowest SQL' is that run's execution time of its slowest statement.`,
      "",
      "| tab | procedure | rows | p50 ms | p95 ms | max ms | statements | slowest SQL ms | p95 < 50 ms |",
      "|---|---|---:|---:|---:|---:|---:|---:|---|",
      ...rows,
      "",
      `Load average after the run (1 / 5 / 15 min): ${load}. ${misses.length === 0 ? "Every tab meets the target." : `Over the target: ${misses.join(", ")} (plans below).`}`,
      "",
      NOTES,
      ...(plans.length > 0 ? ["", ...plans] : []),
    ].join("\n");
    writeResultsSection("## Dental patient profile", body);
    console.log(misses.length === 0 ? "every tab under 50 ms p95" : `over target: ${misses.join(", ")}`);
  } finally {
    await app?.close();
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
