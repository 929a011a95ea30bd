import { sameAmount } from "./amount";
import { CardTerminalError } from "./errors";
import { globalFetch, normalizeApiUrl, requestJson, resolveTimeouts } from "./http";
import type { CardCallOptions, CardOperation, CardTerminalKind, CardTerminalOptions, CardTerminalTimeouts, CardTransaction, CardVoidInput } from "./types";

/** What both adapters share: the base URL, the fetch to use, the timeouts. */
export abstract class TerminalBase {
  abstract readonly kind: CardTerminalKind;
  readonly apiUrl: string;
  readonly timeouts: CardTerminalTimeouts;
  private readonly fetchImpl: typeof fetch;

  constructor(apiUrl: string, options: CardTerminalOptions) {
    this.apiUrl = normalizeApiUrl(apiUrl);
    this.timeouts = resolveTimeouts(options.timeoutMs);
    this.fetchImpl = options.fetch ?? globalFetch;
  }

  protected request(operation: CardOperation, method: "GET" | "POST", path: string, body: unknown, opts: CardCallOptions | undefined): Promise<unknown> {
    const timeoutMs = opts?.timeoutMs ?? this.timeouts[operation];
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`card terminal timeout must be a positive number of milliseconds (${timeoutMs})`);
    return requestJson({ operation, fetch: this.fetchImpl, url: `${this.apiUrl}${path}`, method, body, timeoutMs, signal: opts?.signal });
  }
}

/** A text the POS sends (invoice numbers): non-empty, at most 64 characters, no control characters. */
export function requiredText(value: unknown, what: string, operation: CardOperation): string {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
  if (!text) throw new CardTerminalError({ kind: "invalid", operation, reason: `${what} is required` });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (text.length > 64 || /[\u0000-\u001f\u007f]/.test(text)) throw new CardTerminalError({ kind: "invalid", operation, reason: `${what} is not valid` });
  return text;
}

export function optionalText(value: unknown, what: string, operation: CardOperation): string | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
  return requiredText(value, what, operation);
}

/** Spec 02 §4: only an approved transaction can be voided. */
export function assertVoidable(input: CardVoidInput) {
  if (input.status !== undefined && input.status !== "approved") {
    throw new CardTerminalError({ kind: "invalid", operation: "void", reason: `Only an approved transaction can be voided (this one is ${input.status})` });
  }
}

/** An approved sale or refund must be for the amount asked: any other amount is not an answer to this call. */
export function assertAnsweredAmount<T extends CardTransaction>(tx: T, requested: string, operation: "sale" | "refund"): T {
  if (tx.status === "approved" && !sameAmount(tx.amount, requested)) {
    throw new CardTerminalError({
      kind: "garbage",
      operation,
      reason: `Unexpected answer from the card terminal service: approved ${tx.amount} instead of ${requested}`,
      transaction: tx,
      outcomeUnknown: true,
    });
  }
  return tx;
}
