import { expect, type Page, test } from "@playwright/test";
import { SEEDED_NAMES_EN } from "../../src/shared/seeded-names";
import { pickMenuItem } from "../helpers-extra";
import { signIn } from "../support";

/** Seeded Spanish names that differ in English, as whole words. */
const SPANISH = Object.entries(SEEDED_NAMES_EN)
  .filter(([es, en]) => es !== en)
  .map(([es]) => es);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SPANISH_NAME = new RegExp(`(^|[^\\p{L}])(${SPANISH.map(escapeRegExp).join("|")})(?=$|[^\\p{L}])`, "u");

async function spanishNamesOn(page: Page): Promise<string | undefined> {
  const text = await page.locator("body").innerText();
  return text.match(SPANISH_NAME)?.[2];
}

const SCREENS: { path: string; ready: string; title: string; expected: string[] }[] = [
  { path: "/home/settings/payment-methods", ready: "Cash", title: "Payment methods", expected: ["Cash", "Card", "Bank transfer", "Credit note"] },
  { path: "/home/settings/currencies", ready: "Dominican peso", title: "Currencies", expected: ["Dominican peso", "US dollar"] },
  { path: "/home/settings/invoice-conditions", ready: "Credit 30 days", title: "Invoice conditions", expected: ["Credit 30 days"] },
  { path: "/home/settings/invoice-types", ready: "Final consumer", title: "Invoice types", expected: ["Final consumer", "Tax credit invoice"] },
  { path: "/home/settings/warehouses", ready: "Main", title: "Warehouses", expected: ["Main"] },
  { path: "/home/settings/cash-boxes", ready: "Cash box 1", title: "Cash boxes", expected: ["Cash box 1", "Cash box 2"] },
  { path: "/home/settings/categories", ready: "Drinks", title: "Categories", expected: ["Drinks", "Dairy"] },
  { path: "/home/customers", ready: "Cash customer", title: "Customers", expected: ["Cash customer"] },
  { path: "/home/pos", ready: "Cash customer", title: "Point of sale", expected: [] },
  { path: "/home/settings/ncf", ready: "B01", title: "Fiscal receipts \\(NCF\\)", expected: [] },
];

test("English screens show the seeded names in English, and each screen has its title", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await pickMenuItem(page, "language-selector", "English");
  await expect(page).toHaveTitle("Dashboard · Enzzo POS Portal de Formularios");
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.locator("body")).toContainText(screen.ready);
    for (const name of screen.expected) await expect(page.locator("body")).toContainText(name);
    expect(await spanishNamesOn(page), screen.path).toBeUndefined();
    await expect(page).toHaveTitle(new RegExp(`^${screen.title} · Enzzo POS Portal de Formularios$`));
  }

  // Back in Spanish, the stored names again (the cached English results are fetched anew).
  await pickMenuItem(page, "language-selector", "Español");
  await expect(page.locator("main").getByText("Factura de Crédito Fiscal").first()).toBeVisible();
  await page.goto("/home/settings/payment-methods");
  await expect(page.locator("main")).toContainText("Efectivo");
  await expect(page).toHaveTitle(/^Métodos de pago · /);
});
