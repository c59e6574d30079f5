import { pathToFileURL } from "node:url";
import { formatReads } from "./field-shape.ts";
import { AREAS, OURS, readsOf } from "./reads.ts";

/**
 * The line docs/api.md (or docs/api/*.md) carries for a call: "- `/api/site/info`: `{site_id, …}`",
 * "(ours)" after the path for our extensions. endpoints-coverage.test.ts finds it in the docs;
 * `npx tsx apps/server/src/conformance/docs-line.ts` prints every line, by area, to paste.
 */
export const docReadsLine = (apiPath: string): string =>
  `- \`${apiPath}\`${OURS.has(apiPath) ? " (ours)" : ""}: \`${formatReads(readsOf(apiPath))}\``;

// `npx tsx apps/server/src/conformance/docs-line.ts`: every docs line, by area (to paste after a change).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [area, reads] of Object.entries(AREAS)) console.log(`\n${area}:\n${Object.keys(reads).map(docReadsLine).join("\n")}`);
}
