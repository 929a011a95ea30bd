import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysTo } from "../../../shared/appointments/availability";
import { businessDate } from "../../../shared/platform/dates";
import { CODE_ALPHABET, csvFileName, normalizeCode } from "../../../shared/vouchers/schemas";
import { rowsOf, withTenant } from "../../db/client";
import { seedDemoVouchers } from "../../db/seed/demo-vouchers";
import { newId } from "../../ids";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { generateCodes } from "./service";
import { vouchers } from "./tables";

/**
 * Gift vouchers (issue 16 item 3) through the router on a real database: batches with unique,
 * unguessable codes; the permission's own message; the spec's messages on bad input; cancel and
 * report only while active; the expiry check; another tenant's ids NOT_FOUND.
 */
let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;

const today = businessDate(new Date(), "America/Santo_Domingo");
const batch = (over: Record<string, unknown> = {}) => ({
  name: "Navidad",
  quantity: 20,
  value: "500",
  type: "fixed" as const,
  valid_from: today,
  expires_on: addDaysTo(today, 90),
  ...over,
});

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

describe("codes", () => {
  it("are 12 letters of the unambiguous alphabet in groups of four, distinct, and normalized from what a person types", () => {
    const codes = generateCodes(2000);
    expect(new Set(codes).size).toBe(2000);
    for (const c of codes.slice(0, 50)) expect(c).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
    expect(normalizeCode(" abcd efgh-jk m")).toBe("ABCD-EFGH-JKM");
    expect(csvFileName("0193a1b2-c3d4")).toBe("bonos-0193a1b2.csv");
  });
});

describe("batches", () => {
  let batchId: string;
  it("createBatch numbers the batch and makes its vouchers, each unique in the tenant with a 'created' event", async () => {
    const b = await owner.voucher.createBatch.mutate(batch({ description: "Regalos de fin de año" }));
    batchId = b.id;
    expect(b).toMatchObject({ batch_number: "LOT-000001", name: "Navidad", quantity: 20, value: "500.00", type: "fixed", keep_remainder: false });
    const second = await owner.voucher.createBatch.mutate(batch({ name: "Madres", quantity: 5, type: "percentage", value: "15", keep_remainder: true }));
    expect(second.batch_number).toBe("LOT-000002");
    const page = await owner.voucher.getVouchers.query({ batchId, page: 1, pageSize: 20, search: "", status: "all" });
    expect(page.pagination).toMatchObject({ page: 1, pageCount: 1, total: 20 });
    expect(new Set(page.data.map((v) => v.code)).size).toBe(20);
    expect(page.data[0]).toMatchObject({ amount: "500.00", balance: "500.00", status: "active", valid_until: addDaysTo(today, 90), batch: { batch_number: "LOT-000001", description: "Regalos de fin de año" } });
    const history = await owner.voucher.getHistory.query({ voucherId: page.data[0]!.id });
    expect(history.events.map((e) => e.event)).toEqual(["created"]);
    const list = await owner.voucher.getBatches.query({});
    expect(list.data.map((x) => x.batch_number)).toEqual(["LOT-000002", "LOT-000001"]);
    expect(list.data[1]).toMatchObject({ counts: { active: 20, used: 0, expired: 0 }, created_by: "Owner acme" });
  });

  it("the same client key twice gives one batch", async () => {
    const key = newId();
    const a = await owner.voucher.createBatch.mutate(batch({ quantity: 3, client_key: key }));
    const b = await owner.voucher.createBatch.mutate(batch({ quantity: 3, client_key: key }));
    expect(b.id).toBe(a.id);
    expect((await owner.voucher.getVouchers.query({ batchId: a.id })).pagination.total).toBe(3);
  });

  it("without vouchers.generate the spec's message; a cashier may still see the batches", async () => {
    const e = await errorOf(cashier.voucher.createBatch.mutate(batch()));
    expect(e).toMatchObject({ code: "FORBIDDEN", message: "No tiene permiso para generar bonos" });
    expect((await cashier.voucher.getBatches.query({})).pagination.total).toBeGreaterThan(0);
  });

  it("bad input is a BAD_REQUEST with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: " " }, "El nombre es requerido"],
      [{ quantity: 0 }, "La cantidad debe ser un número entero de 1 a 10,000"],
      [{ quantity: 10_001 }, "La cantidad debe ser un número entero de 1 a 10,000"],
      [{ value: "0" }, "El valor debe ser mayor que 0"],
      [{ value: "-5" }, "El valor debe ser mayor que 0"],
      [{ type: "percentage", value: "101" }, "El porcentaje no puede ser mayor que 100"],
      [{ type: "gift" }, "Seleccione el tipo de bono"],
      [{ expires_on: addDaysTo(today, -1), valid_from: addDaysTo(today, -5) }, "La fecha de vencimiento no puede ser anterior a hoy"],
      [{ valid_from: addDaysTo(today, 10), expires_on: addDaysTo(today, 5) }, "La fecha de vencimiento no puede ser anterior a la fecha de inicio"],
      [{ expires_on: "2026-02-30" }, "Fecha inválida"],
    ];
    for (const [over, message] of cases) {
      const e = await errorOf(owner.voucher.createBatch.mutate(batch(over) as never));
      expect(e.code, JSON.stringify(over)).toBe("BAD_REQUEST");
      expect(e.message).toContain(message);
    }
  });

  it("10,000 vouchers in one batch, all codes distinct", async () => {
    const b = await owner.voucher.createBatch.mutate(batch({ name: "Grande", quantity: 10_000 }));
    const [row] = await withTenant(t.db, t.acme.tenant.id, async (tx) =>
      rowsOf<{ n: number; d: number }>(await tx.execute(sql`SELECT count(*)::int AS n, count(DISTINCT code)::int AS d FROM vouchers WHERE batch_id = ${b.id}`)),
    );
    expect(row).toEqual({ n: 10_000, d: 10_000 });
    const exp = await owner.voucher.getImageExport.query({ batchId: b.id });
    expect(exp.vouchers).toHaveLength(10_000);
  }, 60_000);

  it("another tenant's batch is NOT_FOUND everywhere", async () => {
    const mine = (await owner.voucher.getBatches.query({})).data[0]!.id;
    for (const call of [
      outsider.voucher.getBatch.query({ batchId: mine }),
      outsider.voucher.getVouchers.query({ batchId: mine }),
      outsider.voucher.exportCsv.query({ batchId: mine }),
      outsider.voucher.getImageExport.query({ batchId: mine }),
    ])
      expect(await errorOf(call)).toMatchObject({ code: "NOT_FOUND" });
    expect((await outsider.voucher.getBatches.query({})).data.map((x) => x.id)).not.toContain(mine);
  });
});

describe("vouchers", () => {
  let batchId: string;
  let codes: { id: string; code: string }[];
  beforeAll(async () => {
    batchId = (await owner.voucher.createBatch.mutate(batch({ name: "Acciones", quantity: 6 }))).id;
    codes = (await owner.voucher.getVouchers.query({ batchId })).data.map((v) => ({ id: v.id, code: v.code }));
  });

  it("search takes the start of a code however it is typed; the status filter narrows", async () => {
    const code = codes[0]!.code;
    const found = await owner.voucher.getVouchers.query({ batchId, search: code.slice(0, 6).replace("-", "").toLowerCase() });
    expect(found.data.map((v) => v.code)).toContain(code);
    expect((await owner.voucher.getVouchers.query({ batchId, status: "used" })).pagination.total).toBe(0);
    expect(await errorOf(owner.voucher.getVouchers.query({ batchId, status: "gone" as never }))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("cancel needs a reason, records the date and an event, and only an active voucher takes it", async () => {
    const id = codes[0]!.id;
    const blank = await errorOf(owner.voucher.cancel.mutate({ voucherId: id, reason: "  " }));
    expect(blank).toMatchObject({ code: "BAD_REQUEST" });
    expect(blank.message).toContain("La razón es requerida");
    const v = await owner.voucher.cancel.mutate({ voucherId: id, reason: "Cliente devolvió el bono" });
    expect(v).toMatchObject({ status: "cancelled", cancel_reason: "Cliente devolvió el bono" });
    expect(v.cancelled_at).toBeTruthy();
    const again = await errorOf(owner.voucher.cancel.mutate({ voucherId: id, reason: "otra vez" }));
    expect(again).toMatchObject({ code: "BAD_REQUEST", message: "Solo un bono activo puede cancelarse o reportarse" });
    expect(await errorOf(owner.voucher.report.mutate({ voucherId: id, type: "lost" }))).toMatchObject({ code: "BAD_REQUEST" });
    const h = await owner.voucher.getHistory.query({ voucherId: id });
    expect(h.events.map((e) => [e.event, e.notes])).toEqual([
      ["created", null],
      ["cancelled", "Cliente devolvió el bono"],
    ]);
    expect((await owner.voucher.getVouchers.query({ batchId, status: "cancelled" })).data.map((x) => x.id)).toEqual([id]);
  });

  it("report marks lost or stolen with optional notes; a cashier without the permission is FORBIDDEN", async () => {
    const lost = await owner.voucher.report.mutate({ voucherId: codes[1]!.id, type: "lost" });
    expect(lost).toMatchObject({ status: "lost", report_notes: null });
    expect(lost.reported_at).toBeTruthy();
    const stolen = await owner.voucher.report.mutate({ voucherId: codes[2]!.id, type: "stolen", notes: "Robado en la tienda" });
    expect(stolen).toMatchObject({ status: "stolen", report_notes: "Robado en la tienda" });
    expect(await errorOf(owner.voucher.report.mutate({ voucherId: codes[3]!.id, type: "broken" as never }))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await errorOf(cashier.voucher.cancel.mutate({ voucherId: codes[3]!.id, reason: "x" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorOf(cashier.voucher.report.mutate({ voucherId: codes[3]!.id, type: "lost" }))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("another tenant's voucher is NOT_FOUND; so is an unknown id", async () => {
    const id = codes[3]!.id;
    expect(await errorOf(outsider.voucher.cancel.mutate({ voucherId: id, reason: "x" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.voucher.report.mutate({ voucherId: id, type: "lost" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(outsider.voucher.getHistory.query({ voucherId: id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(owner.voucher.cancel.mutate({ voucherId: newId(), reason: "x" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await errorOf(owner.voucher.cancel.mutate({ voucherId: "not-an-id", reason: "x" }))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("exportCsv answers the headers and one row per voucher with the status label", async () => {
    const csv = await owner.voucher.exportCsv.query({ batchId });
    expect(csv.headers[0]).toBe("Código");
    expect(csv.rows).toHaveLength(6);
    expect(csv.rows.find((r) => r[0] === codes[0]!.code)?.[3]).toBe("Cancelado");
    expect((await owner.voucher.getImageExport.query({ batchId })).vouchers).toHaveLength(3);
  });

  it("checkExpired marks active vouchers past their last day expired, with an event each, and leaves the rest", async () => {
    const id = codes[4]!.id;
    await withTenant(t.db, t.acme.tenant.id, (tx) => tx.update(vouchers).set({ validUntil: addDaysTo(today, -1) }).where(eq(vouchers.id, id)));
    const r = await owner.voucher.checkExpired.mutate();
    expect(r.expired).toBe(1);
    expect((await owner.voucher.checkExpired.mutate()).expired).toBe(0);
    const h = await owner.voucher.getHistory.query({ voucherId: id });
    expect(h.voucher.status).toBe("expired");
    expect(h.events.map((e) => e.event)).toEqual(["created", "expired"]);
    const b = await owner.voucher.getBatch.query({ batchId });
    expect(b.counts).toEqual({ active: 2, used: 0, expired: 1, other: 3 });
    expect((await outsider.voucher.checkExpired.mutate()).expired).toBe(0);
  });
});

describe("demo seed", () => {
  it("seedDemoVouchers writes one batch of 20 fixed RD$500 vouchers", async () => {
    await withTenant(t.db, t.other.tenant.id, (tx) => seedDemoVouchers(tx, t.other.tenant.id, t.other.users.owner.id, today));
    const [b] = (await outsider.voucher.getBatches.query({})).data;
    expect(b).toMatchObject({ quantity: 20, value: "500.00", type: "fixed", counts: { active: 20, used: 0, expired: 0 } });
  });
});
