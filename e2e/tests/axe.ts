import { createRequire } from "node:module";
import type { AxeResults, ImpactValue, Result } from "axe-core";
import type { Page } from "@playwright/test";

/**
 * axe-core (not @axe-core/playwright, which needs Node 22) injected into the page as a script tag.
 * WCAG 2.0–2.2 A/AA rules (2.1 and 2.2 add name/label matching and target size, which
 * Lighthouse scores too) with a serious or critical impact fail a test; everything else,
 * including every best-practice rule, is reported as a warning.
 */
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core");
const FAILING_IMPACTS: ImpactValue[] = ["serious", "critical"];
const FAILING_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** At most this many elements are listed per rule: the first few show where to look. */
const NODES_SHOWN = 6;

export interface AxeReport {
  failures: Result[];
  warnings: Result[];
}

const isFailure = (rule: Result) =>
  FAILING_IMPACTS.includes(rule.impact ?? "minor") && rule.tags.some((tag) => FAILING_TAGS.includes(tag));

/** Runs axe on the whole document as it is now (call it once the page has settled). */
export async function runAxe(page: Page): Promise<AxeReport> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const results = await page.evaluate((tags) =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: "tag", values: [...tags, "best-practice"] },
      resultTypes: ["violations"],
    }),
    FAILING_TAGS,
  );
  return {
    failures: results.violations.filter(isFailure),
    warnings: results.violations.filter((rule) => !isFailure(rule)),
  };
}

/**
 * One rule per paragraph: impact, rule id, help text and link, then the first elements' selectors
 * with axe's note on what to fix there.
 */
export function describeViolations(rules: Result[]): string {
  return rules
    .map((rule) => {
      const nodes = rule.nodes.slice(0, NODES_SHOWN).map((node) => {
        const note = node.failureSummary?.split("\n").slice(1).join(" ").trim().replace(/\s+/g, " ") ?? "";
        return `    - ${node.target.join(" ")}${note ? `\n      ${note}` : ""}`;
      });
      const more = rule.nodes.length > NODES_SHOWN ? [`    … and ${rule.nodes.length - NODES_SHOWN} more`] : [];
      return [`  [${rule.impact}] ${rule.id}: ${rule.help} (${rule.helpUrl})`, ...nodes, ...more].join("\n");
    })
    .join("\n");
}
