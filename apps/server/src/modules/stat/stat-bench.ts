/**
 * Times the 概况 calls against a running shop whose database holds a year of orders:
 *   1. seed a shop in a data directory of its own, and stop it:
 *        PORT=3731 DATA_DIR=/tmp/stat-bench NODE_ENV=test node --import tsx apps/server/src/main.ts
 *   2. copy its seeded orders into ORDERS more (a year back from now, one a refund in 20, MEMBERS members):
 *        FILL_SQLITE=/tmp/stat-bench/shop.sqlite ORDERS=300000 MEMBERS=50000 node --import tsx apps/server/src/modules/stat/stat-bench.ts
 *   3. start the shop again (step 1), then time it:
 *        BASE_URL=http://127.0.0.1:3731 node --import tsx apps/server/src/modules/stat/stat-bench.ts
 * Each scenario is called ROUNDS times one after another (after a warm-up); answers p50 / p95 / max in ms.
 */
import { execFileSync } from "node:child_process";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3731";
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const DAY = 86_400;

async function post<T>(path: string, body: object, token = ""): Promise<{ code: number; message: string; data: T }> {
  const response = await fetch(BASE_URL + path, { method: "POST", headers: { "content-type": "application/json", "x-staff-token": token }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; message: string; data: T };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function time(): Promise<void> {
  const login = await post<{ token: string }>("/shopapi/login/login", { username: process.env.STAFF_USER ?? "admin", password: process.env.STAFF_PASSWORD ?? "admin123456" });
  if (login.code !== 0) throw new Error(`login: ${login.message}`);
  const token = login.data.token;
  const todayStart = Math.floor((Date.now() / 1000 + 8 * 3600) / DAY) * DAY - 8 * 3600;
  const lastDays = (days: number) => ({ start_time: todayStart - (days - 1) * DAY, end_time: todayStart + DAY });
  const scenarios: Array<[string, string, object]> = [
    ["totals, today", "/shopapi/stat/getstattotal", lastDays(1)],
    ["totals, 30 days", "/shopapi/stat/getstattotal", lastDays(30)],
    ["totals, 366 days", "/shopapi/stat/getstattotal", lastDays(366)],
    ["trend, 7 days", "/shopapi/stat/getstatdata", lastDays(7)],
    ["trend, 30 days", "/shopapi/stat/getstatdata", lastDays(30)],
    ["top goods by pieces, 30 days", "/shopapi/stat/getgoodsordernumstat", { ...lastDays(30), limit: 8 }],
    ["top goods by money, 7 days", "/shopapi/stat/getgoodsordermoneystat", { ...lastDays(7), limit: 8 }],
    ["to-do counts", "/shopapi/index/todo", {}],
  ];
  for (const [name, path, body] of scenarios) {
    const first = await post(path, body, token);
    if (first.code !== 0) throw new Error(`${name}: ${first.message}`);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await post(path, body, token);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(32)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`);
  }
}

/** Copies the seed's first paid order (with its lines), a refund and a member ORDERS / MEMBERS times, spread over the last year. */
function fill(file: string): void {
  const orders = Number(process.env.ORDERS ?? 300_000);
  const members = Number(process.env.MEMBERS ?? 50_000);
  const now = Math.floor(Date.now() / 1000);
  const sqlite = (statement: string) => execFileSync("sqlite3", [file, statement]).toString().trim();
  const columns = (table: string) => sqlite(`select group_concat(name, ',') from pragma_table_info('${table}')`).split(",");
  const copy = (table: string, overrides: Record<string, string>) => {
    const names = columns(table);
    return `insert into ${table} (${names.join(",")}) select ${names.map((name) => overrides[name] ?? `t.${name}`).join(",")}`;
  };
  const template = Number(sqlite("select min(order_id) from orders where pay_time > 0"));
  const base = Number(sqlite("select max(order_id) from orders")) + 1;
  const count = (n: number) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})`;
  const paidAt = `${now} - (n.i * ${365 * DAY} / ${orders})`;
  sqlite(`begin;
    ${count(orders)} ${copy("orders", {
      order_id: `${base} + n.i`, order_no: `'BENCH' || n.i`, order_key: "null", out_trade_no: `'BENCH' || n.i`, member_id: `1 + n.i % ${members}`,
      pay_time: paidAt, create_time: `${paidAt} - 60`, order_status: "case when n.i % 50 = 0 then 1 else 10 end",
    })} from n, orders t where t.order_id = ${template};
    ${count(orders)} ${copy("order_goods", {
      order_goods_id: "null", order_id: `${base} + n.i`, goods_id: "1 + (n.i * 7919) % 2000", goods_name: "'测试商品' || ((n.i * 7919) % 2000)", num: "1 + n.i % 3",
    })} from n, order_goods t where t.order_id = ${template};
    ${count(orders / 20)} ${copy("order_refund", {
      refund_id: "null", refund_no: `'BENCHR' || n.i`, order_id: `${base} + n.i * 20`, refund_status: "3", refund_time: `${now} - (n.i * 20 * ${365 * DAY} / ${orders}) + 3600`,
    })} from n, (select * from order_refund limit 1) t;
    ${count(members)} ${copy("member", {
      member_id: "null", username: `'bench' || n.i`, mobile: `'199' || printf('%08d', n.i)`, reg_time: `${now} - (n.i * ${365 * DAY} / ${members})`,
    })} from n, (select * from member limit 1) t;
    commit; analyze;`);
  console.log(sqlite("select (select count(*) from orders) || ' orders, ' || (select count(*) from order_goods) || ' lines, ' || (select count(*) from order_refund) || ' refunds, ' || (select count(*) from member) || ' members'"));
}

if (process.env.FILL_SQLITE) fill(process.env.FILL_SQLITE);
else await time();
