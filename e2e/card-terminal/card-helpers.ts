import { expect, type Locator, type Page } from "@playwright/test";
import { closeOwnCashbox, ensureCashboxOpen, trpcMutation, trpcQuery } from "../catalog-helpers";
import { uniqueSuffix } from "../helpers-extra";
import { signIn, tenantUrl } from "../support";

/**
 * The card terminal simulators playwright.config.ts starts next to the app (issue 12): the lane
 * (tools/card-lane.ts) and the local card service (tools/card-service.ts). The POS calls them from
 * the browser; the tests set their mode, reset them and read what they charged from Node.
 */
const CARD_HOST = process.env.HOST ?? "127.0.0.1";
export const SIMULATORS = {
  lane: `http://${CARD_HOST}:${Number(process.env.CARD_LANE_PORT ?? 5000)}/`,
  card_service: `http://${CARD_HOST}:${Number(process.env.CARD_SERVICE_PORT ?? 5050)}/`,
} as const;
export type TerminalKind = keyof typeof SIMULATORS;

async function sim(kind: TerminalKind, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${SIMULATORS[kind]}${path}`, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${kind} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** POST /__reset: no transactions, approve mode, batch 1. */
export const resetSimulator = (kind: TerminalKind) => sim(kind, "__reset", {});
/** POST /__control: the mode of the following calls ({mode, count, operations, …}). */
export const controlSimulator = (kind: TerminalKind, control: Record<string, unknown>) => sim(kind, "__control", control);
/** GET /__transactions: every transaction the simulator carried out since its reset. */
export const simulatorTransactions = <T = Record<string, unknown>>(kind: TerminalKind) => sim(kind, "__transactions") as Promise<T[]>;

export interface CardSetup {
  providerId: string;
  providerName: string;
  cashboxId: string;
  cardMethodId: string;
  /** puts the CARD method and the providers back as they were (no provider: charged by hand) */
  restore: () => Promise<void>;
}

/**
 * The demo owner at the POS with their cash box open and an empty cart, a card provider of
 * `kind` pointing at its simulator for that cash box, and the CARD method 'using card provider'
 * linked to it; the simulator reset.
 *
 * The provider is created inactive and then activated, so it never becomes the tenant's default
 * (a default can only be replaced, never removed): other e2e flows keep charging CARD by hand.
 * `restore` also closes the owner's cash box when this setup opened it.
 */
export async function ownerAtPosWithTerminal(page: Page, kind: TerminalKind): Promise<CardSetup> {
  await signIn(page, "owner@demo.test");
  const hadOpenBox = !!(await trpcQuery(page, "cashbox.getActive"));
  await ensureCashboxOpen(page);
  const linked = await linkCardProvider(page, kind);
  // The box this setup opened is closed again (counted as expected), so later flows find it as they left it.
  const setup: CardSetup = {
    ...linked,
    restore: async () => {
      await linked.restore();
      if (!hadOpenBox) await closeOwnCashbox(page);
    },
  };
  await resetSimulator(kind);
  await page.goto(tenantUrl("/home/pos"));
  await page.evaluate(() => localStorage.removeItem("pos_cart_state"));
  await page.reload();
  await expect(page.getByLabel("Buscar producto", { exact: true })).toBeVisible();
  return setup;
}

export async function linkCardProvider(page: Page, kind: TerminalKind): Promise<CardSetup> {
  const active = await trpcQuery<{ cashboxId: string } | null>(page, "cashbox.getActive");
  if (!active) throw new Error("the owner has no open cash box");
  const tag = uniqueSuffix().toUpperCase();
  const name = kind === "lane" ? `Carril E2E ${tag}` : `Servicio E2E ${tag}`;
  const created = await trpcMutation<{ id: string; is_default: boolean }>(page, "cardProvider.create", {
    code: `E2E-${tag}`,
    name,
    kind,
    api_url: SIMULATORS[kind],
    cashbox_id: active.cashboxId,
    is_default: false,
    is_active: false,
  });
  const provider = await trpcMutation<{ id: string; is_default: boolean; is_active: boolean }>(page, "cardProvider.update", { id: created.id, is_active: true });
  expect(provider).toMatchObject({ is_default: false, is_active: true });
  const methods = await trpcQuery<{ id: string; code: string; useCardProvider: boolean; cardProviderId: string | null }[]>(page, "paymentMethod.getAll");
  const card = methods.find((m) => m.code === "CARD");
  if (!card) throw new Error("the demo tenant has no CARD method");
  await trpcMutation(page, "paymentMethod.update", { id: card.id, useCardProvider: true, cardProviderId: provider.id });
  return {
    providerId: provider.id,
    providerName: name,
    cashboxId: active.cashboxId,
    cardMethodId: card.id,
    restore: async () => {
      await trpcMutation(page, "paymentMethod.update", { id: card.id, useCardProvider: card.useCardProvider, cardProviderId: card.cardProviderId });
      await trpcMutation(page, "cardProvider.update", { id: provider.id, is_active: false });
    },
  };
}

/** Adds a product by its code through the POS search (Enter adds an exact code at once). */
export async function addByCode(page: Page, code: string, lines: number) {
  const search = page.getByLabel("Buscar producto", { exact: true });
  await search.fill(code);
  await search.press("Enter");
  await expect(page.getByTestId("cart-line")).toHaveCount(lines);
}

/** F9 opens the payment dialog; its first row takes `method`. */
export async function openPayment(page: Page, total: string, method: string): Promise<Locator> {
  await page.getByLabel("Buscar producto", { exact: true }).focus();
  await page.keyboard.press("F9");
  const pay = page.getByRole("dialog", { name: "Cobrar" });
  await expect(pay.getByTestId("checkout-total")).toHaveText(total);
  await pay.getByLabel("Método de pago").first().selectOption({ label: method });
  return pay;
}

export interface CardStateSnapshot {
  state: string | null;
  text: string;
  details: string | null;
  recovered: string | null;
}

/**
 * Records every state the payment rows' card status goes through (a MutationObserver in the page),
 * so a state the dialog shows only until the sale is recorded and the dialog closes (approved,
 * recovered) can still be asserted, without slowing the app or intercepting its requests.
 */
export async function recordCardStates(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { cardStates: CardStateSnapshot[] };
    w.cardStates = [];
    const snap = () => {
      for (const el of document.querySelectorAll('[data-testid="card-charge"]')) {
        const s = {
          state: el.getAttribute("data-state"),
          text: el.textContent ?? "",
          details: el.querySelector('[data-testid="card-approved-details"]')?.textContent ?? null,
          recovered: el.querySelector('[data-testid="card-recovered"]')?.textContent ?? null,
        };
        const last = w.cardStates[w.cardStates.length - 1];
        if (!last || JSON.stringify(last) !== JSON.stringify(s)) w.cardStates.push(s);
      }
    };
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    snap();
  });
  return {
    all: () => page.evaluate(() => (window as unknown as { cardStates: CardStateSnapshot[] }).cardStates),
    /** the states one after the other (a state drawn in several steps counts once) */
    sequence: async () =>
      (await page.evaluate(() => (window as unknown as { cardStates: CardStateSnapshot[] }).cardStates))
        .map((s) => s.state)
        .filter((state, i, all) => i === 0 || all[i - 1] !== state),
    /** the last snapshot in that state */
    last: async (state: string) => (await page.evaluate(() => (window as unknown as { cardStates: CardStateSnapshot[] }).cardStates)).filter((s) => s.state === state).pop(),
  };
}

/** The completed-order dialog's invoice number ('Factura FAC-000123 · NCF …'). */
export async function completedInvoiceNumber(page: Page): Promise<string> {
  const done = page.getByRole("dialog", { name: "Orden Completada" });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/Factura \S+ · NCF B02\d{8}/);
  const text = (await done.textContent()) ?? "";
  return /Factura (\S+) · NCF/.exec(text)![1]!;
}

export interface InvoiceDetail {
  id: string;
  number: string;
  total: string;
  balanceDue: string;
  payments: {
    method: { code: string };
    amount: string;
    reference: string | null;
    status: string;
    card: null | Record<string, string | null>;
  }[];
}

/** invoice.getById of the invoice with that number. */
export async function invoiceByNumber(page: Page, number: string): Promise<InvoiceDetail> {
  const list = await trpcQuery<{ data: { id: string; number: string }[] }>(page, "invoice.getAll", { search: number, page: 1, pageSize: 5 });
  const row = list.data.find((r) => r.number === number);
  if (!row) throw new Error(`invoice ${number} not found`);
  return trpcQuery<InvoiceDetail>(page, "invoice.getById", { id: row.id });
}

/** How many invoices the tenant has (to show that nothing was recorded). */
export async function invoiceCount(page: Page): Promise<number> {
  const list = await trpcQuery<{ pagination: { total: number } }>(page, "invoice.getAll", { search: "", page: 1, pageSize: 1 });
  return list.pagination.total;
}
