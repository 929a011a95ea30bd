import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";
import { book, payDeposit, rowOf, setStatus, workingDay } from "./helpers";

/**
 * Spec 03 §4 'reject': a refund request is rejected only with a reason (the dialog says so under
 * the field); the queue keeps the reason, and the deposit may be refunded again: this time from the
 * appointment's sheet ('Solicitar reembolso', the same dialog), which then shows the new request.
 */
test("a refund request is rejected with a reason; the deposit can be refunded again", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const date = workingDay(8);
  const booked = await book(page, "Altagracia Reynoso", "809-555-0340", date);
  await payDeposit(page, booked.id, "450.00");
  await setStatus(page, booked.id, "cancelled");
  await trpcMutation(page, "appointment.requestRefund", { appointment_id: booked.id, method: "manual_processing" });

  await page.goto(tenantUrl("/home/appointments/payments?tab=refunds&q=Altagracia%20Reynoso"));
  const refund = rowOf(page, "refund", "Altagracia Reynoso");
  await expect(refund.getByTestId("refund-status")).toHaveText("Pendiente de revisión");
  await expect(refund.getByRole("button")).toHaveText(["Aprobar", "Rechazar"]);
  await refund.getByTestId("refund-reject").click();
  const dialog = page.getByTestId("refund-action-dialog");
  await expect(dialog.getByRole("heading", { name: `Rechazar el reembolso de la cita ${booked.appointment_number}` })).toBeVisible();
  await expect(dialog.getByTestId("refund-action-notes")).toBeFocused();
  await dialog.getByTestId("refund-action-submit").click();
  await expect(dialog.getByRole("alert")).toHaveText("Escribe el motivo del rechazo.");
  await expect(dialog.getByTestId("refund-action-notes")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByTestId("refund-action-notes").fill("El cliente pidió reprogramar en vez de reembolso");
  await dialog.getByTestId("refund-action-submit").click();
  await expect(dialog).toBeHidden();
  await expect(refund.getByTestId("refund-status")).toHaveText("Rechazado");
  await expect(refund).toContainText("El cliente pidió reprogramar en vez de reembolso");
  await expect(refund.getByRole("button")).toHaveCount(0);

  // The deposit is still paid and may be refunded again.
  await page.getByTestId("payments-tab-deposits").click();
  await page.getByTestId("deposit-search").fill("Altagracia Reynoso");
  const deposit = rowOf(page, "deposit", "Altagracia Reynoso");
  await expect(deposit.getByTestId("deposit-status")).toHaveText("Pagado");
  await expect(deposit.getByTestId("deposit-process_refund")).toBeVisible();

  await page.goto(tenantUrl(`/home/appointments/list?from=${date}&to=${date}&q=Altagracia%20Reynoso`));
  await page.getByTestId("appointment-row").filter({ has: page.getByText(booked.appointment_number, { exact: true }) }).click();
  const sheet = page.getByTestId("appointment-sheet");
  const request = sheet.getByTestId("appointment-request-refund");
  await expect(request).toHaveText("Solicitar reembolso");
  await request.click();
  const ask = page.getByTestId("refund-request-dialog");
  await expect(ask.getByTestId("quote-amount")).toHaveText("RD$450.00");
  await ask.getByTestId("refund-method").selectOption({ label: "Procesamiento manual" });
  await expect(ask).toContainText("Le entregas el dinero fuera del sistema");
  await ask.getByTestId("refund-request-submit").click();
  await expect(ask).toBeHidden();
  await expect(sheet.getByTestId("appointment-refund").getByTestId("refund-status")).toHaveText("Pendiente de revisión");
});
