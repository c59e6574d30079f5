import os from "node:os";
import type { LoadResult } from "./load.ts";
import type { FirstLoadSize } from "./first-load-js.ts";
import { LOAD_OPTIONS } from "./load.ts";

export interface ApiRow {
  real: LoadResult;
  baseline: LoadResult;
}

export interface BenchReport {
  date: string;
  catalog: { goods: number; skus: number; indexRebuildSeconds: number };
  api: ApiRow[];
  pages: LoadResult[];
  firstLoad: Array<{ page: string } & FirstLoadSize>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const num = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value: number) => `${num(value, value < 10 ? 1 : 0)} ms`;

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

/** The whole report as Markdown (bench/results.md); the console gets the same tables. */
export function renderReport(report: BenchReport): string {
  const apiRows = report.api.flatMap(({ real, baseline }) => [
    [real.name, num(real.requestsPerSecond), ms(real.p50), ms(real.p99), kb(real.bytesPerResponse), String(real.failures)],
    [`↳ baseline (same body)`, num(baseline.requestsPerSecond), ms(baseline.p50), ms(baseline.p99), kb(baseline.bytesPerResponse), String(baseline.failures)],
  ]);
  const pageRows = report.pages.map((page) => [page.name, num(page.requestsPerSecond, 1), ms(page.p50), ms(page.p99), kb(page.bytesPerResponse), String(page.failures)]);
  const jsRows = report.firstLoad.map((page) => [page.page, String(page.files), kb(page.rawBytes), kb(page.gzipBytes)]);
  return [
    "# Benchmarks",
    "",
    `Run ${report.date} by \`npm run bench\` (bench/run.ts) — figures, not pass/fail. Loopback, autocannon with`,
    `${LOAD_OPTIONS.connections} connections for ${LOAD_OPTIONS.durationSeconds} s per row; server and load generator share the machine`,
    `(${os.cpus().length} CPUs, ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, SQLite).`,
    "",
    `Catalog: ${num(report.catalog.goods)} goods on sale, ${num(report.catalog.skus)} SKUs (SEED_SIZE=large); full search-index rebuild ${report.catalog.indexRebuildSeconds.toFixed(1)} s.`,
    "",
    "## API (POST, 20 items per page)",
    "",
    table(["call", "req/s", "p50", "p99", "body", "failures"], apiRows),
    "",
    "The baseline is a bare Fastify route in the bench script answering the same bytes, precomputed.",
    "",
    "## Server-rendered pages (GET, guest)",
    "",
    table(["page", "pages/s", "p50", "p99", "HTML", "failures"], pageRows),
    "",
    "## First-load JavaScript",
    "",
    table(["page", "scripts", "raw", "gzip -9"], jsRows),
    "",
  ].join("\n");
}
