import type { Page } from "@playwright/test";
import { browserFetch } from "./helpers-extra";

/** Calls a tRPC mutation from the signed-in page (superjson envelope). */
export async function trpcMutation<T = unknown>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await browserFetch(page, `/api/trpc/${path}`, { method: "POST", body: { json: input } });
  const body = JSON.parse(res.body as string);
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${res.body}`);
  return body.result.data.json as T;
}

/** A second warehouse for the demo tenant (created once, by code), for multi-warehouse flows. */
export async function ensureWarehouse(page: Page, code: string, name: string): Promise<void> {
  const res = await browserFetch(page, "/api/trpc/warehouse.getAll");
  const list = JSON.parse(res.body as string).result.data.json as { code: string }[];
  if (!list.some((w) => w.code === code)) await trpcMutation(page, "warehouse.create", { code, name, order: 5, isActive: true, isDefault: false });
}

/** Calls a tRPC query from the signed-in page (superjson envelope). */
export async function trpcQuery<T = unknown>(page: Page, path: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await browserFetch(page, `/api/trpc/${path}${qs}`);
  if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${res.body}`);
  return JSON.parse(res.body as string).result.data.json as T;
}

/**
 * The signed-in user's cash box is open (a POS sale needs it): opens the first free one with no
 * float when they have none open. Use it before selling in flows that are not about the cash box.
 */
export async function ensureCashboxOpen(page: Page): Promise<void> {
  if (await trpcQuery(page, "cashbox.getActive")) return;
  const boxes = await trpcQuery<{ id: string; openSession: unknown }[]>(page, "cashbox.getAll", { includeInactive: false });
  const free = boxes.find((b) => !b.openSession);
  if (!free) throw new Error("no free cash box in the demo tenant");
  await trpcMutation(page, "cashbox.open", { cashboxId: free.id, openingAmount: "0", clientRequestId: crypto.randomUUID() });
}

/** Closes the signed-in user's open cash box, counting exactly what is expected (so the POS starts closed). */
export async function closeOwnCashbox(page: Page): Promise<void> {
  const active = await trpcQuery<{ sessionId: string } | null>(page, "cashbox.getActive");
  if (!active) return;
  const summary = await trpcQuery<{ lines: { paymentMethodId: string; expected: string }[] }>(page, "cashbox.getCloseSummary", { sessionId: active.sessionId });
  await trpcMutation(page, "cashbox.close", { sessionId: active.sessionId, counted: summary.lines.map((l) => ({ paymentMethodId: l.paymentMethodId, amount: l.expected })), comments: null });
}
