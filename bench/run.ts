import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareCatalog, postgresReachable } from "./catalog.ts";
import { LOAD_OPTIONS } from "./load.ts";
import { parseOptions, USAGE, type BenchOptions, type Section } from "./options.ts";
import { run } from "./processes.ts";
import { renderReport, type BenchReport } from "./report.ts";
import { BenchRun } from "./sections.ts";
import { cachedMode, pageMissMode, QUERY_MODE, type DatabaseTarget } from "./server-modes.ts";
import { benchSeckill, renderSeckillSection } from "./seckill.ts";
import { benchChat, renderChatSection } from "./chat.ts";

/**
 * npm run bench [-- --only api,pages,js,processes,pg --duration 6 …] (options.ts has them all):
 * measures issue 7's goals on the 100,000-SKU catalog (SQLite in .cache/bench-data, PostgreSQL in
 * schema bench_pg; each seeded once and reused, search index rebuilt every run):
 * - api: /api/goodssku/page list and search rows beside a bare-Fastify baseline, with the result
 *   cache and with DATA_CACHE=0;
 * - pages: storefront SSR from the page cache and with PAGE_CACHE=0;  js: first-load JS per page;
 * - processes: cached pages and API rows with SERVER_PROCESSES=os.availableParallelism();
 * - pg: the API rows on PostgreSQL (skipped, and said so, when it does not answer).
 * Writes bench/results.md (a full run) with the before/after table. About ten minutes.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = process.env.WEB_BUILD_DIR ?? "build";
const SQLITE_SECTIONS: Section[] = ["api", "pages", "js", "processes"];

async function ensureBuild(): Promise<void> {
  if (fs.existsSync(path.join(ROOT, "apps/web", BUILD_DIR, "server/index.js"))) return;
  console.log(`▶ 构建前端（apps/web/${BUILD_DIR}）`);
  await run("npm", ["run", "build", "-w", "@shop/web"], { cwd: ROOT, env: { WEB_BUILD_DIR: BUILD_DIR } });
}

async function measureSqlite(options: BenchOptions, bench: BenchRun, report: BenchReport): Promise<void> {
  const { sections } = options;
  const sqlite: DatabaseTarget = { kind: "sqlite", label: "SQLite", dataDir: options.dataDir };
  report.catalogs.push({ label: "SQLite", ...(await prepareCatalog(ROOT, sqlite)) });
  await ensureBuild();
  const has = (section: Section) => sections.has(section);
  if (has("api") || has("pages") || has("js")) await bench.runMode(sqlite, cachedMode(), { api: has("api"), pages: has("pages"), firstLoad: has("js") });
  if (has("api")) await bench.runMode(sqlite, QUERY_MODE, { api: true });
  if (has("pages")) await bench.runMode(sqlite, pageMissMode(), { pages: true });
  if (has("processes") && options.processes > 1) {
    await bench.runMode(sqlite, cachedMode(options.processes), { api: true, pages: true });
    await bench.runMode(sqlite, pageMissMode(options.processes), { pages: true });
  }
  if (has("processes") && options.processes === 1) {
    report.notes.push("processes: os.availableParallelism() is 1 here, so the all-processes rows would repeat the 1-process ones: skipped.");
  }
}

async function measurePostgres(options: BenchOptions, bench: BenchRun, report: BenchReport): Promise<void> {
  if (!(await postgresReachable(options.pgUrl))) {
    report.notes.push(`PostgreSQL did not answer at ${options.pgUrl}: its rows were skipped.`);
    return;
  }
  const postgres: DatabaseTarget = {
    kind: "postgres",
    label: "PostgreSQL",
    url: options.pgUrl,
    schema: options.pgSchema,
    dataDir: path.join(ROOT, ".cache/bench-data-pg"),
  };
  report.catalogs.push({ label: `PostgreSQL (schema ${options.pgSchema})`, ...(await prepareCatalog(ROOT, postgres)) });
  await ensureBuild();
  await bench.runMode(postgres, cachedMode(), { api: true });
  await bench.runMode(postgres, QUERY_MODE, { api: true });
}

async function main(): Promise<void> {
  let options: BenchOptions | undefined;
  try {
    options = parseOptions(process.argv.slice(2), ROOT);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
  if (!options) return console.log(USAGE);
  LOAD_OPTIONS.connections = options.connections;
  LOAD_OPTIONS.durationSeconds = options.durationSeconds;
  const started = Date.now();
  const bench = new BenchRun(ROOT);
  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    buildDir: `apps/web/${BUILD_DIR}`,
    catalogs: [],
    notes: options.partial ? [`Partial run: --only ${[...options.sections].join(",")}.`] : [],
    run: bench,
    minutes: 0,
  };
  try {
    if (SQLITE_SECTIONS.some((section) => options.sections.has(section))) await measureSqlite(options, bench, report);
    if (options.sections.has("pg")) await measurePostgres(options, bench, report);
    const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
    if (options.sections.has("seckill")) report.seckill = renderSeckillSection(await benchSeckill({ pgUrl: options.pgUrl, redisUrl }));
    if (options.sections.has("chat")) report.chat = renderChatSection(await benchChat({ pgUrl: options.pgUrl, redisUrl }));
  } finally {
    await bench.close();
  }
  report.minutes = (Date.now() - started) / 60_000;

  const markdown = renderReport(report);
  console.log(`\n${markdown}`);
  if (options.out) {
    fs.writeFileSync(options.out, markdown);
    console.log(`(已写入 ${path.relative(ROOT, options.out)})`);
  } else console.log("(只测了部分：未写文件；要写入请加 --out <文件>)");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
