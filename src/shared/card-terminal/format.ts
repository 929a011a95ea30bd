import type { CardTransaction, CardTransactionStatus } from "./types";

/**
 * What both last-card-transaction panels print: entry modes (07 Chip, 02 Banda, 01 Manual),
 * the state badge of variant 2, the lane's green/red host response, and the date with the
 * spec's fallbacks 'Fecha no disponible', 'Fecha inválida', 'Error al formatear fecha'.
 * Spanish is the spec's text; English for the en catalog's users.
 */
export type CardLabelLanguage = "es" | "en";

const ENTRY_MODES: Record<CardLabelLanguage, Record<string, string>> = {
  es: { "07": "Chip", "02": "Banda", "01": "Manual" },
  en: { "07": "Chip", "02": "Swipe", "01": "Manual" },
};

/** '07' Chip, '02' Banda, '01' Manual; another code as it came; null/'' as null. */
export function entryModeLabel(code: string | null | undefined, lang: CardLabelLanguage = "es"): string | null {
  if (code === null || code === undefined || code.trim() === "") return null;
  const c = code.trim();
  return ENTRY_MODES[lang][c] ?? ENTRY_MODES[lang][c.padStart(2, "0")] ?? c;
}

const STATUS_LABELS: Record<CardLabelLanguage, Record<CardTransactionStatus, string>> = {
  es: { approved: "Aprobada", declined: "Rechazada", cancelled: "Anulada", pending: "Pendiente", error: "Error" },
  en: { approved: "Approved", declined: "Declined", cancelled: "Voided", pending: "Pending", error: "Error" },
};

/** Variant 2's state badge: Aprobada, Rechazada, Anulada, Pendiente, Error. */
export const cardStatusLabel = (status: CardTransactionStatus, lang: CardLabelLanguage = "es") => STATUS_LABELS[lang][status];

/** Spec 02 §4: the lane's host response 'APROBADA' is shown green, anything else red. */
export const laneResponseTone = (hostResponse: string | null | undefined): "success" | "danger" => (hostResponse?.trim().toUpperCase() === "APROBADA" ? "success" : "danger");

export const CARD_DATE_FALLBACKS: Record<CardLabelLanguage, { missing: string; invalid: string; failed: string }> = {
  es: { missing: "Fecha no disponible", invalid: "Fecha inválida", failed: "Error al formatear fecha" },
  en: { missing: "Date not available", invalid: "Invalid date", failed: "Error formatting date" },
};

/**
 * A transaction's date and time as 'dd/MM/yyyy HH:mm:ss' in the shop's time zone (default
 * America/Santo_Domingo): 'Fecha no disponible' when the provider sent none, 'Fecha inválida'
 * when what it sent is not a date, 'Error al formatear fecha' if formatting itself fails.
 */
export function formatCardDateTime(
  tx: Pick<CardTransaction, "dateTime" | "rawDateTime"> | null | undefined,
  opts: { lang?: CardLabelLanguage; timeZone?: string } = {},
): string {
  const fallback = CARD_DATE_FALLBACKS[opts.lang ?? "es"];
  if (!tx || (!tx.rawDateTime && !tx.dateTime)) return fallback.missing;
  if (!tx.dateTime) return fallback.invalid;
  const ms = Date.parse(tx.dateTime);
  if (Number.isNaN(ms)) return fallback.invalid;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: opts.timeZone ?? "America/Santo_Domingo",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
  } catch {
    return fallback.failed;
  }
}
