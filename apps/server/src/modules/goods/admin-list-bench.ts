/**
 * Times /shopapi/goods/lists (the console's goods list) against a running shop, e.g. one seeded
 * with the 100k-SKU catalogue in a data directory (and port) of its own:
 *   PORT=3711 DATA_DIR=/tmp/goods-bench-perf SEED_SIZE=large NODE_ENV=test node --import tsx apps/server/src/main.ts
 *   BASE_URL=http://127.0.0.1:3711 node --import tsx apps/server/src/modules/goods/admin-list-bench.ts
 * On PostgreSQL, in a database of its own (not the tests' `test`: the seed's bare ANALYZE in every
 * test app would then also analyze the 100k-SKU tables, and time out) and a schema (PG_SCHEMA):
 *   createdb -h 127.0.0.1 -U postgres goods_bench_perf && psql … goods_bench_perf -c 'create schema after'
 *   PORT=3713 DATA_DIR=/tmp/goods-bench-pg-perf DATABASE_URL=postgres://postgres@127.0.0.1:5432/goods_bench_perf \
 *     PG_SCHEMA=after SEED_SIZE=large NODE_ENV=test node --import tsx apps/server/src/main.ts
 *   then VACUUM ANALYZE goods and goods_sku there when autovacuum is off (the test server's is): a
 *   fresh seed has no visibility map, so counts read the wide goods rows (seq scan, ~360 ms cold).
 * Each scenario is called ROUNDS times one after another (after a warm-up); answers p50 / p95 / max
 * in ms. ONLY=<text> runs the scenarios whose name contains it. Bench results: bench/results.md
 * ("Back office: console goods list (100k SKUs)").
 */
const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3411";
const ROUNDS = Number(process.env.ROUNDS ?? 200);

async function post<T>(path: string, body: object): Promise<{ code: number; message: string; data: T }> {
  const response = await fetch(BASE_URL + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number; message: string; data: T };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const login = await post<{ token: string }>("/shopapi/login/login", { username: process.env.STAFF_USER ?? "admin", password: process.env.STAFF_PASSWORD ?? "admin123456" });
  if (login.code !== 0) throw new Error(`login: ${login.message}`);
  const token = login.data.token;
  const scenarios: Record<string, object> = {
    "default (newest first), page 1": {},
    "page 50": { page: 50 },
    "by price asc": { order: "price", sort: "asc" },
    "by sales desc, page 10": { order: "sale_num", sort: "desc", page: 10 },
    "category level 1": { category_id: 1 },
    "on sale, by sort": { goods_state: 1, order: "sort", sort: "asc" },
    "brand": { brand_id: 3 },
    "stock alarm": { stockalarm: 1 },
    "search text": { search_text: "手机" },
    "search a SKU number": { search_text: "SP00000101" },
    "search a rare word, page 2": { search_text: "不存在的词", page: 2 },
    "by stock desc": { order: "stock", sort: "desc" },
    "by stock asc, page 50": { order: "stock", sort: "asc", page: 50 },
    "by stock asc, category level 1": { order: "stock", sort: "asc", category_id: 1 },
    "by stock desc, on sale, search text": { order: "stock", sort: "desc", goods_state: 1, search_text: "手机" },
    "by stock asc, brand": { order: "stock", sort: "asc", brand_id: 3 },
    "by stock desc, stock alarm": { order: "stock", sort: "desc", stockalarm: 1 },
  };
  console.log(`| scenario | count | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
  for (const [name, body] of Object.entries(scenarios).filter(([name]) => name.includes(process.env.ONLY ?? ""))) {
    let count = 0;
    for (let warm = 0; warm < 5; warm += 1) await post("/shopapi/goods/lists", { ...body, token });
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const answer = await post<{ count: number }>("/shopapi/goods/lists", { ...body, token });
      times.push(performance.now() - started);
      if (answer.code !== 0) throw new Error(`${name}: ${answer.message}`);
      count = answer.data.count;
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${count} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`);
  }
}

void main();
