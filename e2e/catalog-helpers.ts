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
