import { type SQL, sql } from "drizzle-orm";
import { choicesOf, RATING_RANGE } from "../../../shared/forms/schema";
import { rowsOf, type Tx } from "../../db/client";
import { BUSINESS_TIME_ZONE, fieldColumns, formWithVersions } from "./export";
import { SUBMISSION_STATUSES, type SubmissionReportInput, type SubmissionStatus } from "./inputs";

/**
 * formSubmission.report (issue 17 §4): a form's submissions over time (per business day,
 * America/Santo_Domingo), the answers' distribution for choice fields and the average, minimum
 * and maximum of numeric ones, over ALL versions (a field is its key; its label the newest
 * version's that has it). Computed in SQL over the jsonb answers.
 */

/** Fields whose answers are counted per value. */
export const DISTRIBUTION_TYPES = ["select", "radio", "checkbox", "toggle", "rating"] as const;
/** Fields whose answers are averaged. */
export const NUMERIC_TYPES = ["number", "rating", "slider"] as const;

export type Distribution = { key: string; label: string; type: string; answered: number; values: { value: string; label: string | null; count: number }[] };
export type NumericStats = { key: string; label: string; type: string; count: number; average: number | null; min: number | null; max: number | null };

const keyList = (keys: string[]) =>
  sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );

export async function submissionReport(tx: Tx, tenantId: string, input: SubmissionReportInput) {
  const { versions } = await formWithVersions(tx, tenantId, input.formId);
  const columns = fieldColumns(versions);
  const day = sql`(s.created_at at time zone ${BUSINESS_TIME_ZONE})::date`;
  const scope: SQL[] = [sql`s.tenant_id = ${tenantId}`, sql`s.form_id = ${input.formId}`];
  if (input.from) scope.push(sql`${day} >= ${input.from}::date`);
  if (input.to) scope.push(sql`${day} <= ${input.to}::date`);
  const where = sql.join(scope, sql` and `);

  const statusRows = rowsOf<{ status: string; n: number }>(await tx.execute(sql`select s.status, count(*)::int as n from form_submissions s where ${where} group by s.status`));
  const byStatus = Object.fromEntries(SUBMISSION_STATUSES.map((st) => [st, statusRows.find((r) => r.status === st)?.n ?? 0])) as Record<SubmissionStatus, number>;
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);

  const perDay = rowsOf<{ day: string; n: number }>(
    await tx.execute(sql`select to_char(${day}, 'YYYY-MM-DD') as day, count(*)::int as n from form_submissions s where ${where} group by 1 order by 1`),
  ).map((r) => ({ date: r.day, count: r.n }));

  const choiceColumns = columns.filter((c) => (DISTRIBUTION_TYPES as readonly string[]).includes(c.field.type));
  const distributions: Distribution[] = [];
  if (choiceColumns.length > 0) {
    // A list answer (checkbox group) counts each chosen value; any other answer counts as its text.
    const counted = rowsOf<{ key: string; value: string; n: number }>(
      await tx.execute(sql`
        select e.key, x.v as value, count(*)::int as n
        from form_submissions s
        cross join lateral jsonb_each(s.data) e
        cross join lateral (
          select jsonb_array_elements_text(e.value) as v where jsonb_typeof(e.value) = 'array'
          union all
          select e.value #>> '{}' where jsonb_typeof(e.value) in ('string', 'number', 'boolean')
        ) x
        where ${where} and e.key in (${keyList(choiceColumns.map((c) => c.key))})
        group by 1, 2`),
    );
    const answered = rowsOf<{ key: string; n: number }>(
      await tx.execute(sql`
        select e.key, count(*)::int as n
        from form_submissions s cross join lateral jsonb_each(s.data) e
        where ${where} and e.key in (${keyList(choiceColumns.map((c) => c.key))}) and e.value <> 'null'::jsonb and e.value <> '[]'::jsonb
        group by 1`),
    );
    for (const c of choiceColumns) {
      const counts = new Map(counted.filter((r) => r.key === c.key).map((r) => [r.value, r.n]));
      // Every option the field has had (newest labels first), then values no version lists.
      const known: { value: string; label: string | null }[] = [];
      const add = (value: string, label: string | null) => {
        if (!known.some((k) => k.value === value)) known.push({ value, label });
      };
      if (c.field.type === "rating") for (let n = RATING_RANGE.min; n <= RATING_RANGE.max; n++) add(String(n), null);
      else if (c.field.type === "toggle" || (c.field.type === "checkbox" && choicesOf(c.field).length === 0)) {
        add("true", null);
        add("false", null);
      } else for (const v of versions) for (const f of v.schema.groups.flatMap((g) => g.fields)) if (f.key === c.key) for (const o of choicesOf(f)) add(o.value, o.label);
      for (const value of counts.keys()) add(value, null);
      distributions.push({
        key: c.key,
        label: c.field.label.trim() === "" ? c.key : c.field.label,
        type: c.field.type,
        answered: answered.find((r) => r.key === c.key)?.n ?? 0,
        values: known.map((k) => ({ ...k, count: counts.get(k.value) ?? 0 })),
      });
    }
  }

  const numericColumns = columns.filter((c) => (NUMERIC_TYPES as readonly string[]).includes(c.field.type));
  const numbers: NumericStats[] = [];
  if (numericColumns.length > 0) {
    const stats = rowsOf<{ key: string; n: number; average: string | null; min: string | null; max: string | null }>(
      await tx.execute(sql`
        select e.key, count(*)::int as n, round(avg((e.value #>> '{}')::numeric), 2)::text as average,
          min((e.value #>> '{}')::numeric)::text as min, max((e.value #>> '{}')::numeric)::text as max
        from form_submissions s cross join lateral jsonb_each(s.data) e
        where ${where} and e.key in (${keyList(numericColumns.map((c) => c.key))}) and jsonb_typeof(e.value) = 'number'
        group by 1`),
    );
    const num = (v: string | null) => (v === null ? null : Number(v));
    for (const c of numericColumns) {
      const r = stats.find((s) => s.key === c.key);
      numbers.push({ key: c.key, label: c.field.label.trim() === "" ? c.key : c.field.label, type: c.field.type, count: r?.n ?? 0, average: num(r?.average ?? null), min: num(r?.min ?? null), max: num(r?.max ?? null) });
    }
  }

  return { total, byStatus, perDay, distributions, numbers };
}
