import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../ids";
import { documentSequences } from "../modules/sequence/tables";
import { createTestContext, type TestContext } from "../test/harness";
import { tenantTransaction, withTenant } from "./client";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("tenantTransaction", () => {
  it("a query sent by a sibling promise after the transaction failed never runs, and the connection stays usable", async () => {
    const tenantId = t.acme.tenant.id;
    const key = `late-${newId()}`;
    let late: Promise<unknown> | undefined;
    const failed = tenantTransaction(
      t.db,
      tenantId,
      async () => undefined,
      async (tx) => {
        // Like a Promise.all member still running when another member throws.
        late = (async () => {
          await sleep(30);
          await tx.insert(documentSequences).values({ tenantId, id: newId(), key, nextValue: 1 });
        })();
        late.catch(() => {});
        throw new Error("refused");
      },
    );
    await expect(failed).rejects.toThrow("refused");
    await expect(late).rejects.toThrow();
    // Nothing was written after the rollback, and every pooled connection still answers in order.
    const rows = await withTenant(t.db, tenantId, (tx) => tx.select().from(documentSequences).where(and(eq(documentSequences.tenantId, tenantId), eq(documentSequences.key, key))));
    expect(rows).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => withTenant(t.db, tenantId, async (tx) => (await tx.select({ key: documentSequences.key }).from(documentSequences).limit(1)).length + i)));
    expect(answers).toEqual(Array.from({ length: 24 }, (_, i) => i + (answers[0] ?? 0)));
  });
});
