import { expect, test } from "@playwright/test";
import { closeOwnCashbox } from "../catalog-helpers";
import { signIn } from "../support";
import {
  addByCode,
  type CardSetup,
  completedInvoiceNumber,
  openPayment,
  ownerAtPosWithTerminal,
  resetSimulator,
  SIMULATORS,
  simulatorTransactions,
  type TerminalKind,
} from "./card-helpers";

/**
 * Cash box close offers the terminal's batch close (issue 12 §4): run from the browser, its
 * totals shown next to what was counted on the card methods, agreeing or not.
 */

let setup: CardSetup | null = null;
test.afterEach(async () => {
  await setup?.restore();
  setup = null;
  await Promise.all((Object.keys(SIMULATORS) as TerminalKind[]).map(resetSimulator));
});

test("batch close at cash box close: the terminal's sales and net next to the counted card total, agreeing only when they match; the box then closes", async ({ page }) => {
  // A fresh session of the owner's cash box, so only this test's sales are expected.
  await signIn(page, "owner@demo.test");
  await closeOwnCashbox(page);
  setup = await ownerAtPosWithTerminal(page, "card_service");

  // Two card sales (RD$35.00 + RD$85.00; products no demo promotion touches) and one declined card attempt paid cash (RD$35.00).
  for (const [code, total] of [
    ["AGUA-20", "RD$35.00"],
    ["HAB-15", "RD$85.00"],
  ] as const) {
    await addByCode(page, code, 1);
    const pay = await openPayment(page, total, "Tarjeta");
    await pay.getByRole("button", { name: /Confirmar pago/ }).click();
    await completedInvoiceNumber(page);
    await page.getByRole("dialog", { name: "Orden Completada" }).getByRole("button", { name: /^Omitir/ }).click();
  }
  await fetch(`${SIMULATORS.card_service}__control`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ mode: "decline", count: 1 }) });
  await addByCode(page, "AGUA-20", 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  await expect(pay.getByTestId("card-charge")).toHaveAttribute("data-state", "declined");
  await pay.getByLabel("Método de pago").first().selectOption({ label: "Efectivo" });
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  await completedInvoiceNumber(page);
  await page.getByRole("dialog", { name: "Orden Completada" }).getByRole("button", { name: /^Omitir/ }).click();
  expect(await simulatorTransactions("card_service")).toHaveLength(3);

  await page.getByRole("button", { name: "Cuadre de caja" }).click();
  const dialog = page.getByTestId("close-cashbox-dialog");
  const cardLine = dialog.locator('[data-testid="close-line"][data-code="CARD"]');
  const cashLine = dialog.locator('[data-testid="close-line"][data-code="CASH"]');
  await expect(cardLine.getByTestId("expected")).toHaveText("RD$120.00");
  await expect(cashLine.getByTestId("expected")).toHaveText("RD$35.00");
  await cashLine.getByRole("textbox").fill("35");
  await cardLine.getByRole("textbox").fill("120");

  const batch = dialog.getByTestId("terminal-batch-close");
  await expect(batch).toContainText(`Cierre de lote: ${setup.providerName}`);
  await expect(batch).toContainText("Cierre el lote de la terminal para comparar sus totales con lo contado en tarjeta.");
  await batch.getByTestId("batch-close").click();
  const totals = batch.getByTestId("batch-totals");
  await expect(totals).toBeVisible();
  await expect(totals).toContainText("000001");
  await expect(totals).toContainText("2 ventas");
  await expect(totals).toContainText("RD$120.00");
  await expect(totals).toContainText("0 devoluciones");
  await expect(totals.getByTestId("batch-net")).toHaveText("RD$120.00");
  await expect(totals).toContainText("Contado en tarjeta: RD$120.00");
  await expect(totals.getByTestId("batch-match")).toHaveText("Coincide con la terminal");
  // Closed once: the button stays off.
  await expect(batch.getByTestId("batch-close")).toBeDisabled();

  // A slip missing from the count: the terminal and the count disagree.
  await cardLine.getByRole("textbox").fill("85");
  await expect(totals).toContainText("Contado en tarjeta: RD$85.00");
  await expect(totals.getByTestId("batch-match")).toHaveText("No coincide con la terminal");
  await cardLine.getByRole("textbox").fill("120");
  await expect(totals.getByTestId("batch-match")).toHaveText("Coincide con la terminal");

  await dialog.getByTestId("confirm-close-cashbox").click();
  await expect(dialog.getByTestId("cashbox-closed")).toBeVisible();
  await expect(dialog.getByTestId("closed-difference")).toHaveText("RD$0.00");
  // The terminal opened its next batch.
  const health = (await (await fetch(`${SIMULATORS.card_service}api/pos/health`)).json()) as { batch_number: string };
  expect(health.batch_number).toBe("000002");
});

test("a batch close the terminal refuses says it could not close, and the count still closes the box", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  await closeOwnCashbox(page);
  setup = await ownerAtPosWithTerminal(page, "lane");
  await fetch(`${SIMULATORS.lane}__control`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ mode: "error", operations: ["batchClose"] }) });
  await page.getByRole("button", { name: "Cuadre de caja" }).click();
  const dialog = page.getByTestId("close-cashbox-dialog");
  const batch = dialog.getByTestId("terminal-batch-close");
  await batch.getByTestId("batch-close").click();
  await expect(batch.getByTestId("batch-close-error")).toContainText("No se pudo cerrar el lote.");
  await expect(batch.getByTestId("batch-close-error")).toContainText("HTTP error! status: 500");
  await expect(batch.getByTestId("batch-totals")).toHaveCount(0);
  await dialog.getByTestId("confirm-close-cashbox").click();
  await expect(dialog.getByTestId("cashbox-closed")).toBeVisible();
});
