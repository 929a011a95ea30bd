import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, errorOf, type TestContext } from "../../../test/harness";

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await createTestContext();
  cookie = await t.signIn("acme", "owner");
});
afterAll(() => t.close());

async function upload(filename: string, body: Buffer, contentType = "image/png") {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/upload?filename=${encodeURIComponent(filename)}&purpose=media`,
    headers: { host: "acme.localhost", "content-type": contentType, cookie, "x-locale": "en" },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { url?: string; thumbnailUrl?: string; width?: number; height?: number; fileSize?: number; mimeType?: string; message?: string } };
}

describe("media library uploads (POST /api/upload?purpose=media)", () => {
  it("stores the image and a 320-px webp thumbnail beside it, with its size", async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#3366cc" } }).png().toBuffer();
    const res = await upload("fondo azul.png", png);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 1200, height: 600, fileSize: png.length, mimeType: "image/png" });
    expect(res.body.url).toMatch(new RegExp(`^/uploads/${t.acme.tenant.id}/[0-9a-f-]{36}\\.png$`));
    expect(res.body.thumbnailUrl).toBe(res.body.url!.replace(/\.png$/, "-thumb.webp"));
    const thumb = await t.app.inject({ method: "GET", url: res.body.thumbnailUrl!, headers: { host: "acme.localhost" } });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "webp", width: 320, height: 160 });
  });

  it("refuses a document, bytes that are not the claimed image, and more than 5 MB, with messages", async () => {
    const pdf = await upload("precios.pdf", Buffer.from("%PDF-1.4\n%test\n"), "application/pdf");
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toContain("Accepted formats: png, jpg, jpeg, gif, webp");
    const fake = await upload("falso.png", Buffer.from("<html><script>alert(1)</script></html>"));
    expect(fake.status).toBe(400);
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5_242_881)]);
    const tooLarge = await upload("grande.png", big);
    expect(tooLarge.status).toBe(413);
  });

  it("anonymous uploads are refused", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/upload?filename=a.png&purpose=media", headers: { host: "acme.localhost", "content-type": "image/png" }, payload: Buffer.from("x") });
    expect(res.statusCode).toBe(401);
  });
});

describe("ecommerce media library procedures", () => {
  it("saves uploads and external URLs, lists newest first, deletes; the cashier lacks storefront access", async () => {
    const owner = await t.client("acme", "owner");
    const cashier = await t.client("acme", "cashier");
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } }).png().toBuffer();
    const up = await upload("logo.png", png);
    const saved = await owner.ecommerce.saveToMediaLibrary.mutate({
      url: up.body.url!,
      thumbnailUrl: up.body.thumbnailUrl,
      filename: "logo.png",
      fileSize: png.length,
      mimeType: "image/png",
      category: "background",
      metadata: { width: 40, height: 40 },
    });
    expect(saved).toMatchObject({ url: up.body.url, thumbnail_url: up.body.thumbnailUrl, category: "background", metadata: { width: 40, height: 40, isExternal: false } });
    const external = await owner.ecommerce.saveToMediaLibrary.mutate({ url: "https://images.example.com/playa.jpg", filename: "playa.jpg", fileSize: 0, mimeType: "image/*", category: "background", metadata: {} });
    expect(external.metadata.isExternal).toBe(true);

    const list = await owner.ecommerce.getTenantMediaLibrary.query({ category: "background" });
    expect((await errorOf(cashier.ecommerce.getTenantMediaLibrary.query({ category: "background" }))).code).toBe("FORBIDDEN");
    expect(list.map((i) => i.filename)).toEqual(["playa.jpg", "logo.png"]);
    expect((await errorOf(cashier.ecommerce.saveToMediaLibrary.mutate({ url: "https://x.example/a.png", filename: "a.png", fileSize: 0, mimeType: "image/png", category: "background", metadata: {} }))).code).toBe("FORBIDDEN");
    expect((await errorOf(cashier.ecommerce.deleteMediaLibraryImage.mutate({ id: external.id }))).code).toBe("FORBIDDEN");

    await owner.ecommerce.deleteMediaLibraryImage.mutate({ id: external.id });
    expect((await owner.ecommerce.getTenantMediaLibrary.query({ category: "background" })).map((i) => i.filename)).toEqual(["logo.png"]);
  });

  it("refuses a bad URL and another tenant's uploads; another tenant's id is NOT_FOUND", async () => {
    const owner = await t.client("acme", "owner");
    const outsider = await t.client("other", "owner");
    const bad = await errorOf(owner.ecommerce.saveToMediaLibrary.mutate({ url: "javascript:alert(1)", filename: "x", fileSize: 0, mimeType: "image/png", category: "background", metadata: {} }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.message).toContain("Por favor ingresa una URL de imagen válida.");
    const theirs = await errorOf(outsider.ecommerce.saveToMediaLibrary.mutate({ url: `/uploads/${t.acme.tenant.id}/x.png`, filename: "x.png", fileSize: 0, mimeType: "image/png", category: "background", metadata: {} }));
    expect(theirs.code).toBe("BAD_REQUEST");
    const [mine] = await owner.ecommerce.getTenantMediaLibrary.query({ category: "background" });
    expect(await outsider.ecommerce.getTenantMediaLibrary.query({ category: "background" })).toEqual([]);
    expect((await errorOf(outsider.ecommerce.deleteMediaLibraryImage.mutate({ id: mine!.id }))).code).toBe("NOT_FOUND");
    expect(await owner.ecommerce.getTenantMediaLibrary.query({ category: "background" })).toHaveLength(1);
  });
});
