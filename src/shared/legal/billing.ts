import { Big, toBig } from "../catalog/decimal";

/**
 * How a case's time entries become money (issue 20): an entry is worth duration × hourly rate when
 * billable, else 0, rounded half up to 2 decimals; the case's billing sums them. Decimal strings
 * in and out (Big.js), never binary floats.
 */

export interface Billing {
  /** hours of billable entries */
  billableHours: string;
  /** amount of billable entries (any billing status) */
  billableAmount: string;
  /** amount of billable entries not billed yet */
  unbilledAmount: string;
  /** hours of entries that are not billable */
  nonBillableHours: string;
}

export interface BillableEntry {
  durationHours: string | number;
  hourlyRate: string | number | null | undefined;
  isBillable: boolean;
  billingStatus?: string | null;
  /** the stored amount; computed again when absent */
  totalAmount?: string | number | null;
}

/** duration × rate when billable, else '0.00' (2 decimals, half up). */
export function entryAmount(durationHours: string | number, hourlyRate: string | number | null | undefined, isBillable: boolean): string {
  if (!isBillable) return "0.00";
  return toBig(durationHours).times(toBig(hourlyRate)).round(2, Big.roundHalfUp).toFixed(2);
}

/** The case's roll-up of its time entries. */
export function billingOf(entries: readonly BillableEntry[]): Billing {
  let billableHours = new Big(0);
  let billableAmount = new Big(0);
  let unbilledAmount = new Big(0);
  let nonBillableHours = new Big(0);
  for (const e of entries) {
    if (!e.isBillable) {
      nonBillableHours = nonBillableHours.plus(toBig(e.durationHours));
      continue;
    }
    const amount = e.totalAmount === undefined || e.totalAmount === null ? toBig(entryAmount(e.durationHours, e.hourlyRate, true)) : toBig(e.totalAmount);
    billableHours = billableHours.plus(toBig(e.durationHours));
    billableAmount = billableAmount.plus(amount);
    if ((e.billingStatus ?? "unbilled") === "unbilled") unbilledAmount = unbilledAmount.plus(amount);
  }
  return {
    billableHours: billableHours.toFixed(2),
    billableAmount: billableAmount.toFixed(2),
    unbilledAmount: unbilledAmount.toFixed(2),
    nonBillableHours: nonBillableHours.toFixed(2),
  };
}

export const EMPTY_BILLING: Billing = { billableHours: "0.00", billableAmount: "0.00", unbilledAmount: "0.00", nonBillableHours: "0.00" };
