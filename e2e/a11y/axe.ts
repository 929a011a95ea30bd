import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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
