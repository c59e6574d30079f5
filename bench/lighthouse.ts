import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import { launchChromium } from "./chromium.ts";
import { CATEGORIES, renderLighthouseReadme, scoreTable, summarize, type PageSummary } from "./lighthouse-summary.ts";
import { prepareCatalog } from "./catalog.ts";
import { run } from "./processes.ts";
import { cachedMode, withServer, type DatabaseTarget } from "./server-modes.ts";

/**
 * npm run bench:lighthouse: Lighthouse (desktop preset) on the home, goods list and SKU pages of a
 * production server over the 100,000-SKU catalog in .cache/bench-data (seeded by `npm run bench`,
 * only read here). Writes bench/lighthouse/<page>.report.html, <page>.summary.json and README.md.
 * LIGHTHOUSE_RUNS (default 3) runs per page; the median one by performance score is kept, as
 * Lighthouse's own guidance suggests for noisy machines. WEB_BUILD_DIR picks the web build served.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "bench/lighthouse");
const CATALOG: DatabaseTarget = { kind: "sqlite", label: "SQLite", dataDir: path.join(ROOT, ".cache/bench-data") };
const BUILD_DIR = process.env.WEB_BUILD_DIR ?? "build";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/**
 * Seeds the catalog and builds the web app only when they are missing: the usual case reuses both
 * and leaves the catalog as `npm run bench` made it.
 */
async function prepare(): Promise<void> {
  if (!fs.existsSync(path.join(CATALOG.dataDir, "shop.sqlite"))) await prepareCatalog(ROOT, CATALOG);
  if (!fs.existsSync(path.join(ROOT, "apps/web", BUILD_DIR, "server/index.js"))) {
    console.log(`▶ 构建前端（apps/web/${BUILD_DIR}）`);
    await run("npm", ["run", "build", "-w", "@shop/web"], { cwd: ROOT, env: { WEB_BUILD_DIR: BUILD_DIR } });
  }
}

async function firstSkuId(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/goodssku/page`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ page: 1, page_size: 1 }),
  });
  const body = (await response.json()) as { data: { list: Array<{ sku_id: number }> } };
  const sku = body.data.list[0];
  if (!sku) throw new Error("the catalog has no SKU on sale");
  return sku.sku_id;
}

/** Runs Lighthouse `RUNS` times on a page; the median run by performance score. */
async function audit(url: string, port: number): Promise<{ lhr: Result; html: string }> {
  const runs: Array<{ lhr: Result; html: string }> = [];
  for (let index = 0; index < RUNS; index += 1) {
    // No full-page screenshot: it would double the size of the HTML report kept in the repository.
    const result = await lighthouse(url, { port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true }, desktopConfig);
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    runs.push({ lhr: result.lhr, html: String(result.report) });
    console.log(`  run ${index + 1}/${RUNS}: performance ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}`);
  }
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  return runs[Math.floor(runs.length / 2)]!;
}

/** Audits the three pages; writes their reports, summaries and the README table. */
async function auditPages(origin: string, port: number): Promise<void> {
  const pages = [
    { name: "home", path: "/web/" },
    { name: "list", path: "/web/goods/list" },
    { name: "sku", path: `/web/sku/${await firstSkuId(origin)}` },
  ];
  // A guest's page is cached after its first visit: warm each so the runs see what visitors get.
  for (const page of pages) await (await fetch(origin + page.path)).arrayBuffer();

  fs.mkdirSync(OUT_DIR, { recursive: true });
  const summaries: PageSummary[] = [];
  for (const page of pages) {
    console.log(`▶ Lighthouse ${page.path}`);
    const { lhr, html } = await audit(origin + page.path, port);
    const summary = summarize(page.name, lhr);
    fs.writeFileSync(path.join(OUT_DIR, `${page.name}.report.html`), html);
    fs.writeFileSync(path.join(OUT_DIR, `${page.name}.summary.json`), `${JSON.stringify(summary, null, 2)}\n`);
    summaries.push(summary);
  }
  const machine = `${os.cpus().length} CPUs, ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  fs.writeFileSync(path.join(OUT_DIR, "README.md"), renderLighthouseReadme(summaries, { date, runs: RUNS, machine }));
  console.log(`\n${scoreTable(summaries)}\n\n写入 ${path.relative(ROOT, OUT_DIR)}/`);
}

async function main() {
  await prepare();
  // One production server process with its caches on, as `npm run bench` starts it.
  await withServer(ROOT, CATALOG, cachedMode(), async (server) => {
    const chromium = await launchChromium();
    try {
      await auditPages(server.url, chromium.port);
    } finally {
      await chromium.stop();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
