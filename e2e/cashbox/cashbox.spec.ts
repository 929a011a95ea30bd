import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";

test("cash box: settings list, open with a float, close with a difference and a comment", async ({ page }) => {
  await signIn(page, "admin@demo.test");

  // Settings → Cajas: the demo tenant starts with 'Caja 1' in the main warehouse, closed.
  await page.goto(tenantUrl("/home/settings"));
  await page.getByRole("link", { name: "Cajas", exact: true }).click();
  await expect(page).toHaveURL(/\/home\/settings\/cash-boxes$/);
  const box = page.getByTestId("cashbox-row").filter({ hasText: "Caja 1" });
  await expect(box).toContainText("Principal");
  await expect(box).toContainText("Activo");
  await expect(box).toContainText("Cerrada");

  // The 'Caja' page: no session yet; open Caja 1 with a float of RD$2,500.00.
  await page.getByRole("link", { name: "Ir a Caja" }).click();
  await expect(page).toHaveURL(/\/home\/cash-box$/);
  await expect(page.getByTestId("no-open-cashbox")).toBeVisible();
  await page.getByTestId("open-cashbox").click();
  const open = page.getByTestId("open-cashbox-dialog");
  await expect(open.locator("#open-cashbox-id")).toHaveValue(/[0-9a-f-]{36}/);
  await expect(open.locator("#open-cashbox-id option:checked")).toHaveText("Caja 1");
  await open.locator("#open-cashbox-amount").fill("abc");
  await open.getByTestId("confirm-open-cashbox").click();
  await expect(open.getByText("Monto inválido")).toBeVisible();
  await open.locator("#open-cashbox-amount").fill("2,500.00");
  await open.getByTestId("confirm-open-cashbox").click();
  await expect(open).toHaveCount(0);
  await expect(page.getByTestId("active-cashbox-name")).toHaveText("Caja 1");
  await expect(page.getByTestId("active-opening-amount")).toHaveText("RD$2,500.00");
  await page.screenshot({ path: "test-results/cashbox-page-open.png" });

  // The settings list shows who has it open.
  await page.goto(tenantUrl("/home/settings/cash-boxes"));
  await expect(page.getByTestId("cashbox-row").filter({ hasText: "Caja 1" })).toContainText("Abierta por José Martínez");
  await page.goto(tenantUrl("/home/cash-box"));

  // Close: expected cash is the float; count RD$50 less, so comments become required.
  await page.getByTestId("close-cashbox").click();
  const close = page.getByTestId("close-cashbox-dialog");
  const cash = close.getByTestId("close-line").filter({ hasText: "Efectivo" });
  await expect(cash.getByTestId("expected")).toHaveText("RD$2,500.00");
  await expect(close.getByTestId("close-line").filter({ hasText: "Tarjeta" }).getByTestId("expected")).toHaveText("RD$0.00");
  await cash.getByRole("textbox").fill("2450");
  await expect(cash.getByTestId("difference")).toHaveText("-RD$50.00");
  await expect(close.getByTestId("total-difference")).toContainText("Faltante");
  await close.getByTestId("confirm-close-cashbox").click();
  await expect(close.locator("#close-comments-error")).toHaveText("Explique la diferencia: los comentarios son obligatorios cuando los montos no cuadran.");
  await close.getByLabel("Comentarios").fill("Faltan RD$50: cambio prestado a la caja 2");
  await page.screenshot({ path: "test-results/cashbox-close-dialog.png" });
  await close.getByTestId("confirm-close-cashbox").click();
  await expect(close.getByTestId("cashbox-closed")).toBeVisible();
  await expect(close.getByTestId("closed-difference")).toHaveText("-RD$50.00");
  await close.getByTestId("close-cashbox-done").click();

  // Back to no session; the closing heads the last closings.
  await expect(page.getByTestId("no-open-cashbox")).toBeVisible();
  const closing = page.getByTestId("closing-row").first();
  await expect(closing).toContainText("Caja 1");
  await expect(closing).toContainText("RD$2,500.00");
  await expect(closing).toContainText("RD$2,450.00");
  await expect(closing.getByTestId("closing-difference")).toHaveText("-RD$50.00");
  await expect(closing).toContainText("Faltan RD$50: cambio prestado a la caja 2");
  await page.screenshot({ path: "test-results/cashbox-page-closed.png" });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: "test-results/cashbox-page-768.png", fullPage: true });
});
