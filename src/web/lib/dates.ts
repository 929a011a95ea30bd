import { businessDate } from "../../shared/platform/dates";
/** Calendar dates as the spec shows them: dd/MM/yyyy in es-DO, MM/dd/yyyy in en-US. */
export function formatDate(value: string | Date | null | undefined, lang = "es"): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(`${value.slice(0, 10)}T12:00:00`) : value;
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Santo_Domingo" }).format(d);
}

/** A timestamp as 'dd/MM/yyyy, hh:mm a. m.' (es-DO) or 'MM/dd/yyyy, hh:mm AM' (en-US) in the business time zone; '—' when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined, lang = "es"): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "America/Santo_Domingo",
  }).format(d);
}

/** Today in the business time zone (America/Santo_Domingo) as yyyy-MM-dd. */
export function todayInSantoDomingo(now = new Date()): string {
  return businessDate(now, "America/Santo_Domingo");
}
