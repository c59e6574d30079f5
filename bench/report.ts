import os from "node:os";
import type { CatalogInfo } from "./catalog.ts";
import { kb, ms, num, percent, rate, table } from "./format.ts";
import { GOALS, share, verdict } from "./goals.ts";
import { LOAD_OPTIONS, type LoadResult } from "./load.ts";
import { renderBeforeAfter } from "./report-before-after.ts";
import type { BenchRun, Group, Row } from "./sections.ts";

export interface BenchReport {
  date: string;
  /** apps/web/… the server served */
  buildDir: string;
  catalogs: Array<{ label: string } & CatalogInfo>;
  /** things the reader must know: skipped sections, a database not reachable */
  notes: string[];
  run: BenchRun;
  /** how long the whole run took */
  minutes: number;
  /** the seckill flash-crowd section (bench/seckill.ts), when measured */
  seckill?: string[];
  /** the chat section (bench/chat.ts), when measured */
  chat?: string[];
}

const latencies = (result: LoadResult) => [ms(result.p50), ms(result.p95), ms(result.p99)];

function baselineLine(row: Row, leading: number): string[] {
  const blanks = Array<string>(leading).fill("");
  if (!row.baseline) return [...blanks, "↳ baseline", "not measured", "", "", "", "", "", "", ""];
  return [...blanks, "↳ baseline (same bytes)", rate(row.baseline.requestsPerSecond), "100 %", ...latencies(row.baseline), String(row.baseline.failures), "", ""];
}

/** Lines of one row: a line per mode, then its baseline; the row's name only on the first. */
function rowLines(row: Row, identity: string[]): string[][] {
  const lines = [...row.byMode].map(([mode, measured], index) => {
    const ratio = share(measured.result, row.baseline);
    return [
      ...(index === 0 ? identity : identity.map(() => "")),
      mode,
      rate(measured.result.requestsPerSecond),
      ratio === undefined ? "–" : percent(ratio),
      ...latencies(measured.result),
      String(measured.result.failures),
      (row.kind === "page" ? measured.sample.pageCache : measured.sample.cacheHeaders) || "–",
      verdict(row, mode, measured),
    ];
  });
  return [...lines, baselineLine(row, identity.length)];
}

/** "SQLite, 2 processes" — and a warning when fewer processes served than the mode asked for. */
function groupHeading(group: Group): string {
  const served = new Set(group.rows.flatMap((row) => [...row.byMode.values()].map((measured) => measured.processes)));
  const mismatch = [...served].some((count) => count !== group.processes);
  return `### ${group.title}${mismatch ? ` — ⚠ served by ${[...served].join("/")} process(es): SERVER_PROCESSES not in effect` : ""}`;
}

function apiSection(groups: Group[]): string[] {
  return groups.flatMap((group) => {
    const lines = group.rows.flatMap((row) => {
      const sample = [...row.byMode.values()][0]?.sample;
      const items = sample?.error ?? (sample ? `${sample.items} / ${num(sample.total ?? 0)}` : "–");
      return rowLines(row, [row.name, items, kb(sample?.body.length ?? 0)]);
    });
    return [groupHeading(group), "", table(["call", "items / matches", "body", "mode", "req/s", "% of baseline", "p50", "p95", "p99", "failures", "cache headers", "goal"], lines), ""];
  });
}

function pageSection(groups: Group[]): string[] {
  return groups.flatMap((group) => {
    const lines = group.rows.flatMap((row) => rowLines(row, [row.name, kb([...row.byMode.values()][0]?.sample.body.length ?? 0)]));
    return [groupHeading(group), "", table(["page", "HTML", "mode", "pages/s", "% of baseline", "p50", "p95", "p99", "failures", "x-page-cache", "goal"], lines), ""];
  });
}

function firstLoadSection(run: BenchRun): string[] {
  const lines = run.firstLoad.map((page) => [page.page, String(page.files), kb(page.rawBytes), kb(page.gzipBytes), page.gzipBytes <= GOALS.firstLoadGzipBytes ? "✓" : "✗"]);
  return [table(["page", "scripts", "raw", "gzip -9", `≤ ${GOALS.firstLoadGzipBytes / 1024} KB`], lines), ""];
}

function catalogLine(catalog: BenchReport["catalogs"][number]): string {
  return `${catalog.label}: ${num(catalog.skus)} SKUs (${catalog.seeded ? "seeded this run" : "reused"}), full search-index rebuild ${catalog.indexRebuildSeconds.toFixed(1)} s.`;
}

/** The whole report as Markdown (bench/results.md); the console gets the same text. */
export function renderReport(report: BenchReport): string {
  const { run } = report;
  const cpus = os.cpus();
  return [
    "# Benchmarks",
    "",
    `Run ${report.date} by \`npm run bench\` (bench/run.ts, ${report.minutes.toFixed(1)} min) — figures, not pass/fail. Loopback, autocannon`,
    `with ${LOAD_OPTIONS.connections} connections for ${LOAD_OPTIONS.durationSeconds} s per row (runs before issue 7 used 10 s; shorter rows keep a full run`,
    `near ten minutes), after 2 s of load on each fresh server and 20 requests per row and serving process. Server,`,
    `bare-Fastify baseline (measured right after its row) and load generator share the machine: ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; build ${report.buildDir}.`,
    "",
    ...report.catalogs.map(catalogLine),
    ...report.notes.map((note) => `- ${note}`),
    ...run.problems.map((problem) => `- ⚠ not measured: ${problem}`),
    "",
    "## Before / after (issue 7)",
    "",
    renderBeforeAfter(run),
    "",
    "## API (POST /api/goodssku/page, 20 items per page)",
    "",
    "Mode \"cache\": the server as shipped, a repeated call served by its result cache; \"DATA_CACHE=0\": data and result",
    "caches off, so the figure is what the query costs. The baseline is a bare Fastify route (a worker thread of the bench)",
    "answering the same bytes, so % of baseline is the share of the machine's limit for that body.",
    "",
    ...apiSection(run.apiGroups),
    "## Server-rendered pages (GET, guest, no cookies)",
    "",
    "Mode \"cache\": served by the page cache (x-page-cache of a sample response after the warm-up should say hit);",
    "\"PAGE_CACHE=0\": every request rendered (data caches on). A ⚠ marks a mode that did not take effect.",
    "",
    ...pageSection(run.pageGroups),
    "## First-load JavaScript",
    "",
    "Every script the page's HTML references (modulepreload, script src, inline imports), each gzip -9.",
    "",
    ...firstLoadSection(run),
    ...(report.seckill ?? []),
    ...(report.chat ?? []),
  ].join("\n");
}
