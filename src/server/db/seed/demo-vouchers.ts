import { addDaysTo } from "../../../shared/appointments/availability";
import { createBatchInput } from "../../../shared/vouchers/schemas";
import { newId } from "../../ids";
import { insertBatch } from "../../modules/voucher/service";
import type { Tx } from "../client";

/** The demo's gift vouchers (issue 16 'Demo data'): one batch of 20 fixed RD$500 vouchers, valid for a year from today. */
export async function seedDemoVouchers(tx: Tx, tenantId: string, userId: string, today: string) {
  const input = createBatchInput.parse({
    name: "Bonos de regalo RD$500",
    description: "Lote de demostración",
    quantity: 20,
    value: "500",
    type: "fixed",
    valid_from: today,
    expires_on: addDaysTo(today, 365),
    keep_remainder: true,
  });
  await insertBatch(tx, tenantId, userId, newId(), input);
}
