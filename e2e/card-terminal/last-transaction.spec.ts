import { expect, type Page, test } from "@playwright/test";
import { tenantUrl } from "../support";
import {
  addByCode,
  type CardSetup,
  completedInvoiceNumber,
  invoiceByNumber,
  openPayment,
  ownerAtPosWithTerminal,
  resetSimulator,
  SIMULATORS,
  simulatorTransactions,
  type TerminalKind,
} from "./card-helpers";

/**
 * The POS's last card transaction (issue 12 §4): quick command 031 or the toolbar button reads the
 * terminal's last transaction from the browser (variant 1 for the lane, 2 for the card service);
 * 'Anular', asked once, voids it on the terminal, reverses the payment on its invoice (which owes
 * again) and the panel reloads.
 */

let setup: CardSetup | null = null;
test.afterEach(async () => {
  await setup?.restore();
  setup = null;
  await Promise.all((Object.keys(SIMULATORS) as TerminalKind[]).map(resetSimulator));
});

/** A card sale of Agua Planeta Azul 20 oz (RD$35.00), approved; the completed dialog closed. */
async function approvedCardSale(page: Page): Promise<string> {
  await addByCode(page, "AGUA-20", 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const number = await completedInvoiceNumber(page);
  await page.getByRole("dialog", { name: "Orden Completada" }).getByRole("button", { name: /^Omitir/ }).click();
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toHaveCount(0);
  return number;
}

const VARIANTS = [
  { kind: "card_service", open: "quick command 031", details: "card-interface-details", approved: "Aprobada", voided: "Anulada", key: "txn_00000001" },
  { kind: "lane", open: "the toolbar button", details: "card-lane-details", approved: "APROBADA", voided: "ANULADA", key: "000001" },
] as const;

for (const v of VARIANTS) {
  test(`void the last approved transaction (${v.kind}, ${v.open}): 'Anular' confirmed, the panel reloads as voided and the invoice owes RD$35.00 again`, async ({ page }) => {
    setup = await ownerAtPosWithTerminal(page, v.kind);
    const number = await approvedCardSale(page);

    if (v.open === "quick command 031") {
      await page.keyboard.press("F10");
      const commands = page.getByRole("dialog", { name: "Comandos rápidos" });
      const code = commands.getByLabel("Código del comando");
      await expect(code).toBeFocused();
      await code.fill("031");
      await code.press("Enter");
      await expect(commands).toHaveCount(0);
    } else {
      await page.getByRole("button", { name: "Última transacción de tarjeta" }).click();
    }

    const panel = page.getByTestId("last-card-transaction");
    await expect(panel.getByRole("heading", { name: "Última transacción de tarjeta" })).toBeVisible();
    await expect(panel).toContainText(`Terminal: ${setup.providerName}`);
    await expect(panel.getByTestId(v.details)).toBeVisible();
    await expect(panel.getByTestId("card-result")).toHaveText(v.approved);
    await expect(panel.getByTestId("card-amount")).toHaveText("RD$35.00");
    await expect(panel.getByTestId("card-authorization")).toHaveText("B07919");
    await expect(panel).toContainText("476173******0010");
    await expect(panel).toContainText("Chip");

    // Asked once; cancelling the question changes nothing.
    await panel.getByTestId("card-void").click();
    const confirm = page.getByTestId("card-void-confirm");
    await expect(confirm).toContainText("¿Anular la transacción?");
    await expect(confirm).toContainText("La terminal devolverá RD$35.00 a la tarjeta y el pago se anulará en su factura.");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(confirm).toHaveCount(0);
    expect(await simulatorTransactions<{ status?: string; voided?: boolean }>(v.kind)).toHaveLength(1);
    expect((await invoiceByNumber(page, number)).balanceDue).toBe("0.00");

    await panel.getByTestId("card-void").click();
    await page.getByTestId("card-void-confirm-confirm").click();
    await expect(page.getByText("Transacción anulada", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`La factura ${number} vuelve a deber RD$35.00.`).first()).toBeVisible();
    // The panel reloaded: the same transaction, now voided, and no 'Anular'.
    await expect(panel.getByTestId("card-result")).toHaveText(v.voided);
    await expect(panel.getByTestId("card-void")).toHaveCount(0);
    await expect(panel.getByTestId("card-amount")).toHaveText("RD$35.00");

    const charged = await simulatorTransactions<{ status?: string; voided?: boolean; HostResponse?: string }>(v.kind);
    expect(charged).toHaveLength(1);
    if (v.kind === "lane") expect(charged[0]).toMatchObject({ voided: true, HostResponse: "ANULADA" });
    else expect(charged[0]).toMatchObject({ status: "cancelled", message: "Anulada" });

    const invoice = await invoiceByNumber(page, number);
    expect(invoice).toMatchObject({ total: "35.00", balanceDue: "35.00" });
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({ method: { code: "CARD" }, status: "cancelled", card: { transactionId: v.key } });

    await panel.getByRole("button", { name: "Cerrar" }).last().click();
    await expect(panel).toHaveCount(0);
    await page.goto(tenantUrl(`/home/invoices/${invoice.id}`));
    await expect(page.getByTestId("invoice-balance")).toHaveText("RD$35.00");
    await expect(page.getByTestId("invoice-payment")).toContainText("Anulado");
  });
}

test("the panel without transactions says 'No hay transacciones recientes' and offers no 'Anular'; a terminal that fails says it could not read it", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "card_service");
  await page.getByRole("button", { name: "Última transacción de tarjeta" }).click();
  const panel = page.getByTestId("last-card-transaction");
  await expect(panel.getByTestId("card-last-empty")).toHaveText("No hay transacciones recientes");
  await expect(panel.getByTestId("card-void")).toHaveCount(0);

  const res = await fetch(`${SIMULATORS.card_service}__control`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ mode: "error", operations: ["last"] }) });
  expect(res.status).toBe(200);
  await panel.getByRole("button", { name: "Actualizar" }).click();
  await expect(panel.getByTestId("card-last-error")).toContainText("Error al obtener la última transacción");
  await expect(panel.getByTestId("card-last-error")).toContainText("HTTP error! status: 500");
});
