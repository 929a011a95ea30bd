import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoleContext, errorOf, type RoleClients, type TestContext } from "../../../test/harness";

let t: TestContext;
let c: RoleClients;
beforeAll(async () => {
  ({ t, ...c } = await createRoleContext());
});
afterAll(() => t.close());

describe("ecommerce blog posts", () => {
  it("creates with a slug from the title, keeps slugs unique, publishes with today's date and deletes", async () => {
    const first = await c.owner.ecommerce.saveBlogPost.mutate({ title: "Café & Té de la Montaña", content: "Uno.\n\nDos." });
    expect(first).toMatchObject({ slug: "cafe-te-de-la-montana", status: "draft", published_at: null });
    const second = await c.owner.ecommerce.saveBlogPost.mutate({ title: "Café & Té de la Montaña" });
    expect(second.slug).toBe("cafe-te-de-la-montana-2");
    const taken = await errorOf(c.owner.ecommerce.saveBlogPost.mutate({ id: second.id, title: "Otro", slug: "cafe-te-de-la-montana" }));
    expect(taken).toEqual({ code: "BAD_REQUEST", message: "Ya existe un artículo con ese slug" });
    const badSlug = await errorOf(c.owner.ecommerce.saveBlogPost.mutate({ title: "X", slug: "Con Espacios" }));
    expect(badSlug.code).toBe("BAD_REQUEST");

    const published = await c.owner.ecommerce.setBlogPostStatus.mutate({ id: first.id, status: "published" });
    expect(published.status).toBe("published");
    expect(Math.abs(Date.parse(published.published_at!) - Date.now())).toBeLessThan(60_000);
    const list = await c.owner.ecommerce.findBlogPosts.query({ status: "published" });
    expect(list.data.map((p) => p.id)).toEqual([first.id]);
    expect((await c.owner.ecommerce.findBlogPosts.query({ search: "montaña" })).data).toHaveLength(2);

    await c.owner.ecommerce.deleteBlogPost.mutate({ id: second.id });
    expect((await errorOf(c.owner.ecommerce.getBlogPost.query({ id: second.id }))).code).toBe("NOT_FOUND");
  });

  it("the cashier is FORBIDDEN; another tenant's post is NOT_FOUND for every call", async () => {
    const post = await c.owner.ecommerce.saveBlogPost.mutate({ title: "Privado" });
    expect((await errorOf(c.cashier.ecommerce.saveBlogPost.mutate({ title: "No" }))).code).toBe("FORBIDDEN");
    expect((await errorOf(c.cashier.ecommerce.findBlogPosts.query({}))).code).toBe("FORBIDDEN");
    expect((await errorOf(c.outsider.ecommerce.getBlogPost.query({ id: post.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(c.outsider.ecommerce.saveBlogPost.mutate({ id: post.id, title: "Robado" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(c.outsider.ecommerce.setBlogPostStatus.mutate({ id: post.id, status: "published" }))).code).toBe("NOT_FOUND");
    expect((await errorOf(c.outsider.ecommerce.deleteBlogPost.mutate({ id: post.id }))).code).toBe("NOT_FOUND");
    expect((await c.outsider.ecommerce.findBlogPosts.query({})).data).toEqual([]);
    expect((await c.owner.ecommerce.getBlogPost.query({ id: post.id })).title).toBe("Privado");
  });
});

describe("ecommerce store settings", () => {
  it("creates the store on first read and saves contacts, colour, testimonials, delivery and warehouse", async () => {
    const first = await c.owner.ecommerce.getStoreSettings.query();
    expect(first).toMatchObject({ store_name: "acme SRL", is_published: false, allow_delivery: true, allow_pickup: true, delivery_fee: "0.00", testimonials: [] });
    const warehouse = first.warehouses[0]!;
    const saved = await c.owner.ecommerce.updateStoreSettings.mutate({
      store_name: "Acme en línea",
      description: "Todo para el hogar",
      email: "Tienda@Acme.test",
      phone: "809-555-0000",
      address: "Calle 1",
      notify_email: "",
      primary_color: "#0F766E",
      testimonials: [{ id: "a", name: "Ana", rating: 5, text: "¡Excelente!" }],
      allow_delivery: true,
      allow_pickup: false,
      delivery_fee: "150.50",
      warehouse_id: warehouse.id,
    });
    expect(saved).toMatchObject({ store_name: "Acme en línea", email: "tienda@acme.test", notify_email: null, primary_color: "#0f766e", delivery_fee: "150.50", warehouse_id: warehouse.id, allow_pickup: false });
    expect(saved.testimonials).toEqual([{ id: "a", name: "Ana", rating: 5, text: "¡Excelente!" }]);
  });

  it("refuses bad input, the cashier, and another tenant's warehouse", async () => {
    const base = { store_name: "Acme", allow_delivery: true, allow_pickup: true, delivery_fee: "0" };
    expect((await errorOf(c.owner.ecommerce.updateStoreSettings.mutate({ ...base, testimonials: [{ id: "x", name: "A", rating: 6, text: "t" }] }))).message).toContain("La calificación debe ser de 1 a 5");
    expect((await errorOf(c.owner.ecommerce.updateStoreSettings.mutate({ ...base, email: "malo" }))).message).toContain("Correo electrónico no válido");
    expect((await errorOf(c.owner.ecommerce.updateStoreSettings.mutate({ ...base, delivery_fee: "-1" }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(c.owner.ecommerce.updateStoreSettings.mutate({ ...base, allow_delivery: false, allow_pickup: false }))).code).toBe("BAD_REQUEST");
    expect((await errorOf(c.cashier.ecommerce.updateStoreSettings.mutate(base))).code).toBe("FORBIDDEN");
    const theirs = (await c.outsider.ecommerce.getStoreSettings.query()).warehouses[0]!;
    expect((await errorOf(c.owner.ecommerce.updateStoreSettings.mutate({ ...base, warehouse_id: theirs.id }))).code).toBe("NOT_FOUND");
    expect((await c.outsider.ecommerce.getStoreSettings.query()).store_name).toBe("other SRL");
  });
});
