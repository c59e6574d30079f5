import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../harness.ts";
import { startShopProcess, type ShopProcess } from "../shop-process.ts";
import { requiredService } from "../services.ts";
import { probeRedis } from "../../core/redis.ts";
import { insertGoods } from "../../modules/goods/test-fixtures.ts";
import { insertSeckill, insertSlotsAroundNow, seckillCounts } from "../../modules/seckill/test-fixtures.ts";
import { SECKILL_MESSAGES } from "../../modules/seckill/buying.ts";
import { CROWDED_MESSAGE } from "../../modules/seckill/admission.ts";
import { crowdClient, percentile, seedCrowd } from "./crowd.ts";
import type { Buyer } from "./buyers.ts";

/**
 * Issue 11 proof: a flash crowd. 10,000 distinct members with sessions try at once, over real HTTP
 * against real server processes, to buy one unit each of a seckill with 100 units in its pool and a
 * limit of 1 per member (the first 200 of them try twice at the same moment). Exactly 100 orders are
 * created, the pool ends at 0 and never below, nobody holds more than the limit, the SKU's own
 * stock lost exactly 100, and every other attempt is told 已抢光 or the limit. On SQLite one
 * instance; on PostgreSQL two instances sharing the database and a Redis (the Lua gate), whose
 * mirror then agrees with the database.
 */
const MEMBERS = 10_000;
const POOL = 100;
const TWICE = 200;
const SKU_STOCK = 1000;

const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redis = usingPostgres()
  ? requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`)
  : requiredService("Redis", true, "");

describe.skipIf(redis.skip)(`seckill flash crowd: ${MEMBERS} members for ${POOL} units${redis.note}`, () => {
  let t: TestApp;
  let servers: ShopProcess[] = [];
  let buyers: Buyer[];
  let seckillId: number;
  let skuId: number;
  const prefix = `shop-test-${crypto.randomBytes(4).toString("hex")}:`;

  beforeAll(async () => {
    redis.require();
    t = await startTestApp();
    const db = t.app.deps.db;
    const slots = await insertSlotsAroundNow(db);
    const goods = await insertGoods(db, "秒杀爆款耳机", { skus: [{ stock: SKU_STOCK, price_cents: 29900, discount_price_cents: 29900, is_default: 1 }] });
    skuId = goods.skuIds[0]!;
    seckillId = await insertSeckill(db, { goodsId: goods.goodsId, skus: [{ skuId, priceCents: 9900, pool: POOL }], slotIds: [slots.onNow], maxBuy: 1 });
    buyers = await seedCrowd(db, MEMBERS);
    const env = t.config.databaseUrl
      ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema, REDIS_URL: redisUrl, REDIS_PREFIX: prefix }
      : { DATA_DIR: t.config.dataDir };
    const instances = usingPostgres() ? 2 : 1;
    servers = await Promise.all(Array.from({ length: instances }, () => startShopProcess({ env: { ...env, JOB_INTERVAL_MS: "0" } })));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await t?.close();
  });

  it("sells exactly the pool, nobody over the limit, and refuses the rest clearly", async () => {
    const client = crowdClient(256);
    const attempts = [...buyers, ...buyers.slice(0, TWICE)];
    const durations: number[] = [];
    const started = performance.now();
    const results = await Promise.all(
      attempts.map(async (buyer, index) => {
        const origin = servers[index % servers.length]!.url;
        const begin = performance.now();
        try {
          const preview = await client.post<{ order_key: string }>(`${origin}/seckill/api/ordercreate/payment`, { token: buyer.token, seckill_id: seckillId, sku_id: skuId, num: 1 });
          if (preview.code !== 0) return preview;
          return await client.post<string>(`${origin}/seckill/api/ordercreate/create`, {
            token: buyer.token, order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: buyer.addressId },
          });
        } finally {
          durations.push(performance.now() - begin);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.close();
    console.log(
      `[seckill flash crowd] ${attempts.length} attempts on ${servers.length} instance(s) (${usingPostgres() ? "PostgreSQL + Redis" : "SQLite"}): ` +
        `${(attempts.length / seconds).toFixed(0)} attempts/s, p50 ${percentile(durations, 50).toFixed(0)} ms, p99 ${percentile(durations, 99).toFixed(0)} ms, ${seconds.toFixed(1)} s`,
    );

    const created = results.filter((result) => result.code === 0);
    expect(created).toHaveLength(POOL);
    const messages = new Set(results.filter((result) => result.code !== 0).map((result) => result.message));
    for (const message of messages) expect([SECKILL_MESSAGES.soldOut, CROWDED_MESSAGE, "每人限购 1件，您已购买 1件", "每人限购 1件，您已达到限购数量"]).toContain(message);

    const db = t.app.deps.db;
    const counts = await seckillCounts(db, seckillId);
    expect(counts.pool).toBe(0);
    expect(counts.sold).toBe(POOL);
    expect(Math.max(...counts.members.values())).toBe(1);
    expect([...counts.members.values()].reduce((sum, num) => sum + num, 0)).toBe(POOL);
    const orders = await db.selectFrom("orders").select(["member_id", "promotion_type", "promotion_id", "goods_money_cents"]).execute();
    expect(orders).toHaveLength(POOL);
    expect(new Set(orders.map((order) => order.member_id)).size).toBe(POOL);
    expect(orders.every((order) => order.promotion_type === "seckill" && order.promotion_id === seckillId && Number(order.goods_money_cents) === 9900)).toBe(true);
    const sku = await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow();
    expect(Number(sku.stock)).toBe(SKU_STOCK - POOL);

    if (usingPostgres()) {
      // The Redis gate agrees with the database: nothing left, every buyer holding one.
      const { Redis } = await import("ioredis");
      const client = new Redis(redisUrl);
      try {
        const key = `${prefix}seckill:{${seckillId}}:`;
        expect(Number(await client.hget(`${key}pool`, String(skuId)))).toBe(0);
        const held = Object.values(await client.hgetall(`${key}members`)).map(Number);
        expect(held.filter((num) => num > 0)).toHaveLength(POOL);
        expect(Math.max(...held)).toBe(1);
        expect(await client.hlen(`${key}inflight`)).toBe(0);
        await client.del(`${key}pool`, `${key}members`, `${key}inflight`, `${key}ready`);
      } finally {
        client.disconnect();
      }
    }
  }, 180_000);
});
