import { expect, type Page, test } from "@playwright/test";
import { tenantUrl } from "../support";
import {
  addByCode,
  type CardSetup,
  completedInvoiceNumber,
  controlSimulator,
  invoiceByNumber,
  invoiceCount,
  openPayment,
  ownerAtPosWithTerminal,
  recordCardStates,
  resetSimulator,
  SIMULATORS,
  simulatorTransactions,
  type TerminalKind,
} from "./card-helpers";

/**
 * The card sale at checkout (issue 12 §2) in Chromium against the terminal simulators: the POS
 * charges the terminal from the browser when the cashier confirms, shows its state, and records
 * the approved transaction with the sale; a decline records nothing; a lost answer is resolved
 * through the terminal's last transaction without charging twice.
 */

let setup: CardSetup | null = null;
test.afterEach(async () => {
  await setup?.restore();
  setup = null;
  await Promise.all((Object.keys(SIMULATORS) as TerminalKind[]).map(resetSimulator));
});

// Agua Planeta Azul 20 oz, RD$35.00 (exempt): one line, one amount to follow.
const WATER = "AGUA-20";

test("card sale approved: the card service charges RD$35.00, the row shows the card and authorization, the invoice keeps the transaction", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "card_service");
  await addByCode(page, WATER, 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  const card = pay.getByTestId("card-charge");
  await expect(card).toHaveAttribute("data-state", "idle");
  await expect(card).toHaveText(`Se cobrará en el terminal ${setup.providerName} al confirmar`);
  // No reference to type: the terminal gives it.
  await expect(pay.getByLabel("Referencia")).toHaveCount(0);

  const states = await recordCardStates(page);
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();
  const number = await completedInvoiceNumber(page);
  // The row waited for the card; once approved the sale was recorded at once (the dialog closed with it).
  expect(await states.sequence()).toEqual(["idle", "waiting"]);
  expect((await states.all()).find((s) => s.state === "waiting")!.text).toContain("Esperando la tarjeta…");

  const charged = await simulatorTransactions<{ status: string; amount: string; invoice_number: string; id: string }>("card_service");
  expect(charged).toHaveLength(1);
  expect(charged[0]).toMatchObject({ id: "txn_00000001", status: "approved", amount: "35.00", invoice_number: expect.stringMatching(/^P[0-9A-F]{10}01$/) });

  const invoice = await invoiceByNumber(page, number);
  expect(invoice).toMatchObject({ total: "35.00", balanceDue: "0.00" });
  expect(invoice.payments).toHaveLength(1);
  expect(invoice.payments[0]).toMatchObject({
    method: { code: "CARD" },
    amount: "35.00",
    status: "completed",
    reference: "B07919",
    card: {
      providerId: setup.providerId,
      transactionId: "txn_00000001",
      authorizationCode: "B07919",
      reference: "100000000001",
      maskedPan: "476173******0010",
      entryMode: "07",
      cardType: "VISA",
      terminalId: "CS-TERM-01",
      merchantId: "MERCH-000987",
      batchNumber: "000001",
    },
  });

  // The invoice's own page: paid, one card payment with its authorization, card, entry mode and terminal.
  await page.goto(tenantUrl(`/home/invoices/${invoice.id}`));
  await expect(page.getByTestId("invoice-balance")).toHaveText("RD$0.00");
  const payment = page.getByTestId("invoice-payment");
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText("Tarjeta");
  await expect(payment).toContainText("B07919");
  await expect(payment).toContainText("RD$35.00");
  await expect(payment.getByTestId("invoice-payment-card")).toHaveText("VISA 476173******0010 · Chip · Terminal CS-TERM-01, lote 000001");
});

test("declined, then paid cash: 'Transacción rechazada' and nothing recorded; the row switched to cash completes the sale without another charge", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "card_service");
  await controlSimulator("card_service", { mode: "decline", count: 1 });
  const before = await invoiceCount(page);
  await addByCode(page, WATER, 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const card = pay.getByTestId("card-charge");
  await expect(card).toHaveAttribute("data-state", "declined");
  await expect(card).toContainText("Transacción rechazada: Fondos insuficientes");
  await expect(card).toContainText("No se registró ningún pago. Reintente o elija otro método.");
  await expect(pay.getByTestId("card-retry")).toBeFocused();
  // Nothing recorded: the dialog stays, the cart is intact, no invoice, the terminal has only the declined one.
  await expect(pay).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Orden Completada" })).toHaveCount(0);
  expect(await invoiceCount(page)).toBe(before);
  expect(await simulatorTransactions("card_service")).toMatchObject([{ status: "declined", amount: "35.00", authorization_code: null }]);
  await expect(pay.getByTestId("checkout-pending")).toHaveText("RD$0.00");

  // Another method: the card state goes, cash pays.
  await pay.getByLabel("Método de pago").first().selectOption({ label: "Efectivo" });
  await expect(pay.getByTestId("card-charge")).toHaveCount(0);
  await pay.getByLabel("Monto").first().fill("50");
  await expect(pay.getByTestId("checkout-change")).toHaveText("RD$15.00");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const number = await completedInvoiceNumber(page);
  await expect(page.getByTestId("post-change")).toHaveText("RD$15.00");
  expect(await invoiceCount(page)).toBe(before + 1);
  const invoice = await invoiceByNumber(page, number);
  expect(invoice).toMatchObject({ total: "35.00", balanceDue: "0.00" });
  expect(invoice.payments).toHaveLength(1);
  expect(invoice.payments[0]).toMatchObject({ method: { code: "CASH" }, amount: "50.00", card: null });
  expect(await simulatorTransactions("card_service")).toHaveLength(1);
});

/** The lost sale's checks after Reintentar: the sale recorded with the one transaction the terminal charged. */
async function expectRecordedOnce(page: Page, kind: TerminalKind, providerId: string, number: string, transactionId: string) {
  expect(await simulatorTransactions(kind)).toHaveLength(1);
  const invoice = await invoiceByNumber(page, number);
  expect(invoice).toMatchObject({ total: "35.00", balanceDue: "0.00" });
  expect(invoice.payments).toHaveLength(1);
  expect(invoice.payments[0]).toMatchObject({ method: { code: "CARD" }, amount: "35.00", card: { providerId, transactionId, authorizationCode: "B07919", maskedPan: "476173******0010" } });
}

test("answer lost (card service): the row says so, Reintentar resolves it through the last transaction, the sale completes and the terminal charged once", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "card_service");
  // The service charges, then its answer is lost on the way (the connection drops mid-answer).
  await controlSimulator("card_service", { mode: "lost", count: 1, operations: ["sale"] });
  const before = await invoiceCount(page);
  await addByCode(page, WATER, 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const card = pay.getByTestId("card-charge");
  await expect(card).toHaveAttribute("data-state", "error");
  await expect(card).toContainText("Falló el pago con tarjeta");
  await expect(card).toContainText("Se perdió la respuesta del terminal");
  await expect(card).toContainText("No se sabe si el terminal cobró: antes de cobrar otra vez se consultará su última transacción.");
  await expect(pay.getByTestId("card-retry")).toBeFocused();
  expect(await invoiceCount(page)).toBe(before);
  // The terminal did charge: one approved sale nobody recorded yet.
  expect(await simulatorTransactions("card_service")).toMatchObject([{ status: "approved", amount: "35.00" }]);

  const states = await recordCardStates(page);
  await pay.getByTestId("card-retry").click();
  const number = await completedInvoiceNumber(page);
  // Reintentar first read the terminal's last transaction, found this sale approved and recorded it.
  expect(await states.sequence()).toEqual(["error", "waiting"]);
  expect((await states.all()).find((s) => s.state === "waiting")!.text).toContain("Consultando la última transacción del terminal…");
  await expectRecordedOnce(page, "card_service", setup.providerId, number, "txn_00000001");
});

test("answer lost (lane, the cashier stops waiting): 'Espera cancelada', the lane finishes the sale meanwhile, Reintentar takes it from the last transaction and the lane charged once", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "lane");
  // The lane takes 2.5 s and carries the sale out even when nobody waits for its answer any more.
  await controlSimulator("lane", { mode: "slow", delayMs: 2500, count: 1, operations: ["sale"] });
  const before = await invoiceCount(page);
  await addByCode(page, WATER, 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const card = pay.getByTestId("card-charge");
  await expect(card).toHaveAttribute("data-state", "waiting");
  await expect(card).toContainText("Esperando la tarjeta…");
  await expect(card).toContainText(`Pida al cliente que inserte, deslice o acerque la tarjeta en ${setup.providerName}: RD$35.00`);
  await pay.getByTestId("card-cancel").click();
  await expect(card).toHaveAttribute("data-state", "cancelled");
  await expect(card).toContainText("Espera cancelada");
  await expect(card).toContainText("No se sabe si el terminal cobró");
  expect(await invoiceCount(page)).toBe(before);
  // The lane finished the sale after the cashier stopped waiting.
  await expect.poll(() => simulatorTransactions("lane").then((t) => t.length), { timeout: 5_000 }).toBe(1);

  const states = await recordCardStates(page);
  await pay.getByTestId("card-retry").click();
  const number = await completedInvoiceNumber(page);
  expect(await states.sequence()).toEqual(["cancelled", "waiting"]);
  expect((await states.all()).find((s) => s.state === "waiting")!.text).toContain("Consultando la última transacción del terminal…");
  await expectRecordedOnce(page, "lane", setup.providerId, number, "000001");
});

test("split between two cards: the first approved stays locked while the second waits; cancelled, the second is recovered on Reintentar and the first is never charged again", async ({ page }) => {
  setup = await ownerAtPosWithTerminal(page, "card_service");
  // Each sale takes 1.5 s, so the first card's answer is on screen while the second waits.
  await controlSimulator("card_service", { mode: "slow", delayMs: 1500, count: 2, operations: ["sale"] });
  await addByCode(page, WATER, 1);
  const pay = await openPayment(page, "RD$35.00", "Tarjeta");
  await pay.getByLabel("Monto").first().fill("20");
  await pay.getByRole("button", { name: "Agregar pago" }).click();
  await pay.getByLabel("Método de pago").nth(1).selectOption({ label: "Tarjeta" });
  await expect(pay.getByLabel("Monto").nth(1)).toHaveValue("15.00");
  await pay.getByRole("button", { name: /Confirmar pago/ }).click();

  const first = pay.getByTestId("card-charge").nth(0);
  const second = pay.getByTestId("card-charge").nth(1);
  await expect(first).toHaveAttribute("data-state", "approved");
  await expect(first).toContainText("Aprobada · RD$20.00");
  await expect(first.getByTestId("card-approved-details")).toHaveText("VISA 476173******0010 · Chip · Autorización B07919 · Ref. 100000000001");
  await expect(second).toHaveAttribute("data-state", "waiting");
  await expect(second).toContainText("RD$15.00");
  await expect(pay.getByLabel("Método de pago").first()).toBeDisabled();
  await expect(pay.getByLabel("Monto").first()).toHaveAttribute("readonly", "");

  // The cashier stops waiting: the second is 'Espera cancelada', the first stays approved.
  await second.getByTestId("card-cancel").click();
  await expect(second).toHaveAttribute("data-state", "cancelled");
  await expect(first).toHaveAttribute("data-state", "approved");
  await expect(pay.getByTestId("card-retry")).toHaveCount(1);
  // The terminal finished the second sale anyway.
  await expect.poll(() => simulatorTransactions("card_service").then((t) => t.length), { timeout: 5_000 }).toBe(2);

  await pay.getByTestId("card-retry").click();
  const number = await completedInvoiceNumber(page);
  const charged = await simulatorTransactions<{ id: string; amount: string; invoice_number: string; status: string }>("card_service");
  expect(charged).toHaveLength(2);
  expect(charged.map((t) => [t.id, t.amount, t.status])).toEqual([
    ["txn_00000001", "20.00", "approved"],
    ["txn_00000002", "15.00", "approved"],
  ]);
  // One checkout, two slots: the same key, 01 and 02.
  expect(charged[0]!.invoice_number).toMatch(/^P[0-9A-F]{10}01$/);
  expect(charged[1]!.invoice_number).toBe(`${charged[0]!.invoice_number.slice(0, 11)}02`);

  const invoice = await invoiceByNumber(page, number);
  expect(invoice).toMatchObject({ total: "35.00", balanceDue: "0.00" });
  expect(invoice.payments.map((p) => [p.method.code, p.amount, p.card?.transactionId])).toEqual([
    ["CARD", "20.00", "txn_00000001"],
    ["CARD", "15.00", "txn_00000002"],
  ]);
});

// The lane's answer is lost after its head (tools/card-lane.ts dropConnection): a lane that drops a
// reused connection before any byte lets the browser resend the GET sale on its own (docs/decisions.md).
test(
  "answer lost on the lane: the row says so, Reintentar takes it from the last transaction and the lane charged once",
  async ({ page }) => {
    setup = await ownerAtPosWithTerminal(page, "lane");
    await controlSimulator("lane", { mode: "lost", count: 1, operations: ["sale"] });
    await addByCode(page, WATER, 1);
    const pay = await openPayment(page, "RD$35.00", "Tarjeta");
    await pay.getByRole("button", { name: /Confirmar pago/ }).click();
    const card = pay.getByTestId("card-charge");
    await expect(card).toHaveAttribute("data-state", "error");
    await expect(card).toContainText("Se perdió la respuesta del terminal");
    expect(await simulatorTransactions("lane")).toHaveLength(1);
    await pay.getByTestId("card-retry").click();
    const number = await completedInvoiceNumber(page);
    await expectRecordedOnce(page, "lane", setup.providerId, number, "000001");
  },
);
