import { and, eq } from "drizzle-orm";
import { v7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, withTenant } from "../../db/client";
import { newId } from "../../ids";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";
import { currencies } from "../currency/tables";
import { customers } from "../customer/tables";
import { paymentMethods } from "../payment-method/tables";
import { orderPayments, orders } from "../pos/tables";
import { warehouses } from "../warehouse/tables";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The tenant's seeded ids: payment methods by code, currencies by code, the default customer and warehouse. */
async function refs(db: Db, tenantId: string) {
  return withTenant(db, tenantId, async (tx) => {
    const methods = Object.fromEntries((await tx.select({ id: paymentMethods.id, code: paymentMethods.code }).from(paymentMethods)).map((m) => [m.code, m.id]));
    const money = Object.fromEntries((await tx.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [c.code, c.id]));
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.isDefault, true));
    const [warehouse] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.isDefault, true));
    return { methods, currencies: money, customerId: customer!.id, warehouseId: warehouse!.id };
  });
}

interface Payment {
  method: string;
  amount: string;
  currency?: string;
  rate?: string;
  status?: "completed" | "cancelled";
}

let orderNo = 0;
/** A sale as the POS checkout records it: the order in the cash box session and its payments. */
async function sell(tenantId: string, userId: string, sessionId: string | null, payments: Payment[], opts: { total: string; change?: string; status?: "completed" | "cancelled" }) {
  const r = await refs(t.db, tenantId);
  await withTenant(t.db, tenantId, async (tx) => {
    const orderId = newId();
    orderNo++;
    await tx.insert(orders).values({
      tenantId,
      id: orderId,
      number: `FAC-${String(orderNo).padStart(6, "0")}`,
      clientOrderId: v7(),
      customerId: r.customerId,
      warehouseId: r.warehouseId,
      cashboxSessionId: sessionId,
      status: opts.status ?? "completed",
      subtotal: opts.total,
      discountTotal: "0",
      taxTotal: "0",
      total: opts.total,
      paidTotal: opts.total,
      changeAmount: opts.change ?? "0",
      userId,
      businessDate: "2026-11-22",
    });
    for (const p of payments) {
      const rate = p.rate ?? "1";
      await tx.insert(orderPayments).values({
        tenantId,
        id: newId(),
        orderId,
        paymentMethodId: r.methods[p.method]!,
        currencyId: r.currencies[p.currency ?? "DOP"]!,
        amount: p.amount,
        rate,
        baseAmount: (Number(p.amount) * Number(rate)).toFixed(2),
        status: p.status ?? "completed",
        // as checkout stores it: the payment belongs to the session that took it
        cashboxSessionId: sessionId,
      });
    }
  });
}

describe("cashbox settings", () => {
  it("every new tenant starts with 'Caja 1' in its default warehouse", async () => {
    const admin = await t.client("acme", "admin");
    const list = await admin.cashbox.getAll.query();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "Caja 1", warehouseName: "Principal", printServer: null, willOpenDrawer: true, isActive: true, openSession: null });
  });

  it("create / update: print server kept with a trailing slash, names unique ignoring case, validation", async () => {
    const owner = await t.client("acme", "owner");
    const { warehouseId } = await refs(t.db, t.acme.tenant.id);
    const created = await owner.cashbox.create.mutate({ name: "Caja 2", warehouseId, printServer: "http://192.168.1.50:8080", willOpenDrawer: false, isActive: true });
    expect(created).toMatchObject({ name: "Caja 2", warehouseId, warehouseName: "Principal", printServer: "http://192.168.1.50:8080/", willOpenDrawer: false, isActive: true });
    expect(await errorOf(owner.cashbox.create.mutate({ name: "caja 2" }))).toEqual({ code: "CONFLICT", message: "Ya existe una caja con el nombre caja 2" });
    expect(await errorOf(owner.cashbox.create.mutate({ name: " " }))).toEqual({ code: "BAD_REQUEST", message: "name: El nombre es requerido" });
    expect(await errorOf(owner.cashbox.create.mutate({ name: "Caja 3", printServer: "ftp://impresora" }))).toEqual({
      code: "BAD_REQUEST",
      message: "printServer: URL inválida: use http:// o https://",
    });

    const updated = await owner.cashbox.update.mutate({ id: created.id, name: "Caja Barra", warehouseId: "", printServer: "", willOpenDrawer: true, isActive: true });
    expect(updated).toMatchObject({ id: created.id, name: "Caja Barra", warehouseId: null, printServer: null, willOpenDrawer: true });
    expect((await errorOf(owner.cashbox.update.mutate({ id: created.id, name: "CAJA 1" }))).code).toBe("CONFLICT");
    // Settings list: by name, inactive ones too.
    await owner.cashbox.update.mutate({ id: created.id, name: "Caja Barra", isActive: false });
    expect((await owner.cashbox.getAll.query()).map((c) => [c.name, c.isActive])).toEqual([
      ["Caja 1", true],
      ["Caja Barra", false],
    ]);
    expect((await owner.cashbox.getAll.query({ includeInactive: false })).map((c) => c.name)).toEqual(["Caja 1"]);
  });

  it("code, template, print flags and drawer service (spec limits); kept when an update leaves them out", async () => {
    const owner = await t.client("acme", "owner");
    const [caja1] = await owner.cashbox.getAll.query();
    expect(caja1).toMatchObject({ code: "CAJA1", template: null, showNotifications: true, waitForPrint: false, openDrawerOnPrint: true, drawerServiceUrl: null });
    const full = {
      code: " barra-2 ",
      name: "Caja Terraza",
      template: "58mm",
      showNotifications: false,
      waitForPrint: true,
      openDrawerOnPrint: false,
      drawerServiceUrl: "http://127.0.0.1:5050/drawer",
      willOpenDrawer: true,
      isActive: true,
    };
    const created = await owner.cashbox.create.mutate(full);
    expect(created).toMatchObject({ code: "BARRA-2", template: "58mm", showNotifications: false, waitForPrint: true, openDrawerOnPrint: false, drawerServiceUrl: "http://127.0.0.1:5050/drawer" });
    expect(await errorOf(owner.cashbox.create.mutate({ ...full, name: "Otra", code: "barra-2" }))).toEqual({ code: "CONFLICT", message: "Ya existe una caja con el código BARRA-2" });
    const cases: [Record<string, unknown>, string][] = [
      [{ code: " " }, "code: El código es requerido"],
      [{ code: "C".repeat(51) }, "code: El código debe tener como máximo 50 caracteres"],
      [{ template: "t".repeat(21) }, "template: La plantilla debe tener como máximo 20 caracteres"],
      [{ drawerServiceUrl: `http://localhost:5050/${"d".repeat(40)}` }, "drawerServiceUrl: La URL del servicio de gaveta debe tener como máximo 50 caracteres"],
      [{ drawerServiceUrl: "gaveta" }, "drawerServiceUrl: URL inválida: use http:// o https://"],
      [{ printServer: `http://localhost:8080/${"p".repeat(80)}` }, "printServer: La URL del servidor de impresión debe tener como máximo 100 caracteres"],
    ];
    for (const [patch, message] of cases) {
      expect(await errorOf(owner.cashbox.create.mutate({ ...full, name: "Caja Z", code: "Z1", ...patch } as never))).toEqual({ code: "BAD_REQUEST", message });
    }
    // an update without the new fields keeps them; with them, replaces them
    await owner.cashbox.update.mutate({ id: created.id, name: "Caja Terraza", isActive: true });
    expect((await owner.cashbox.getAll.query()).find((c) => c.id === created.id)).toMatchObject({ code: "BARRA-2", template: "58mm", waitForPrint: true, drawerServiceUrl: "http://127.0.0.1:5050/drawer" });
    const updated = await owner.cashbox.update.mutate({ id: created.id, name: "Caja Terraza", code: "TERRAZA", template: "", drawerServiceUrl: "", waitForPrint: false, isActive: false });
    expect(updated).toMatchObject({ code: "TERRAZA", template: null, drawerServiceUrl: null, waitForPrint: false, showNotifications: false });
    expect((await errorOf(owner.cashbox.update.mutate({ id: created.id, name: "Caja Terraza", code: "caja1" }))).code).toBe("CONFLICT");
    // an API client that sends no code gets the next free CAJA{n}
    const plain = await owner.cashbox.create.mutate({ name: "Caja sin código", isActive: false });
    expect(plain.code).toMatch(/^CAJA\d+$/);
    expect(plain).toMatchObject({ template: null, showNotifications: true, waitForPrint: false, openDrawerOnPrint: true, drawerServiceUrl: null });
  });

  it("configuration needs settings.configuration; another tenant's cash box or warehouse is not found", async () => {
    const cashier = await t.client("acme", "cashier");
    expect((await errorOf(cashier.cashbox.create.mutate({ name: "Caja X" }))).code).toBe("FORBIDDEN");
    // A cashier may list them (to open one).
    expect((await cashier.cashbox.getAll.query({ includeInactive: false })).map((c) => c.name)).toEqual(["Caja 1"]);

    const outsider = await t.client("other", "owner");
    const [acmeBox] = await (await t.client("acme", "owner")).cashbox.getAll.query();
    expect((await errorOf(outsider.cashbox.update.mutate({ id: acmeBox!.id, name: "Mía" }))).code).toBe("NOT_FOUND");
    expect((await outsider.cashbox.getAll.query()).map((c) => c.name)).toEqual(["Caja 1"]);
    const { warehouseId: acmeWarehouse } = await refs(t.db, t.acme.tenant.id);
    expect(await errorOf(outsider.cashbox.create.mutate({ name: "Caja Y", warehouseId: acmeWarehouse }))).toEqual({ code: "NOT_FOUND", message: "Almacén no encontrado" });
  });
});

describe("cashbox sessions", () => {
  let cajaId: string;
  let sessionId: string;

  it("open: a cashier opens Caja 1 with a float; getActive answers what the POS needs", async () => {
    const cashier = await t.client("acme", "cashier");
    cajaId = (await cashier.cashbox.getAll.query({ includeInactive: false }))[0]!.id;
    expect(await cashier.cashbox.getActive.query()).toBeNull();
    sessionId = v7();
    const opened = await cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "1,000", clientRequestId: sessionId });
    expect(opened).toMatchObject({ sessionId, cashboxId: cajaId, cashboxName: "Caja 1", will_open_drawer: true, print_server: null, openingAmount: "1000.00", openedBy: t.acme.users.cashier.id });
    // The cash box's own settings, as cashbox.getAll names them.
    expect(opened).toMatchObject({ code: "CAJA1", template: null, showNotifications: true, waitForPrint: false, openDrawerOnPrint: true, drawerServiceUrl: null });
    expect(opened.openedAt).toBeInstanceOf(Date);
    expect(await cashier.cashbox.getActive.query()).toEqual(opened);
    // A retried call (same request id) returns the same session.
    expect(await cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "1000", clientRequestId: sessionId })).toEqual(opened);
    // The list shows who has it open.
    expect((await cashier.cashbox.getAll.query())[0]!.openSession).toMatchObject({ id: sessionId, openedBy: t.acme.users.cashier.id, openedByName: "cashier cashier@acme.test" });
  });

  it("open: one open session per cash box and per user; inactive boxes stay closed; outsiders see nothing", async () => {
    const cashier = await t.client("acme", "cashier");
    const admin = await t.client("acme", "admin");
    expect(await errorOf(cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "500", clientRequestId: v7() }))).toEqual({
      code: "CONFLICT",
      message: "La caja Caja 1 ya está abierta. Ciérrela antes de abrirla otra vez.",
    });
    expect((await errorOf(admin.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "500", clientRequestId: v7() }))).code).toBe("CONFLICT");
    // Someone else's request id is not a retry.
    expect((await errorOf(admin.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "1000", clientRequestId: sessionId }))).code).toBe("CONFLICT");

    const owner = await t.client("acme", "owner");
    const barra = (await owner.cashbox.getAll.query()).find((c) => c.name === "Caja Barra")!;
    expect(await errorOf(cashier.cashbox.open.mutate({ cashboxId: barra.id, openingAmount: "0", clientRequestId: v7() }))).toEqual({ code: "BAD_REQUEST", message: "La caja Caja Barra está inactiva" });
    await owner.cashbox.update.mutate({ id: barra.id, name: "Caja Barra", isActive: true });
    expect(await errorOf(cashier.cashbox.open.mutate({ cashboxId: barra.id, openingAmount: "0", clientRequestId: v7() }))).toEqual({
      code: "CONFLICT",
      message: "Usted ya tiene abierta la caja Caja 1; ciérrela antes de abrir otra.",
    });
    // An open cash box cannot be deactivated.
    expect(await errorOf(owner.cashbox.update.mutate({ id: cajaId, name: "Caja 1", isActive: false }))).toEqual({ code: "BAD_REQUEST", message: "No se puede desactivar una caja abierta; ciérrela primero" });
    expect((await errorOf(cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "-5", clientRequestId: v7() }))).code).toBe("BAD_REQUEST");

    // The admin has none of their own, but can look at Caja 1's.
    expect(await admin.cashbox.getActive.query()).toBeNull();
    expect((await admin.cashbox.getActive.query({ cashboxId: cajaId }))?.sessionId).toBe(sessionId);

    const outsider = await t.client("other", "cashier");
    expect((await errorOf(outsider.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "1", clientRequestId: v7() }))).code).toBe("NOT_FOUND");
    expect(await outsider.cashbox.getActive.query({ cashboxId: cajaId })).toBeNull();
    expect((await errorOf(outsider.cashbox.getCloseSummary.query({ sessionId }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.cashbox.close.mutate({ sessionId, counted: [] }))).code).toBe("NOT_FOUND");
    expect((await outsider.cashbox.getSessions.query({})).pagination.total).toBe(0);
  });

  it("getCloseSummary: cash = float + cash payments − change; other methods their completed payments", async () => {
    const userId = t.acme.users.cashier.id;
    const tenantId = t.acme.tenant.id;
    await sell(tenantId, userId, sessionId, [{ method: "CASH", amount: "1000" }], { total: "850", change: "150" });
    await sell(tenantId, userId, sessionId, [{ method: "CARD", amount: "2360" }], { total: "2360" });
    await sell(tenantId, userId, sessionId, [{ method: "CASH", amount: "300" }, { method: "TRANSFER", amount: "200.50" }], { total: "500.50" });
    await sell(tenantId, userId, sessionId, [{ method: "CASH", amount: "10", currency: "USD", rate: "63.25" }], { total: "632.50" });
    // Not counted: a cancelled order, a cancelled payment, a sale of another session, a sale with no session.
    await sell(tenantId, userId, sessionId, [{ method: "CASH", amount: "999" }], { total: "999", status: "cancelled" });
    await sell(tenantId, userId, sessionId, [{ method: "CARD", amount: "50", status: "cancelled" }], { total: "0" });
    await sell(tenantId, userId, null, [{ method: "CASH", amount: "777" }], { total: "777" });

    const cashier = await t.client("acme", "cashier");
    const summary = await cashier.cashbox.getCloseSummary.query({ sessionId });
    expect(summary).toMatchObject({ sessionId, cashboxName: "Caja 1", status: "open", openingAmount: "1000.00", orderCount: 5, changeTotal: "150.00", closedAt: null, totalCounted: null });
    const byCode = Object.fromEntries(summary.lines.map((l) => [l.code, l]));
    expect(summary.lines.map((l) => l.code)).toEqual(["CASH", "CARD", "TRANSFER", "CHECK", "CREDIT", "CREDIT_NOTE", "GIFT_VOUCHER", "POINTS"]);
    expect(byCode.CASH).toMatchObject({ isCash: true, payments: "1932.50", paymentCount: 3, expected: "2782.50" });
    expect(byCode.CARD).toMatchObject({ isCash: false, payments: "2360.00", paymentCount: 1, expected: "2360.00" });
    expect(byCode.TRANSFER).toMatchObject({ payments: "200.50", expected: "200.50" });
    expect(byCode.CHECK).toMatchObject({ payments: "0.00", expected: "0.00" });
    expect(summary.totalExpected).toBe("5343.00");
  });

  it("close: comments are required when a count differs; the breakdown, totals and difference are stored", async () => {
    const cashier = await t.client("acme", "cashier");
    const r = await refs(t.db, t.acme.tenant.id);
    const counted = [
      { paymentMethodId: r.methods.CASH!, amount: "2750" },
      { paymentMethodId: r.methods.CARD!, amount: "2360.00" },
      { paymentMethodId: r.methods.TRANSFER!, amount: "200.50" },
    ];
    expect(await errorOf(cashier.cashbox.close.mutate({ sessionId, counted }))).toEqual({ code: "BAD_REQUEST", message: "Los comentarios son obligatorios cuando los montos no cuadran" });
    expect(await errorOf(cashier.cashbox.close.mutate({ sessionId, counted, comments: "   " }))).toEqual({ code: "BAD_REQUEST", message: "Los comentarios son obligatorios cuando los montos no cuadran" });
    // Another tenant's payment method is not one of this cash box's.
    const otherRefs = await refs(t.db, t.other.tenant.id);
    expect((await errorOf(cashier.cashbox.close.mutate({ sessionId, counted: [{ paymentMethodId: otherRefs.methods.CASH!, amount: "1" }], comments: "x" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(cashier.cashbox.close.mutate({ sessionId, counted: [counted[0]!, counted[0]!], comments: "x" }))).code).toBe("BAD_REQUEST");

    const closed = await cashier.cashbox.close.mutate({ sessionId, counted, comments: "Faltan RD$32.50: vuelto mal dado" });
    expect(closed).toMatchObject({ status: "closed", totalExpected: "5343.00", totalCounted: "5310.50", totalDifference: "-32.50", comments: "Faltan RD$32.50: vuelto mal dado", closedBy: t.acme.users.cashier.id });
    expect(closed.closedAt).toBeInstanceOf(Date);
    const cash = closed.lines.find((l) => l.code === "CASH")!;
    expect(cash).toMatchObject({ expected: "2782.50", counted: "2750.00", difference: "-32.50" });
    expect(closed.lines.find((l) => l.code === "CHECK")).toMatchObject({ expected: "0.00", counted: "0.00", difference: "0.00" });

    expect(await cashier.cashbox.getActive.query()).toBeNull();
    // The same request again answers the same result; a different one is refused.
    expect(await cashier.cashbox.close.mutate({ sessionId, counted, comments: "Faltan RD$32.50: vuelto mal dado" })).toEqual(closed);
    expect(await errorOf(cashier.cashbox.close.mutate({ sessionId, counted, comments: "Otro cierre" }))).toEqual({ code: "CONFLICT", message: "No se encontró una caja activa" });
    const admin = await t.client("acme", "admin");
    expect((await errorOf(admin.cashbox.close.mutate({ sessionId, counted, comments: "Faltan RD$32.50: vuelto mal dado" }))).code).toBe("CONFLICT");

    // A sale cancelled after the close does not change the stored closing.
    await withTenant(t.db, t.acme.tenant.id, (tx) =>
      tx
        .update(orders)
        .set({ status: "cancelled" })
        .where(and(eq(orders.cashboxSessionId, sessionId), eq(orders.total, "2360.00"))),
    );
    expect((await admin.cashbox.getCloseSummary.query({ sessionId })).lines).toEqual(closed.lines);

    const history = await admin.cashbox.getSessions.query({ status: "closed" });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ id: sessionId, cashboxName: "Caja 1", status: "closed", totalDifference: "-32.50", openedByName: "cashier cashier@acme.test", closedByName: "cashier cashier@acme.test" });
  });

  it("close: matching counts need no comments; the cash box can be opened again", async () => {
    const cashier = await t.client("acme", "cashier");
    const second = v7();
    await cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "500", clientRequestId: second });
    const r = await refs(t.db, t.acme.tenant.id);
    await sell(t.acme.tenant.id, t.acme.users.cashier.id, second, [{ method: "CASH", amount: "100" }], { total: "100" });
    const closed = await cashier.cashbox.close.mutate({ sessionId: second, counted: [{ paymentMethodId: r.methods.CASH!, amount: "600" }] });
    expect(closed).toMatchObject({ status: "closed", totalExpected: "600.00", totalCounted: "600.00", totalDifference: "0.00", comments: null });
    const history = await cashier.cashbox.getSessions.query({ status: "closed" });
    expect(history.data.map((s) => s.id)).toEqual([second, sessionId]);
    expect(history.pagination.total).toBe(2);
  });

  it("close: a cashier counts only the drawer they opened; a supervisor (pos.close_cash) closes anyone's, and is recorded", async () => {
    const admin = await t.client("acme", "admin");
    const cashier = await t.client("acme", "cashier");
    const r = await refs(t.db, t.acme.tenant.id);
    const theirs = v7();
    await admin.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "200", clientRequestId: theirs });
    const refused = await errorOf(cashier.cashbox.close.mutate({ sessionId: theirs, counted: [{ paymentMethodId: r.methods.CASH!, amount: "200" }] }));
    expect(refused).toMatchObject({ code: "FORBIDDEN", message: "Solo quien abrió esta caja puede cerrarla (o un supervisor con permiso de cierre)" });
    const owner = await t.client("acme", "owner");
    const closed = await owner.cashbox.close.mutate({ sessionId: theirs, counted: [{ paymentMethodId: r.methods.CASH!, amount: "200" }] });
    expect(closed).toMatchObject({ status: "closed", closedBy: t.acme.users.owner.id });
  });

  it("concurrent opens of one cash box: exactly one session; concurrent identical closes: one closing", async () => {
    const cashier = await t.client("acme", "cashier");
    const admin = await t.client("acme", "admin");
    const results = await Promise.allSettled([
      cashier.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "100", clientRequestId: v7() }),
      admin.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "200", clientRequestId: v7() }),
    ]);
    const opened = results.filter((r) => r.status === "fulfilled");
    expect(opened).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const session = (opened[0] as PromiseFulfilledResult<{ sessionId: string; openedBy: string }>).value;
    expect((await t.client("acme", "owner").then((o) => o.cashbox.getSessions.query({ status: "open" }))).data.map((s) => s.id)).toEqual([session.sessionId]);

    const closer = session.openedBy === t.acme.users.cashier.id ? cashier : admin;
    const closes = await Promise.all([closer.cashbox.close.mutate({ sessionId: session.sessionId, counted: [], comments: "Cierre sin conteo" }), closer.cashbox.close.mutate({ sessionId: session.sessionId, counted: [], comments: "Cierre sin conteo" })]);
    expect(closes[0]).toEqual(closes[1]);
    expect(closes[0]!.totalDifference).toMatch(/^-(100|200)\.00$/);
  });

  it("getActive carries the cash box's code, receipt template, print flags and drawer service (as getAll names them)", async () => {
    const owner = await t.client("acme", "owner");
    const warehouseId = (await refs(t.db, t.acme.tenant.id)).warehouseId;
    const box = await owner.cashbox.create.mutate({
      code: "bar-1",
      name: "Caja Bar",
      warehouseId,
      printServer: "http://127.0.0.1:8080",
      template: "58mm",
      showNotifications: false,
      waitForPrint: true,
      openDrawerOnPrint: false,
      drawerServiceUrl: "http://127.0.0.1:5050/drawer",
      willOpenDrawer: false,
    });
    const sessionId = v7();
    const opened = await owner.cashbox.open.mutate({ cashboxId: box.id, openingAmount: "0", clientRequestId: sessionId });
    const settings = {
      sessionId,
      cashboxId: box.id,
      cashboxName: "Caja Bar",
      will_open_drawer: false,
      print_server: "http://127.0.0.1:8080/",
      code: "BAR-1",
      template: "58mm",
      showNotifications: false,
      waitForPrint: true,
      openDrawerOnPrint: false,
      drawerServiceUrl: "http://127.0.0.1:5050/drawer",
      warehouseId,
    };
    expect(opened).toMatchObject(settings);
    expect(await owner.cashbox.getActive.query()).toEqual(opened);
    expect(await owner.cashbox.getActive.query({ cashboxId: box.id })).toEqual(opened);
    // The same values getAll reports for that cash box.
    const row = (await owner.cashbox.getAll.query()).find((c) => c.id === box.id)!;
    expect(row).toMatchObject({ code: opened!.code, template: opened!.template, showNotifications: opened!.showNotifications, waitForPrint: opened!.waitForPrint, openDrawerOnPrint: opened!.openDrawerOnPrint, drawerServiceUrl: opened!.drawerServiceUrl });
    // An edit while open shows on the next read; a cleared template and drawer service read null.
    await owner.cashbox.update.mutate({ id: box.id, name: "Caja Bar", warehouseId, printServer: "http://127.0.0.1:8080", willOpenDrawer: false, template: "", drawerServiceUrl: "", showNotifications: true });
    expect(await owner.cashbox.getActive.query()).toMatchObject({ ...settings, template: null, drawerServiceUrl: null, showNotifications: true });
    await owner.cashbox.close.mutate({ sessionId, counted: [] });
    expect(await owner.cashbox.getActive.query()).toBeNull();
  });

  it("permissions: signing in is required; the outsider's own list is empty", async () => {
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.cashbox.getActive.query())).code).toBe("UNAUTHORIZED");
    expect((await errorOf(anonymous.cashbox.open.mutate({ cashboxId: cajaId, openingAmount: "1", clientRequestId: v7() }))).code).toBe("UNAUTHORIZED");
  });
});
