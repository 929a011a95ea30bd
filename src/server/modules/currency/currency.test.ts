import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessDate } from "../../../shared/platform/dates";
import { withTenant } from "../../db/client";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";
import { currencyRates } from "./tables";

let t: TestContext;
let owner: Client;
let admin: Client;
let cashier: Client;
let outsider: Client;
const TZ = "America/Santo_Domingo";
const today = () => businessDate(new Date(), TZ);
const dayFromToday = (n: number) => businessDate(addDays(new Date(), n), TZ);

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  admin = await t.client("acme", "admin");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

async function byCode(code: string, client: Client = owner) {
  return (await client.currency.getAll.query()).find((c) => c.code === code)!;
}

describe("currency.getAll / getActive", () => {
  it("lists every currency, default first, with the rate in force and its date", async () => {
    const all = await cashier.currency.getAll.query();
    expect(all.map((c) => [c.code, c.rate, c.isDefault, c.isActive])).toEqual([
      ["DOP", "1.000000", true, true],
      ["EUR", "68.400000", false, true],
      ["USD", "63.250000", false, true],
    ]);
    expect(all[0]).toMatchObject({ numericCode: "214", symbol: "RD$", rateDate: today(), nextRate: null });
    // getActive keeps its shape for the POS.
    expect((await cashier.currency.getActive.query())[0]).toEqual({ id: all[0]!.id, code: "DOP", numericCode: "214", name: "Peso dominicano", symbol: "RD$", rate: "1.000000", is_default: true });
  });
});

describe("currency.create / update", () => {
  it("creates a currency with its first history row; codes are ISO and unique", async () => {
    const uyu = await admin.currency.create.mutate({ code: " uyu ", numericCode: "858", name: "Peso uruguayo", symbol: "$U", rate: "1.55", isDefault: false, isActive: true });
    expect(uyu).toMatchObject({ code: "UYU", numericCode: "858", rate: "1.550000", isDefault: false, isActive: true, rateDate: today() });
    const history = await owner.currency.getRateHistory.query({ currencyId: uyu.id });
    expect(history.map((h) => [h.rate, h.effectiveDate, h.inForce])).toEqual([["1.550000", today(), true]]);
    expect(history[0]!.createdByName).toBe("admin admin@acme.test");

    expect(await errorOf(owner.currency.create.mutate({ code: "usd", numericCode: "840", name: "Otro dólar", symbol: "$", rate: "60" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Ya existe una moneda con el código USD",
    });
    // another tenant may use the same code
    expect((await outsider.currency.create.mutate({ code: "UYU", numericCode: "858", name: "Peso uruguayo", symbol: "$U", rate: "1.6" })).code).toBe("UYU");
  });

  it("refuses bad input with BAD_REQUEST and the field", async () => {
    const base = { code: "GBP", numericCode: "826", name: "Libra esterlina", symbol: "£", rate: "80" };
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "GB" }, "code: El código debe tener 3 letras (ISO 4217), p. ej. USD"],
      [{ code: "G1P" }, "code: El código debe tener 3 letras (ISO 4217), p. ej. USD"],
      [{ numericCode: "82" }, "numericCode: El código numérico debe tener 3 dígitos (ISO 4217), p. ej. 840"],
      [{ name: " " }, "name: El nombre es requerido"],
      [{ name: "x".repeat(101) }, "name: El nombre debe tener como máximo 100 caracteres"],
      [{ symbol: "" }, "symbol: El símbolo es requerido"],
      [{ rate: "0" }, "rate: Ingrese una tasa mayor que cero (hasta 6 decimales)"],
      [{ rate: "-3" }, "rate: Ingrese una tasa mayor que cero (hasta 6 decimales)"],
      [{ rate: "abc" }, "rate: Ingrese una tasa mayor que cero (hasta 6 decimales)"],
      [{ rate: "100000000" }, "rate: Ingrese una tasa mayor que cero (hasta 6 decimales)"],
      [{ name: "Libra\u0000" }, "name: El texto contiene caracteres no válidos"],
    ];
    for (const [patch, message] of cases) {
      expect(await errorOf(owner.currency.create.mutate({ ...base, ...patch } as never))).toEqual({ code: "BAD_REQUEST", message });
    }
    const usd = await byCode("USD");
    expect((await errorOf(owner.currency.update.mutate({ id: "not-a-uuid", name: "X" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(owner.currency.setRate.mutate({ currencyId: usd.id, rate: "60", effectiveDate: "2026-02-30" }))).message).toBe("effectiveDate: Fecha inválida");
  });

  it("update: a changed rate takes effect today; other fields keep theirs", async () => {
    const eur = await byCode("EUR");
    const updated = await owner.currency.update.mutate({ id: eur.id, name: "Euro (UE)", rate: "69.1" });
    expect(updated).toMatchObject({ code: "EUR", name: "Euro (UE)", symbol: "€", rate: "69.100000", rateDate: today() });
    expect((await owner.currency.getRateHistory.query({ currencyId: eur.id })).map((h) => [h.rate, h.effectiveDate])).toEqual([["69.100000", today()]]);
    // nothing changes in the history when the rate is the same
    await owner.currency.update.mutate({ id: eur.id, symbol: "EUR€", rate: "69.100000" });
    expect(await owner.currency.getRateHistory.query({ currencyId: eur.id })).toHaveLength(1);
    expect((await errorOf(owner.currency.update.mutate({ id: eur.id, code: "USD" }))).message).toBe("Ya existe una moneda con el código USD");
    await owner.currency.update.mutate({ id: eur.id, symbol: "€", name: "Euro" });
  });

  it("exactly one default: a new default clears the others in the same call and is worth 1", async () => {
    const dop = await byCode("DOP");
    expect(await errorOf(owner.currency.update.mutate({ id: dop.id, isActive: false }))).toEqual({ code: "BAD_REQUEST", message: "La moneda predeterminada no se puede desactivar" });
    expect(await errorOf(owner.currency.update.mutate({ id: dop.id, isDefault: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "Debe haber una moneda predeterminada: marque otra como predeterminada",
    });
    // the default's rate stays 1 whatever is sent
    expect((await owner.currency.update.mutate({ id: dop.id, rate: "2" })).rate).toBe("1.000000");

    const chf = await owner.currency.create.mutate({ code: "CHF", numericCode: "756", name: "Franco suizo", symbol: "CHF", rate: "70", isDefault: true });
    expect(chf).toMatchObject({ isDefault: true, rate: "1.000000" });
    const all = await owner.currency.getAll.query();
    expect(all.filter((c) => c.isDefault).map((c) => c.code)).toEqual(["CHF"]);
    expect(await errorOf(owner.currency.create.mutate({ code: "JPY", numericCode: "392", name: "Yen", symbol: "¥", rate: "0.4", isDefault: true, isActive: false }))).toMatchObject({
      code: "BAD_REQUEST",
    });
    // back to the peso
    await owner.currency.update.mutate({ id: dop.id, isDefault: true });
    const after = await owner.currency.getAll.query();
    expect(after.filter((c) => c.isDefault).map((c) => c.code)).toEqual(["DOP"]);
    expect(after[0]!.code).toBe("DOP");
    await owner.currency.update.mutate({ id: chf.id, isActive: false });
    expect((await owner.currency.getActive.query()).map((c) => c.code)).not.toContain("CHF");
    expect((await owner.currency.getAll.query()).find((c) => c.code === "CHF")).toMatchObject({ isActive: false });
  });
});

describe("the default currency: currencies.is_default is the source of truth", () => {
  it("tenant.getCurrentConfig reports the currency marked default; tenant.updateConfig cannot set another", async () => {
    expect((await cashier.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("DOP");
    const eur = await byCode("EUR");
    const dop = await byCode("DOP");
    await owner.currency.update.mutate({ id: eur.id, isDefault: true });
    try {
      // whatever reads the config now reports the same default as the currencies (and the POS list)
      expect((await cashier.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("EUR");
      expect((await admin.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("EUR");
      expect((await cashier.currency.getActive.query()).filter((c) => c.is_default).map((c) => c.code)).toEqual(["EUR"]);
      // the configuration screen's call: the same default is accepted (nothing changes), another is refused
      expect((await owner.tenant.updateConfig.mutate({ default_currency_code: "EUR", rounded_cards: false })).config).toMatchObject({ default_currency_code: "EUR", rounded_cards: false });
      expect(await errorOf(owner.tenant.updateConfig.mutate({ default_currency_code: "USD" }))).toEqual({
        code: "BAD_REQUEST",
        message: "La moneda predeterminada (EUR) se cambia en Configuración → Monedas",
      });
      expect((await owner.currency.getAll.query()).filter((c) => c.isDefault).map((c) => c.code)).toEqual(["EUR"]);
      // another tenant keeps its own default
      expect((await outsider.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("DOP");
      // a currency created as the default becomes what the config reports
      const gbp = await owner.currency.create.mutate({ code: "GBP", numericCode: "826", name: "Libra esterlina", symbol: "£", rate: "80", isDefault: true });
      expect((await cashier.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("GBP");
      await owner.currency.update.mutate({ id: dop.id, isDefault: true });
      await owner.currency.update.mutate({ id: gbp.id, isActive: false });
    } finally {
      await owner.currency.update.mutate({ id: dop.id, isDefault: true });
      await owner.currency.update.mutate({ id: eur.id, rate: eur.rate });
      await owner.tenant.updateConfig.mutate({ rounded_cards: true });
    }
    expect((await cashier.tenant.getCurrentConfig.query()).config.default_currency_code).toBe("DOP");
  });
});

describe("currency.setRate / getRateHistory", () => {
  it("today's rate takes effect at once; a second rate the same day replaces the first", async () => {
    const usd = await byCode("USD");
    const first = await owner.currency.setRate.mutate({ currencyId: usd.id, rate: "63.9" });
    expect(first).toMatchObject({ applied: true, effectiveDate: today(), currency: { rate: "63.900000" } });
    await owner.currency.setRate.mutate({ currencyId: usd.id, rate: "64.05", effectiveDate: today() });
    expect((await cashier.currency.getActive.query()).find((c) => c.code === "USD")!.rate).toBe("64.050000");
    const history = await cashier.currency.getRateHistory.query({ currencyId: usd.id });
    expect(history.map((h) => [h.rate, h.effectiveDate, h.inForce])).toEqual([["64.050000", today(), true]]);
  });

  it("a past date is recorded without replacing a later rate; a future one is scheduled", async () => {
    const usd = await byCode("USD");
    const past = await owner.currency.setRate.mutate({ currencyId: usd.id, rate: "62.5", effectiveDate: dayFromToday(-3) });
    expect(past).toMatchObject({ applied: false, currency: { rate: "64.050000" } });
    const future = await owner.currency.setRate.mutate({ currencyId: usd.id, rate: "65", effectiveDate: dayFromToday(2) });
    expect(future).toMatchObject({ applied: false, currency: { rate: "64.050000", nextRate: { effectiveDate: dayFromToday(2), rate: "65.000000" } } });
    const history = await owner.currency.getRateHistory.query({ currencyId: usd.id });
    expect(history.map((h) => [h.effectiveDate, h.rate, h.inForce, h.scheduled])).toEqual([
      [dayFromToday(2), "65.000000", false, true],
      [today(), "64.050000", true, false],
      [dayFromToday(-3), "62.500000", false, false],
    ]);
    expect((await owner.currency.getRateHistory.query({ currencyId: usd.id, limit: 1 })).length).toBe(1);
  });

  it("a past date becomes the rate in force when nothing later up to today exists", async () => {
    const eur = await byCode("EUR");
    // EUR's only row is today's: a rate for yesterday does not replace it
    expect((await owner.currency.setRate.mutate({ currencyId: eur.id, rate: "68", effectiveDate: dayFromToday(-1) })).applied).toBe(false);
    const uyu = (await owner.currency.getAll.query()).find((c) => c.code === "UYU")!;
    // a fresh currency's only row is today's; a rate dated tomorrow waits
    expect((await owner.currency.setRate.mutate({ currencyId: uyu.id, rate: "1.7", effectiveDate: dayFromToday(1) })).applied).toBe(false);
    expect((await byCode("UYU")).rate).toBe("1.550000");
  });

  it("a scheduled rate takes effect by itself when its day comes (getAll and the POS list use it)", async () => {
    const uyu = await byCode("UYU");
    await owner.currency.setRate.mutate({ currencyId: uyu.id, rate: "1.9", effectiveDate: dayFromToday(3) });
    expect((await cashier.currency.getActive.query()).find((c) => c.code === "UYU")!.rate).toBe("1.550000");
    // three days later: today's rate is history and the scheduled row's day has come
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      await tx.update(currencyRates).set({ effectiveDate: dayFromToday(-3) }).where(and(eq(currencyRates.currencyId, uyu.id), eq(currencyRates.effectiveDate, today())));
      await tx.update(currencyRates).set({ effectiveDate: today() }).where(and(eq(currencyRates.currencyId, uyu.id), eq(currencyRates.rate, "1.900000")));
    });
    expect((await byCode("UYU")).rate).toBe("1.900000");
    expect((await cashier.currency.getActive.query()).find((c) => c.code === "UYU")!.rate).toBe("1.900000");
  });

  it("the default currency's rate cannot be set", async () => {
    const dop = await byCode("DOP");
    expect(await errorOf(owner.currency.setRate.mutate({ currencyId: dop.id, rate: "2" }))).toEqual({ code: "BAD_REQUEST", message: "DOP es la moneda predeterminada: su tasa siempre es 1" });
  });
});

describe("permissions and tenants", () => {
  it("a cashier reads but cannot write (settings.fiscal)", async () => {
    const usd = await byCode("USD", cashier);
    expect((await errorOf(cashier.currency.setRate.mutate({ currencyId: usd.id, rate: "70" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.currency.update.mutate({ id: usd.id, name: "Dólar" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.currency.create.mutate({ code: "CAD", numericCode: "124", name: "Dólar canadiense", symbol: "C$", rate: "45" }))).code).toBe("FORBIDDEN");
    const anonymous = await t.client("acme");
    expect((await errorOf(anonymous.currency.getAll.query())).code).toBe("UNAUTHORIZED");
  });

  it("another tenant's currency is not found", async () => {
    const usd = await byCode("USD");
    expect((await errorOf(outsider.currency.setRate.mutate({ currencyId: usd.id, rate: "1" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.currency.update.mutate({ id: usd.id, name: "Mío" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(outsider.currency.getRateHistory.query({ currencyId: usd.id }))).code).toBe("NOT_FOUND");
    expect((await outsider.currency.getAll.query()).map((c) => c.id)).not.toContain(usd.id);
    expect((await byCode("USD", outsider)).rate).toBe("63.250000");
  });
});
