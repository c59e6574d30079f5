import { kb, ms, num, percent, rate, table } from "./format.ts";
import { BEFORE_RUN, GOALS, beforeApi, beforePage, goalText, isCachedMode, share, verdict } from "./goals.ts";
import type { Measured } from "./measure.ts";
import type { BenchRun, Group, Row } from "./sections.ts";

const pick = (row: Row, cached: boolean): [string, Measured] | undefined => [...row.byMode].find(([mode]) => isCachedMode(mode) === cached);

function apiFigure(row: Row, measured: Measured | undefined): string {
  if (!measured) return "–";
  const ratio = share(measured.result, row.baseline);
  return [`${rate(measured.result.requestsPerSecond)} req/s`, ratio === undefined ? "" : percent(ratio), `p95 ${ms(measured.result.p95)}`].filter(Boolean).join(" · ");
}

const pageFigure = (measured: Measured | undefined) => (measured ? `${rate(measured.result.requestsPerSecond)} pages/s · p50 ${ms(measured.result.p50)}` : "–");

function verdicts(row: Row): string {
  const parts = [pick(row, true), pick(row, false)].flatMap((found) => (found ? [`${isCachedMode(found[0]) ? "cached" : "off"} ${verdict(row, found[0], found[1])}`] : []));
  return parts.join("<br>") || "–";
}

/** Before figures only compare with the same set-up: SQLite, one process. */
const comparable = (group: Group) => group.database === "SQLite" && group.processes === 1;

function apiLines(group: Group): string[][] {
  return group.rows.map((row) => {
    const before = comparable(group) ? beforeApi(row.name) : undefined;
    const beforeCell = before ? `${num(before.requestsPerSecond)} req/s · ${percent(before.requestsPerSecond / before.baselinePerSecond)} · p50 ${ms(before.p50)}` : "–";
    return [
      `${row.name} (${group.title})`,
      beforeCell,
      apiFigure(row, pick(row, true)?.[1]),
      apiFigure(row, pick(row, false)?.[1]),
      row.kind === "list" ? goalText.list : goalText.search,
      verdicts(row),
    ];
  });
}

function pageLines(group: Group): string[][] {
  return group.rows.map((row) => {
    const before = comparable(group) ? beforePage(row.name) : undefined;
    return [
      `${row.name} (${group.title})`,
      before ? `${num(before.requestsPerSecond, 1)} pages/s · p50 ${ms(before.p50)}` : "–",
      pageFigure(pick(row, true)?.[1]),
      pageFigure(pick(row, false)?.[1]),
      `cached ${goalText.cachedPage}; miss ${goalText.missPage}`,
      verdicts(row),
    ];
  });
}

function htmlLines(groups: Group[]): string[][] {
  const rows = groups.find(comparable)?.rows ?? groups[0]?.rows ?? [];
  return rows.map((row) => {
    const bytes = [...row.byMode.values()][0]?.sample.body.length ?? 0;
    const isHome = row.name === "/web/";
    const before = beforePage(row.name);
    return [`HTML ${row.name}`, before ? `${num(before.htmlKb, 1)} KB` : "–", kb(bytes), "", isHome ? goalText.homeHtml : "–", isHome ? (bytes <= GOALS.homeHtmlBytes ? "✓" : "✗") : "–"];
  });
}

function firstLoadLines(run: BenchRun): string[][] {
  return run.firstLoad.map((page) => {
    const before = beforePage(page.page);
    return [
      `first-load JS ${page.page}`,
      before ? `${num(before.firstLoadKb, 1)} KB` : "–",
      kb(page.gzipBytes),
      "",
      goalText.firstLoad,
      page.gzipBytes <= GOALS.firstLoadGzipBytes ? "✓" : "✗",
    ];
  });
}

/**
 * The table: each measure before issue 7, after (with the server's caches, and with the one
 * that row is about turned off), its goal and whether this run meets it. ⚠ marks a figure that
 * cannot be trusted as labelled (failures, errors, empty pages, a page cache not in effect).
 */
export function renderBeforeAfter(run: BenchRun): string {
  const lines = [
    ...run.apiGroups.flatMap(apiLines),
    ...run.pageGroups.flatMap(pageLines),
    ...htmlLines(run.pageGroups),
    ...firstLoadLines(run),
  ];
  return [
    table(["measure", "before", "after, cached", "after, cache off", "goal", "met"], lines),
    "",
    `Before: ${BEFORE_RUN} (bench/results.md of the landed tree before issue 7; only rows measured then). "Cached" is the`,
    "server as shipped (result and page caches on); \"cache off\" is DATA_CACHE=0 for the API (what the queries cost)",
    "and PAGE_CACHE=0 for pages (a page-cache miss; the data caches stay on). % is of the bare-Fastify baseline of this run.",
  ].join("\n");
}
