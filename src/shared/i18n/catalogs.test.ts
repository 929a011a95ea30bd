import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

function keys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const dir = path.dirname(new URL(import.meta.url).pathname);
/** The marketing pages' copy: only the public site loads it (src/web/public-site/catalogs.ts), not the back office nor the server. */
const backOffice = (files: string[]) => files.map((f) => f.replace(/\.json$/, "")).filter((ns) => !ns.startsWith("marketing"));

describe("i18n catalogs", () => {
  it("es and en have the same namespaces on disk and in catalog-es.ts / catalog-en.ts", () => {
    const es = readdirSync(path.join(dir, "es")).sort();
    const en = readdirSync(path.join(dir, "en")).sort();
    expect(en).toEqual(es);
    expect(Object.keys(resources.es).sort()).toEqual(backOffice(es));
    // catalog-es.ts and catalog-en.ts list them apart (the web app loads English on demand).
    expect(Object.keys(resources.en).sort()).toEqual(backOffice(en));
  });

  for (const file of readdirSync(path.join(dir, "es"))) {
    it(`${file}: every key is in both languages and no value is empty`, () => {
      const es = JSON.parse(readFileSync(path.join(dir, "es", file), "utf8"));
      const en = JSON.parse(readFileSync(path.join(dir, "en", file), "utf8"));
      const missingInEn = keys(es).filter((k) => !keys(en).includes(k));
      const missingInEs = keys(en).filter((k) => !keys(es).includes(k));
      expect({ missingInEn, missingInEs }).toEqual({ missingInEn: [], missingInEs: [] });
      const empty = [...keys(es).map((k) => ["es", k, es]), ...keys(en).map((k) => ["en", k, en])].filter(
        ([, k, cat]) => String(k.split(".").reduce((n: any, p: string) => n?.[p], cat)).trim() === "",
      );
      expect(empty.map(([l, k]) => `${l}:${k}`)).toEqual([]);
    });
  }
});

import { ADJUSTMENT_REASONS, MOVEMENT_STATUSES, MOVEMENT_TYPES } from "../catalog/movement";
import { COMMISSION_TYPES, PRODUCT_TYPES, PRODUCT_UNITS } from "../catalog/product";
import { MODULES, PRODUCTS, ROLES } from "../permissions";
import { LANGUAGES, THEMES } from "../platform/themes";

function lookup(lang: "es" | "en", fullKey: string): unknown {
  const [ns, path] = fullKey.split(":", 2) as [string, string];
  const catalog = (resources[lang] as Record<string, unknown>)[ns];
  const get = (p: string) => p.split(".").reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], catalog);
  return get(path) ?? get(`${path}_other`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(folder, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(folder, e.name)] : [],
  );
}

describe("every key the screens use exists in both languages", () => {
  it("literal t('ns:key') calls in src/web", () => {
    const webDir = path.resolve(dir, "../../web");
    const used = new Set<string>();
    for (const file of sourceFiles(webDir)) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z]+:[A-Za-z0-9_.]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].flatMap((k) => (["es", "en"] as const).filter((l) => typeof lookup(l, k) !== "string").map((l) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });

  it("keys built from enumerations (themes, modules, roles, languages, products)", () => {
    const keys = [
      ...THEMES.map((x) => `common:theme.names.${x}`),
      ...MODULES.map((x) => `settings:modules.names.${x}`),
      ...ROLES.map((x) => `common:roles.${x}`),
      ...LANGUAGES.map((x) => `common:language.${x}`),
      ...PRODUCTS.map((x) => `auth:landing.products.${x}`),
      ...PRODUCT_TYPES.map((x) => `products:types.${x}`),
      ...PRODUCT_UNITS.map((x) => `products:units.${x}`),
      ...COMMISSION_TYPES.map((x) => `products:commissionTypes.${x}`),
      ...MOVEMENT_TYPES.map((x) => `inventory:types.${x}`),
      ...MOVEMENT_STATUSES.map((x) => `inventory:statuses.${x}`),
      ...ADJUSTMENT_REASONS.map((x) => `inventory:reasons.${x}`),
      ...["dashboard", "appointments", "pos", "products", "warehouseMovements", "providers", "promotions", "invoices", "reports", "customers", "sellers", "employees", "settings"].map((x) => `nav:items.${x}`),
    ];
    const missing = keys.flatMap((k) => (["es", "en"] as const).filter((l) => typeof lookup(l, k) !== "string").map((l) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });
});

describe("every error the server raises is translated", () => {
  it("appError keys and schema messages ('errors:…') exist in both errors catalogs", () => {
    const used = new Set<string>();
    for (const folder of ["../../server", "../"]) {
      for (const file of sourceFiles(path.resolve(dir, folder))) {
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(/appError\(\s*"[A-Z_]+",\s*"([A-Za-z0-9_.:]+)"/g)) used.add(m[1]!.includes(":") ? m[1]! : `errors:${m[1]}`);
        for (const m of text.matchAll(/"(errors:[A-Za-z0-9_.]+)"/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].flatMap((k) => (["es", "en"] as const).filter((l) => typeof lookup(l, k) !== "string").map((l) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });
});
