/**
 * Web delivery benchmark (issue 21 §7): the POS cold load on localhost. Builds the web app into a
 * temporary folder, starts the server on a fresh embedded database (PGlite, demo tenant), signs the
 * demo cashier in (with an open cash box session) and opens /home/pos in Debian's Chromium with an
 * empty cache, BENCH_ROUNDS times (10; one more first, not counted, warms the server), each in a new
 * browser context. A load is timed in the page, from the navigation's start to the first frame that
 * shows the product search box, enabled. Then the last context opens the POS again (warm: what the
 * cache keeps). Also: the requests, the bytes on the wire and unpacked, and how the assets were sent.
 * Then BENCH_THROTTLED_ROUNDS (3) cold loads through Chromium's network throttling (10 Mbit/s down,
 * 40 ms a round trip: a shop's DSL or 4G), where the bytes count; the target itself is localhost.
 *
 * BENCH_BASELINE_REF (a git ref, e.g. 7c879c5) also measures that commit the same way (its files
 * from `git archive`, this checkout's node_modules), alternating cold loads between the two so both
 * see the same machine load. Results in bench/RESULTS.md ('## Web delivery').
 * Usage: npm run bench:web (BENCH_PORT, BENCH_ROUNDS, BENCH_THROTTLED_ROUNDS, BENCH_BASELINE_REF, CHROMIUM_PATH)
 */
import { type ChildProcess, execFileSync, execSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Response } from "playwright-core";
import { writeResultsSection } from "./results";
import { benchRequest, signInCookie, stopBenchServer, waitHealthy } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3330);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const THROTTLED_ROUNDS = Number(process.env.BENCH_THROTTLED_ROUNDS ?? 3);
/** Chromium's throttling for the throttled loads: bytes per second down and up, ms added to each response. */
const THROTTLE = { downloadThroughput: 10_000_000 / 8, uploadThroughput: 5_000_000 / 8, latency: 40 };
const BASELINE_REF = process.env.BENCH_BASELINE_REF;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SEARCH_LABEL = "Buscar producto";

interface Load {
  readyMs: number;
  fcpMs: number;
  requests: number;
  assetRequests: number;
  assetsOnWire: number;
  assetsUnpacked: number;
  wire: number;
  encodings: string;
  assetCacheControl: string;
}

interface Target {
  label: string;
  dir: string;
  port: number;
  origin: string;
  cookie: string;
  child: ChildProcess;
  build: { seconds: string; files: number; precompressed: number; entry: string; entryKb: number };
  cold: Load[];
  warm?: Load;
  throttled: Load[];
}

async function call(port: number, cookie: string, method: "GET" | "POST", procedure: string, input?: unknown) {
  const body = input === undefined ? null : JSON.stringify({ json: input });
  const res = await benchRequest(port, method, `/api/trpc/${procedure}`, body, cookie);
  if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${res.text}`);
  return JSON.parse(res.text).result.data.json;
}

/** The cashier sells only with an open cash box session of their own: opens one on a free box if needed. */
async function ensureOpenSession(port: number, cookie: string) {
  if (await call(port, cookie, "GET", "cashbox.getActive")) return;
  const input = encodeURIComponent(JSON.stringify({ json: { includeInactive: false } }));
  const boxes = (await call(port, cookie, "GET", `cashbox.getAll?input=${input}`)) as { id: string; openSession: unknown }[];
  const free = boxes.find((b) => !b.openSession);
  if (!free) throw new Error("no free cash box for the cashier");
  await call(port, cookie, "POST", "cashbox.open", { cashboxId: free.id, openingAmount: "1000", clientRequestId: crypto.randomUUID() });
}

/** Builds the web app of the tree at dir into webDir and starts that tree's server on it. */
async function startTarget(key: string, label: string, dir: string, port: number, tmp: string): Promise<Target> {
  const webDir = path.join(tmp, `${key}-web`);
  const started = Date.now();
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], { cwd: dir, env: { ...process.env, WEB_DIST_DIR: webDir }, stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const assets = readdirSync(path.join(webDir, "assets"));
  const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(readFileSync(path.join(webDir, "index.html"), "utf8"))![1]!;
  const build = {
    seconds,
    files: assets.filter((f) => /\.(js|css)$/.test(f)).length,
    precompressed: assets.filter((f) => /\.(br|gz)$/.test(f)).length,
    entry,
    entryKb: statSync(path.join(webDir, "assets", entry)).size / 1024,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(tmp, `${key}-data`), WEB_DIST_DIR: webDir, DATABASE_URL: "", LOG_LEVEL: "warn", AUTH_RATE_LIMIT_MAX: "100000" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitHealthy(port, child).catch((e) => {
    child.kill("SIGTERM");
    throw e;
  });
  const cookie = await signInCookie(port, "cashier@demo.test");
  await ensureOpenSession(port, cookie);
  return { label, dir, port, origin: `http://demo.localhost:${port}`, cookie, child, build, cold: [], throttled: [] };
}

/**
 * In every page: the time (performance.now(), from the navigation's start) of the first frame that
 * shows the search box, enabled. A string, not a function: tsx would wrap a function's inner names
 * in a helper the page lacks.
 */
const watchSearchBox = `(() => {
  let seen = false;
  const check = () => {
    if (seen) return;
    const input = document.querySelector('input[aria-label="${SEARCH_LABEL}"]');
    if (!input || input.disabled || input.getBoundingClientRect().height === 0) return;
    seen = true;
    // The task right after the next animation frame: that frame has painted it.
    requestAnimationFrame(() => setTimeout(() => { window.__searchReady = performance.now(); }));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/**
 * Opens /home/pos in a new context (an empty cache); with `warm`, opens it a second time in that
 * context too; with `throttled`, through Chromium's network throttling (THROTTLE).
 */
async function coldLoad(browser: Browser, t: Target, opts: { warm?: boolean; throttled?: boolean } = {}): Promise<{ cold: Load; warm?: Load }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "es-DO" });
  const [name, value] = t.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: t.origin, httpOnly: true }]);
  await context.addInitScript(watchSearchBox);
  const page = await context.newPage();
  if (opts.throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...THROTTLE });
  }
  const open = async (): Promise<Load> => {
    const headers: { encoding: string; cacheControl: string }[] = [];
    const onResponse = (r: Response) => {
      if (new URL(r.url()).pathname.startsWith("/assets/") && r.status() === 200) {
        const h = r.headers();
        headers.push({ encoding: h["content-encoding"] ?? "none", cacheControl: h["cache-control"] ?? "(none)" });
      }
    };
    page.on("response", onResponse);
    await page.goto(`${t.origin}/home/pos`, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as { __searchReady?: number }).__searchReady !== undefined, null, { timeout: 30_000, polling: 50 });
    // What the page still fetches right after (queries, late chunks) counts in the bytes.
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    // No named inner functions here: tsx would wrap them in a helper the page lacks.
    const m = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")] as PerformanceResourceTiming[];
      const assets = entries.filter((e) => new URL(e.name).pathname.startsWith("/assets/"));
      return {
        readyMs: (window as unknown as { __searchReady: number }).__searchReady,
        fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        requests: entries.filter((e) => e.transferSize > 0).length,
        assetRequests: assets.filter((e) => e.transferSize > 0).length,
        assetsOnWire: assets.reduce((s, e) => s + (e.transferSize > 0 ? e.encodedBodySize : 0), 0),
        assetsUnpacked: assets.reduce((s, e) => s + e.decodedBodySize, 0),
        wire: entries.reduce((s, e) => s + e.transferSize, 0),
      };
    });
    const count = (f: (h: (typeof headers)[number]) => string) => {
      const n = new Map<string, number>();
      for (const h of headers) n.set(f(h), (n.get(f(h)) ?? 0) + 1);
      return [...n].map(([k, c]) => `${k} ×${c}`).join(", ");
    };
    return { ...m, encodings: count((h) => h.encoding) || "(all from cache)", assetCacheControl: count((h) => h.cacheControl) || "(all from cache)" };
  };
  try {
    const cold = await open();
    return { cold, warm: opts.warm ? await open() : undefined };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${(n / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => n.toFixed(0);

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "enzzo-bench-web-"));
  const targets: Target[] = [];
  let browser: Browser | undefined;
  try {
    if (BASELINE_REF) {
      const dir = path.join(tmp, "baseline");
      mkdirSync(dir);
      execSync(`git archive ${JSON.stringify(BASELINE_REF)} | tar -x -C ${JSON.stringify(dir)}`, { stdio: "inherit" });
      symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
      targets.push(await startTarget("baseline", `before: ${BASELINE_REF}`, dir, PORT + 1, tmp));
    }
    const head = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
    // This run rewrites RESULTS.md itself: its own change does not count.
    const dirty = execSync("git status --porcelain --untracked-files=no -- . ':!bench/RESULTS.md'", { encoding: "utf8" }).trim() !== "";
    targets.push(await startTarget("current", `this checkout (${head}${dirty ? " + uncommitted changes" : ""})`, process.cwd(), PORT, tmp));

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
    for (let round = 0; round <= ROUNDS; round++) {
      // Alternating the targets round by round: both see the same load of this shared machine.
      for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
        const { cold, warm } = await coldLoad(browser, t, { warm: round === ROUNDS });
        if (round > 0) t.cold.push(cold);
        if (warm) t.warm = warm;
        console.log(`${t.label} round ${round}${round === 0 ? " (warm-up)" : ""}: search box at ${ms(cold.readyMs)} ms, ${kb(cold.assetsOnWire)} of assets on the wire`);
      }
    }

    for (let round = 0; round < THROTTLED_ROUNDS; round++) {
      for (const t of round % 2 === 0 ? targets : [...targets].reverse()) {
        const { cold } = await coldLoad(browser, t, { throttled: true });
        t.throttled.push(cold);
        console.log(`${t.label} throttled round ${round + 1}: search box at ${ms(cold.readyMs)} ms`);
      }
    }

    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ");
    const chromiumVersion = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const summary = (t: Target) => {
      const ready = t.cold.map((l) => l.readyMs);
      const c = t.cold[0]!;
      return `| ${t.label} | **${ms(median(ready))}** | ${ms(Math.min(...ready))} / ${ms(Math.max(...ready))} | ${ms(median(t.cold.map((l) => l.fcpMs)))} | ${c.requests} | ${c.assetRequests} | ${kb(c.assetsOnWire)} | ${kb(c.assetsUnpacked)} | ${ms(t.warm!.readyMs)} | ${t.warm!.assetRequests} |`;
    };
    const current = targets.at(-1)!;
    const currentMedian = median(current.cold.map((l) => l.readyMs));
    writeResultsSection(
      "## Web delivery",
      [
        `${new Date().toISOString().slice(0, 10)}, \`${BASELINE_REF ? `BENCH_BASELINE_REF=${BASELINE_REF} ` : ""}npm run bench:web\`: ${os.cpus().length} cores shared with other work (load average after the run ${load}), Node ${process.version}, ${chromiumVersion}, headless, 1366×768, on localhost (no network latency, so compression saves bytes, not time). Each web app is built into a temporary folder and served by its own server on a fresh PGlite database; the demo cashier is signed in with an open cash box session. A cold load is a new browser context (empty cache) opening \`/home/pos\`, timed in the page from the navigation's start to the first frame that shows the product search box ('${SEARCH_LABEL}') enabled; ${ROUNDS} cold loads each after one not counted${targets.length > 1 ? ", alternating between the two servers" : ""}. Warm: the last context opens the POS again.`,
        "",
        "| build | cold load median ms | min / max ms | first paint median ms | requests | asset requests | assets on the wire | assets unpacked | warm load ms | warm asset requests |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...targets.map(summary),
        "",
        ...(THROTTLED_ROUNDS > 0
          ? [
              `Through Chromium's network throttling (${(THROTTLE.downloadThroughput * 8) / 1e6} Mbit/s down, ${(THROTTLE.uploadThroughput * 8) / 1e6} up, ${THROTTLE.latency} ms a round trip; ${THROTTLED_ROUNDS} cold loads each), where the bytes count:`,
              "",
              "| build | cold load median ms | min / max ms | first paint median ms |",
              "|---|---:|---:|---:|",
              ...targets.map((t) => {
                const ready = t.throttled.map((l) => l.readyMs);
                return `| ${t.label} | **${ms(median(ready))}** | ${ms(Math.min(...ready))} / ${ms(Math.max(...ready))} | ${ms(median(t.throttled.map((l) => l.fcpMs)))} |`;
              }),
              "",
            ]
          : []),
        `Target (issue 21 §7): the POS cold load under 1 s — ${currentMedian < 1000 ? "met" : "NOT met"} (median ${ms(currentMedian)} ms).`,
        "",
        ...targets.flatMap((t) => [
          `${t.label}: built in ${t.build.seconds} s, ${t.build.files} JavaScript and CSS files and ${t.build.precompressed} precompressed .br/.gz; entry chunk ${t.build.entry} ${kb(t.build.entryKb * 1024)}. Assets of a cold load: encoding ${t.cold[0]!.encodings}; Cache-Control ${t.cold[0]!.assetCacheControl}. Each cold load (ms): ${t.cold.map((l) => ms(l.readyMs)).join(", ")}.`,
          "",
        ]),
      ].join("\n"),
    );
    console.log(targets.map((t) => `${t.label}: cold median ${ms(median(t.cold.map((l) => l.readyMs)))} ms, warm ${ms(t.warm!.readyMs)} ms`).join("\n"));
  } finally {
    await browser?.close();
    for (const t of targets) await stopBenchServer(t.child);
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
