/**
 * Times the console's order list (/shopapi/order/lists with its filters, statuscount) on 100,000
 * orders and the streamed export of all of them (/shopapi/order/exportorder), in-process
 * (app.inject), on SQLite or, with TEST_DATABASE_URL, PostgreSQL:
 *   node --import tsx apps/server/src/modules/order/order-admin-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/src/modules/order/order-admin-bench.ts
 * ORDERS (default 100000) orders of one line each are inserted in batches, spread over a year, six
 * statuses, 40 goods names, four payment methods and two promotions. CALLS (default 60) timed calls
 * per scenario after 5 warm-up calls. Prints markdown rows (bench/results.md, "Back office: console orders").
 * CPU: the bench process's own CPU time per call — on SQLite the query's work too, on PostgreSQL only
 * the app's side; on a loaded machine it is the steadier figure. ONLY (a regular expression) picks scenarios.
 * EXPLAIN=1 also prints each scenario's queries with their plans (EXPLAIN QUERY PLAN on SQLite, EXPLAIN
 * ANALYZE on PostgreSQL); EXPORT=orders (default) | lines | none picks the export timed at the end.
 */
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import type { Readable } from "node:stream";
import { staffToken } from "../staff/testing.ts";
import { registerDialect } from "../../db/unit-of-work.ts";
import { exportOrders } from "./order-export.ts";
import { plainOrderRow } from "./order-rows-testing.ts";
import type { OrderFilterFields } from "./staff-order-filter.ts";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const CALLS = Number(process.env.CALLS ?? 60);
const EXPLAIN = process.env.EXPLAIN === "1";
const EXPORT = process.env.EXPORT ?? "orders";
const ONLY = new RegExp(process.env.ONLY ?? "");
const BATCH = 500;
const STATUSES = [0, 1, 1, 3, 4, 10, 10, 10, -1];
const PAY_TYPES = ["balance", "alipay", "wechatpay", "sandbox"];
const YEAR_START = 1_765_000_000;

async function seedOrders(t: TestApp): Promise<void> {
  // One connection without the request's statement timeout: a loaded machine's batch may take longer.
  await t.app.deps.db.connection().execute(async (db) => {
    if (usingPostgres()) await sql`set statement_timeout = 0`.execute(db);
    await seedWith(db);
    if (usingPostgres()) await sql`reset statement_timeout`.execute(db);
  });
}

async function seedWith(db: TestApp["app"]["deps"]["db"]): Promise<void> {
  for (let start = 0; start < ORDERS; start += BATCH) {
    const orders = [];
    for (let index = start; index < Math.min(ORDERS, start + BATCH); index += 1) {
      const status = STATUSES[index % STATUSES.length]!;
      const created = YEAR_START + Math.floor((index / ORDERS) * 365 * 86_400);
      const money = 1000 + (index % 977) * 10;
      orders.push(plainOrderRow({
        order_no: `B${String(index).padStart(9, "0")}`, member_id: 1 + (index % 5000), order_name: `压测商品${index % 40}`,
        order_type: index % 25 === 0 ? 2 : index % 50 === 1 ? 4 : 1, order_status: status, pay_status: status === 0 || status === -1 ? 0 : 1,
        pay_type: status === 0 ? "" : PAY_TYPES[index % 4]!, pay_time: status === 0 || status === -1 ? 0 : created + 60,
        delivery_type: index % 25 === 0 ? "store" : index % 50 === 1 ? "" : "express", mobile: `139${String(index % 20_000).padStart(8, "0")}`,
        goods_money_cents: money, order_money_cents: money, pay_money_cents: money, create_time: created,
        promotion_type: index % 10 === 0 ? "seckill" : index % 10 === 1 ? "groupbuy" : "",
      }));
    }
    const ids = await db.insertInto("orders").values(orders).returning(["order_id", "order_name", "goods_money_cents", "member_id"]).execute();
    await db
      .insertInto("order_goods")
      .values(ids.map((order) => ({
        order_id: order.order_id, member_id: order.member_id, site_id: 0, goods_id: 1, sku_id: 1, sku_name: order.order_name, sku_image: "", sku_no: "",
        goods_name: order.order_name, spec_name: "", goods_class: 1, price_cents: order.goods_money_cents, num: 1, goods_money_cents: order.goods_money_cents,
        real_goods_money_cents: order.goods_money_cents, delivery_status: 0, refund_status: 0, is_evaluate: 0,
      })))
      .execute();
  }
  // As autovacuum would have on a live shop (the test server runs without it): statistics, and the
  // visibility map that lets a count read an index alone.
  if (usingPostgres()) await sql`vacuum analyze orders, order_goods`.execute(db);
  else await sql`analyze`.execute(db);
}

const ALL_ORDERS: OrderFilterFields = {
  order_status: "all", order_type: 0, order_no: "", member: "", mobile: "", order_name: "", pay_type: "", promotion_type: "", start_time: 0, end_time: 0,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const SCENARIOS: Array<[string, string, object]> = [
  ["default (newest first), page 1", "/shopapi/order/lists", {}],
  ["page 200", "/shopapi/order/lists", { page: 200 }],
  ["tab 待发货 (order_status=1)", "/shopapi/order/lists", { order_status: 1 }],
  ["tab counts (statuscount)", "/shopapi/order/statuscount", {}],
  ["one month (time range)", "/shopapi/order/lists", { start_time: YEAR_START + 150 * 86_400, end_time: YEAR_START + 180 * 86_400 }],
  ["receiver mobile (exact)", "/shopapi/order/lists", { mobile: "13900001234" }],
  ["order number beginning", "/shopapi/order/lists", { order_no: "B0000543" }],
  ["goods name part", "/shopapi/order/lists", { order_name: "商品17" }],
  ["goods name, two characters", "/shopapi/order/lists", { order_name: "测商" }],
  ["goods name, no match", "/shopapi/order/lists", { order_name: "耳机" }],
  ["delivery type 门店自提 (order_type=2)", "/shopapi/order/lists", { order_type: 2 }],
  ["order number, whole", "/shopapi/order/lists", { order_no: "B000054321" }],
  ["buyer (member id)", "/shopapi/order/lists", { member: "1234" }],
  ["buyer (nickname part)", "/shopapi/order/lists", { member: "小王" }],
  ["pay type + promotion", "/shopapi/order/lists", { pay_type: "alipay", promotion_type: "seckill" }],
  ["by order money desc, page 5", "/shopapi/order/lists", { order: "order_money", sort: "desc", page: 5 }],
  ["by pay time asc, tab 已完成", "/shopapi/order/lists", { order: "pay_time", sort: "asc", order_status: 10 }],
  ["tab counts, one month", "/shopapi/order/statuscount", { start_time: YEAR_START + 150 * 86_400, end_time: YEAR_START + 180 * 86_400 }],
  ["tab counts, goods name", "/shopapi/order/statuscount", { order_name: "商品17" }],
];

/** The SQL a call runs, captured by a plugin on the app's Kysely (compiled as the app compiles it). */
function captureQueries(t: TestApp): CompiledQuery[] {
  const captured: CompiledQuery[] = [];
  const db = t.app.deps.db;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      captured.push(db.getExecutor().compileQuery(args.node as RootOperationNode, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const capturing = db.withPlugin(plugin);
  registerDialect(capturing, t.app.deps.dialect);
  (t.app.deps as { db: typeof db }).db = capturing;
  return captured;
}

async function explain(t: TestApp, queries: CompiledQuery[]): Promise<void> {
  const db = t.app.deps.db;
  for (const query of queries) {
    if (!/^\s*select/i.test(query.sql) || /staff|member_session|"role"|staff_group/i.test(query.sql.slice(0, 200))) continue;
    console.log(`    ${query.sql.replace(/\s+/g, " ")}  -- ${JSON.stringify(query.parameters)}`);
    const plan = usingPostgres()
      ? await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]))
      : await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    for (const row of plan.rows) console.log(`      ${"QUERY PLAN" in row ? row["QUERY PLAN"] : (row as { detail: string }).detail}`);
  }
}

/**
 * The export as a browser gets it: over HTTP (the app listening on a port), the body read as it
 * arrives and dropped, so the process's memory is the server's own. Live heap (with --expose-gc, a
 * collection before each sample, once a second) and resident set sampled throughout.
 */
async function timeExport(t: TestApp, token: string): Promise<void> {
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const start = process.memoryUsage();
  let heapPeak = start.heapUsed;
  let rssPeak = start.rss;
  let externalPeak = start.external;
  let heapTotalPeak = start.heapTotal;
  const timer = setInterval(() => {
    gc?.();
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
    externalPeak = Math.max(externalPeak, usage.external);
    heapTotalPeak = Math.max(heapTotalPeak, usage.heapTotal);
  }, gc ? 1000 : 100);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const path = EXPORT === "lines" ? "/shopapi/order/exportordergoods" : "/shopapi/order/exportorder";
  const response = await fetch(`${address}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
  if (!String(response.headers.get("content-type")).includes("spreadsheet")) throw new Error(`export: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(timer);
  const used = process.cpuUsage(cpu);
  const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
  console.log(
    `export (${EXPORT}) of ${ORDERS} orders over HTTP: ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s), ` +
      `${mb(bytes)} MB file; heap peak +${mb(heapPeak - start.heapUsed)} MB${gc ? " live" : ""} (V8 heap reserved +${mb(heapTotalPeak - start.heapTotal)} MB); external (buffers) peak +${mb(externalPeak - start.external)} MB; RSS ${mb(start.rss)} → peak ${mb(rssPeak)} MB`,
  );
}

async function main(): Promise<void> {
  const t = await startTestApp();
  try {
    const token = await staffToken(t, "admin");
    const started = performance.now();
    await seedOrders(t);
    const seeded = ((performance.now() - started) / 1000).toFixed(1);
    const database = usingPostgres() ? "PostgreSQL" : "SQLite";
    console.log(`${database}: ${ORDERS} orders seeded in ${seeded} s`);
    console.log("| scenario | count | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms |");
    console.log("|---|---|---|---|---|---|");
    for (const [name, path, body] of SCENARIOS.filter(([name]) => ONLY.test(name))) {
      const times: number[] = [];
      const cpus: number[] = [];
      let count = 0;
      for (let call = 0; call < CALLS + 5; call += 1) {
        const before = performance.now();
        const cpuBefore = process.cpuUsage();
        const answer = await t.call<{ count?: number; all?: number }>(path, { page_size: 20, ...body }, { token });
        if (answer.code !== 0) throw new Error(`${name}: ${answer.message}`);
        if (call >= 5) times.push(performance.now() - before);
        if (call >= 5) {
          const cpu = process.cpuUsage(cpuBefore);
          cpus.push((cpu.user + cpu.system) / 1000);
        }
        count = answer.data.count ?? answer.data.all ?? 0;
      }
      times.sort((a, b) => a - b);
      cpus.sort((a, b) => a - b);
      const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
      console.log(`| ${name} | ${count} | ${ms(times, 0.5)} | ${ms(times, 0.95)} | ${ms(cpus, 0.5)} | ${ms(cpus, 0.95)} |`);
      if (EXPLAIN) {
        const base = t.app.deps.db;
        const queries = captureQueries(t);
        await t.call(path, { page_size: 20, ...body }, { token });
        (t.app.deps as { db: typeof base }).db = base;
        await explain(t, queries);
      }
    }
    if (EXPLAIN) {
      const base = t.app.deps.db;
      const queries = captureQueries(t);
      const answer = await exportOrders(t.app.deps.db, ALL_ORDERS, "orders", () => {});
      (answer.body as Readable).destroy();
      (t.app.deps as { db: typeof base }).db = base;
      console.log("| export, its first page |");
      await explain(t, queries.slice(0, 1));
    }
    if (EXPORT === "none") return;
    await timeExport(t, token);
  } finally {
    await t.close();
  }
}

void main();
