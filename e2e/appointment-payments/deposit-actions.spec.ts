import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";
import { book, payDeposit, rowOf, setStatus, workingDay } from "./helpers";

/**
 * Spec 03 §4 deposit actions: a no-show's deposit is forfeited (asked once, with a reason), and a
 * booked appointment's deposit is applied to payment: the invoice is issued with its NCF.
 */
test("a no-show's deposit is forfeited", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const booked = await book(page, "Yokasta Mercedes", "809-555-0312", workingDay(6));
  await payDeposit(page, booked.id, "450.00");
  await setStatus(page, booked.id, "no_show");

  await page.goto(tenantUrl("/home/appointments/payments?q=Yokasta%20Mercedes"));
  const deposit = rowOf(page, "deposit", "Yokasta Mercedes");
  await expect(deposit.getByTestId("deposit-status")).toHaveText("Pagado");
  await expect(deposit.getByTestId("appointment-status")).toHaveText("No asistió");
  await expect(deposit.getByRole("button")).toHaveText(["Procesar reembolso", "Retener"]);

  const forfeit = deposit.getByTestId("deposit-forfeit");
  await forfeit.click();
  const dialog = page.getByTestId("forfeit-deposit-dialog");
  await expect(dialog.getByRole("heading", { name: "¿Retener el depósito?" })).toBeVisible();
  await expect(dialog).toContainText("El depósito de RD$450.00 de Yokasta Mercedes se queda en el negocio");
  await expect(dialog.getByTestId("forfeit-reason")).toBeFocused();
  // Escape keeps it and gives the focus back to the row's button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(forfeit).toBeFocused();

  await forfeit.click();
  await dialog.getByTestId("forfeit-reason").fill("No se presentó ni avisó");
  await dialog.getByTestId("forfeit-reason").press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Depósito de RD$450.00 retenido (cita ${booked.appointment_number})`, { exact: true })).toBeVisible();
  await expect(deposit.getByTestId("deposit-status")).toHaveText("Retenido");
  await expect(deposit).toContainText("No se presentó ni avisó");
  await expect(deposit.getByRole("button")).toHaveCount(0);

  // The filter by status finds it among the forfeited.
  await page.getByTestId("deposit-filter-forfeited").click();
  await expect(page).toHaveURL(/status=forfeited/);
  await expect(deposit).toHaveCount(1);
  await page.getByTestId("deposit-filter-refunded").click();
  await expect(page.getByTestId("deposits-empty")).toBeVisible();
});

test("a booked appointment's deposit is applied to payment with an invoice and NCF", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const booked = await book(page, "Wander Almonte", "809-555-0313", workingDay(6));
  await payDeposit(page, booked.id, "450.00");

  await page.goto(tenantUrl("/home/appointments/payments?q=Wander%20Almonte"));
  const deposit = rowOf(page, "deposit", "Wander Almonte");
  await expect(deposit.getByTestId("deposit-status")).toHaveText("Pagado");
  await expect(deposit.getByRole("button")).toHaveText(["Aplicar al pago"]);
  await deposit.getByTestId("deposit-apply_to_payment").click();
  const dialog = page.getByTestId("apply-deposit-dialog");
  await expect(dialog.getByRole("heading", { name: "Aplicar depósito al pago" })).toBeVisible();
  await expect(dialog.getByTestId("apply-deposit-ncf").locator("option:checked")).toContainText("B0");
  await dialog.getByTestId("apply-deposit-submit").click();
  await expect(dialog.getByTestId("apply-deposit-invoice")).toContainText(/Factura \S+ · NCF B0\d{9}/);
  await expect(dialog.getByTestId("apply-deposit-done")).toBeFocused();
  await dialog.getByTestId("apply-deposit-done").click();
  await expect(dialog).toBeHidden();
  await expect(deposit.getByTestId("deposit-status")).toHaveText("Aplicado");
  await expect(deposit).toContainText(/B0\d{9}/);
  await expect(deposit.getByRole("button")).toHaveCount(0);
});
