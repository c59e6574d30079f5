/**
 * Checkout throughput (figures, not a test): buyers with balance loop "preview → create → pay with
 * balance" against a real server process, on SQLite and on PostgreSQL (when one answers at
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). Reports orders per second and
 * the latency of one whole purchase (p50/p99), and checks that stock and money add up afterwards.
 * Run: `npm run bench:checkout -w @shop/bench` (writes bench/checkout-results.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../apps/server/src/config.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { dropPgSchema, ensurePgSchema } from "../apps/server/src/db/connect.ts";
import { insertGoods } from "../apps/server/src/modules/goods/test-fixtures.ts";
import { grantAccount } from "../apps/server/src/modules/order/test-fixtures.ts";
import { seedBuyers, type Buyer } from "../apps/server/src/test/proofs/buyers.ts";
import { postJson, startShopProcess } from "../apps/server/src/test/shop-process.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUYERS = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const STOCK = 1_000_000;

interface Figures {
  database: string;
  orders: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  consistent: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

let purchases = 0;

/** One purchase; resolves with "" when it went through, else the step and the server's message. */
async function purchase(origin: string, buyer: Buyer, skuId: number): Promise<string> {
  const preview = await postJson<{ order_key: string }>(`${origin}/api/ordercreate/payment`, { token: buyer.token, sku_id: skuId, num: 1 });
  if (preview.code !== 0) return `payment: ${preview.message}`;
  const created = await postJson<string>(`${origin}/api/ordercreate/create`, {
    token: buyer.token, order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: buyer.addressId },
  });
  if (created.code !== 0) return `create: ${created.message}`;
  // Each purchase comes from its own client address (the server trusts one proxy hop here), as many
  // shoppers' would: the per-IP limit on paying would otherwise cap the loop, not the server.
  purchases += 1;
  const address = `10.${(purchases >> 16) & 255}.${(purchases >> 8) & 255}.${purchases & 255}`;
  const paid = await postJson(`${origin}/api/pay/pay`, { token: buyer.token, out_trade_no: created.data, pay_type: "balance" }, { "x-forwarded-for": address });
  return paid.code === 0 ? "" : `pay: ${paid.message}`;
}

async function benchDatabase(database: "sqlite" | "postgres", databaseUrl?: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-checkout-"));
  const pgSchema = databaseUrl ? `bench_${crypto.randomBytes(4).toString("hex")}` : undefined;
  if (databaseUrl && pgSchema) await ensurePgSchema(databaseUrl, pgSchema);
  const config = loadConfig({}, { dataDir, databaseUrl, pgSchema, serveWeb: false, autoSeed: false, logLevel: "silent", jobIntervalMs: 0 });
  const app = await buildApp(config);
  const { skuIds } = await insertGoods(app.deps.db, "压测商品", { skus: [{ stock: STOCK, price_cents: 1990, discount_price_cents: 1990 }] });
  const skuId = skuIds[0]!;
  const buyers = await seedBuyers(app.deps.db, BUYERS);
  for (const buyer of buyers) await grantAccount(app.deps.db, buyer.memberId, "balance", 100_000_000, `bench-${buyer.memberId}`);
  const env = databaseUrl ? { DATABASE_URL: databaseUrl, PG_SCHEMA: pgSchema } : { DATA_DIR: dataDir };
  const server = await startShopProcess({ env: { ...env, JOB_INTERVAL_MS: "0", NODE_ENV: "production", SERVER_PROCESSES: "1", TRUST_PROXY: "1" } });
  const latencies: number[] = [];
  const failureMessages = new Map<string, number>();
  let failures = 0;
  try {
    // Warm-up: compile the code paths before measuring.
    await Promise.all(buyers.slice(0, 4).map((buyer) => purchase(server.url, buyer, skuId)));
    const started = Date.now();
    await Promise.all(
      buyers.map(async (buyer) => {
        while (Date.now() - started < DURATION_MS) {
          const begin = performance.now();
          const failure = await purchase(server.url, buyer, skuId);
          if (!failure) latencies.push(performance.now() - begin);
          else {
            failures += 1;
            failureMessages.set(failure, (failureMessages.get(failure) ?? 0) + 1);
          }
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    if (failureMessages.size > 0) console.warn(`${database} failures:`, Object.fromEntries(failureMessages));
    const db = app.deps.db;
    const sku = await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow();
    const paid = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).where("order_status", "=", 1).executeTakeFirstOrThrow();
    const all = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const consistent = STOCK - Number(sku.stock) === Number(all.n);
    latencies.sort((a, b) => a - b);
    return { database, orders: Number(paid.n), failures, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), consistent };
  } finally {
    await server.stop();
    await app.close();
    if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: Figures[] = [await benchDatabase("sqlite")];
  const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const pgReachable = await import("pg").then(async ({ default: pg }) => {
    const client = new pg.Client({ connectionString: pgUrl });
    return client.connect().then(() => client.end().then(() => true), () => false);
  });
  if (pgReachable) rows.push(await benchDatabase("postgres", pgUrl));
  const table = [
    "| database | purchases/s | p50 | p99 | paid orders | failures | stock = orders |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.database} | ${row.perSecond.toFixed(1)} | ${row.p50.toFixed(0)} ms | ${row.p99.toFixed(0)} ms | ${row.orders} | ${row.failures} | ${row.consistent ? "yes" : "NO"} |`),
  ].join("\n");
  const report = [
    "# Checkout benchmark",
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run bench:checkout\` (bench/checkout.ts) — figures, not pass/fail.`,
    `${BUYERS} buyers loop for ${DURATION_MS / 1000} s, each purchase = /api/ordercreate/payment → create → /api/pay/pay (balance),`,
    `one server process (NODE_ENV=production), load generator on the same ${os.cpus().length} CPUs, Node ${process.version}.`,
    "",
    table,
    "",
  ].join("\n");
  console.log(report);
  fs.writeFileSync(path.join(ROOT, "bench/checkout-results.md"), report);
}

await main();
