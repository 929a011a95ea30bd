import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../../db/client";
import { newId } from "../../../ids";
import { createTestContext, type TestContext } from "../../../test/harness";
import { products } from "../../product/tables";
import { setModule } from "../../tenant/service";
import { warehouses } from "../../warehouse/tables";
import { blogPosts, onlineCarts, onlineOrders, onlineStockReservations, storePages, stores } from "../tables";
import { insertOnlineProduct, publishStore } from "../test-fixture";
import { loadSectionData } from "./section-data";

let t: TestContext;
const ACME = "acme.localhost";
const OTHER = "other.localhost";
const get = (host: string, url: string, cookie?: string) => t.request(host, { url, cookie });
const html = async (host: string, url: string, cookie?: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: { host, ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, body: res.body, headers: res.headers };
};
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

let shoe: { productId: string; storeProductId: string };
let soldOut: { productId: string; storeProductId: string };
let hidden: { productId: string; storeProductId: string };
let otherProduct: { productId: string; storeProductId: string };
let categoryId: string;

beforeAll(async () => {
  t = await createTestContext();
  await publishStore(t, "acme");
  await publishStore(t, "other");
  await withTenant(t.db, t.acme.tenant.id, (tx) =>
    tx.update(stores).set({ storeName: "Acme Shop", description: "Zapatos y más", phone: "809-555-0101", email: "tienda@acme.test" }).where(eq(stores.tenantId, t.acme.tenant.id)),
  );
  shoe = await insertOnlineProduct(t, "acme", {
    name: "Zapato Corredor",
    price: "2500.00",
    onlinePrice: "1999.50",
    originalPrice: "2500.00",
    stock: "7",
    brand: "Nike",
    categoryName: "Calzado",
    isFeatured: true,
  });
  soldOut = await insertOnlineProduct(t, "acme", { name: "Gorra Agotada", price: "300.00", stock: "0", brand: "Adidas", categoryName: "Accesorios" });
  hidden = await insertOnlineProduct(t, "acme", { name: "Producto Oculto", price: "50.00", stock: "3", isOnline: false });
  otherProduct = await insertOnlineProduct(t, "other", { name: "Producto Ajeno", price: "10.00", stock: "5" });
  await withTenant(t.db, t.acme.tenant.id, async (tx) => {
    const [p] = await tx.select().from(products).where(and(eq(products.tenantId, t.acme.tenant.id), eq(products.id, shoe.productId)));
    categoryId = p!.categoryId!;
    await tx
      .update(products)
      .set({ costPrice: "777.77", description: "Un zapato ligero para correr.", imageUrl: "/uploads/acme/shoe.png" })
      .where(and(eq(products.tenantId, t.acme.tenant.id), eq(products.id, shoe.productId)));
    await tx.insert(blogPosts).values([
      { tenantId: t.acme.tenant.id, id: newId(), title: "Cómo elegir zapatos", slug: "como-elegir", excerpt: "Guía rápida", content: "Primero.\n\nSegundo.", status: "published", publishedAt: new Date(Date.now() - 86_400_000), authorName: "Ana" },
      { tenantId: t.acme.tenant.id, id: newId(), title: "Borrador secreto", slug: "borrador", content: "x", status: "draft" },
    ]);
  });
});
afterAll(() => t.close());

describe("shop pages on a tenant host", () => {
  it("home falls back to the store's name and featured products when the home has no published sections", async () => {
    const res = await html(ACME, "/shop");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-security-policy"]).toContain("frame-src 'self' blob: data: https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com");
    expect(res.body).toContain("<title>Acme Shop</title>");
    expect(res.body).toContain("Zapato Corredor");
    expect(res.body).toContain("RD$1,999.50");
    expect(res.body).toContain('lang="es"');
    const ld = jsonLd(res.body);
    expect(ld.find((x) => x["@type"] === "Store")).toMatchObject({ name: "Acme Shop", telephone: "809-555-0101", url: "http://acme.localhost/shop" });
    expect(res.body).toContain('<link rel="canonical" href="http://acme.localhost/shop">');
  });

  it("home renders its published sections when it has some", async () => {
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      const [store] = await tx.select().from(stores).where(eq(stores.tenantId, t.acme.tenant.id));
      await tx.insert(storePages).values({
        tenantId: t.acme.tenant.id,
        id: newId(),
        storeId: store!.id,
        page: "about",
        draftSections: [],
        publishedSections: [{ id: "junk", type: "not_a_type", isVisible: true, settings: {}, mobileSettings: {} }],
      });
    });
    // An invalid stored section is left out: the page still answers with its fallback.
    const res = await html(ACME, "/shop/about");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<title>Nosotros | Acme Shop</title>");
    expect(res.body).toContain("Zapatos y más");
  });

  it("product page: title, description, price meta, og:image, JSON-LD Product with its offer; no cost nor stock figures", async () => {
    const res = await html(ACME, `/shop/products/${shoe.productId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("<title>Zapato Corredor | Acme Shop</title>");
    expect(res.body).toContain('<meta name="description" content="Un zapato ligero para correr.">');
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain('<meta property="og:image" content="http://acme.localhost/uploads/acme/shoe.png">');
    expect(res.body).toContain('<meta property="product:price:amount" content="1999.50">');
    expect(res.body).toContain('<meta property="product:price:currency" content="DOP">');
    const [product] = jsonLd(res.body);
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Zapato Corredor",
      brand: { "@type": "Brand", name: "Nike" },
      category: "Calzado",
      offers: { "@type": "Offer", price: "1999.50", priceCurrency: "DOP", availability: "https://schema.org/InStock", url: `http://acme.localhost/shop/products/${shoe.productId}` },
    });
    expect(res.body).toContain("RD$2,500.00");
    expect(res.body).toContain("-20%");
    expect(res.body).toContain(`href="/shop/products?brand=Nike"`);
    expect(res.body).not.toContain("777.77");
    expect(res.body).not.toMatch(/>\s*7(\.0+)?\s*</);
    expect(res.body).not.toContain("cost");
  });

  it("an out-of-stock product says 'Agotado' and its offer is OutOfStock; stock held by a pending order counts as gone", async () => {
    const res = await html(ACME, `/shop/products/${soldOut.productId}`);
    expect(res.body).toContain("Agotado");
    expect(jsonLd(res.body)[0].offers.availability).toBe("https://schema.org/OutOfStock");

    const limited = await insertOnlineProduct(t, "acme", { name: "Último Par", price: "100.00", stock: "2" });
    expect(jsonLd((await html(ACME, `/shop/products/${limited.productId}`)).body)[0].offers.availability).toBe("https://schema.org/InStock");
    await withTenant(t.db, t.acme.tenant.id, async (tx) => {
      const [store] = await tx.select().from(stores).where(eq(stores.tenantId, t.acme.tenant.id));
      const [wh] = await tx.select().from(warehouses).where(and(eq(warehouses.tenantId, t.acme.tenant.id), eq(warehouses.isDefault, true)));
      const cartId = newId();
      await tx.insert(onlineCarts).values({ tenantId: t.acme.tenant.id, id: cartId, storeId: store!.id, sessionId: `s-${cartId}`, status: "ordered" });
      const orderId = newId();
      await tx.insert(onlineOrders).values({
        tenantId: t.acme.tenant.id,
        id: orderId,
        storeId: store!.id,
        cartId,
        number: 1,
        status: "pending_payment",
        customerName: "X",
        email: "x@x.test",
        phone: "1",
        fulfillment: "pickup",
        paymentMethod: "payment_link",
        lines: [],
        subtotal: "0",
        taxTotal: "0",
        shippingTotal: "0",
        discountTotal: "0",
        total: "0",
        idempotencyKey: `k-${orderId}`,
      });
      await tx.insert(onlineStockReservations).values({
        tenantId: t.acme.tenant.id,
        id: newId(),
        onlineOrderId: orderId,
        productId: limited.productId,
        warehouseId: wh!.id,
        quantity: "2",
        expiresAt: new Date(Date.now() + 600_000),
      });
    });
    expect(jsonLd((await html(ACME, `/shop/products/${limited.productId}`)).body)[0].offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("unknown, hidden, malformed and other-tenant product ids answer the 404 page", async () => {
    for (const url of [`/shop/products/${newId()}`, `/shop/products/${hidden.productId}`, "/shop/products/not-a-uuid", `/shop/products/${otherProduct.productId}`, `/shop/products/${shoe.storeProductId}`]) {
      const res = await html(ACME, url);
      expect(res.status, url).toBe(404);
      expect(res.body).toContain("Página no encontrada");
      expect(res.body).not.toContain("Producto Ajeno");
    }
    // The other tenant sees its own product, never acme's.
    expect((await html(OTHER, `/shop/products/${otherProduct.productId}`)).status).toBe(200);
    expect((await html(OTHER, `/shop/products/${shoe.productId}`)).status).toBe(404);
  });

  it("product list: search, brand, category filters, sort and bad query values", async () => {
    const all = await html(ACME, "/shop/products");
    expect(all.status).toBe(200);
    expect(all.body).toContain("Zapato Corredor");
    expect(all.body).toContain("Gorra Agotada");
    expect(all.body).not.toContain("Producto Oculto");
    expect(all.body).not.toContain("Producto Ajeno");

    const search = await html(ACME, "/shop/products?q=zapáto");
    expect(search.body).toContain("Zapato Corredor");
    expect(search.body).not.toContain("Gorra Agotada");
    expect(search.body).toContain('<meta name="robots" content="noindex">');

    const brand = await html(ACME, "/shop/products?brand=Adidas");
    expect(brand.body).toContain("Gorra Agotada");
    expect(brand.body).not.toContain("Zapato Corredor");
    expect(brand.body).toContain("Marca: Adidas");

    const cat = await html(ACME, `/shop/categories/${categoryId}`);
    expect(cat.status).toBe(200);
    expect(cat.body).toContain("<title>Calzado | Acme Shop</title>");
    expect(cat.body).toContain("Zapato Corredor");
    expect(cat.body).not.toContain("Gorra Agotada");

    const byQuery = await html(ACME, `/shop/products?category=${categoryId}&sort=price_desc`);
    expect(byQuery.body).toContain("Zapato Corredor");
    expect(byQuery.body).not.toContain("Gorra Agotada");

    for (const url of ["/shop/products?q=%00%ud800", "/shop/products?page=-1&sort=drop", "/shop/products?q=%25_%5C", "/shop/products?brand=x&brand=y", "/shop/products?page=99999999999"]) {
      expect((await html(ACME, url)).status, url).toBe(200);
    }
    expect((await html(ACME, "/shop/products?q=nada-de-nada")).body).toContain("No se encontraron productos.");
  });

  it("categories list with counts; unknown and other-tenant categories answer 404", async () => {
    const res = await html(ACME, "/shop/categories");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Calzado");
    expect(res.body).toContain("Accesorios");
    expect((await html(ACME, `/shop/categories/${newId()}`)).status).toBe(404);
    expect((await html(ACME, "/shop/categories/x")).status).toBe(404);
    expect((await html(OTHER, `/shop/categories/${categoryId}`)).status).toBe(404);
    const empty = await html(OTHER, "/shop/categories");
    expect(empty.body).toContain("Aún no hay categorías disponibles");
  });

  it("blog: published posts only, the post page with BlogPosting JSON-LD; drafts and unknown slugs are 404", async () => {
    const list = await html(ACME, "/shop/blog");
    expect(list.body).toContain("Cómo elegir zapatos");
    expect(list.body).not.toContain("Borrador secreto");
    const post = await html(ACME, "/shop/blog/como-elegir");
    expect(post.status).toBe(200);
    expect(post.body).toContain("<title>Cómo elegir zapatos | Acme Shop</title>");
    expect(jsonLd(post.body)[0]).toMatchObject({ "@type": "BlogPosting", headline: "Cómo elegir zapatos", author: { name: "Ana" } });
    expect(post.body).toContain("<p>Segundo.</p>");
    expect((await html(ACME, "/shop/blog/borrador")).status).toBe(404);
    expect((await html(ACME, "/shop/blog/nope")).status).toBe(404);
    expect((await html(OTHER, "/shop/blog/como-elegir")).status).toBe(404);
  });

  it("about and contact answer with the store's words and contacts", async () => {
    const contact = await html(ACME, "/shop/contact");
    expect(contact.status).toBe(200);
    expect(contact.body).toContain("809-555-0101");
    expect(contact.body).toContain("tienda@acme.test");
  });

  it("checkout renders the cart's checkout; an order page needs the order's key, else 404", async () => {
    const checkout = await html(ACME, "/shop/checkout");
    expect(checkout.status).toBe(200);
    expect(checkout.body).toContain('data-island="CheckoutPage"');
    expect(checkout.body).toContain('<meta name="robots" content="noindex">');
    expect((await html(ACME, `/shop/orders/${newId()}?key=nope`)).status).toBe(404);
    expect((await html(ACME, "/shop/orders/x")).status).toBe(404);
  });

  it("pages carry the cart button and add-to-cart islands; contact carries the contact form", async () => {
    const product = await html(ACME, `/shop/products/${shoe.productId}`);
    expect(product.body).toContain('data-island="CartButton"');
    expect(product.body).toContain('data-island="AddToCartButton"');
    expect(product.body).toContain(shoe.storeProductId);
    expect((await html(ACME, "/shop/contact")).body).toContain('data-island="ContactForm"');
  });

  it("language: ?lang=en renders English and sets the shop_lang cookie that later pages follow", async () => {
    const en = await html(ACME, "/shop/products?lang=en");
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain("Products | Acme Shop");
    const cookie = ([] as string[]).concat(en.headers["set-cookie"] ?? []).find((c) => c.startsWith("shop_lang="));
    expect(cookie).toContain("shop_lang=en");
    const next = await html(ACME, "/shop/categories", "shop_lang=en");
    expect(next.body).toContain("<title>Categories | Acme Shop</title>");
    expect(next.body).toContain('href="/shop/categories?lang=es"');
    expect((await html(ACME, "/shop", "shop_lang=fr")).body).toContain('<html lang="es">');
  });

  it("an unpublished store or the module off answers 404 'tienda no disponible'", async () => {
    await publishStore(t, "other", { published: false });
    for (const url of ["/shop", "/shop/products", `/shop/products/${otherProduct.productId}`]) {
      const res = await html(OTHER, url);
      expect(res.status).toBe(404);
      expect(res.body).toContain("Tienda no disponible");
      expect(res.body).not.toContain("Producto Ajeno");
    }
    expect((await get(OTHER, "/sitemap.xml")).status).toBe(404);
    await publishStore(t, "other");
    await withTenant(t.db, t.other.tenant.id, (tx) => setModule(tx, t.other.tenant.id, "storefront", false));
    expect((await html(OTHER, "/shop")).status).toBe(404);
    await withTenant(t.db, t.other.tenant.id, (tx) => setModule(tx, t.other.tenant.id, "storefront", true));
    expect((await html(OTHER, "/shop")).status).toBe(200);
  });

  it("sitemap.xml lists the shop's pages, online products, categories and posts; robots.txt points at it", async () => {
    const res = await html(ACME, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toContain(`<loc>http://acme.localhost/shop/products/${shoe.productId}</loc>`);
    expect(res.body).toContain(`<loc>http://acme.localhost/shop/categories/${categoryId}</loc>`);
    expect(res.body).toContain("<loc>http://acme.localhost/shop/blog/como-elegir</loc>");
    expect(res.body).not.toContain(hidden.productId);
    expect(res.body).not.toContain(otherProduct.productId);
    expect(res.body).not.toContain("borrador");
    const robots = await html(ACME, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain("Sitemap: http://acme.localhost/sitemap.xml");
  });

  it("the bare domain and unknown subdomains are not shops", async () => {
    expect((await html("localhost", "/shop")).status).toBe(404);
    expect((await html("nobody.localhost", "/shop")).status).toBe(404);
    expect((await html("localhost", "/shop")).body).not.toContain("Tienda");
  });
});

describe("loadSectionData", () => {
  it("gives the lists the sections need, public fields only, in stock from stock less reservations", async () => {
    const data = await withTenant(t.db, t.acme.tenant.id, (tx) =>
      loadSectionData(tx, t.acme.tenant.id, { products: { featured: 4, new: 2, sale: 4 }, categories: 10, brands: 10, posts: 3 }),
    );
    expect(data.store.store_name).toBe("Acme Shop");
    expect(data.store.currency).toBe("DOP");
    expect(data.products.featured.map((p) => p.name)).toEqual(["Zapato Corredor"]);
    expect(data.products.featured[0]).toEqual({
      id: shoe.storeProductId,
      product_id: shoe.productId,
      name: "Zapato Corredor",
      image_url: "/uploads/acme/shoe.png",
      category_name: "Calzado",
      online_price: "1999.50",
      original_price: "2500.00",
      discount_percentage: 20,
      in_stock: true,
    });
    expect(data.products.new).toHaveLength(2);
    expect(data.products.sale.map((p) => p.name)).toEqual(["Zapato Corredor"]);
    expect(data.categories).toEqual(expect.arrayContaining([{ id: categoryId, name: "Calzado", product_count: 1 }]));
    expect(data.brands).toEqual([
      { id: "Adidas", name: "Adidas", product_count: 1 },
      { id: "Nike", name: "Nike", product_count: 1 },
    ]);
    expect(data.posts.map((p) => p.slug)).toEqual(["como-elegir"]);
    expect(JSON.stringify(data)).not.toContain("777.77");
  });

  it("reads nothing it is not asked for, and another tenant's data never", async () => {
    const data = await withTenant(t.db, t.other.tenant.id, (tx) =>
      loadSectionData(tx, t.other.tenant.id, { products: { featured: 0, new: 10, sale: 0 }, categories: 0, brands: 0, posts: 0 }),
    );
    expect(data.products.featured).toEqual([]);
    expect(data.products.new.map((p) => p.name)).toEqual(["Producto Ajeno"]);
    expect(data.categories).toEqual([]);
    expect(data.posts).toEqual([]);
  });
});
