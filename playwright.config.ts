import { defineConfig } from "@playwright/test";

/** e2e against the production build, on a fresh embedded database, in Debian's Chromium. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/enzzo-e2e-${Date.now()}`;

export default defineConfig({
  testDir: "./e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"]],
  use: {
    baseURL: `http://demo.localhost:${PORT}`,
    viewport: { width: 1366, height: 768 },
    locale: "es-DO",
    timezoneId: "America/Santo_Domingo",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "node --import tsx src/server/main.ts",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SUPERADMIN_TOKEN: "e2e-super-admin",
      AUTH_RATE_LIMIT_MAX: "1000",
      SESSION_TTL_SECONDS: process.env.E2E_SESSION_TTL ?? "604800",
      LOG_LEVEL: "warn",
    },
  },
});
