import { expect, test } from "@playwright/test";
import { signIn, tenantUrl } from "../support";
import { book, payDeposit, rowOf, setStatus, workingDay } from "./helpers";

/**
 * An invoiced appointment's refund is a B04 credit note: the dialog offers only the original
 * payment method and store credit, and once processed the queue shows the credit note's number
 * and NCF beside the invoice.
 */
test("an invoiced deposit is refunded as store credit through a B04 credit note", async ({ page }) => {
  await signIn(page, "owner@demo.test");
  const booked = await book(page, "Dulce María Jáquez", "809-555-0350", workingDay(9));
  await payDeposit(page, booked.id, "450.00", "B02");
  await setStatus(page, booked.id, "cancelled", "Enfermedad");

  await page.goto(tenantUrl("/home/appointments/payments?q=Dulce%20Mar%C3%ADa"));
  const deposit = rowOf(page, "deposit", "Dulce María Jáquez");
  await expect(deposit).toContainText(/B02\d{8}/);
  await deposit.getByTestId("deposit-process_refund").click();
  const dialog = page.getByTestId("refund-request-dialog");
  await expect(dialog.getByTestId("refund-invoiced-note")).toContainText("nota de crédito (B04)");
  await expect(dialog.getByTestId("refund-method").locator("option")).toHaveText(["Método de pago original", "Crédito en tienda"]);
  await dialog.getByTestId("refund-method").selectOption({ label: "Crédito en tienda" });
  await dialog.getByTestId("refund-request-submit").click();
  await expect(dialog).toBeHidden();

  await page.getByTestId("payments-tab-refunds").click();
  await page.getByTestId("refund-search").fill("Dulce María");
  const refund = rowOf(page, "refund", "Dulce María Jáquez");
  await expect(refund).toContainText(/Factura \S+/);
  await refund.getByTestId("refund-approve").click();
  const action = page.getByTestId("refund-action-dialog");
  await action.getByTestId("refund-action-submit").click();
  await expect(refund.getByTestId("refund-status")).toHaveText("Aprobado");
  await refund.getByTestId("refund-process").click();
  await expect(action).toContainText("Se emite una nota de crédito (B04) por RD$450.00 que queda como saldo a favor del cliente.");
  await action.getByTestId("refund-action-submit").click();
  await expect(action).toBeHidden();
  await expect(refund.getByTestId("refund-status")).toHaveText("Completado");
  await expect(refund.getByTestId("refund-credit-note")).toContainText(/NC \S+ · B04\d{8}/);
  await expect(page.getByText(/^Nota de crédito \S+ · NCF B04\d{8}$/)).toBeVisible();
});
