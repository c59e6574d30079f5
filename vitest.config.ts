import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every test app seeds into a fresh data directory: they share one picture cache (apps/server/src/seed/image-store.ts).
    env: { SEED_IMAGE_CACHE: process.env.SEED_IMAGE_CACHE || path.resolve(import.meta.dirname, ".cache/seed-image-cache") },
    include: ["apps/*/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "apps/web/vite/**/*.test.ts", "apps/console/app/**/*.test.{ts,tsx}", "packages/*/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own app and database; files run in parallel workers.
    pool: "forks",
  },
});
