import type { Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** The goals of issue 7 (scores 0–100). */
export const GOALS: Record<CategoryId, number> = { performance: 98, accessibility: 95, "best-practices": 95, seo: 100 };

const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
  bytes: "total-byte-weight",
} as const;
type MetricId = keyof typeof METRICS;

/** An audit that kept a category from 100: what to fix next. */
export interface Shortfall {
  category: CategoryId;
  id: string;
  title: string;
  score: number | null;
  /** The audit's weight in its category's score (0: advice that does not move the score). */
  weight: number;
  value?: string;
  /** Where: the first few elements (CSS selectors) or resources (URLs) the audit names. */
  where?: string[];
}

/** What bench/lighthouse/<page>.summary.json keeps of a report (the HTML report has everything). */
export interface PageSummary {
  page: string;
  url: string;
  fetchTime: string;
  lighthouseVersion: string;
  scores: Record<CategoryId, number>;
  /** Milliseconds, except cls (unitless) and bytes. */
  metrics: Record<MetricId, number>;
  shortfalls: Shortfall[];
  warnings: string[];
}

/** At most this many elements or URLs per audit in the summary (the HTML report lists them all). */
const PLACES_KEPT = 5;

/** The selectors or URLs of an audit's table rows, when it has a table. */
function placesOf(audit: Result["audits"][string]): string[] {
  const details = audit.details as { items?: Array<Record<string, unknown>> } | undefined;
  const places = (details?.items ?? []).flatMap((item) => {
    const node = item.node as { selector?: string } | undefined;
    const place = node?.selector ?? (typeof item.url === "string" ? item.url : undefined);
    return place ? [place] : [];
  });
  return [...new Set(places)].slice(0, PLACES_KEPT);
}

/** Audits that pass or fail (informative, manual and not-applicable ones are left out). */
const SCORED_MODES = new Set(["binary", "numeric", "metricSavings"]);

export function summarize(page: string, lhr: Result): PageSummary {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<CategoryId, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, auditId]) => [key, lhr.audits[auditId]?.numericValue ?? Number.NaN]),
  ) as Record<MetricId, number>;
  const shortfalls = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref): Shortfall[] => {
      const audit = lhr.audits[ref.id];
      if (!audit || !SCORED_MODES.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= 1) return [];
      const where = placesOf(audit);
      return [{
        category, id: audit.id, title: audit.title, score: audit.score, weight: ref.weight,
        ...(audit.displayValue ? { value: audit.displayValue } : {}),
        ...(where.length ? { where } : {}),
      }];
    }),
  );
  return {
    page,
    url: lhr.finalDisplayedUrl,
    fetchTime: lhr.fetchTime,
    lighthouseVersion: lhr.lighthouseVersion,
    scores,
    metrics,
    shortfalls,
    warnings: lhr.runWarnings,
  };
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** "97 ✗" when a score misses its goal. */
const scored = (category: CategoryId, score: number) => (score >= GOALS[category] ? String(score) : `${score} ✗`);

export function scoreTable(pages: PageSummary[]): string {
  return table(
    ["page", "performance", "accessibility", "best practices", "SEO", "FCP", "LCP", "TBT", "CLS", "SI", "bytes"],
    pages.map((page) => [
      `${page.page} (${new URL(page.url).pathname}${new URL(page.url).search})`,
      ...CATEGORIES.map((category) => scored(category, page.scores[category])),
      seconds(page.metrics.fcp),
      seconds(page.metrics.lcp),
      `${Math.round(page.metrics.tbt)} ms`,
      page.metrics.cls.toFixed(3),
      seconds(page.metrics.si),
      `${(page.metrics.bytes / 1024).toFixed(0)} KB`,
    ]),
  );
}

/** bench/lighthouse/README.md: how the figures were made, the table, and what kept each page from 100. */
export function renderLighthouseReadme(pages: PageSummary[], context: { date: string; runs: number; machine: string }): string {
  // The audits that cost points; advice of weight 0 stays in the summaries and the HTML reports.
  const shortfalls = pages.flatMap((page) =>
    page.shortfalls
      .filter((item) => item.weight > 0)
      .map((item) => [page.page, item.category, `\`${item.id}\``, item.title, item.score === null ? "–" : String(Math.round(item.score * 100)), item.value ?? "", (item.where ?? []).slice(0, 2).map((place) => `\`${place}\``).join("<br>")]),
  );
  return [
    "# Lighthouse",
    "",
    `Run ${context.date} by \`npm run bench:lighthouse\` (bench/lighthouse.ts): Lighthouse ${pages[0]?.lighthouseVersion ?? "?"}, desktop preset`,
    `(simulated throttling), system Chromium, production server over the 100,000-SKU catalog (.cache/bench-data), guest`,
    `pages warmed once first (as every visitor after the first gets them). The median of ${context.runs} run(s) per page by`,
    `performance score; ${context.machine}.`,
    "",
    `Goals (issue 7): performance ≥ ${GOALS.performance}, accessibility ≥ ${GOALS.accessibility}, best practices ≥ ${GOALS["best-practices"]}, SEO ${GOALS.seo}; ✗ marks a miss.`,
    "",
    scoreTable(pages),
    "",
    "Reports: `<page>.report.html` (open in a browser; it holds the full result), `<page>.summary.json` (scores, metrics, shortfalls).",
    "",
    "## What cost points",
    "",
    shortfalls.length ? table(["page", "category", "audit", "title", "score", "value", "where"], shortfalls) : "Nothing: every scored audit passed.",
    "",
    "Advice that does not move a score (unused JS/CSS, image sizes, cache lifetimes …) is listed per page in `<page>.summary.json`.",
    "",
  ].join("\n");
}
