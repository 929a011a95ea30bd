import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { pageTitle } from "../shared/platform/branding";
import type { AppDeps } from "./app";
import { resolveHost } from "./modules/tenant/service";

/** Vite's folder for the hashed files of a build (build.assetsDir). */
export const ASSETS_DIR = "assets";
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Screens whose page is a lazy chunk worth fetching with the page itself: for these paths the HTML
 * names the chunk and its imports as modulepreload, so the browser downloads and compiles them while
 * the entry runs instead of after (the POS's cold load). Keys are Vite's manifest keys (paths from
 * src/web).
 */
const ROUTE_PRELOADS: { path: string; module: string }[] = [{ path: "/home/pos", module: "features/pos/pos-page.tsx" }];

/**
 * The built web app from its folder: each file is a route (the folder is read once at start). Files
 * under assets/ are named by their content hash, so a browser keeps them a year without asking
 * again; they are sent as the .br or .gz Vite wrote beside them when the request's Accept-Encoding
 * takes it (brotli first), with Vary: Accept-Encoding. index.html is not a file route: it is always
 * the page the not-found handler fills in (no-cache). Anything else in the folder is revalidated.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The .br/.gz files are picked by preCompressed, never asked for by name; .vite holds the manifest.
    globIgnore: ["index.html", "**/*.br", "**/*.gz", ".vite/**"],
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      const inAssets = path.relative(root, filePath).split(path.sep)[0] === ASSETS_DIR;
      reply.header("cache-control", inAssets ? IMMUTABLE : "no-cache");
    },
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * For each path of ROUTE_PRELOADS, the <link> tags of its chunk, the chunks it imports and their CSS,
 * leaving out what the entry (index.html) loads anyway. Empty without the build's manifest
 * (.vite/manifest.json, Vite's build.manifest).
 */
export function routePreloads(webDir: string, log?: (message: string) => void): Map<string, string> {
  const out = new Map<string, string>();
  const file = path.join(webDir, ".vite", "manifest.json");
  if (!existsSync(file)) return out;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>;
  /** The files a manifest key needs: its chunk, the chunks it imports statically, and their CSS. */
  const filesOf = (key: string) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    visit(key);
    return { scripts, styles };
  };
  const initial = filesOf("index.html");
  for (const { path: route, module } of ROUTE_PRELOADS) {
    if (!manifest[module]) {
      log?.(`web: ${module} is not in the build's manifest; ${route} loads without preloads`);
      continue;
    }
    const { scripts, styles } = filesOf(module);
    const links = [
      ...[...styles].filter((f) => !initial.styles.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
      ...[...scripts].filter((f) => !initial.scripts.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ];
    out.set(route, links.join("\n    "));
  }
  return out;
}

/** The pages a portal's custom domain serves: /{path}…, /book… and the payment page /pay/{id}. */
export function isPortalDomainPage(pathname: string, portalPath: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return first === portalPath || first === "book" || (first === "pay" && pathname.length > "/pay/".length);
}

/**
 * Serves the built web app (webDir): the files as above, and for every other GET outside /api the
 * single-page app's HTML with the tenant's title, revalidated on every load (no-cache) so a new
 * release is picked up at once while its hashed files stay cached.
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps, webDir: string): Promise<void> {
  const indexHtml = readFileSync(path.join(webDir, "index.html"), "utf8");
  const preloads = routePreloads(webDir, (m) => app.log.warn(m));
  await app.register(fastifyStatic, webStaticOptions(webDir));
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith("/api/") || req.method !== "GET") {
      return reply.status(404).send({ code: "NOT_FOUND", message: "Not found" });
    }
    // A hashed file this build does not have (a tab still running the previous release): a 404, not
    // the page, so the failed import is an error the app can see instead of HTML parsed as JavaScript.
    if (req.url.startsWith(`/${ASSETS_DIR}/`)) {
      return reply.status(404).header("cache-control", "no-store").type("text/plain").send("Not found");
    }
    const host = await resolveHost(deps, req.headers.host);
    const tenant = host?.tenant ?? null;
    const title = pageTitle(tenant?.product);
    const pathname = req.url.split("?")[0]!.replace(/\/+$/, "");
    // A booking portal's custom domain serves only the portal (and its links' payment page): any
    // other page (/, the sign-in, the back office) goes to the portal's path.
    const portalPath = host?.via === "customDomain" ? host.portalPath : null;
    if (portalPath && !isPortalDomainPage(pathname, portalPath)) return reply.redirect(`/${portalPath}`, 302);
    const preload = [...preloads].find(([route]) => pathname === route || pathname.startsWith(`${route}/`))?.[1];
    let html = indexHtml
      .replaceAll("%APP_TITLE%", title)
      .replaceAll("%APP_NAME%", title.replace(" Portal de Formularios", ""))
      .replaceAll("%BASE_DOMAIN%", deps.config.baseDomain);
    if (preload) html = html.replace("</head>", `  ${preload}\n  </head>`);
    if (portalPath) html = html.replace("</head>", `  <meta name="enzzo-portal-path" content="${portalPath}">\n  </head>`);
    return reply.type("text/html").header("cache-control", "no-cache").send(html);
  });
}
