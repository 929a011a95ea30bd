import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

/** Issue 21 §7: 'Caja' has its own menu entry, right after the POS, for whoever may open or close a cash box. */
for (const [email, who] of [
  ["cashier@demo.test", "a cashier"],
  ["owner@demo.test", "the owner"],
] as const) {
  test(`${who} finds 'Caja' in the menu, after the POS, and it opens /home/cash-box, in Spanish`, async ({ page }) => {
    await signIn(page, email);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const sidebar = page.getByTestId("sidebar");
    const entry = sidebar.getByRole("link", { name: "Caja", exact: true });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute("href", "/home/cash-box");
    const names = (await sidebar.getByRole("link").allTextContents()).map((n) => n.trim());
    expect(names.indexOf("Caja")).toBe(names.findIndex((n) => n.startsWith("Punto de venta")) + 1);

    await entry.click();
    await expect(page).toHaveURL(tenantUrl("/home/cash-box"));
    await expect(page.getByRole("heading", { level: 1, name: "Caja", exact: true })).toBeVisible();
    await expect(page.getByTestId("active-cashbox")).toBeVisible();
    await expect(page.getByTestId("access-denied")).toHaveCount(0);
    // The entry shows where the user is.
    await expect(entry).toHaveAttribute("aria-current", "page");
  });
}
