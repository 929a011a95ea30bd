/**
 * Marketing pages benchmark (issue 19 point 5): Lighthouse's mobile profile (its default: a
 * mid-range phone, simulated slow 4G and 4x CPU slowdown) on the four marketing pages at the bare
 * domain, in Debian's Chromium (chrome-launcher, --headless=new --no-sandbox --disable-gpu).
 * Builds the web app into a temporary folder (or uses BENCH_WEB_DIST_DIR, an existing build),
 * starts the server on a fresh embedded database and runs each page BENCH_RUNS times (3), keeping
 * the run with the median performance score. Targets: performance >= 90, accessibility >= 95.
 * Results in bench/RESULTS.md ('### Marketing pages (Lighthouse)').
 * Usage: npm run bench:lighthouse (BENCH_PORT, BENCH_RUNS, BENCH_WEB_DIST_DIR, CHROMIUM_PATH)
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { writeResultsSection } from "./results";
import { stopBenchServer, waitHealthy } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 3340);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = [
  { path: "/", name: "Point of sale (/)" },
  { path: "/dental", name: "Dental (/dental)" },
  { path: "/forms", name: "Form builder (/forms)" },
  { path: "/legal", name: "Legal CRM (/legal)" },
];
const TARGET = { performance: 90, accessibility: 95 };

interface Run {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
}

function buildWeb(): { dir: string; temporary: boolean } {
  if (process.env.BENCH_WEB_DIST_DIR) return { dir: path.resolve(process.env.BENCH_WEB_DIST_DIR), temporary: false };
  const dir = mkdtempSync(path.join(os.tmpdir(), "enzzo-lighthouse-web-"));
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], { env: { ...process.env, WEB_DIST_DIR: dir }, stdio: "inherit" });
  return { dir, temporary: true };
}

async function startServer(webDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "enzzo-lighthouse-data-")), WEB_DIST_DIR: webDir, DATABASE_URL: "", LOG_LEVEL: "warn", DEMO_SAMPLE_MONTH: "false" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitHealthy(PORT, child);
  return child;
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => Number(audits[id]?.numericValue ?? Number.NaN);
  const items = ((audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? []) as {
    resourceType: string;
    transferSize: number;
  }[];
  const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptBytes: bytes("script"),
    totalBytes: bytes("total"),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  const load = os.loadavg()[0]!.toFixed(1);
  const web = buildWeb();
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const rows: string[] = [];
  let ok = true;
  try {
    server = await startServer(web.dir);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
    // a first load warms the server (module loading, the first render) and is not counted
    await fetch(`http://localhost:${PORT}/`);
    for (const page of PAGES) {
      const url = `http://localhost:${PORT}${page.path}`;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      const pass = median.performance >= TARGET.performance && median.accessibility >= TARGET.accessibility;
      ok &&= pass;
      console.log(`${page.name}: performance ${runs.map((r) => r.performance).join("/")}, accessibility ${median.accessibility}`);
      rows.push(
        `| ${page.name} | ${median.performance} (${runs.map((r) => r.performance).join(", ")}) | ${median.accessibility} | ${ms(median.fcpMs)} | ${ms(median.lcpMs)} | ${ms(median.tbtMs)} | ${median.cls.toFixed(3)} | ${kb(median.scriptBytes)} | ${kb(median.totalBytes)} | ${pass ? "yes" : "NO"} |`,
      );
    }
  } finally {
    await chrome?.kill();
    await stopBenchServer(server);
    if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
  }
  const chromiumVersion = execFileSync(CHROMIUM, ["--version"]).toString().trim();
  writeResultsSection(
    "### Marketing pages (Lighthouse)",
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile profile (simulated slow 4G, 4x CPU slowdown), ${chromiumVersion} headless on ${os.cpus().length} cores (load average ${load} when it started: Lighthouse scales the CPU time it observes, so a busy machine lowers performance); the production build served by the app on localhost (bare domain), ${RUNS} runs a page, the median run by performance shown (all runs' scores in brackets). Transfer sizes are what the page loaded (gzip/brotli on the wire). Target: performance >= ${TARGET.performance}, accessibility >= ${TARGET.accessibility}. Run: \`npm run bench:lighthouse\`. Measured ${new Date().toISOString().slice(0, 10)}.

| Page | Performance | Accessibility | FCP | LCP | TBT | CLS | JavaScript | All bytes | Target met |
|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}`,
  );
  if (!ok) process.exitCode = 1;
}

await main();
