import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("productCategory.*", () => {
  it("create, then getAll lists it with its subcategory count", async () => {
    const owner = await t.client("acme", "owner");
    const created = await owner.productCategory.create.mutate({ name: "  Bebidas ", code: " beb ", description: "Refrescos y jugos" });
    expect(created).toMatchObject({ name: "Bebidas", code: "BEB", description: "Refrescos y jugos", isActive: true, subcategoryCount: 0 });
    await owner.productSubCategory.create.mutate({ categoryId: created.id, name: "Refrescos", code: "REF" });
    await owner.productSubCategory.create.mutate({ categoryId: created.id, name: "Jugos", code: "JUG", description: "" });
    const list = await owner.productCategory.getAll.query();
    const row = list.find((c) => c.id === created.id);
    expect(row).toMatchObject({ code: "BEB", subcategoryCount: 2 });
    // No input at all works too (the product form calls it bare).
    expect((await owner.productCategory.getAll.query(undefined)).length).toBe(list.length);
  });

  it("getAll searches by name or code and hides inactive ones unless asked", async () => {
    const owner = await t.client("acme", "owner");
    const víveres = await owner.productCategory.create.mutate({ name: "Víveres", code: "VIV" });
    await owner.productCategory.create.mutate({ name: "Limpieza", code: "LIM" });
    expect((await owner.productCategory.getAll.query({ search: "víve" })).map((c) => c.code)).toEqual(["VIV"]);
    expect((await owner.productCategory.getAll.query({ search: "lim" })).map((c) => c.code)).toEqual(["LIM"]);
    expect(await owner.productCategory.getAll.query({ search: "100%" })).toEqual([]);
    const off = await owner.productCategory.setActive.mutate({ id: víveres.id, isActive: false });
    expect(off.isActive).toBe(false);
    expect((await owner.productCategory.getAll.query()).some((c) => c.id === víveres.id)).toBe(false);
    const all = await owner.productCategory.getAll.query({ includeInactive: true });
    expect(all.find((c) => c.id === víveres.id)?.isActive).toBe(false);
    expect(all.map((c) => c.name)).toEqual([...all.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    const on = await owner.productCategory.setActive.mutate({ id: víveres.id, isActive: true });
    expect(on.isActive).toBe(true);
  });

  it("validation: name and code required, with the spec's messages", async () => {
    const owner = await t.client("acme", "owner");
    const empty = await errorOf(owner.productCategory.create.mutate({ name: " ", code: "" }));
    expect(empty.code).toBe("BAD_REQUEST");
    expect(empty.message).toContain("name: El nombre es requerido");
    expect(empty.message).toContain("code: El código es requerido");
    const missing = await errorOf(owner.productCategory.create.mutate({} as never));
    expect(missing.message).toBe("name: El nombre es requerido; code: El código es requerido");
    const long = await errorOf(owner.productCategory.create.mutate({ name: "x".repeat(101), code: "y".repeat(51) }));
    expect(long.message).toBe("name: El nombre debe tener como máximo 100 caracteres; code: El código debe tener como máximo 50 caracteres");
  });

  it("the code is unique per tenant (any case) -> CONFLICT with a clear message", async () => {
    const owner = await t.client("acme", "owner");
    await owner.productCategory.create.mutate({ name: "Carnes", code: "CAR" });
    expect(await errorOf(owner.productCategory.create.mutate({ name: "Carnicería", code: "car" }))).toEqual({
      code: "CONFLICT",
      message: "Ya existe una categoría con el código CAR",
    });
    // Another tenant may use the same code.
    const outsider = await t.client("other", "owner");
    expect((await outsider.productCategory.create.mutate({ name: "Carnes", code: "CAR" })).code).toBe("CAR");
  });

  it("the conflict message follows the user's language", async () => {
    const cookie = await t.signIn("acme", "owner");
    const res = await t.request("acme.localhost", {
      method: "POST",
      url: "/api/trpc/productCategory.create",
      cookie,
      headers: { "x-locale": "en" },
      body: { json: { name: "Meat", code: "CAR" } },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.json.message).toBe("A category with code CAR already exists");
    const bad = await t.request("acme.localhost", {
      method: "POST",
      url: "/api/trpc/productCategory.create",
      cookie,
      headers: { "x-locale": "en" },
      body: { json: { name: "", code: "X" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.message).toBe("name: The name is required");
  });

  it("update: name, code, description; a taken code is refused", async () => {
    const owner = await t.client("acme", "owner");
    const c = await owner.productCategory.create.mutate({ name: "Panadería", code: "PAN", description: "Pan" });
    const updated = await owner.productCategory.update.mutate({ id: c.id, name: "Panadería y repostería", code: "panr", description: null });
    expect(updated).toMatchObject({ name: "Panadería y repostería", code: "PANR", description: null });
    // Keeping its own code is fine.
    expect((await owner.productCategory.update.mutate({ id: c.id, code: "PANR" })).code).toBe("PANR");
    expect((await errorOf(owner.productCategory.update.mutate({ id: c.id, code: "CAR" }))).code).toBe("CONFLICT");
    expect((await errorOf(owner.productCategory.update.mutate({ id: c.id, name: "" }))).message).toBe("name: El nombre es requerido");
  });

  it("another tenant's category is NOT_FOUND for every call", async () => {
    const owner = await t.client("acme", "owner");
    const outsider = await t.client("other", "owner");
    const theirs = await outsider.productCategory.create.mutate({ name: "Ferretería", code: "FER" });
    expect((await owner.productCategory.getAll.query({ includeInactive: true })).some((c) => c.id === theirs.id)).toBe(false);
    expect((await errorOf(owner.productCategory.update.mutate({ id: theirs.id, name: "Hackeada" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.productCategory.setActive.mutate({ id: theirs.id, isActive: false }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.productSubCategory.getAll.query({ categoryId: theirs.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.productSubCategory.create.mutate({ categoryId: theirs.id, name: "Clavos", code: "CLA" }))).code).toBe("NOT_FOUND");
    expect((await outsider.productCategory.getAll.query()).find((c) => c.id === theirs.id)?.name).toBe("Ferretería");
  });

  it("a cashier lists categories (the POS browses by them) but cannot create, update or deactivate them; anonymous is UNAUTHORIZED", async () => {
    const owner = await t.client("acme", "owner");
    const c = await owner.productCategory.create.mutate({ name: "Lácteos", code: "LAC" });
    const cashier = await t.client("acme", "cashier");
    expect((await cashier.productCategory.getAll.query()).map((x) => x.name)).toContain("Lácteos");
    expect((await errorOf(cashier.productCategory.create.mutate({ name: "X", code: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.productCategory.update.mutate({ id: c.id, name: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.productCategory.setActive.mutate({ id: c.id, isActive: false }))).code).toBe("FORBIDDEN");
    // Permission is checked before the input.
    expect((await errorOf(cashier.productCategory.create.mutate({ name: "", code: "" }))).code).toBe("FORBIDDEN");
    const anon = await t.client("acme");
    expect((await errorOf(anon.productCategory.getAll.query())).code).toBe("UNAUTHORIZED");
  });

  it("an admin manages categories", async () => {
    const admin = await t.client("acme", "admin");
    const c = await admin.productCategory.create.mutate({ name: "Congelados", code: "CON" });
    expect((await admin.productCategory.setActive.mutate({ id: c.id, isActive: false })).isActive).toBe(false);
  });

  it("bad ids are BAD_REQUEST", async () => {
    const owner = await t.client("acme", "owner");
    const bad = await errorOf(owner.productCategory.update.mutate({ id: "nope", name: "X" }));
    expect(bad).toEqual({ code: "BAD_REQUEST", message: "id: Identificador inválido" });
  });
});

describe("productSubCategory.*", () => {
  it("getAll lists a category's subcategories; inactive ones only when asked", async () => {
    const owner = await t.client("acme", "owner");
    const c = await owner.productCategory.create.mutate({ name: "Snacks", code: "SNK" });
    const papitas = await owner.productSubCategory.create.mutate({ categoryId: c.id, name: "Papitas", code: "pap", description: " Fritas " });
    expect(papitas).toMatchObject({ categoryId: c.id, name: "Papitas", code: "PAP", description: "Fritas", isActive: true });
    const galletas = await owner.productSubCategory.create.mutate({ categoryId: c.id, name: "Galletas", code: "GAL" });
    expect((await owner.productSubCategory.getAll.query({ categoryId: c.id })).map((s) => s.name)).toEqual(["Galletas", "Papitas"]);
    await owner.productSubCategory.setActive.mutate({ id: galletas.id, isActive: false });
    expect((await owner.productSubCategory.getAll.query({ categoryId: c.id })).map((s) => s.name)).toEqual(["Papitas"]);
    expect((await owner.productSubCategory.getAll.query({ categoryId: c.id, includeInactive: true })).map((s) => s.name)).toEqual(["Galletas", "Papitas"]);
    expect((await owner.productCategory.getAll.query({ search: "SNK" }))[0]!.subcategoryCount).toBe(1);
    await owner.productSubCategory.setActive.mutate({ id: galletas.id, isActive: true });
    expect((await owner.productCategory.getAll.query({ search: "SNK" }))[0]!.subcategoryCount).toBe(2);
  });

  it("validation: name, code and category required", async () => {
    const owner = await t.client("acme", "owner");
    const e = await errorOf(owner.productSubCategory.create.mutate({ name: "", code: " " } as never));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.message).toBe("name: El nombre es requerido; code: El código es requerido; categoryId: La categoría es requerida");
    const noCategory = await errorOf(owner.productSubCategory.create.mutate({ name: "Algo", code: "ALG", categoryId: "" }));
    expect(noCategory.message).toBe("categoryId: La categoría es requerida");
    expect((await errorOf(owner.productSubCategory.getAll.query({} as never))).message).toBe("categoryId: La categoría es requerida");
  });

  it("the code is unique within its category, not across categories", async () => {
    const owner = await t.client("acme", "owner");
    const a = await owner.productCategory.create.mutate({ name: "Frutas", code: "FRU" });
    const b = await owner.productCategory.create.mutate({ name: "Vegetales", code: "VEG" });
    await owner.productSubCategory.create.mutate({ categoryId: a.id, name: "Importadas", code: "IMP" });
    expect(await errorOf(owner.productSubCategory.create.mutate({ categoryId: a.id, name: "Otras importadas", code: "imp" }))).toEqual({
      code: "CONFLICT",
      message: "Ya existe una subcategoría con el código IMP en esta categoría",
    });
    const other = await owner.productSubCategory.create.mutate({ categoryId: b.id, name: "Importados", code: "IMP" });
    expect(other.code).toBe("IMP");
    const local = await owner.productSubCategory.create.mutate({ categoryId: b.id, name: "Locales", code: "LOC" });
    expect((await errorOf(owner.productSubCategory.update.mutate({ id: local.id, code: "IMP" }))).code).toBe("CONFLICT");
    const renamed = await owner.productSubCategory.update.mutate({ id: local.id, name: "Locales (criollos)", description: "Del Cibao" });
    expect(renamed).toMatchObject({ name: "Locales (criollos)", code: "LOC", description: "Del Cibao" });
  });

  it("an inactive category takes no new subcategories", async () => {
    const owner = await t.client("acme", "owner");
    const c = await owner.productCategory.create.mutate({ name: "Temporada", code: "TMP" });
    await owner.productCategory.setActive.mutate({ id: c.id, isActive: false });
    expect(await errorOf(owner.productSubCategory.create.mutate({ categoryId: c.id, name: "Navidad", code: "NAV" }))).toEqual({
      code: "BAD_REQUEST",
      message: "La categoría está inactiva; actívela antes de agregarle subcategorías",
    });
  });

  it("another tenant's subcategory is NOT_FOUND; a cashier is FORBIDDEN", async () => {
    const owner = await t.client("acme", "owner");
    const outsider = await t.client("other", "owner");
    const theirCategory = await outsider.productCategory.create.mutate({ name: "Juguetes", code: "JUG" });
    const theirs = await outsider.productSubCategory.create.mutate({ categoryId: theirCategory.id, name: "Muñecas", code: "MUN" });
    expect((await errorOf(owner.productSubCategory.update.mutate({ id: theirs.id, name: "X" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(owner.productSubCategory.setActive.mutate({ id: theirs.id, isActive: false }))).code).toBe("NOT_FOUND");
    const cashier = await t.client("acme", "cashier");
    const mine = await owner.productCategory.create.mutate({ name: "Hogar", code: "HOG" });
    const sub = await owner.productSubCategory.create.mutate({ categoryId: mine.id, name: "Cocina", code: "COC" });
    expect((await cashier.productSubCategory.getAll.query({ categoryId: mine.id })).map((x) => x.name)).toEqual(["Cocina"]);
    expect((await errorOf(cashier.productSubCategory.create.mutate({ categoryId: mine.id, name: "Baño", code: "BAN" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.productSubCategory.update.mutate({ id: sub.id, name: "X" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.productSubCategory.setActive.mutate({ id: sub.id, isActive: false }))).code).toBe("FORBIDDEN");
  });
});
