import { toBig } from "../catalog/decimal";

/**
 * Money on screen: two decimals, es-DO with 'RD$' in Spanish and en-US in English (the peso
 * stays 'RD$' in both, so a price never looks like US dollars). Formats the decimal string
 * exactly: no binary float rounding.
 */
export function formatMoney(value: string | number | null | undefined, lang = "es", currency = "DOP"): string {
  const fixed = toBig(value ?? 0).toFixed(2);
  const negative = fixed.startsWith("-");
  const [int, dec] = fixed.replace("-", "").split(".") as [string, string];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const symbol = currency === "DOP" ? "RD$" : currency === "USD" ? "US$" : currency === "EUR" ? "€" : `${currency} `;
  void lang;
  return `${negative ? "-" : ""}${symbol}${grouped}.${dec}`;
}

/** A quantity with up to `max` decimals and no trailing zeros ('12.5', '3'). */
export function formatQuantity(value: string | number | null | undefined, max = 4): string {
  const text = toBig(value ?? 0).toFixed(max);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
