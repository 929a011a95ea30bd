import { expect, test } from "@playwright/test";
import { trpcMutation } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";
import { book, payDeposit, rowOf, setStatus, workingDay } from "./helpers";

/**
 * Spec 03 §4 'batch process': three cancelled appointments' refunds, approved, are ticked in the
 * queue; one of them is rejected meanwhile (another user), then the batch runs: the summary says
 * two went through and names the one that failed with the server's reason, translated; the two
 * rows read 'Completado' and their deposits 'Reembolsado'.
 */
test("approved refunds are batch processed, with a summary of what failed", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "owner@demo.test");
  const customers = ["Rosanna Tejeda", "Rosanna Batista"];
  const refundIds: string[] = [];
  const numbers: string[] = [];
  for (const [i, name] of [...customers, "Rosanna Guzmán"].entries()) {
    const booked = await book(page, name, `809-555-032${i}`, workingDay(7));
    await payDeposit(page, booked.id, "450.00");
    await setStatus(page, booked.id, "cancelled", "Cambio de planes");
    const refund = await trpcMutation<{ id: string }>(page, "appointment.requestRefund", { appointment_id: booked.id, method: "original_payment_method" });
    await trpcMutation(page, "appointment.approveRefund", { id: refund.id });
    refundIds.push(refund.id);
    numbers.push(booked.appointment_number);
  }

  await page.goto(tenantUrl("/home/appointments/payments?tab=refunds&status=approved&q=Rosanna"));
  await expect(page.getByTestId("refund-filter-approved")).toHaveAttribute("aria-pressed", "true");
  const rows = customers.map((c) => rowOf(page, "refund", c));
  for (const row of rows) await expect(row.getByTestId("refund-status")).toHaveText("Aprobado");
  await expect(page.getByTestId("batch-process")).toBeDisabled();
  await expect(page.getByTestId("batch-process")).toHaveText("Procesar 0 seleccionados");
  await page.getByTestId("batch-select-all").check();
  for (const row of rows) await expect(row.getByTestId("refund-select")).toBeChecked();
  await expect(page.getByTestId("batch-process")).toHaveText("Procesar 3 seleccionados");
  // Someone else rejects the third one while it is ticked here.
  await trpcMutation(page, "appointment.rejectRefund", { id: refundIds[2], notes: "Pagó con transferencia, se revisa aparte" });
  await page.getByTestId("batch-process").click();

  const summary = page.getByTestId("batch-result-dialog");
  await expect(summary.getByTestId("batch-processed")).toHaveText("2 reembolsos procesados");
  await expect(summary.getByTestId("batch-failed")).toContainText("1 no se pudo procesar:");
  await expect(summary.getByTestId("batch-failed-item")).toHaveText(`${numbers[2]} · El reembolso ya cambió de estado; actualiza la lista.`);
  await expect(summary.getByTestId("batch-result-close")).toBeFocused();
  await summary.getByTestId("batch-result-close").click();
  await expect(summary).toBeHidden();

  // Processed ones leave the 'approved' filter; under 'Completado' both are there.
  await expect(page.getByTestId("refunds-empty")).toBeVisible();
  await page.getByTestId("refund-filter-completed").click();
  for (const row of rows) await expect(row.getByTestId("refund-status")).toHaveText("Completado");

  // Their deposits read 'Reembolsado'.
  await page.getByTestId("payments-tab-deposits").click();
  await page.getByTestId("deposit-search").fill("Rosanna");
  for (const c of customers) await expect(rowOf(page, "deposit", c).getByTestId("deposit-status")).toHaveText("Reembolsado");
});
