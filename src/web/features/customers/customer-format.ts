import type { inferRouterOutputs } from "@trpc/server";
import { formatTaxId } from "../../../shared/fiscal/tax-id";
import type { AppRouter } from "../../app/trpc";

type Outputs = inferRouterOutputs<AppRouter>;

/** A customer as customer.getById answers (with points, type name and legal data). */
export type Customer = Outputs["customer"]["getById"];
/** A row of customer.getAll. */
export type CustomerRow = Outputs["customer"]["getAll"]["data"][number];
/** A result of customer.search / customer.getRecent. */
export type CustomerBrief = Outputs["customer"]["search"][number];
export type LegalData = NonNullable<Outputs["legattiCustomer"]["getByCustomerId"]>;

/** What the search panel hands to its caller. */
export interface SelectedCustomer {
  id: string;
  name: string;
  taxId: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}

export function selectedOf(c: CustomerBrief): SelectedCustomer {
  return { id: c.id, name: c.name, taxId: c.taxId, phone: c.phone, email: c.email, address: c.address };
}

/** 1-01-85004-3 or 001-1391820-5 (as stored when it is neither). */
export function displayTaxId(value: string | null | undefined): string {
  return value ? formatTaxId(value) : "";
}

/** Where editing a customer happens: the legal form for legal clients, the customer form otherwise. */
export function editPath(c: { id: string; isLegalClient?: boolean; legal?: unknown }): string {
  return c.isLegalClient || c.legal ? `/home/customers/${c.id}/legal` : `/home/customers/${c.id}/edit`;
}
