import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestContext, type TestContext } from "../test/harness";
import { type LeafKind, leavesOf, sampleOf, withValueAt } from "../test/zod-walk";
import { appRouter } from "./app-router";

/**
 * Generated from the router: every procedure gets a plausible input built from its own zod
 * schema, then each of its fields in turn gets each hostile value of its kind. Any 500, or any
 * answer slower than 1 s, fails. New procedures are covered without touching this file.
 */

const deep = (n: number): unknown => (n === 0 ? "x" : [deep(n - 1)]);
const HOSTILE: Record<LeafKind | "any", unknown[]> = {
  text: ["\u0000", "a\uD800b", "\uDC00", "x".repeat(10_000), "9".repeat(40), "99999999999999.99", "1e400", "-1", "2026-02-30", "2026-13-01", "  ", "NaN"],
  number: [2 ** 31, 2 ** 53, -1, 1e308, -1e308, 1.123456789, 0, "99999999999999999999"],
  other: [null, [], {}, true],
  any: [deep(40), { "a\u0000": 1 }],
};
const MAX_MS = 1000;

type Procedure = { _def: { type: "query" | "mutation"; inputs: z.ZodType[] } };
const procedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures);

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext({ authRateLimitMax: 100_000 });
  cookie = await t.signIn("acme", "owner");
}, 120_000);
afterAll(() => t.close());

async function call(path: string, type: "query" | "mutation", input: unknown) {
  const wire = { json: input };
  const started = performance.now();
  const res =
    type === "query"
      ? await t.request("acme.localhost", { url: `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(wire))}`, cookie })
      : await t.request("acme.localhost", { method: "POST", url: `/api/trpc/${path}`, body: wire, cookie });
  return { status: res.status, ms: performance.now() - started, body: res.body };
}

describe("every procedure refuses hostile input without a 500", () => {
  it(`${procedures.length} procedures, every field, every hostile value`, async () => {
    const failures: string[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    for (const [path, proc] of procedures) {
      const schema = proc._def.inputs[0];
      const base = schema ? sampleOf(schema) : undefined;
      const cases: { label: string; input: unknown }[] = [{ label: "plausible input", input: base }];
      for (const value of HOSTILE.any) cases.push({ label: `whole input = ${JSON.stringify(value).slice(0, 40)}`, input: value });
      for (const leaf of schema ? leavesOf(schema) : []) {
        for (const value of [...HOSTILE[leaf.kind], ...HOSTILE.other]) {
          cases.push({ label: `${leaf.path.join(".") || "(input)"} = ${JSON.stringify(value)?.slice(0, 40)}`, input: withValueAt(base, leaf.path, value) });
        }
      }
      for (const c of cases) {
        const r = await call(path, proc._def.type, c.input);
        sent++;
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status >= 500) failures.push(`${path} ${c.label}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
        else if (r.ms > MAX_MS) failures.push(`${path} ${c.label}: ${Math.round(r.ms)} ms`);
      }
    }
    expect(sent).toBeGreaterThan(procedures.length * 3);
    // the plausible inputs reach the procedures (not only their schemas' refusals)
    expect(statuses[200] ?? 0).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 600_000);
});
