/**
 * Card terminals at the POS (issue 12; spec 02 'Direct calls from the browser to local or
 * provider services', the 'Card lane transaction' and 'Payment-interface transaction' shapes,
 * §4 card transaction states, §8 card messages).
 *
 * The terminal services sit on the shop's own network, so the POS calls them from the
 * cashier's browser; the same code runs in Node (tests, server). Isomorphic: only `fetch`,
 * AbortController, URL and timers; `fetch` is injectable.
 *
 *   const terminal = createCardTerminal("lane", provider.api_url);
 *   const tx = await terminal.sale({ amount: "595.00", invoiceNumber: "FAC-000042" });
 *   if (tx.status === "approved") …record the payment with tx.reference, tx.authorizationCode…
 *
 * Every transaction call resolves to one normalized CardTransaction (approved, declined,
 * cancelled, pending, error — the terminal's answer) or rejects with a CardTerminalError
 * (unreachable, timeout, http, garbage, aborted, invalid; `outcomeUnknown` says a sale may
 * still have been charged: resolve it through lastTransaction + matchesSaleAttempt before
 * any retry). `requireSuccess` turns a declined answer into the spec's 'Transaction declined'.
 * Amounts are decimal strings in pesos with 2 decimals; minor units for payment links are in
 * ./minor-units. Adapters: LaneTerminal (./lane-terminal) and LocalCardService
 * (./local-card-service), whose docs give the paths and answer shapes.
 */
import { CardTerminalNotImplementedError } from "./errors";
import { LaneTerminal } from "./lane-terminal";
import { LocalCardService } from "./local-card-service";
import { CARD_TERMINAL_DEFAULT_URL, type CardTerminal, type CardTerminalOptions } from "./types";

export * from "./amount";
export * from "./errors";
export * from "./format";
export { DEFAULT_CARD_TIMEOUTS } from "./http";
export { LaneTerminal, laneTransaction } from "./lane-terminal";
export { LocalCardService, serviceTransaction } from "./local-card-service";
export * from "./minor-units";
export { entryModeCode, laneDateTimeIso } from "./normalize";
export * from "./outcome";
export * from "./types";

/**
 * The adapter for a card provider's kind ('lane') or a payment interface's code
 * ('card_service'), at `apiUrl` (empty: the kind's default local address). Any other code
 * ('azul', 'cardnet', …) throws CardTerminalNotImplementedError (kind 'not_implemented');
 * an apiUrl that is not http(s) throws a CardTerminalError of kind 'invalid'.
 */
export function createCardTerminal(kind: string, apiUrl?: string | null, options: CardTerminalOptions = {}): CardTerminal {
  switch (kind) {
    case "lane":
      return new LaneTerminal(apiUrl?.trim() || CARD_TERMINAL_DEFAULT_URL.lane, options);
    case "card_service":
      return new LocalCardService(apiUrl?.trim() || CARD_TERMINAL_DEFAULT_URL.card_service, options);
    default:
      throw new CardTerminalNotImplementedError(kind);
  }
}
