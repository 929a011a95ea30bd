import { answeredAmount } from "./amount";
import { CardTerminalError } from "./errors";
import type { CardOperation } from "./types";

/** Reads the fields of a provider's answer; a field of the wrong type makes the whole answer garbage. */
export class AnswerReader {
  constructor(
    readonly operation: CardOperation,
    readonly body: Record<string, unknown>,
    private readonly mutating: boolean,
  ) {}

  garbage(reason: string): CardTerminalError {
    return new CardTerminalError({ kind: "garbage", operation: this.operation, reason: `Unexpected answer from the card terminal service: ${reason}`, outcomeUnknown: this.mutating });
  }

  /** A text field: strings and numbers as text, trimmed; null/undefined/'' as null; anything else is garbage. */
  text(key: string, from: Record<string, unknown> = this.body, label = key): string | null {
    const value = from[key];
    if (value === null || value === undefined) return null;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
    if (typeof value !== "string") throw this.garbage(`${label} is not text`);
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  }

  amount(key: string, from: Record<string, unknown> = this.body, label = key): string | null {
    const parsed = answeredAmount(from[key]);
    if (!parsed.ok) throw this.garbage(`${label} is not an amount`);
    return parsed.value;
  }

  /** A nested object; null when absent; garbage when present and not an object. */
  object(key: string, from: Record<string, unknown> = this.body, label = key): Record<string, unknown> | null {
    const value = from[key];
    if (value === null || value === undefined) return null;
    if (!isRecord(value)) throw this.garbage(`${label} is not an object`);
    return value;
  }

  count(key: string, from: Record<string, unknown> = this.body, label = key): number {
    const value = from[key];
    if (value === null || value === undefined || value === "") return 0;
    const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) throw this.garbage(`${label} is not a count`);
    return n;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The body must be a JSON object. */
export function objectAnswer(body: unknown, operation: CardOperation, mutating: boolean): AnswerReader {
  if (!isRecord(body)) {
    throw new CardTerminalError({ kind: "garbage", operation, reason: "Unexpected answer from the card terminal service: not a JSON object", outcomeUnknown: mutating });
  }
  return new AnswerReader(operation, body, mutating);
}

const ENTRY_MODE_WORDS: Record<string, string> = {
  chip: "07",
  emv: "07",
  icc: "07",
  banda: "02",
  swipe: "02",
  swiped: "02",
  magstripe: "02",
  magnetic_stripe: "02",
  manual: "01",
  keyed: "01",
  manual_entry: "01",
};

/** The spec's entry-mode codes ('07', '02', '01'); provider words mapped to them; other codes kept as sent. */
export function entryModeCode(value: string | null): string | null {
  if (value === null) return null;
  if (/^\d$/.test(value)) return `0${value}`;
  return ENTRY_MODE_WORDS[value.toLowerCase()] ?? value;
}

/** 'YYMMDD' + 'HHMMSS' (the lane terminal's local clock) as ISO 8601 with the shop's offset; null when not a real date and time. */
export function laneDateTimeIso(date: string | null, time: string | null, offset = "-04:00"): string | null {
  if (!date || !/^\d{6}$/.test(date)) return null;
  const t = time ?? "000000";
  if (!/^\d{6}$/.test(t)) return null;
  const [yy, mm, dd] = [Number(date.slice(0, 2)), Number(date.slice(2, 4)), Number(date.slice(4, 6))];
  const [h, mi, s] = [Number(t.slice(0, 2)), Number(t.slice(2, 4)), Number(t.slice(4, 6))];
  const year = 2000 + yy;
  const probe = new Date(Date.UTC(year, mm - 1, dd));
  if (mm < 1 || mm > 12 || probe.getUTCMonth() !== mm - 1 || probe.getUTCDate() !== dd) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${year}-${p(mm)}-${p(dd)}T${p(h)}:${p(mi)}:${p(s)}${offset}`;
}

/** An ISO 8601 timestamp as sent when it parses; null otherwise. */
export function isoDateTime(value: string | null): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  // Date.parse rolls 30 February over into March: check the calendar first
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return Number.isNaN(Date.parse(value)) ? null : value;
}
