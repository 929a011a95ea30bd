import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFor } from "../../../shared/fiscal-settings/card-provider";
import { type Client, createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
let owner: Client;
let cashier: Client;
let outsider: Client;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.client("acme", "owner");
  cashier = await t.client("acme", "cashier");
  outsider = await t.client("other", "owner");
});
afterAll(() => t.close());

describe("cardProvider.create / update / getAll", () => {
  it("adds a lane and a local card service; the first is the default; the POS reads them", async () => {
    expect(await owner.cardProvider.getAll.query()).toEqual([]);
    const lane = await owner.cardProvider.create.mutate({ code: " lane1 ", name: "Terminal Azul caja 1", kind: "lane", api_url: "http://192.168.1.20:5000" });
    expect(lane).toMatchObject({ code: "LANE1", kind: "lane", api_url: "http://192.168.1.20:5000/", is_default: true, is_active: true, cashbox_id: null, cashbox_name: null });
    const [box] = await owner.cashbox.getAll.query();
    const service = await owner.cardProvider.create.mutate({ code: "SVC", name: "Servicio de tarjetas", kind: "card_service", api_url: "http://localhost:5050/", cashbox_id: box!.id });
    expect(service).toMatchObject({ is_default: false, cashbox_id: box!.id, cashbox_name: box!.name });
    const all = await cashier.cardProvider.getAll.query();
    expect(all.map((p) => [p.code, p.is_default])).toEqual([
      ["LANE1", true],
      ["SVC", false],
    ]);
    // The cash box's own provider charges there; elsewhere the default.
    expect(providerFor(all, { cashboxId: box!.id })?.code).toBe("SVC");
    expect(providerFor(all, { cashboxId: null })?.code).toBe("LANE1");
  });

  it("makes another the default (one at a time); the default cannot be deactivated; codes are unique", async () => {
    const all = await owner.cardProvider.getAll.query();
    const svc = all.find((p) => p.code === "SVC")!;
    const lane = all.find((p) => p.code === "LANE1")!;
    expect(await errorOf(owner.cardProvider.update.mutate({ id: lane.id, is_active: false }))).toEqual({
      code: "BAD_REQUEST",
      message: "El proveedor de tarjeta predeterminado no se puede desactivar: marque otro como predeterminado",
    });
    expect((await owner.cardProvider.update.mutate({ id: svc.id, is_default: true })).is_default).toBe(true);
    expect((await owner.cardProvider.update.mutate({ id: lane.id, is_active: false })).is_active).toBe(false);
    const after = await owner.cardProvider.getAll.query();
    expect(after.filter((p) => p.is_default).map((p) => p.code)).toEqual(["SVC"]);
    expect(providerFor(after, { cashboxId: null })?.code).toBe("SVC");
    expect(await errorOf(owner.cardProvider.create.mutate({ code: "svc", name: "Otro", kind: "lane", api_url: "http://localhost:5000/" }))).toEqual({
      code: "BAD_REQUEST",
      message: "Ya existe un proveedor de tarjeta con el código SVC",
    });
  });

  it("refuses bad input with a clear BAD_REQUEST", async () => {
    const base = { code: "X1", name: "X", kind: "lane" as const, api_url: "http://localhost:5000/" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, api_url: "ftp://terminal" }, "La dirección debe empezar por http:// o https://"],
      [{ ...base, api_url: "" }, "La dirección del servicio es obligatoria"],
      [{ ...base, api_url: `http://localhost/${"a".repeat(100)}` }, "La dirección debe tener menos de 100 caracteres"],
      [{ ...base, kind: "azul" }, "Elija el tipo de servicio: carril de terminal o servicio local de tarjetas"],
      [{ ...base, cashbox_id: "nope" }, "Identificador inválido"],
    ];
    for (const [input, message] of cases) {
      const error = await errorOf(owner.cardProvider.create.mutate(input as never));
      expect(error.code, JSON.stringify(input)).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    }
  });

  it("needs settings.fiscal to write; another tenant's providers and cash boxes are NOT_FOUND", async () => {
    expect((await errorOf(cashier.cardProvider.create.mutate({ code: "C", name: "C", kind: "lane", api_url: "http://localhost:5000/" }))).code).toBe("FORBIDDEN");
    const [mine] = await owner.cardProvider.getAll.query();
    expect((await errorOf(outsider.cardProvider.update.mutate({ id: mine!.id, name: "Robado" }))).code).toBe("NOT_FOUND");
    expect(await outsider.cardProvider.getAll.query()).toEqual([]);
    const [box] = await owner.cashbox.getAll.query();
    expect((await errorOf(outsider.cardProvider.create.mutate({ code: "L", name: "L", kind: "lane", api_url: "http://localhost:5000/", cashbox_id: box!.id }))).code).toBe("NOT_FOUND");
  });
});

describe("paymentMethod.cardProviderId", () => {
  it("links a card method to a provider of the tenant; another tenant's is NOT_FOUND", async () => {
    const lane = (await owner.cardProvider.getAll.query()).find((p) => p.code === "LANE1")!;
    const card = (await owner.paymentMethod.getAllForSettings.query()).find((m) => m.code === "CARD")!;
    expect((await owner.paymentMethod.update.mutate({ id: card.id, cardProviderId: lane.id })).cardProviderId).toBe(lane.id);
    expect((await cashier.paymentMethod.getAll.query()).find((m) => m.code === "CARD")!.cardProviderId).toBe(lane.id);
    const theirs = (await outsider.paymentMethod.getAllForSettings.query()).find((m) => m.code === "CARD")!;
    expect((await errorOf(outsider.paymentMethod.update.mutate({ id: theirs.id, cardProviderId: lane.id }))).code).toBe("NOT_FOUND");
    expect((await owner.paymentMethod.update.mutate({ id: card.id, cardProviderId: null })).cardProviderId).toBeNull();
  });
});

describe("paymentInterface.getTenantInterfaces", () => {
  it("every adapter code; the local card service configured by the tenant's card_service provider", async () => {
    const list = await cashier.paymentInterface.getTenantInterfaces.query();
    expect(list.map((i) => [i.code, i.is_implemented, i.is_configured])).toEqual([
      ["card_service", true, true],
      ["azul", false, false],
      ["cardnet", false, false],
    ]);
    expect(list[0]!.tenant_config).toMatchObject({ is_default: true, is_active: true, configuration: { api_url: "http://localhost:5050/" } });
    const theirs = await outsider.paymentInterface.getTenantInterfaces.query();
    expect(theirs[0]).toMatchObject({ code: "card_service", is_configured: false, tenant_config: null });
  });
});
