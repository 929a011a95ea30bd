import type { inferRouterOutputs } from "@trpc/server";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import type { AppRouter } from "../../app/trpc";
import i18n from "../../lib/i18n";

/** A provider as the server returns it (provider.getById, provider.getAll rows, provider.create). */
export type Provider = inferRouterOutputs<AppRouter>["provider"]["getById"];

/** The status filter of the list: all, active or inactive. */
export const PROVIDER_STATUSES = ["all", "active", "inactive"] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export function isActiveFilter(status: ProviderStatus): boolean | undefined {
  return status === "all" ? undefined : status === "active";
}

function locale(): string {
  return i18n.language === "en" ? "en-US" : "es-DO";
}

/** A decimal string with 2 places, grouped for the language ('150,000.50'); never through a float. */
export function formatDecimal(value: string | null | undefined): string {
  if (!value) return "";
  // Intl formats a numeric string exactly (no binary float in between).
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as `${number}`);
}

/** RD$ 150,000.50 (credit limits are in pesos). */
export function formatPesos(value: string | null | undefined): string {
  return value ? `RD$ ${formatDecimal(value)}` : "";
}

/** 1-01-85004-3 or 001-1391820-5. */
export function displayTaxId(value: string | null | undefined): string {
  return value ? formatTaxId(value) : "";
}
