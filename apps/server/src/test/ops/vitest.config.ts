import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The operations proofs (`*.proof.ts` here): nginx in front of several real shop processes on
 * PostgreSQL and a Redis of their own, under load and faults. Minutes long and machine-wide, so
 * not in the default `vitest run` (whose include names `*.test.ts` only): scripts/test.sh runs them
 * in their own step, one file after the other:
 *
 *   npx vitest run --config apps/server/src/test/ops/vitest.config.ts
 */
const root = path.resolve(import.meta.dirname, "../../../../..");

export default defineConfig({
  root,
  test: {
    env: { SEED_IMAGE_CACHE: process.env.SEED_IMAGE_CACHE || path.join(root, ".cache/seed-image-cache") },
    include: ["apps/server/src/test/ops/**/*.proof.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Each proof loads the whole machine: never two at once.
    fileParallelism: false,
  },
});
