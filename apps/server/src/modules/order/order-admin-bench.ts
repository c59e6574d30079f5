/**
 * Times the console's order list (/shopapi/order/lists with its filters, statuscount) on 100,000
 * orders and the streamed export of all of them (/shopapi/order/exportorder), in-process
 * (app.inject), on SQLite or, with TEST_DATABASE_URL, PostgreSQL:
 *   node --import tsx apps/server/src/modules/order/order-admin-bench.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/src/modules/order/order-admin-bench.ts
 * ORDERS (default 100000) orders of one line each are inserted in batches, spread over a year, six
 * statuses, 40 goods names, four payment methods and two promotions. CALLS (default 60) timed calls
 * per scenario after 5 warm-up calls. Prints markdown rows (bench/results.md, "Back office: console orders").
 */
import { sql } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { download } from "../goods/admin-import-testing.ts";

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const CALLS = Number(process.env.CALLS ?? 60);
const BATCH = 500;
const STATUSES = [0, 1, 1, 3, 4, 10, 10, 10, -1];
const PAY_TYPES = ["balance", "alipay", "wechatpay", "sandbox"];
const YEAR_START = 1_765_000_000;

async function seedOrders(t: TestApp): Promise<void> {
  const db = t.app.deps.db;
  for (let start = 0; start < ORDERS; start += BATCH) {
    const orders = [];
    for (let index = start; index < Math.min(ORDERS, start + BATCH); index += 1) {
      const status = STATUSES[index % STATUSES.length]!;
      const created = YEAR_START + Math.floor((index / ORDERS) * 365 * 86_400);
      orders.push({
        order_no: `B${String(index).padStart(9, "0")}`, order_key: null, out_trade_no: "", site_id: 0, member_id: 1 + (index % 5000), order_name: `压测商品${index % 40}`,
        order_type: 1, order_from: "pc", order_status: status, pay_status: status === 0 || status === -1 ? 0 : 1, pay_type: status === 0 ? "" : PAY_TYPES[index % 4]!,
        pay_time: status === 0 || status === -1 ? 0 : created + 60, delivery_type: "express", name: "张三", mobile: `139${String(index % 20_000).padStart(8, "0")}`, telephone: "",
        province_id: 110000, city_id: 110100, district_id: 110101, address: "长安街 1 号", full_address: "北京市 市辖区 东城区", longitude: "", latitude: "",
        delivery_store_id: 0, delivery_store_name: "", delivery_store_info: "", buyer_ask_delivery_time: "", verify_code: "",
        goods_money_cents: 1000 + (index % 977) * 10, delivery_money_cents: 0, promotion_money_cents: 0, coupon_money_cents: 0, point_money_cents: 0,
        balance_money_cents: 0, adjust_money_cents: 0, invoice_money_cents: 0, order_money_cents: 1000 + (index % 977) * 10, pay_money_cents: 1000 + (index % 977) * 10,
        point: 0, goods_num: 1, is_invoice: 0, invoice_type: 0, invoice_title_type: 0, invoice_title: "", taxpayer_number: "", invoice_content: "", invoice_email: "",
        invoice_full_address: "", buyer_message: "", create_time: created, delivery_time: 0, sign_time: 0, finish_time: 0, close_time: 0, close_cause: "",
        auto_close_time: created + 1800, is_delete: 0, is_evaluate: 0, promotion_type: index % 10 === 0 ? "seckill" : index % 10 === 1 ? "groupbuy" : "",
      });
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
  if (usingPostgres()) await sql`analyze orders; analyze order_goods`.execute(db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const SCENARIOS: Array<[string, string, object]> = [
  ["default (newest first), page 1", "/shopapi/order/lists", {}],
  ["page 200", "/shopapi/order/lists", { page: 200 }],
  ["tab 待发货 (order_status=1)", "/shopapi/order/lists", { order_status: 1 }],
  ["tab counts (statuscount)", "/shopapi/order/statuscount", {}],
  ["one month (time range)", "/shopapi/order/lists", { start_time: YEAR_START + 150 * 86_400, end_time: YEAR_START + 180 * 86_400 }],
  ["receiver mobile (exact)", "/shopapi/order/lists", { mobile: "13900001234" }],
  ["order number beginning", "/shopapi/order/lists", { order_no: "B00012" }],
  ["goods name part", "/shopapi/order/lists", { order_name: "商品17" }],
  ["buyer (member id)", "/shopapi/order/lists", { member: "1234" }],
  ["pay type + promotion", "/shopapi/order/lists", { pay_type: "alipay", promotion_type: "seckill" }],
  ["by order money desc, page 5", "/shopapi/order/lists", { order: "order_money", sort: "desc", page: 5 }],
  ["by pay time asc, tab 已完成", "/shopapi/order/lists", { order: "pay_time", sort: "asc", order_status: 10 }],
];

async function main(): Promise<void> {
  const t = await startTestApp();
  try {
    const token = await staffToken(t, "admin");
    let started = performance.now();
    await seedOrders(t);
    const seeded = ((performance.now() - started) / 1000).toFixed(1);
    const database = usingPostgres() ? "PostgreSQL" : "SQLite";
    console.log(`${database}: ${ORDERS} orders seeded in ${seeded} s`);
    console.log("| scenario | count | p50 ms | p95 ms |");
    console.log("|---|---|---|---|");
    for (const [name, path, body] of SCENARIOS) {
      const times: number[] = [];
      let count = 0;
      for (let call = 0; call < CALLS + 5; call += 1) {
        const before = performance.now();
        const answer = await t.call<{ count?: number; all?: number }>(path, { page_size: 20, ...body }, { token });
        if (answer.code !== 0) throw new Error(`${name}: ${answer.message}`);
        if (call >= 5) times.push(performance.now() - before);
        count = answer.data.count ?? answer.data.all ?? 0;
      }
      times.sort((a, b) => a - b);
      console.log(`| ${name} | ${count} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} |`);
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapStart = process.memoryUsage().heapUsed;
    let peak = heapStart;
    const timer = setInterval(() => {
      gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, gc ? 1000 : 50);
    started = performance.now();
    const cpu = process.cpuUsage();
    const file = await download(t, "/shopapi/order/exportorder", {}, token);
    clearInterval(timer);
    if (file.status !== 200 || file.envelope) throw new Error(`export: ${file.envelope?.message}`);
    const used = process.cpuUsage(cpu);
    console.log(
      `export of ${ORDERS} orders: ${((performance.now() - started) / 1000).toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s), ` +
        `${(file.bytes.length / 1024 / 1024).toFixed(1)} MB file, heap peak +${((peak - heapStart) / 1024 / 1024).toFixed(1)} MB${gc ? " live" : ""}`,
    );
  } finally {
    await t.close();
  }
}

void main();
