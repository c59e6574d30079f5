import { defineConfig } from "@playwright/test";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.E2E_PORT ?? 3300);
/** A fresh database per run: the server seeds it on start (E2E_DATA_DIR lets parallel runs apart). */
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? ".cache/e2e-data");

/** The shop with its caches on (page-cache.spec.ts), beside the main e2e server. */
export const CACHED_SHOP_PORT = port + 1;
const cachedDataDir = `${dataDir}-cached`;
/** Both data directories are new each run: their seeds share one picture cache (apps/server/src/seed/image-store.ts). */
const SEED_IMAGE_CACHE = process.env.SEED_IMAGE_CACHE || path.join(root, ".cache/seed-image-cache");

/** Every captcha the e2e server draws has this code (see apps/server/src/config.ts). */
export const CAPTCHA_TEST_CODE = "E2EK";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests",
  outputDir: path.join(root, ".cache/e2e-results"),
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: path.join(root, ".cache/test-results/e2e.json") }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    locale: "zh-CN",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
      cwd: root,
      url: `http://127.0.0.1:${port}/web/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        CAPTCHA_TEST_CODE,
        SEED_IMAGE_CACHE,
        LOG_LEVEL: "warn",
        // The specs give each registration and API login its own X-Forwarded-For (e2e/tests/support.ts),
        // as separate shoppers have: the per-IP limits (10 registrations a minute) are not what they test.
        TRUST_PROXY: "1",
      },
    },
    // A second shop with the page and data caches on, as in production (page-cache.spec.ts): the
    // main server keeps them off, since specs change its database directly between steps.
    {
      command: `rm -rf "${cachedDataDir}" && node --import tsx apps/server/src/main.ts`,
      cwd: root,
      url: `http://127.0.0.1:${CACHED_SHOP_PORT}/web/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { PORT: String(CACHED_SHOP_PORT), DATA_DIR: cachedDataDir, NODE_ENV: "test", CAPTCHA_TEST_CODE, SEED_IMAGE_CACHE, LOG_LEVEL: "warn", PAGE_CACHE: "1", DATA_CACHE: "1" },
    },
  ],
});
