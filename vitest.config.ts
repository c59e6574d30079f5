import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/*/src/**/*.test.ts", "apps/web/app/**/*.test.{ts,tsx}", "apps/web/vite/**/*.test.ts", "packages/*/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own app and database; files run in parallel workers.
    pool: "forks",
  },
});
