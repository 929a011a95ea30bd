import { defineConfig } from "@playwright/test";

/** e2e against the production build, on a fresh embedded database, in Debian's Chromium. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/enzzo-e2e-${Date.now()}`;
/** The card terminal simulators (issue 12) the POS charges from the browser in e2e/card-terminal. */
const CARD_HOST = process.env.HOST ?? "127.0.0.1";
const CARD_LANE_PORT = Number(process.env.CARD_LANE_PORT ?? 5000);
const CARD_SERVICE_PORT = Number(process.env.CARD_SERVICE_PORT ?? 5050);

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
  webServer: [
    {
      command: "node --import tsx src/server/main.ts",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        SUPERADMIN_TOKEN: "e2e-super-admin",
        // The specs start from a demo without sample sales (their numbers and lists start empty).
        DEMO_SAMPLE_MONTH: "false",
        AUTH_RATE_LIMIT_MAX: "1000",
        SESSION_TTL_SECONDS: process.env.E2E_SESSION_TTL ?? "604800",
        LOG_LEVEL: "warn",
      },
    },
    {
      command: "node --import tsx tools/card-lane.ts",
      url: `http://${CARD_HOST}:${CARD_LANE_PORT}/api/status`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { CARD_LANE_PORT: String(CARD_LANE_PORT), HOST: CARD_HOST },
    },
    {
      command: "node --import tsx tools/card-service.ts",
      url: `http://${CARD_HOST}:${CARD_SERVICE_PORT}/api/pos/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { CARD_SERVICE_PORT: String(CARD_SERVICE_PORT), HOST: CARD_HOST },
    },
  ],
});
