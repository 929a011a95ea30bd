import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";
import { book, restorePolicy, rowOf, savePolicy, workingDay } from "./helpers";

/**
 * Spec 03 'deposit management; refund processing queue': a booked appointment's deposit is paid
 * without invoice through the apply-payment dialog, the appointment is cancelled, its refund is
 * asked for from the Pagos tab with the policy's quote (RD$100 fee and RD$50 retention, waivable),
 * then approved and processed in the queue: completed, and the deposit reads 'Reembolsado'.
 */
test("deposit paid, appointment cancelled, refund requested, approved and processed", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner@demo.test");
  const policy = await savePolicy(page);
  try {
    await trpcMutation(page, "appointment.updatePolicy", { ...policy, cancellation_fee: "100.00", retention_amount: "50.00", refund_window_hours: 24, is_active: true });
    const date = workingDay(5);
    const booked = await book(page, "Marisol Peguero", "809-555-0311", date);

    // The deposit (30 % of RD$1,500) in cash, without invoice, from the appointment's sheet.
    await page.goto(tenantUrl(`/home/appointments/list?from=${date}&to=${date}&q=Marisol%20Peguero`));
    await page.getByTestId("appointment-row").filter({ has: page.getByText(booked.appointment_number, { exact: true }) }).click();
    const sheet = page.getByTestId("appointment-sheet");
    await sheet.getByTestId("appointment-apply-payment").click();
    const pay = page.getByTestId("apply-payment-dialog");
    await pay.getByText("Depósito", { exact: true }).click();
    await expect(pay.getByTestId("payment-amount")).toHaveValue("450.00");
    await pay.getByTestId("payment-generate-invoice").uncheck();
    await pay.getByTestId("payment-submit").click();
    await pay.getByTestId("payment-done").click();
    await expect(sheet.getByTestId("appointment-paid")).toHaveText("RD$450.00");
    await expect(sheet.getByTestId("appointment-request-refund")).toHaveCount(0);

    // Cancelled (with more than 24 h notice): the sheet now offers the refund.
    await sheet.getByTestId("appointment-to-cancelled").click();
    await sheet.getByLabel("Motivo (opcional)").fill("El cliente se mudó");
    await sheet.getByTestId("appointment-confirm-status-yes").click();
    await expect(sheet.getByTestId("appointment-status").first()).toHaveText("Cancelada");
    await expect(sheet.getByTestId("appointment-request-refund")).toHaveText("Solicitar reembolso");
    await sheet.getByRole("button", { name: "Cerrar", exact: true }).click();

    // Pagos > Depósitos: the paid deposit of a cancelled appointment.
    await page.goto(tenantUrl("/home/appointments/payments?q=Marisol%20Peguero"));
    await expect(page.getByRole("heading", { name: "Pagos", level: 2 })).toBeVisible();
    await expect(page.getByTestId("payments-tab-deposits")).toHaveAttribute("aria-selected", "true");
    const deposit = rowOf(page, "deposit", "Marisol Peguero");
    await expect(deposit).toHaveCount(1);
    await expect(deposit.getByTestId("deposit-number")).toHaveText(booked.appointment_number);
    await expect(deposit.getByTestId("deposit-status")).toHaveText("Pagado");
    await expect(deposit.getByTestId("deposit-amount")).toHaveText("RD$450.00");
    await expect(deposit.getByTestId("deposit-apply_to_payment")).toHaveCount(0);
    await expect(page.getByTestId("deposit-filter-count-paid")).toHaveText("1");

    // The refund dialog: the policy's quote, waive fees re-quotes, the methods of money never invoiced.
    await deposit.getByTestId("deposit-process_refund").click();
    const dialog = page.getByTestId("refund-request-dialog");
    await expect(dialog.getByRole("heading", { name: "Procesar reembolso" })).toBeVisible();
    await expect(dialog.getByTestId("quote-original")).toHaveText("RD$450.00");
    await expect(dialog.getByTestId("quote-percent")).toHaveText("100 %");
    await expect(dialog.getByTestId("quote-fee")).toHaveText("− RD$100.00");
    await expect(dialog.getByTestId("quote-retention")).toHaveText("− RD$50.00");
    await expect(dialog.getByTestId("quote-amount")).toHaveText("RD$300.00");
    await dialog.getByTestId("refund-waive").click();
    await expect(dialog.getByTestId("quote-amount")).toHaveText("RD$450.00");
    await expect(dialog.getByTestId("quote-fee")).toHaveText("− RD$0.00");
    await dialog.getByTestId("refund-waive").click();
    await expect(dialog.getByTestId("quote-amount")).toHaveText("RD$300.00");
    await expect(dialog.getByTestId("refund-method").locator("option")).toHaveText(["Método de pago original", "Procesamiento manual"]);
    await dialog.getByTestId("refund-notes").fill("Canceló con más de 24 horas");
    await dialog.getByTestId("refund-request-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Reembolso solicitado", { exact: true })).toBeVisible();
    await expect(deposit.getByTestId("deposit-refund")).toContainText("Pendiente de revisión");
    await expect(deposit.getByTestId("deposit-process_refund")).toHaveCount(0);
    await expect(page.getByTestId("payments-waiting")).toBeVisible();

    // Reembolsos: approve, then process.
    await page.getByTestId("payments-tab-refunds").click();
    await expect(page.getByTestId("payments-tab-refunds")).toHaveAttribute("aria-selected", "true");
    await page.getByTestId("refund-search").fill("Marisol Peguero");
    const refund = rowOf(page, "refund", "Marisol Peguero");
    await expect(refund).toHaveCount(1);
    await expect(refund.getByTestId("refund-status")).toHaveText("Pendiente de revisión");
    await expect(refund.getByTestId("refund-amount")).toHaveText("RD$300.00");
    await refund.getByTestId("refund-approve").click();
    const action = page.getByTestId("refund-action-dialog");
    await expect(action).toHaveAttribute("data-action", "approve");
    await action.getByTestId("refund-action-submit").click();
    await expect(action).toBeHidden();
    await expect(refund.getByTestId("refund-status")).toHaveText("Aprobado");

    await refund.getByTestId("refund-process").click();
    await expect(action).toContainText("Se devuelven RD$300.00 por el método de pago original.");
    await action.getByTestId("refund-action-notes").fill("Entregado en efectivo");
    await action.getByTestId("refund-action-submit").click();
    await expect(action).toBeHidden();
    await expect(refund.getByTestId("refund-status")).toHaveText("Completado");
    await expect(refund).toContainText("Entregado en efectivo");
    await expect(refund.getByTestId("refund-process")).toHaveCount(0);

    // Depósitos: the deposit reads 'Reembolsado'.
    await page.getByTestId("payments-tab-deposits").click();
    await page.getByTestId("deposit-search").fill("Marisol Peguero");
    await expect(deposit.getByTestId("deposit-status")).toHaveText("Reembolsado");
    await expect(deposit.getByTestId("deposit-refund")).toContainText("Completado");
    await expect(deposit.getByRole("button")).toHaveCount(0);

    // The appointment's sheet shows its refund instead of offering another.
    await page.goto(tenantUrl(`/home/appointments/list?from=${date}&to=${date}&q=Marisol%20Peguero`));
    await page.getByTestId("appointment-row").filter({ has: page.getByText(booked.appointment_number, { exact: true }) }).click();
    await expect(sheet.getByTestId("appointment-paid")).toHaveText("RD$150.00");
    await expect(sheet.getByTestId("appointment-refund")).toContainText("Reembolso de RD$300.00:");
    await expect(sheet.getByTestId("appointment-refund").getByTestId("refund-status")).toHaveText("Completado");
    await expect(sheet.getByTestId("appointment-request-refund")).toHaveCount(0);
  } finally {
    await restorePolicy(page, policy);
  }
});
