import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createTestContext, type TestContext } from "./test/harness";

/**
 * The built web app as the server sends it (issue 21 §7): hashed JS and CSS compressed by the
 * browser's Accept-Encoding with a year-long immutable cache, the page (index.html and every client
 * route) revalidated each time. A small build is written to a temporary folder the way Vite and
 * vite-plugin-compression2 lay it out (assets/name-hash.ext with .br and .gz beside it).
 */
const JS = `export const greeting = ${JSON.stringify("Hola, ".repeat(400))};\n`;
const CSS = `.pos{display:grid}${".a{color:red}".repeat(200)}\n`;
const INDEX = `<!doctype html><html lang="es"><head><title>%APP_TITLE%</title><script type="module" src="/assets/index-Ab12Cd34.js"></script><link rel="stylesheet" href="/assets/index-Ef56Gh78.css"></head><body><div id="root"></div></body></html>`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const ALL = "gzip, deflate, br, zstd";

let t: TestContext;
let app: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), "enzzo-web-"));
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "index.html"), INDEX);
  for (const [name, text] of [
    ["index-Ab12Cd34.js", JS],
    ["index-Ef56Gh78.css", CSS],
  ] as const) {
    const file = path.join(webDir, "assets", name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  // A file Vite left uncompressed (under its threshold).
  writeFileSync(path.join(webDir, "assets", "rolldown-runtime-Xy90.js"), "export {};\n");
  // Vite's manifest: the POS page is a lazy chunk importing a shared chunk and the entry.
  mkdirSync(path.join(webDir, ".vite"));
  writeFileSync(
    path.join(webDir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-Ab12Cd34.js", isEntry: true, imports: ["_icons-Ic0n.js"], css: ["assets/index-Ef56Gh78.css"] },
      "_icons-Ic0n.js": { file: "assets/icons-Ic0n.js" },
      "_trpc-Tr9c.js": { file: "assets/trpc-Tr9c.js", imports: ["_icons-Ic0n.js"] },
      "features/pos/pos-page.tsx": { file: "assets/pos-page-Po5P.js", isDynamicEntry: true, imports: ["index.html", "_trpc-Tr9c.js"], css: ["assets/pos-page-Po5S.css"] },
    }),
  );
  t = await createTestContext();
  app = await buildApp({ db: t.db, config: { ...loadConfig({}), uploadDir: t.uploadDir }, sessionSecret: "test-secret", authRateLimitMax: 10_000 }, { webDir });
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: { host: "acme.localhost", ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) } });

describe("web delivery", () => {
  it("a hashed script is sent as brotli when the browser takes it, cached for a year as immutable, with the security headers", async () => {
    const res = await get("/assets/index-Ab12Cd34.js", ALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe(IMMUTABLE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(res.headers["content-type"])).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
    expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
    // helmet's headers stay on the static files.
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("gzip when only gzip is accepted; the plain file when nothing is; the stylesheet the same way", async () => {
    const gz = await get("/assets/index-Ab12Cd34.js", "gzip, deflate");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    for (const acceptEncoding of [undefined, "identity"]) {
      const plain = await get("/assets/index-Ab12Cd34.js", acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(JS);
    }

    const css = await get("/assets/index-Ef56Gh78.css", ALL);
    expect(css.headers["content-encoding"]).toBe("br");
    expect(String(css.headers["content-type"])).toMatch(/text\/css/);
    expect(css.headers["cache-control"]).toBe(IMMUTABLE);
    expect(brotliDecompressSync(css.rawPayload).toString()).toBe(CSS);
    const cssGz = await get("/assets/index-Ef56Gh78.css", "gzip");
    expect(cssGz.headers["content-encoding"]).toBe("gzip");

    // A file without precompressed copies is sent as it is, still immutable.
    const small = await get("/assets/rolldown-runtime-Xy90.js", ALL);
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("the page (/, /index.html and a client route) is revalidated every time, with its title filled in and the CSP", async () => {
    for (const url of ["/", "/index.html", "/home/pos", "/home/cash-box"]) {
      const res = await get(url, ALL);
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers["content-type"]), url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("/assets/index-Ab12Cd34.js");
      expect(res.body, url).not.toContain("%APP_TITLE%");
      expect(String(res.headers["content-security-policy"]), url).toContain("default-src 'self'");
    }
  });

  it("the POS page names its lazy chunk, the chunks it imports and their CSS for preloading; other pages do not", async () => {
    for (const url of ["/home/pos", "/home/pos/", "/home/pos?tab=1"]) {
      const html = (await get(url, ALL)).body;
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/pos-page-Po5P.js">');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/trpc-Tr9c.js">');
      expect(html, url).toContain('<link rel="stylesheet" crossorigin href="/assets/pos-page-Po5S.css">');
      // What index.html loads already is not named twice.
      expect(html.match(/index-Ab12Cd34\.js/g), url).toHaveLength(1);
      expect(html.match(/icons-Ic0n\.js/g) ?? [], url).toHaveLength(0);
      expect(html.indexOf("pos-page-Po5P.js"), url).toBeLessThan(html.indexOf("</head>"));
    }
    for (const url of ["/home", "/home/cash-box", "/home/position"]) expect((await get(url, ALL)).body, url).not.toContain("modulepreload");
    // The manifest itself is not served.
    expect((await get("/.vite/manifest.json", ALL)).body).not.toContain("isDynamicEntry");
  });

  it("a hashed file this build lacks is a 404 (never the page), and the compressed copies are not addressable", async () => {
    for (const url of ["/assets/index-OldHash1.js", "/assets/index-Ab12Cd34.js.br", "/assets/index-Ab12Cd34.js.gz"]) {
      const res = await get(url, ALL);
      expect(res.statusCode, url).toBe(404);
      expect(String(res.headers["content-type"]), url).not.toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).not.toBe(IMMUTABLE);
    }
  });
});
