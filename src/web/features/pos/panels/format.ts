import i18n from "../../../lib/i18n";

const TIME_ZONE = "America/Santo_Domingo";

/** A timestamp as 'dd/MM/yyyy hh:mm a. m.' (es-DO) or 'MM/dd/yyyy, hh:mm AM' (en-US), business time zone. */
export function formatDateTime(value: string | Date | null | undefined, lang = i18n.language): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  }).format(d);
}

/** The customer's name, or the cash customer's label ('Contado' / 'Cash') when there is none. */
export function customerLabel(name: string | null | undefined, cashLabel: string): string {
  return name?.trim() ? name : cashLabel;
}
