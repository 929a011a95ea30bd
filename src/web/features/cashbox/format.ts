/** A timestamp as 'dd/MM/yyyy, hh:mm a.m.' in the business time zone (America/Santo_Domingo). */
export function formatDateTime(value: string | Date | null | undefined, lang = "es"): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-DO", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "America/Santo_Domingo",
  }).format(d);
}
