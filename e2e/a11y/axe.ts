import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { closeOwnCashbox, ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { detailRoutes } from "../routes";

/** WCAG 2.0 and 2.1, levels A and AA: what the screens must meet (UX.md: 'contrast meets WCAG AA in each'). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

/** Waits until a screen has drawn its data: its root is there, no skeleton pulses, the network is quiet, the fonts are in. */
export async function settle(page: Page, root = "main") {
  await expect(page.locator(root).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".animate-pulse")).toHaveCount(0);
  await expect(page.locator(`${root} *`).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Runs axe-core on the page as it is and fails on any serious or critical violation, naming the
 * screen, each rule, its help text and the elements it found (target and axe's summary of why).
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `    - ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n\s*/g, " ")}`)
        .join("\n");
      const more = v.nodes.length > 6 ? `\n    … and ${v.nodes.length - 6} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}${more}`;
    })
    .join("\n");
  expect(blocking.length, `axe-core on ${screen}:\n${report}`).toBe(0);
}

/**
 * A record behind every detail screen: what a fresh demo lacks (a supplier, an employee, a
 * warehouse movement, a draft, an issued invoice and its credit note) is created once; returns
 * the detail routes of e2e/routes.ts.
 */
export async function seedDetailRoutes(page: Page): Promise<string[]> {
  const before = await detailRoutes(page);
  const has = (pattern: RegExp) => before.some((r) => pattern.test(r));
  const [warehouse] = await trpcQuery<{ id: string }[]>(page, "warehouse.getAll");
  const rice = (await trpcQuery<{ data: { id: string }[] }>(page, "product.searchProducts", { search: "Arroz", limit: 1 })).data[0]!.id;
  const stamp = Date.now().toString(36).toUpperCase();
  if (!has(/^\/home\/providers\/[^/]+$/)) await trpcMutation(page, "provider.create", { code: `AX-${stamp}`, name: "Distribuidora Corripio Santo Domingo" });
  if (!has(/^\/home\/employees\/[^/]+$/)) await trpcMutation(page, "employee.create", { name: "Juan Alberto Castillo Peña" });
  if (!has(/^\/home\/warehouse-movements\/[^/]+$/)) {
    const today = new Date().toISOString().slice(0, 10);
    await trpcMutation(page, "warehouseMovement.create", { type: "entry", warehouseId: warehouse!.id, date: today, reference: `AX-${stamp}`, lines: [{ productId: rice, quantity: "1" }] });
  }
  const invoices = await trpcQuery<{ data: { status: string }[] }>(page, "invoice.getAll", { page: 1, pageSize: 20 });
  if (!invoices.data.some((i) => i.status === "draft")) {
    await trpcMutation(page, "invoice.saveDraft", { clientOrderId: randomUUID(), customerId: "default", warehouseId: warehouse!.id, items: [{ productId: rice, quantity: "1" }] });
  }
  if (!invoices.data.some((i) => i.status !== "draft")) {
    // A cash sale of one Arroz to a named customer, then its cancellation as a credit note (store credit).
    const hadOpenBox = !!(await trpcQuery(page, "cashbox.getActive"));
    await ensureCashboxOpen(page);
    const customerId = (await trpcQuery<{ data: { id: string }[] }>(page, "customer.getAll", { search: "Bravo", page: 1, pageSize: 1 })).data[0]!.id;
    const cash = (await trpcQuery<{ id: string; code: string }[]>(page, "paymentMethod.getAll")).find((m) => m.code === "CASH")!.id;
    const dop = (await trpcQuery<{ id: string; code: string }[]>(page, "currency.getActive")).find((c) => c.code === "DOP")!.id;
    const sale = await trpcMutation<{ orderId?: string; id?: string }>(page, "pos.checkout", {
      clientOrderId: randomUUID(),
      customerId,
      warehouseId: warehouse!.id,
      items: [{ productId: rice, quantity: "1" }],
      payments: [{ paymentMethodId: cash, currencyId: dop, amount: "1000" }],
    });
    await trpcMutation(page, "creditNote.create", {
      client_key: randomUUID(),
      order_id: sale.orderId ?? sale.id,
      customer_id: customerId,
      kind: "cancel",
      reason: "product_return",
      refund_method: "store_credit",
    });
    if (!hadOpenBox) await closeOwnCashbox(page);
  }
  return detailRoutes(page);
}
