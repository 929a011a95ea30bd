import { CardTerminalError, httpErrorText } from "./errors";
import type { CardOperation, CardTerminalOptions, CardTerminalTimeouts } from "./types";

/**
 * Default timeouts. A sale or a refund waits for a customer to insert, tap or swipe a card
 * and type a PIN, so it gets 90 s; a void needs no card; the last transaction and health
 * are quick local reads.
 */
export const DEFAULT_CARD_TIMEOUTS: CardTerminalTimeouts = {
  sale: 90_000,
  refund: 90_000,
  void: 60_000,
  batchClose: 60_000,
  lastTransaction: 15_000,
  health: 5_000,
};

/** Calls that change the terminal's state: a failure without a clear answer leaves the outcome unknown. */
const MUTATING: ReadonlySet<CardOperation> = new Set(["sale", "void", "refund", "batchClose"]);

export function resolveTimeouts(option: CardTerminalOptions["timeoutMs"]): CardTerminalTimeouts {
  if (option === undefined) return { ...DEFAULT_CARD_TIMEOUTS };
  if (typeof option === "number") {
    assertTimeout(option);
    return { sale: option, refund: option, void: option, batchClose: option, lastTransaction: option, health: option };
  }
  const merged = { ...DEFAULT_CARD_TIMEOUTS, ...option };
  for (const value of Object.values(merged)) assertTimeout(value);
  return merged;
}

function assertTimeout(ms: number) {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`card terminal timeout must be a positive number of milliseconds (${ms})`);
}

/** The base URL with its trailing slash; http or https only. */
export function normalizeApiUrl(apiUrl: string): string {
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    throw new CardTerminalError({ kind: "invalid", operation: null, reason: `Invalid card terminal URL: '${apiUrl}'` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CardTerminalError({ kind: "invalid", operation: null, reason: `Invalid card terminal URL: '${apiUrl}'` });
  }
  url.search = "";
  url.hash = "";
  const text = url.toString();
  return text.endsWith("/") ? text : `${text}/`;
}

export interface JsonRequest {
  operation: CardOperation;
  fetch: typeof fetch;
  url: string;
  method: "GET" | "POST";
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Node's connection errors that prove nothing reached the service (browsers only say 'Failed to fetch'). */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL"]);

function causeCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return null;
}

/**
 * One call: fetch with a timeout (AbortController) and the caller's signal, read the whole
 * body within that time, parse JSON. Every failure is a CardTerminalError: unreachable,
 * timeout, aborted, http ('HTTP error! status: {code}') or garbage (not JSON). Answers the
 * parsed JSON; the adapter checks its shape.
 */
export async function requestJson(req: JsonRequest): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const onAbort = () => controller.abort();
  if (req.signal?.aborted) controller.abort();
  else req.signal?.addEventListener("abort", onAbort, { once: true });
  const mutating = MUTATING.has(req.operation);

  const fail = (error: unknown, stage: "connect" | "read"): CardTerminalError => {
    if (error instanceof CardTerminalError) return error;
    if (timedOut) {
      return new CardTerminalError({ kind: "timeout", operation: req.operation, reason: `No answer from the card terminal within ${Math.round(req.timeoutMs / 100) / 10} s`, outcomeUnknown: mutating, cause: error });
    }
    if (req.signal?.aborted) {
      return new CardTerminalError({ kind: "aborted", operation: req.operation, reason: "Cancelled while waiting for the card terminal", outcomeUnknown: mutating, cause: error });
    }
    const code = causeCode(error);
    const notSent = stage === "connect" && code !== null && NOT_SENT_CODES.has(code);
    return new CardTerminalError({
      kind: "unreachable",
      operation: req.operation,
      reason: notSent ? `Could not connect to the card terminal service (${code})` : "The connection to the card terminal service failed or was lost before its answer",
      outcomeUnknown: mutating && !notSent,
      cause: error,
    });
  };

  try {
    let response: Response;
    try {
      const init: RequestInit = { method: req.method, signal: controller.signal, headers: { Accept: "application/json" } };
      if (req.body !== undefined) {
        init.headers = { Accept: "application/json", "Content-Type": "application/json" };
        init.body = JSON.stringify(req.body);
      }
      response = await req.fetch(req.url, init);
    } catch (error) {
      throw fail(error, "connect");
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw fail(error, "read");
    }
    if (!response.ok) {
      throw new CardTerminalError({
        kind: "http",
        operation: req.operation,
        reason: httpErrorText(response.status),
        httpStatus: response.status,
        detail: errorDetail(text),
        outcomeUnknown: mutating && response.status >= 500,
      });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new CardTerminalError({
        kind: "garbage",
        operation: req.operation,
        reason: `The card terminal service answered something that is not JSON: '${text.slice(0, 60)}'`,
        outcomeUnknown: mutating,
        cause: error,
      });
    }
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", onAbort);
  }
}

/** {error} or {message} of an error answer, or its first 200 characters of text. */
function errorDetail(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === "object") {
      for (const key of ["message", "error", "HostResponse"]) {
        const value = (body as Record<string, unknown>)[key];
        if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
      }
    }
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 200);
}

/** The global fetch, looked up at call time (tests may replace it) and never called as a method of another object. */
export const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
