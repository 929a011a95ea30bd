import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The project root, whether the server runs from src/server (tsx, tests) or from the bundle
 * in dist/server: the nearest folder above this file with a package.json.
 */
function findRoot(): string {
  let dir = here;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "migrations");
/** The built web app; WEB_DIST_DIR lets parallel builds (e.g. several e2e runs) use their own folder. */
export const WEB_DIR = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(ROOT_DIR, "dist", "web");
