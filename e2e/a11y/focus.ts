import { expect, type Locator, type Page } from "@playwright/test";

/** The overlays focus is checked for: dialogs and sheets (role=dialog or alertdialog), dropdown menus (role=menu). */
type OverlayRole = "dialog" | "menu";

function overlays(page: Page, role: OverlayRole): Locator {
  return role === "menu" ? page.getByRole("menu") : page.getByRole("dialog").or(page.getByRole("alertdialog"));
}

/** Whether the focused element is inside an open overlay of that role. */
async function focusIsInside(page: Page, role: OverlayRole): Promise<boolean> {
  return page.evaluate((r) => {
    const selector = r === "menu" ? '[role="menu"]' : '[role="dialog"], [role="alertdialog"]';
    return !!document.activeElement?.closest(selector);
  }, role);
}

/**
 * Opens an overlay from `opener` (from the keyboard: focus it and press Enter, or with a click),
 * checks that the overlay is there and holds the focus, runs `close` (Escape, the overlay's
 * Cancel…), and checks that the overlay is gone and the focus is back on the opener.
 */
export async function expectFocusReturns(
  page: Page,
  opener: Locator,
  close: (overlay: Locator) => Promise<void>,
  { open = "keyboard", role = "dialog" }: { open?: "keyboard" | "click"; role?: OverlayRole } = {},
) {
  await expect(opener).toBeVisible();
  if (open === "keyboard") {
    await opener.focus();
    await page.keyboard.press("Enter");
  } else {
    await opener.click();
  }
  const overlay = overlays(page, role);
  await expect(overlay.first()).toBeVisible();
  await expect.poll(() => focusIsInside(page, role), { message: `the focus moves into the ${role}` }).toBe(true);
  await close(overlay.last());
  await expect(overlay).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** `close` for expectFocusReturns: the Escape key. */
export function pressEscape(page: Page) {
  return async () => {
    await page.keyboard.press("Escape");
  };
}

/** `close` for expectFocusReturns: the overlay's button of that name (Cancelar, Cerrar…). */
export function clickButton(name: string | RegExp) {
  return async (overlay: Locator) => {
    await overlay.getByRole("button", { name, exact: typeof name === "string" }).first().click();
  };
}
