import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

function keys(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const dir = path.dirname(new URL(import.meta.url).pathname);

describe("i18n catalogs", () => {
  it("es and en have the same namespaces on disk and in resources.ts", () => {
    const es = readdirSync(path.join(dir, "es")).sort();
    const en = readdirSync(path.join(dir, "en")).sort();
    expect(en).toEqual(es);
    expect(Object.keys(resources.es).sort()).toEqual(es.map((f) => f.replace(/\.json$/, "")));
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
