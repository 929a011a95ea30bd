import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { Big, toBig } from "../../../shared/catalog/decimal";
import { translate } from "../../../shared/i18n/translate";
import { businessDate } from "../../../shared/platform/dates";
import { offsetOf, pageOf } from "../../../shared/platform/pagination";
import {
  type batchListInput,
  CODE_ALPHABET,
  CODE_GROUP,
  CODE_LENGTH,
  CSV_COLUMNS,
  type cancelInput,
  type createBatchInput,
  normalizeCode,
  type ReportType,
  type reportInput,
  VM,
  VOUCHER_LIMITS,
  type VoucherStatus,
  type voucherListInput,
} from "../../../shared/vouchers/schemas";
import { rowsOf, type Tx } from "../../db/client";
import { startsWith } from "../../db/prefix";
import { newId } from "../../ids";
import { appError, notFound } from "../../trpc/errors";
import type { SessionUser } from "../auth/service";
import { users } from "../auth/tables";
import { customers } from "../customer/tables";
import { orders } from "../pos/tables";
import { nextDocumentNumber } from "../sequence/service";
import type { TenantRow } from "../tenant/service";
import { voucherBatches, voucherEvents, vouchers } from "./tables";

/** What every voucher call runs with: the tenant's transaction, the tenant, the signed-in user and the language. */
export interface VoucherContext {
  tx: Tx;
  tenant: TenantRow;
  user: SessionUser;
  lang: string;
}

/** The batch number series: LOT-000001 … */
export const BATCH_SERIES = { key: "voucher_batch", prefix: "LOT-", width: 6 };

const today = (ctx: VoucherContext) => businessDate(new Date(), ctx.tenant.timezone);

// ---------------------------------------------------------------- codes

/**
 * `n` random codes (crypto.randomBytes, rejection sampling so every letter of the alphabet is
 * equally likely), distinct among themselves, formatted 'XXXX-XXXX-XXXX'.
 */
export function generateCodes(n: number): string[] {
  const alphabet = CODE_ALPHABET;
  const limit = 256 - (256 % alphabet.length);
  const codes = new Set<string>();
  let pool = randomBytes(n * CODE_LENGTH * 2);
  let at = 0;
  while (codes.size < n) {
    let bare = "";
    while (bare.length < CODE_LENGTH) {
      if (at >= pool.length) {
        pool = randomBytes(n * CODE_LENGTH);
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte < limit) bare += alphabet[byte % alphabet.length];
    }
    codes.add(normalizeCode(bare));
  }
  return [...codes];
}
// CODE_GROUP is the grouping normalizeCode applies (kept imported so a change of format is seen here).
void CODE_GROUP;

// ---------------------------------------------------------------- batches

async function batchRow(tx: Tx, tenantId: string, batchId: string) {
  const [row] = rowsOf<BatchRow>(
    await tx.execute(sql`
      SELECT b.id, b.batch_number, b.name, b.description, b.quantity, b.value::text AS value, b.type, b.valid_from::text AS valid_from,
        b.expires_on::text AS expires_on, b.keep_remainder, b.created_at, u.name AS created_by
      FROM ${voucherBatches} b LEFT JOIN ${users} u ON u.tenant_id = b.tenant_id AND u.id = b.created_by
      WHERE b.tenant_id = ${tenantId} AND b.id = ${batchId}`),
  );
  if (!row) throw notFound();
  return row;
}

interface BatchRow {
  id: string;
  batch_number: string;
  name: string;
  description: string | null;
  quantity: number;
  value: string;
  type: string;
  valid_from: string;
  expires_on: string;
  keep_remainder: boolean;
  created_at: Date | string;
  created_by: string | null;
}

/**
 * voucher.createBatch: the batch (number LOT-…) and its `quantity` vouchers with unguessable codes,
 * each with its 'created' event, in one statement per attempt (a code that collides with one of
 * the tenant's is drawn again). With `client_key` the key is the batch's id: the same form sent
 * twice (a double click, a retry after a lost answer) gives the one batch, never two.
 */
export async function createBatch(ctx: VoucherContext, input: z.output<typeof createBatchInput>) {
  const { tx, tenant, user } = ctx;
  const batchId = input.client_key ?? newId();
  if (input.client_key) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tenant.id}:voucher-batch:${batchId}`}, 0))`);
    const [existing] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM ${voucherBatches} WHERE tenant_id = ${tenant.id} AND id = ${batchId}`));
    if (existing) return batchRow(tx, tenant.id, batchId);
  }
  if (input.expires_on < today(ctx)) throw appError("BAD_REQUEST", VM.expiryPast);
  await insertBatch(tx, tenant.id, user.id, batchId, input);
  return batchRow(tx, tenant.id, batchId);
}

/** Writes a batch (numbered from the LOT- series) and its vouchers with their 'created' events; also the demo seed's way in. */
export async function insertBatch(tx: Tx, tenantId: string, userId: string, batchId: string, input: z.output<typeof createBatchInput>) {
  const batchNumber = await nextDocumentNumber(tx, tenantId, BATCH_SERIES.key, BATCH_SERIES.prefix, BATCH_SERIES.width);
  await tx.insert(voucherBatches).values({
    tenantId,
    id: batchId,
    batchNumber,
    name: input.name,
    description: input.description,
    quantity: input.quantity,
    value: input.value,
    type: input.type,
    validFrom: input.valid_from,
    expiresOn: input.expires_on,
    keepRemainder: input.keep_remainder,
    createdBy: userId,
  });
  let missing = input.quantity;
  for (let attempt = 0; missing > 0; attempt++) {
    if (attempt > 5) throw appError("INTERNAL_SERVER_ERROR", "vouchers:errors.createFailed");
    missing -= await insertVouchers(tx, tenantId, userId, batchId, input, generateCodes(missing));
  }
  return batchNumber;
}

/** Inserts the codes not yet taken in the tenant, with their 'created' events, in one statement; answers how many went in. */
async function insertVouchers(tx: Tx, tenantId: string, userId: string, batchId: string, input: z.output<typeof createBatchInput>, codes: string[]) {
  const ids = codes.map(() => newId()).join(",");
  const eventIds = codes.map(() => newId()).join(",");
  const [row] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`
      WITH src AS (
        SELECT * FROM unnest(string_to_array(${ids}, ',')::uuid[], string_to_array(${codes.join(",")}, ','), string_to_array(${eventIds}, ',')::uuid[]) AS s(id, code, event_id)
      ), ins AS (
        INSERT INTO ${vouchers} (tenant_id, id, batch_id, code, amount, balance, status, valid_from, valid_until)
        SELECT ${tenantId}, src.id, ${batchId}, src.code, ${input.value}, ${input.value}, 'active', ${input.valid_from}, ${input.expires_on} FROM src
        ON CONFLICT (tenant_id, code) DO NOTHING
        RETURNING id
      ), ev AS (
        INSERT INTO ${voucherEvents} (tenant_id, id, voucher_id, event, amount, user_id)
        SELECT ${tenantId}, src.event_id, ins.id, 'created', ${input.value}, ${userId} FROM ins JOIN src ON src.id = ins.id
        RETURNING 1
      )
      SELECT count(*) AS n FROM ev`),
  );
  return Number(row?.n ?? 0);
}

/** voucher.getBatches: a page of batches, newest first, each with its counts by status and who created it. */
export async function getBatches(ctx: VoucherContext, input: z.output<typeof batchListInput>) {
  const { tx, tenant } = ctx;
  const where: SQL[] = [sql`b.tenant_id = ${tenant.id}`];
  if (input.search) {
    const pattern = `%${input.search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    where.push(sql`(lower(b.name) LIKE ${pattern} OR lower(b.batch_number) LIKE ${pattern})`);
  }
  const cond = sql.join(where, sql` AND `);
  const [rows, total] = await Promise.all([
    tx.execute(sql`
      SELECT b.id, b.batch_number, b.name, b.description, b.quantity, b.value::text AS value, b.type, b.valid_from::text AS valid_from,
        b.expires_on::text AS expires_on, b.keep_remainder, b.created_at, u.name AS created_by,
        coalesce(c.active, 0)::int AS active, coalesce(c.used, 0)::int AS used, coalesce(c.expired, 0)::int AS expired, coalesce(c.other, 0)::int AS other
      FROM ${voucherBatches} b
      LEFT JOIN ${users} u ON u.tenant_id = b.tenant_id AND u.id = b.created_by
      LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE v.status = 'active') AS active, count(*) FILTER (WHERE v.status = 'used') AS used,
          count(*) FILTER (WHERE v.status = 'expired') AS expired, count(*) FILTER (WHERE v.status IN ('cancelled', 'lost', 'stolen')) AS other
        FROM ${vouchers} v WHERE v.tenant_id = b.tenant_id AND v.batch_id = b.id
      ) c ON true
      WHERE ${cond}
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`),
    tx.execute(sql`SELECT count(*)::int AS n FROM ${voucherBatches} b WHERE ${cond}`),
  ]);
  type Row = BatchRow & { active: number; used: number; expired: number; other: number };
  const data = rowsOf<Row>(rows).map((r) => ({ ...r, counts: { active: r.active, used: r.used, expired: r.expired, other: r.other } }));
  return pageOf(data, Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0), input.page, input.pageSize);
}

/** voucher.getBatch: one batch with its counts, else NOT_FOUND. */
export async function getBatch(ctx: VoucherContext, batchId: string) {
  const batch = await batchRow(ctx.tx, ctx.tenant.id, batchId);
  const counts = rowsOf<{ status: string; n: number }>(
    await ctx.tx.execute(sql`SELECT status, count(*)::int AS n FROM ${vouchers} WHERE tenant_id = ${ctx.tenant.id} AND batch_id = ${batchId} GROUP BY status`),
  );
  const by = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  return { ...batch, counts: { active: by.active ?? 0, used: by.used ?? 0, expired: by.expired ?? 0, other: (by.cancelled ?? 0) + (by.lost ?? 0) + (by.stolen ?? 0) } };
}

// ---------------------------------------------------------------- vouchers

interface VoucherRow {
  id: string;
  code: string;
  amount: string;
  balance: string;
  status: VoucherStatus;
  valid_from: string;
  valid_until: string;
  used_at: Date | null;
  used_in_order_id: string | null;
  order_number: string | null;
  customer_name: string | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  reported_at: Date | null;
  report_notes: string | null;
  batch_number: string;
  batch_description: string | null;
}

const voucherSelect = sql`
  SELECT v.id, v.code, v.amount::text AS amount, v.balance::text AS balance, v.status, v.valid_from::text AS valid_from, v.valid_until::text AS valid_until,
    v.used_at, v.used_in_order_id, o.number AS order_number, c.name AS customer_name, v.cancelled_at, v.cancel_reason, v.reported_at, v.report_notes,
    b.batch_number, b.description AS batch_description
  FROM ${vouchers} v
  JOIN ${voucherBatches} b ON b.tenant_id = v.tenant_id AND b.id = v.batch_id
  LEFT JOIN ${orders} o ON o.tenant_id = v.tenant_id AND o.id = v.used_in_order_id
  LEFT JOIN ${customers} c ON c.tenant_id = v.tenant_id AND c.id = v.used_by_customer_id`;

/** A voucher as the screens and the spec name it (spec 03 §3 'Voucher'). */
function voucherOut(r: VoucherRow) {
  return {
    id: r.id,
    code: r.code,
    amount: r.amount,
    balance: r.balance,
    status: r.status,
    valid_from: r.valid_from,
    valid_until: r.valid_until,
    used_at: r.used_at,
    usedInOrder: r.used_in_order_id ? { id: r.used_in_order_id, number: r.order_number } : null,
    usedByCustomer: r.customer_name ? { name: r.customer_name } : null,
    cancelled_at: r.cancelled_at,
    cancel_reason: r.cancel_reason,
    reported_at: r.reported_at,
    report_notes: r.report_notes,
    batch: { batch_number: r.batch_number, description: r.batch_description },
    value: r.amount,
    expiresAt: r.valid_until,
    usedAt: r.used_at,
  };
}

/** voucher.getVouchers: {batchId, page, pageSize, search, status} → data and pagination {page, pageCount, total}; search is a start of the code. */
export async function getVouchers(ctx: VoucherContext, input: z.output<typeof voucherListInput>) {
  const { tx, tenant } = ctx;
  await batchRow(tx, tenant.id, input.batchId);
  const where: SQL[] = [sql`v.tenant_id = ${tenant.id}`, sql`v.batch_id = ${input.batchId}`];
  if (input.status !== "all") where.push(sql`v.status = ${input.status}`);
  const code = normalizeCode(input.search);
  if (code) where.push(startsWith(sql`v.code`, code));
  const cond = sql.join(where, sql` AND `);
  const [rows, total] = await Promise.all([
    tx.execute(sql`${voucherSelect} WHERE ${cond} ORDER BY v.code LIMIT ${input.pageSize} OFFSET ${offsetOf(input.page, input.pageSize)}`),
    tx.execute(sql`SELECT count(*)::int AS n FROM ${vouchers} v WHERE ${cond}`),
  ]);
  return pageOf(rowsOf<VoucherRow>(rows).map(voucherOut), Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0), input.page, input.pageSize);
}

/** voucher.exportCsv: {batchId} → {headers, rows}: every voucher of the batch, headers in the caller's language. */
export async function exportCsv(ctx: VoucherContext, batchId: string) {
  const { tx, tenant, lang } = ctx;
  await batchRow(tx, tenant.id, batchId);
  const data = rowsOf<VoucherRow>(await tx.execute(sql`${voucherSelect} WHERE v.tenant_id = ${tenant.id} AND v.batch_id = ${batchId} ORDER BY v.code`));
  const at = (d: Date | string | null) => (d ? new Date(d).toISOString() : "");
  return {
    headers: CSV_COLUMNS.map((c) => translate(lang, `vouchers:csv.${c}`)),
    rows: data.map((r) => [
      r.code,
      r.amount,
      r.balance,
      translate(lang, `vouchers:status.${r.status}`),
      r.valid_from,
      r.valid_until,
      at(r.used_at),
      r.order_number ?? "",
      at(r.cancelled_at),
      at(r.reported_at),
    ]),
  };
}

/** voucher.getImageExport: the batch and its active vouchers (at most VOUCHER_LIMITS.maxImages), for the PNG images the browser draws. */
export async function getImageExport(ctx: VoucherContext, batchId: string) {
  const { tx, tenant } = ctx;
  const batch = await batchRow(tx, tenant.id, batchId);
  const list = rowsOf<{ code: string; amount: string; valid_until: string }>(
    await tx.execute(sql`
      SELECT code, amount::text AS amount, valid_until::text AS valid_until FROM ${vouchers}
      WHERE tenant_id = ${tenant.id} AND batch_id = ${batchId} AND status = 'active' ORDER BY code LIMIT ${VOUCHER_LIMITS.maxImages}`),
  );
  return { batch: { id: batch.id, batch_number: batch.batch_number, name: batch.name, type: batch.type, value: batch.value }, vouchers: list };
}

/** The voucher locked for a change, else NOT_FOUND (another tenant's id included); only an active one may change. */
async function activeVoucherForUpdate(tx: Tx, tenantId: string, voucherId: string) {
  const [row] = rowsOf<{ id: string; status: string; balance: string }>(
    await tx.execute(sql`SELECT id, status, balance::text AS balance FROM ${vouchers} WHERE tenant_id = ${tenantId} AND id = ${voucherId} FOR UPDATE`),
  );
  if (!row) throw notFound();
  if (row.status !== "active") throw appError("BAD_REQUEST", VM.notActive);
  return row;
}

async function voucherById(tx: Tx, tenantId: string, voucherId: string) {
  const [row] = rowsOf<VoucherRow>(await tx.execute(sql`${voucherSelect} WHERE v.tenant_id = ${tenantId} AND v.id = ${voucherId}`));
  if (!row) throw notFound();
  return voucherOut(row);
}

/** voucher.cancel: {voucherId, reason}: an active voucher becomes cancelled, with its date, reason and event. */
export async function cancelVoucher(ctx: VoucherContext, input: z.output<typeof cancelInput>) {
  const { tx, tenant, user } = ctx;
  const v = await activeVoucherForUpdate(tx, tenant.id, input.voucherId);
  await tx.execute(sql`
    UPDATE ${vouchers} SET status = 'cancelled', cancelled_at = now(), cancel_reason = ${input.reason}, updated_at = now()
    WHERE tenant_id = ${tenant.id} AND id = ${v.id}`);
  await tx.insert(voucherEvents).values({ tenantId: tenant.id, id: newId(), voucherId: v.id, event: "cancelled", amount: v.balance, notes: input.reason, userId: user.id });
  return voucherById(tx, tenant.id, v.id);
}

/** voucher.report: {voucherId, type, notes}: an active voucher is reported lost or stolen (it can no longer be spent). */
export async function reportVoucher(ctx: VoucherContext, input: z.output<typeof reportInput>) {
  const { tx, tenant, user } = ctx;
  const v = await activeVoucherForUpdate(tx, tenant.id, input.voucherId);
  const type: ReportType = input.type;
  await tx.execute(sql`
    UPDATE ${vouchers} SET status = ${type}, reported_at = now(), report_notes = ${input.notes}, updated_at = now()
    WHERE tenant_id = ${tenant.id} AND id = ${v.id}`);
  await tx.insert(voucherEvents).values({ tenantId: tenant.id, id: newId(), voucherId: v.id, event: type, amount: v.balance, notes: input.notes, userId: user.id });
  return voucherById(tx, tenant.id, v.id);
}

/** voucher.getHistory: the voucher's events, oldest first, with who did each. */
export async function getHistory(ctx: VoucherContext, voucherId: string) {
  const { tx, tenant } = ctx;
  const voucher = await voucherById(tx, tenant.id, voucherId);
  const events = rowsOf<{ id: string; event: string; amount: string | null; order_id: string | null; order_number: string | null; notes: string | null; created_at: Date; user_name: string | null }>(
    await tx.execute(sql`
      SELECT e.id, e.event, e.amount::text AS amount, e.order_id, o.number AS order_number, e.notes, e.created_at, u.name AS user_name
      FROM ${voucherEvents} e
      LEFT JOIN ${users} u ON u.tenant_id = e.tenant_id AND u.id = e.user_id
      LEFT JOIN ${orders} o ON o.tenant_id = e.tenant_id AND o.id = e.order_id
      WHERE e.tenant_id = ${tenant.id} AND e.voucher_id = ${voucherId}
      ORDER BY e.created_at, e.id`),
  );
  return { voucher, events };
}

/**
 * voucher.checkExpired: the bulk check (spec 03 §4): every active voucher of the tenant whose last
 * valid day is before today (in the tenant's timezone) becomes expired, with an 'expired' event
 * each, in one statement. Answers how many.
 */
export async function checkExpired(ctx: VoucherContext) {
  const { tx, tenant, user } = ctx;
  const due = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT id FROM ${vouchers} WHERE tenant_id = ${tenant.id} AND status = 'active' AND valid_until < ${today(ctx)} FOR UPDATE`),
  );
  if (due.length === 0) return { expired: 0 };
  const ids = due.map((d) => d.id).join(",");
  const eventIds = due.map(() => newId()).join(",");
  const [row] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`
      WITH src AS (
        SELECT * FROM unnest(string_to_array(${ids}, ',')::uuid[], string_to_array(${eventIds}, ',')::uuid[]) AS s(id, event_id)
      ), upd AS (
        UPDATE ${vouchers} v SET status = 'expired', updated_at = now() FROM src
        WHERE v.tenant_id = ${tenant.id} AND v.id = src.id AND v.status = 'active'
        RETURNING v.id, v.balance, src.event_id
      ), ev AS (
        INSERT INTO ${voucherEvents} (tenant_id, id, voucher_id, event, amount, user_id)
        SELECT ${tenant.id}, upd.event_id, upd.id, 'expired', upd.balance, ${user.id} FROM upd
        RETURNING 1
      )
      SELECT count(*) AS n FROM ev`),
  );
  return { expired: Number(row?.n ?? 0) };
}

// ---------------------------------------------------------------- redemption at checkout (issue 16 §4)

/** The state of a voucher that may be spent today: active, with something left, within its dates. */
const spendable = (today: string) => sql`v.status = 'active' AND v.balance > 0 AND v.valid_from <= ${today} AND v.valid_until >= ${today}`;

/**
 * voucher.check: what a code typed or scanned at the POS may pay: its type, balance (pesos, or the
 * percent of a percentage voucher), amount, expiry and whether the batch keeps the remainder.
 * Anything that cannot be spent today (unknown, another tenant's, used, expired, not yet valid,
 * cancelled, lost or stolen) is 'Invalid voucher'.
 */
export async function checkVoucher(ctx: Pick<VoucherContext, "tx" | "tenant">, code: string) {
  const { tx, tenant } = ctx;
  const [row] = rowsOf<{ code: string; type: string; amount: string; balance: string; valid_until: string; keep_remainder: boolean }>(
    await tx.execute(sql`
      SELECT v.code, b.type, v.amount::text AS amount, v.balance::text AS balance, v.valid_until::text AS valid_until, b.keep_remainder
      FROM ${vouchers} v JOIN ${voucherBatches} b ON b.tenant_id = v.tenant_id AND b.id = v.batch_id
      WHERE v.tenant_id = ${tenant.id} AND v.code = ${normalizeCode(code)} AND ${spendable(businessDate(new Date(), tenant.timezone))}`),
  );
  if (!row) throw appError("BAD_REQUEST", VM.invalid);
  return row;
}

/** A gift-voucher payment of a sale: the code (the payment's reference) and the pesos it pays. */
export interface VoucherSpend {
  paymentId: string;
  reference: string;
  amount: string;
}

/**
 * Spends the sale's gift vouchers, each in one UPDATE that only succeeds while the voucher is
 * active, within its dates and worth the amount (so two cashiers scanning one voucher at once
 * spend it once). A fixed voucher pays up to its balance: the batch's keep_remainder leaves the
 * rest as balance (still active), else the voucher is used whole and the rest is forfeited. A
 * percentage voucher pays up to its percent of `saleTotal` and is used once. Each spend writes a
 * 'used' event with the order and what the balance lost (details.taken), which a cancellation
 * gives back. Refusals: 'Invalid voucher', or more than it may pay.
 */
export async function spendVouchers(ctx: { tx: Tx; tenant: TenantRow; user: SessionUser }, orderId: string, customerId: string, spends: readonly VoucherSpend[], saleTotal?: string) {
  const { tx, tenant, user } = ctx;
  const today = businessDate(new Date(), tenant.timezone);
  // One code paid twice in a sale is one spend of the sum.
  const byCode = new Map<string, string>();
  for (const s of spends) {
    const code = normalizeCode(s.reference);
    if (!code) throw appError("BAD_REQUEST", VM.codeRequired);
    byCode.set(code, toBig(byCode.get(code) ?? "0").plus(toBig(s.amount)).toFixed(2));
  }
  for (const [code, amount] of byCode) {
    const cap = saleTotal === undefined ? sql`false` : sql`${amount}::numeric <= round(${saleTotal}::numeric * v.balance / 100, 2)`;
    const [row] = rowsOf<{ id: string; balance: string; taken: string }>(
      await tx.execute(sql`
        UPDATE ${vouchers} v SET
          balance = CASE WHEN b.type = 'fixed' AND b.keep_remainder THEN v.balance - ${amount}::numeric ELSE 0 END,
          status = CASE WHEN b.type = 'fixed' AND b.keep_remainder AND v.balance - ${amount}::numeric > 0 THEN 'active' ELSE 'used' END,
          used_at = now(), used_in_order_id = ${orderId}, used_by_customer_id = ${customerId}, updated_at = now()
        FROM ${voucherBatches} b
        WHERE v.tenant_id = ${tenant.id} AND v.code = ${code} AND ${spendable(today)}
          AND b.tenant_id = v.tenant_id AND b.id = v.batch_id
          AND (CASE WHEN b.type = 'fixed' THEN v.balance >= ${amount}::numeric ELSE ${cap} END)
        RETURNING v.id, v.balance::text AS balance,
          (CASE WHEN b.type = 'fixed' AND b.keep_remainder THEN ${amount}::numeric ELSE v.amount END)::text AS taken`),
    );
    if (!row) throw await spendRefusal(tx, tenant.id, code, amount, today, saleTotal);
    await tx.insert(voucherEvents).values({
      tenantId: tenant.id,
      id: newId(),
      voucherId: row.id,
      event: "used",
      amount,
      orderId,
      details: { taken: row.taken, balance_after: row.balance },
      userId: user.id,
    });
  }
}

/** Why a voucher's spend was refused: 'Invalid voucher' unless it is spendable and the amount is too large. */
async function spendRefusal(tx: Tx, tenantId: string, code: string, amount: string, today: string, saleTotal?: string) {
  const [v] = rowsOf<{ type: string; balance: string }>(
    await tx.execute(sql`
      SELECT b.type, v.balance::text AS balance FROM ${vouchers} v JOIN ${voucherBatches} b ON b.tenant_id = v.tenant_id AND b.id = v.batch_id
      WHERE v.tenant_id = ${tenantId} AND v.code = ${code} AND ${spendable(today)}`),
  );
  if (!v) return appError("BAD_REQUEST", VM.invalid);
  if (v.type === "fixed") return appError("BAD_REQUEST", VM.overBalance, { code, balance: v.balance, amount });
  const max = saleTotal === undefined ? "0.00" : toBig(saleTotal).times(toBig(v.balance)).div(100).round(2, Big.roundHalfUp).toFixed(2);
  return appError("BAD_REQUEST", VM.overPercentage, { code, percent: toBig(v.balance).toString(), max, amount });
}

/**
 * A cancelled sale gives its vouchers back: each 'used' event of the order not yet restored adds
 * what the balance lost to the voucher again; a used one is active again (its use on this order
 * forgotten), and a 'restored' event is written.
 */
export async function reverseVoucherSpends(tx: Tx, tenantId: string, orderId: string, userId: string | null = null) {
  const used = rowsOf<{ voucher_id: string; amount: string; taken: string }>(
    await tx.execute(sql`
      SELECT e.voucher_id, e.amount::text AS amount, coalesce(e.details->>'taken', e.amount::text) AS taken FROM ${voucherEvents} e
      WHERE e.tenant_id = ${tenantId} AND e.order_id = ${orderId} AND e.event = 'used'
        AND NOT EXISTS (SELECT 1 FROM ${voucherEvents} r WHERE r.tenant_id = e.tenant_id AND r.voucher_id = e.voucher_id AND r.order_id = e.order_id AND r.event = 'restored')`),
  );
  for (const u of used) {
    await tx.execute(sql`
      UPDATE ${vouchers} SET balance = balance + ${u.taken}::numeric,
        status = CASE WHEN status = 'used' THEN 'active' ELSE status END,
        used_at = CASE WHEN used_in_order_id = ${orderId} THEN NULL ELSE used_at END,
        used_by_customer_id = CASE WHEN used_in_order_id = ${orderId} THEN NULL ELSE used_by_customer_id END,
        used_in_order_id = CASE WHEN used_in_order_id = ${orderId} THEN NULL ELSE used_in_order_id END,
        updated_at = now()
      WHERE tenant_id = ${tenantId} AND id = ${u.voucher_id}`);
    await tx.insert(voucherEvents).values({ tenantId, id: newId(), voucherId: u.voucher_id, event: "restored", amount: u.amount, orderId, details: { taken: u.taken }, userId });
  }
}
