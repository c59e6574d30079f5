/**
 * Seckill flash crowd (issue 11; figures, not a test): 10,000 members with sessions, each trying
 * once at the same moment (payment → create over HTTP) to buy one unit of a seckill with 100 units
 * and a limit of 1; on SQLite with one server process, and on PostgreSQL + Redis with two (when both
 * answer). Reports attempts per second and the latency of one whole attempt (p50/p99), checks that
 * exactly 100 orders were made, and measures the bare-Fastify baseline (bench/baseline.ts) answering
 * the same bytes as a refused attempt, driven the same way. Goal: ≥ 2,000 attempts/s, p99 ≤ 200 ms.
 * Run alone: `npm run bench:seckill -w @shop/bench` (writes bench/seckill-results.md), or as the
 * `seckill` section of `npm run bench`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadConfig } from "../apps/server/src/config.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { dropPgSchema, ensurePgSchema } from "../apps/server/src/db/connect.ts";
import { probeRedis } from "../apps/server/src/core/redis.ts";
import { insertGoods } from "../apps/server/src/modules/goods/test-fixtures.ts";
import { insertSeckill, insertSlotsAroundNow, seckillCounts } from "../apps/server/src/modules/seckill/test-fixtures.ts";
import { crowdClient, percentile, seedCrowd } from "../apps/server/src/test/proofs/crowd.ts";
import type { Buyer } from "../apps/server/src/test/proofs/buyers.ts";
import { startShopProcess, type ShopProcess } from "../apps/server/src/test/shop-process.ts";
import { startBaseline } from "./baseline.ts";
import { eachInTurn } from "./concurrency.ts";
import { postgresReachable } from "./catalog.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MEMBERS = Number(process.env.SECKILL_MEMBERS ?? 10_000);
const POOL = 100;
const CONNECTIONS = Number(process.env.SECKILL_CONNECTIONS ?? 256);
export const SECKILL_GOALS = { attemptsPerSecond: 2000, p99Ms: 200 };
/** The warm-up crowd before the measured one: its own seckill, pool and members. */
const WARM_UP_MEMBERS = 2_000;
const WARM_UP_POOL = 50;
const ORDER = "order";

export interface SeckillFigures {
  label: string;
  instances: number;
  attempts: number;
  perSecond: number;
  p50: number;
  p99: number;
  orders: number;
  consistent: boolean;
  /** the winners' whole attempts (payment and create) */
  orderP50: number;
  orderP99: number;
  /** the refused attempts alone */
  refusalP99: number;
  /** the same number of requests to the bare-Fastify baseline answering a refusal's bytes */
  baseline?: { perSecond: number; p50: number; p99: number };
}

/** One member's try: how long it took and how it ended ("order", or the refusal's message). */
interface Attempt {
  ms: number;
  outcome: string;
}

interface Crowd {
  attempt(index: number): Promise<Attempt>;
}

/** One attempt as traced (SECKILL_TRACE=file.json): which member (index), when it began after the crowd's start, how long, how it ended. */
interface TracedAttempt extends Attempt {
  index: number;
  at: number;
}

/**
 * Every member's attempt, CONNECTIONS at a time (a member whose attempt ends makes room for the
 * next): attempts/s over the whole crowd, and each attempt's latency from its first byte sent, so
 * p99 is the server's answer time under the crowd and not the time spent queueing in this client.
 */
async function fire(count: number, crowd: Crowd): Promise<{ perSecond: number; p50: number; p99: number; attempts: TracedAttempt[] }> {
  const attempts: TracedAttempt[] = [];
  const started = performance.now();
  await eachInTurn(count, CONNECTIONS, async (index) => {
    const at = performance.now() - started;
    attempts.push({ index, at, ...(await crowd.attempt(index)) });
  });
  const seconds = (performance.now() - started) / 1000;
  const durations = attempts.map((attempt) => attempt.ms);
  return { perSecond: count / seconds, p50: percentile(durations, 50), p99: percentile(durations, 99), attempts };
}

/** SECKILL_CPU_PROF=dir: each server writes a CPU profile there when it stops (chrome://inspect or speedscope read it). */
function serverNodeArgs(): string[] {
  const dir = process.env.SECKILL_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

async function benchDatabase(label: string, target: { databaseUrl?: string; redisUrl?: string }, instances: number): Promise<SeckillFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-seckill-"));
  const pgSchema = target.databaseUrl ? `bench_sk_${crypto.randomBytes(4).toString("hex")}` : undefined;
  if (target.databaseUrl && pgSchema) await ensurePgSchema(target.databaseUrl, pgSchema);
  const config = loadConfig({}, { dataDir, databaseUrl: target.databaseUrl, pgSchema, serveWeb: false, autoSeed: false, logLevel: "silent", jobIntervalMs: 0 });
  const app = await buildApp(config);
  const servers: ShopProcess[] = [];
  const prefix = `bench-seckill-${crypto.randomBytes(4).toString("hex")}:`;
  try {
    const db = app.deps.db;
    const slots = await insertSlotsAroundNow(db);
    const goods = await insertGoods(db, "压测秒杀商品", { skus: [{ stock: 10_000, price_cents: 29900, discount_price_cents: 29900, is_default: 1 }] });
    const skuId = goods.skuIds[0]!;
    const seckillId = await insertSeckill(db, { goodsId: goods.goodsId, skus: [{ skuId, priceCents: 9900, pool: POOL }], slotIds: [slots.onNow], maxBuy: 1 });
    const buyers = await seedCrowd(db, MEMBERS);
    // A sale meets a server that has been serving: a smaller crowd on another seckill first warms the
    // same paths (JIT, prepared statements, snapshots), as the bench's other rows warm up for 2 s.
    const warmGoods = await insertGoods(db, "压测预热秒杀商品", { skus: [{ stock: 10_000, price_cents: 29900, discount_price_cents: 29900, is_default: 1 }] });
    const warmSkuId = warmGoods.skuIds[0]!;
    const warmSeckillId = await insertSeckill(db, { goodsId: warmGoods.goodsId, skus: [{ skuId: warmSkuId, priceCents: 9900, pool: WARM_UP_POOL }], slotIds: [slots.onNow], maxBuy: 1 });
    const warmBuyers = await seedCrowd(db, WARM_UP_MEMBERS);
    const env = target.databaseUrl
      ? { DATABASE_URL: target.databaseUrl, PG_SCHEMA: pgSchema, ...(target.redisUrl ? { REDIS_URL: target.redisUrl, REDIS_PREFIX: prefix } : {}) }
      : { DATA_DIR: dataDir };
    for (let index = 0; index < instances; index += 1) servers.push(await startShopProcess({ env: { ...env, JOB_INTERVAL_MS: "0", SERVER_PROCESSES: "1" }, nodeArgs: serverNodeArgs() }));
    const client = crowdClient(CONNECTIONS);
    /** One member's try at a seckill: payment, then create when payment let it in. */
    const tryToBuy = async (buyer: Buyer, origin: string, seckill: number, sku: number): Promise<Attempt> => {
      const begin = performance.now();
      const preview = await client.post<{ order_key: string }>(`${origin}/seckill/api/ordercreate/payment`, { token: buyer.token, seckill_id: seckill, sku_id: sku, num: 1 });
      if (preview.code !== 0) return { ms: performance.now() - begin, outcome: preview.message };
      const created = await client.post<string>(`${origin}/seckill/api/ordercreate/create`, {
        token: buyer.token, order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: buyer.addressId },
      });
      return { ms: performance.now() - begin, outcome: created.code === 0 ? ORDER : created.message };
    };
    await fire(warmBuyers.length, { attempt: (index) => tryToBuy(warmBuyers[index]!, servers[index % servers.length]!.url, warmSeckillId, warmSkuId) });
    // As many connections to each server as the crowd may use at once, like the baseline's: a
    // connect during the crowd is this client's time (undici opens one when all others are busy).
    for (const server of servers) await client.openConnections(`${server.url}/seckill/api/seckill/lists`);
    const { attempts, ...figures } = await fire(buyers.length, {
      attempt: (index) => tryToBuy(buyers[index]!, servers[index % servers.length]!.url, seckillId, skuId),
    });
    if (process.env.SECKILL_TRACE) fs.writeFileSync(`${process.env.SECKILL_TRACE}.${label.replace(/\W+/g, "-")}.json`, JSON.stringify(attempts));
    const orders = attempts.filter((attempt) => attempt.outcome === ORDER);
    const refusals = attempts.filter((attempt) => attempt.outcome !== ORDER).map((attempt) => attempt.ms);
    await client.close();
    const counts = await seckillCounts(db, seckillId);
    const consistent = orders.length === POOL && counts.pool === 0 && counts.sold === POOL && Math.max(...counts.members.values()) === 1;
    return {
      label, instances, attempts: buyers.length, ...figures, orders: orders.length, consistent,
      orderP50: percentile(orders.map((attempt) => attempt.ms), 50), orderP99: percentile(orders.map((attempt) => attempt.ms), 99), refusalP99: percentile(refusals, 99),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await app.close();
    if (target.databaseUrl && pgSchema) await dropPgSchema(target.databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The yardstick: the same number of requests, all at once, to a bare Fastify route answering a refusal's bytes. */
async function benchBaseline(attempts: number): Promise<{ perSecond: number; p50: number; p99: number }> {
  const baseline = await startBaseline();
  try {
    const body = Buffer.from(JSON.stringify({ code: -1, message: "手慢了，秒杀商品已抢光", data: null, timestamp: Math.floor(Date.now() / 1000) }));
    const url = await baseline.add("seckill-refused", { body, type: "application/json; charset=utf-8" });
    const client = crowdClient(CONNECTIONS);
    const crowd: Crowd = {
      async attempt() {
        const begin = performance.now();
        const answer = await client.post(url, { seckill_id: 1, sku_id: 1, num: 1 });
        return { ms: performance.now() - begin, outcome: answer.message };
      },
    };
    // Warmed like the shop's servers: connections open and code hot before the measured crowd.
    await fire(WARM_UP_MEMBERS, crowd);
    await client.openConnections(url);
    const figures = await fire(attempts, crowd);
    await client.close();
    return { perSecond: figures.perSecond, p50: figures.p50, p99: figures.p99 };
  } finally {
    await baseline.close();
  }
}

export async function benchSeckill(options: { pgUrl: string; redisUrl: string }): Promise<{ figures: SeckillFigures[]; notes: string[] }> {
  const figures: SeckillFigures[] = [];
  const notes: string[] = [];
  // SECKILL_ROWS=sqlite or =postgres runs one row alone (when profiling one set-up).
  const rows = process.env.SECKILL_ROWS ?? "sqlite,postgres";
  if (rows.includes("sqlite")) {
    const sqlite = await benchDatabase("SQLite", {}, 1);
    sqlite.baseline = await benchBaseline(sqlite.attempts);
    figures.push(sqlite);
  }
  if (!rows.includes("postgres")) return { figures, notes };
  const pg = await postgresReachable(options.pgUrl);
  const redis = await probeRedis(options.redisUrl);
  if (pg && redis) {
    const row = await benchDatabase("PostgreSQL + Redis", { databaseUrl: options.pgUrl, redisUrl: options.redisUrl }, 2);
    row.baseline = await benchBaseline(row.attempts);
    figures.push(row);
  } else notes.push(`seckill: PostgreSQL (${options.pgUrl}) or Redis (${options.redisUrl}) did not answer: its row was skipped.`);
  return { figures, notes };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function renderSeckillSection(result: { figures: SeckillFigures[]; notes: string[] }): string[] {
  const rows = result.figures.flatMap((row) => {
    const goal = row.perSecond >= SECKILL_GOALS.attemptsPerSecond && row.p99 <= SECKILL_GOALS.p99Ms ? "✓" : "✗";
    const lines = [
      `| ${row.label} | ${row.instances} | ${row.attempts} | ${fixed(row.perSecond)} | ${fixed(row.p50)} ms | ${fixed(row.p99)} ms | ${fixed(row.refusalP99)} ms | ${row.orders} | ${fixed(row.orderP50)} / ${fixed(row.orderP99)} ms | ${row.consistent ? "✓" : "✗"} | ${goal} |`,
    ];
    if (row.baseline) lines.push(`| ↳ baseline (same bytes as a refusal) | 1 | ${row.attempts} | ${fixed(row.baseline.perSecond)} | ${fixed(row.baseline.p50)} ms | ${fixed(row.baseline.p99)} ms | | | | | |`);
    return lines;
  });
  return [
    "## Seckill flash crowd (issue 11)",
    "",
    `${MEMBERS} members with sessions, each trying once at the same moment (payment → create) for one unit of a seckill with ${POOL} units,`,
    `limit 1; the members come ${CONNECTIONS} at a time (one connection each, opened to every server before the crowd as to the`,
    "baseline's). An attempt is the member's whole try (one request when",
    "refused at payment, else payment and create), its latency from its first byte sent. Each server first meets a warm-up crowd",
    `(${WARM_UP_MEMBERS} other members, another seckill of ${WARM_UP_POOL} units), as a shop's server has been serving before a sale starts.`,
    `Goal: ≥ ${SECKILL_GOALS.attemptsPerSecond} attempts/s, p99 ≤ ${SECKILL_GOALS.p99Ms} ms. The baseline is a bare Fastify route answering a refusal's bytes, driven the same way`,
    "(warmed the same way). The 100 winners are 1 % of the attempts: the p99 is the slowest refusals', and the winners' own latency is",
    "shown beside it — the door runs admitted checkouts a few at a time behind the crowd's refusals (ADR 0021), so they wait seconds.",
    "",
    "| database | instances | attempts | attempts/s | p50 | p99 | p99 of refusals | orders | orders' p50 / p99 | 100 orders, pool 0, limit kept | goal |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    ...result.notes.map((note) => `- ${note}`),
    "",
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchSeckill({
    pgUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  });
  const markdown = [`# Seckill flash crowd`, "", `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} CPUs, Node ${process.version}.`, "", ...renderSeckillSection(result)].join("\n");
  console.log(markdown);
  fs.writeFileSync(path.join(ROOT, "bench/seckill-results.md"), `${markdown}\n`);
}
