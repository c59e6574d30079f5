/**
 * Issue 7's goals and the figures of the tree before it (bench/results.md of 2026-11-24 18:11 UTC,
 * the run the issue's table quotes), so a run can put before, after and goal side by side.
 */
import type { LoadResult } from "./load.ts";
import type { Measured } from "./measure.ts";
import type { Row } from "./sections.ts";

export const BEFORE_RUN = "2026-11-24 18:11 UTC, SQLite, 1 process, 10 connections × 10 s";

interface BeforeApi {
  requestsPerSecond: number;
  baselinePerSecond: number;
  p50: number;
  p99: number;
}
interface BeforePage {
  requestsPerSecond: number;
  p50: number;
  htmlKb: number;
  firstLoadKb: number;
}

/** By row name (SKU pages by prefix: the SKU id may differ between runs). */
const BEFORE_API: Record<string, BeforeApi> = {
  "list page 1": { requestsPerSecond: 495, baselinePerSecond: 20_036, p50: 16, p99: 56 },
  "search 手机 page 1": { requestsPerSecond: 322, baselinePerSecond: 15_944, p50: 27, p99: 58 },
  "search 蓝牙耳机": { requestsPerSecond: 577, baselinePerSecond: 22_026, p50: 15, p99: 38 },
};
const BEFORE_PAGES: Record<string, BeforePage> = {
  "/web/": { requestsPerSecond: 61.6, p50: 149, htmlKb: 182.4, firstLoadKb: 285.1 },
  "/web/goods/list": { requestsPerSecond: 61.5, p50: 149, htmlKb: 115.2, firstLoadKb: 319.5 },
  "/web/goods/list?keyword=手机": { requestsPerSecond: 64.2, p50: 132, htmlKb: 113.6, firstLoadKb: 319.5 },
  "/web/sku/": { requestsPerSecond: 137.3, p50: 70, htmlKb: 95.4, firstLoadKb: 352.4 },
};

export const beforeApi = (name: string): BeforeApi | undefined => BEFORE_API[name];
export const beforePage = (name: string): BeforePage | undefined => BEFORE_PAGES[name.startsWith("/web/sku/") ? "/web/sku/" : name];

export const GOALS = {
  listShare: 0.5,
  searchShare: 0.3,
  searchP95Ms: 10,
  cachedPagesPerSecond: 800,
  cachedPageP50Ms: 20,
  missPagesPerSecond: 150,
  homeHtmlBytes: 80 * 1024,
  firstLoadGzipBytes: 150 * 1024,
};

export const goalText = {
  list: `≥ ${GOALS.listShare * 100} % of baseline`,
  search: `p95 ≤ ${GOALS.searchP95Ms} ms, ≥ ${GOALS.searchShare * 100} % of baseline`,
  cachedPage: `≥ ${GOALS.cachedPagesPerSecond} pages/s, p50 ≤ ${GOALS.cachedPageP50Ms} ms`,
  missPage: `≥ ${GOALS.missPagesPerSecond} pages/s`,
  homeHtml: `≤ ${GOALS.homeHtmlBytes / 1024} KB`,
  firstLoad: `≤ ${GOALS.firstLoadGzipBytes / 1024} KB gzip`,
};

/** A cached mode is "cache" or "cache, N processes"; the others turn a cache off. */
export const isCachedMode = (mode: string) => mode.startsWith("cache");

export const share = (result: LoadResult, baseline: LoadResult | undefined) => (baseline ? result.requestsPerSecond / baseline.requestsPerSecond : undefined);

/** What makes a figure untrustworthy: failures, an error envelope, an empty page, a cache mode not in effect. */
export function warnings(row: Row, mode: string, measured: Measured): string[] {
  const found: string[] = [];
  const { sample, result } = measured;
  if (result.failures > 0) found.push(`${result.failures} failures`);
  if (sample.status !== 200) found.push(`HTTP ${sample.status}`);
  if (sample.error) found.push(sample.error);
  if (sample.items === 0) found.push("empty page");
  if (row.kind === "page") {
    const header = sample.pageCache || "none";
    if (isCachedMode(mode) && header !== "hit") found.push(`x-page-cache: ${header}, not hit`);
    if (!isCachedMode(mode) && header === "hit") found.push("x-page-cache: hit on a miss run");
  }
  return found;
}

/** Whether a row meets its goal in a mode; undefined when it has none or no baseline to compare with. */
export function meetsGoal(row: Row, mode: string, measured: Measured): boolean | undefined {
  const { result } = measured;
  const ratio = share(result, row.baseline);
  if (row.kind === "page") {
    return isCachedMode(mode)
      ? result.requestsPerSecond >= GOALS.cachedPagesPerSecond && result.p50 <= GOALS.cachedPageP50Ms
      : result.requestsPerSecond >= GOALS.missPagesPerSecond;
  }
  if (ratio === undefined) return undefined;
  if (row.kind === "list") return ratio >= GOALS.listShare;
  return ratio >= GOALS.searchShare && result.p95 <= GOALS.searchP95Ms;
}

/** "✓", "✗" or "–", with the warnings that make it doubtful. */
export function verdict(row: Row, mode: string, measured: Measured): string {
  const met = meetsGoal(row, mode, measured);
  const mark = met === undefined ? "–" : met ? "✓" : "✗";
  const doubts = warnings(row, mode, measured);
  return doubts.length > 0 ? `${mark} ⚠ ${doubts.join("; ")}` : mark;
}
