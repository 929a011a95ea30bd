import { expect, type Page, test } from "@playwright/test";
import { controlSimulator, invoiceByNumber, ownerAtPosWithTerminal, simulatorTransactions } from "../card-terminal/card-helpers";
import { trpcQuery } from "../catalog-helpers";
import { chooseCustomerAtPos } from "../helpers-extra";
import { tenantUrl } from "../support";

/**
 * Issue 12 §4: a return of an invoice paid on a card terminal goes back to that card through the
 * terminal's return (the local card service simulator), recorded on the credit note; when the
 * terminal declines, the refund is given in cash instead. Both in the real browser.
 */
interface SimTransaction {
  type: string;
  status: string;
  amount: string;
  invoice_number: string;
  original_invoice_number: string | null;
}

/** A card sale of 2 × Arroz (RD$840) to Supermercado Bravo, charged on the simulator; returns the invoice number. */
async function cardSaleToBravo(page: Page): Promise<string> {
  const search = page.getByLabel("Buscar producto", { exact: true });
  for (let i = 0; i < 2; i++) {
    await search.fill("Arroz");
    await search.press("Enter");
  }
  await expect(page.getByTestId("cart-line").locator("input").first()).toHaveValue("2");
  await chooseCustomerAtPos(page, "Bravo", "Supermercado Bravo Churchill");
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await pay.getByLabel("Método de pago").first().selectOption({ label: "Tarjeta" });
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  const number = /Factura (\S+) · NCF/.exec((await done.textContent()) ?? "")![1]!;
  await page.keyboard.press("Escape");
  return number;
}

/** Opens the invoice, and its return wizard on the confirmation of one unit returned. */
async function returnOneUnit(page: Page, invoiceNumber: string) {
  const invoice = await invoiceByNumber(page, invoiceNumber);
  await page.goto(tenantUrl(`/home/invoices/${invoice.id}`));
  await page.getByTestId("invoice-detail").getByTestId("invoice-return").click();
  const wizard = page.getByTestId("return-wizard");
  await wizard.getByTestId("return-number").press("Enter");
  await wizard.getByTestId("return-line").first().getByRole("spinbutton").fill("1");
  await wizard.getByTestId("return-next").click();
  await expect(wizard.getByTestId("return-total")).toContainText("420.00");
  return wizard;
}

test("a return of a card sale goes back to the card on the terminal and is recorded on the note", async ({ page }) => {
  const setup = await ownerAtPosWithTerminal(page, "card_service");
  try {
    const invoiceNumber = await cardSaleToBravo(page);
    const [sale] = await simulatorTransactions<SimTransaction>("card_service");
    expect(sale).toMatchObject({ type: "sale", status: "approved", amount: "840.00" });

    const wizard = await returnOneUnit(page, invoiceNumber);
    await wizard.getByTestId("refund-card").check();
    await wizard.getByTestId("return-next").click();
    await expect(wizard.getByTestId("return-done")).toBeVisible();
    // The terminal's return starts by itself and is recorded on the note.
    const panel = wizard.getByTestId("card-refund");
    await expect(panel.getByTestId("card-refund-done")).toBeVisible();
    await expect(panel.getByTestId("card-charge")).toHaveAttribute("data-state", "approved");
    await expect(panel.getByTestId("card-charge")).toContainText("Devuelto a la tarjeta");
    await page.screenshot({ path: "test-results/card-refund-approved.png" });

    // Exactly one return, of RD$420, against the sale's invoice number.
    const all = await simulatorTransactions<SimTransaction>("card_service");
    const returns = all.filter((t) => t.type === "return");
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({ status: "approved", amount: "420.00", original_invoice_number: sale!.invoice_number });

    // The note says where the money went.
    const noteNumber = (await wizard.getByTestId("return-note-number").textContent())!.trim();
    const note = await trpcQuery<{ id: string; status: string; refundMethod: string; refundAmount: string; cardRefund: { maskedPan: string | null; transactionId: string } }>(page, "creditNote.getByNumber", { number: noteNumber });
    expect(note).toMatchObject({ status: "used", refundMethod: "card", refundAmount: "420.00" });
    expect(note.cardRefund.maskedPan).toBeTruthy();
    await wizard.getByTestId("return-close").click();
    await page.getByTestId("return-leave-confirm").click();
    await page.goto(tenantUrl(`/home/credit-notes/${note.id}`));
    await expect(page.getByTestId("credit-note-card-refund")).toContainText(note.cardRefund.maskedPan!);
  } finally {
    await setup.restore();
  }
});

test("a card refund the terminal declines is given in cash instead, from the note's page", async ({ page }) => {
  const setup = await ownerAtPosWithTerminal(page, "card_service");
  try {
    const invoiceNumber = await cardSaleToBravo(page);
    await controlSimulator("card_service", { mode: "decline", count: 1, operations: ["refund"] });
    const wizard = await returnOneUnit(page, invoiceNumber);
    await wizard.getByTestId("refund-card").check();
    await wizard.getByTestId("return-next").click();
    const panel = wizard.getByTestId("card-refund");
    await expect(panel.getByTestId("card-charge")).toHaveAttribute("data-state", "declined");
    await expect(panel).toContainText("No se devolvió nada a la tarjeta");
    await page.screenshot({ path: "test-results/card-refund-declined.png" });
    const noteNumber = (await wizard.getByTestId("return-note-number").textContent())!.trim();
    // Closing leaves the note waiting; its page offers the same choices.
    await wizard.getByTestId("return-close").click();
    await page.getByTestId("return-leave-confirm").click();
    const note = await trpcQuery<{ id: string; status: string }>(page, "creditNote.getByNumber", { number: noteNumber });
    expect(note.status).toBe("pending");
    await page.goto(tenantUrl(`/home/credit-notes/${note.id}`));
    await page.getByTestId("card-refund-cash").click();
    await expect(page.getByTestId("card-refund")).toHaveCount(0);
    const settled = await trpcQuery<{ status: string; refundMethod: string }>(page, "creditNote.getByNumber", { number: noteNumber });
    expect(settled).toMatchObject({ status: "used", refundMethod: "cash" });
    // Nothing went back to the card.
    const returns = (await simulatorTransactions<SimTransaction>("card_service")).filter((t) => t.type === "return" && t.status === "approved");
    expect(returns).toHaveLength(0);
  } finally {
    await setup.restore();
  }
});
