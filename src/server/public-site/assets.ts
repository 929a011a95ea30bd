import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The public site's client entries (vite.public.config.ts inputs). */
export type SiteEntry = "shop" | "marketing";
export const SITE_ENTRY_MODULES: Record<SiteEntry, string> = { shop: "shop-client.ts", marketing: "marketing-client.ts" };
/** Where the public build writes its manifest, beside the back office's (.vite/manifest.json). */
export const SITE_MANIFEST = path.join(".vite", "public-manifest.json");

export interface EntryAssets {
  script: string | null;
  styles: string[];
  preloads: string[];
}
export type SiteAssets = Record<SiteEntry, EntryAssets>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const NONE: EntryAssets = { script: null, styles: [], preloads: [] };

/**
 * The script, stylesheets and imported chunks of each entry, from the public build's manifest in
 * webDir. Without a build (integration tests) the pages are served without them.
 */
export function loadSiteAssets(webDir: string): SiteAssets {
  const file = path.join(webDir, SITE_MANIFEST);
  if (!existsSync(file)) return { shop: NONE, marketing: NONE };
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  const of = (key: string): EntryAssets => {
    const chunk = manifest[key];
    if (!chunk) return NONE;
    const styles = new Set<string>(chunk.css ?? []);
    const preloads = new Set<string>();
    const visit = (k: string) => {
      const dep = manifest[k];
      if (!dep || preloads.has(dep.file)) return;
      preloads.add(dep.file);
      for (const css of dep.css ?? []) styles.add(css);
      for (const next of dep.imports ?? []) visit(next);
    };
    for (const k of chunk.imports ?? []) visit(k);
    return { script: `/${chunk.file}`, styles: [...styles].map((f) => `/${f}`), preloads: [...preloads].map((f) => `/${f}`) };
  };
  return { shop: of(SITE_ENTRY_MODULES.shop), marketing: of(SITE_ENTRY_MODULES.marketing) };
}
