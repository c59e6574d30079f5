import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cents } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { requiredService } from "../../test/services.ts";
import { probeRedis } from "../redis.ts";
import { PAGE_CACHE_HEADER, WEB_BUILD_DIR } from "../../ssr/handler.ts";
import { changeSkuPrice } from "../../modules/goods/goods-admin.ts";
import { cached } from "./public-cache.ts";

// Two instances of the shop on one database and one Redis: a page rendered by one is served by the
// other, and a purge on one empties the other's memory. Needs Redis and the built storefront:
// skipped without them, a failure under CI=true. SQLite only: both instances open one database file
// (what is shared here is Redis, whatever the database).
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const liveRedis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);
const built = fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js"));

describe.skipIf(usingPostgres() || liveRedis.skip || (!built && !process.env.CI))(`caches shared by two instances through Redis${liveRedis.note}`, () => {
  const prefix = `shop-test:${process.pid}-${crypto.randomBytes(4).toString("hex")}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-shared-cache-"));
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    liveRedis.require();
    if (!built) throw new Error("the storefront is not built (run npm run build)");
    const config = { dataDir, redisUrl, redisPrefix: prefix, serveWeb: true, pageCache: true, dataCache: true, pageCacheFreshMs: 60_000 };
    first = await startTestApp({ seed: true, config });
    second = await startTestApp({ config });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!liveRedis.available) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const get = (t: TestApp, url: string) => t.app.inject({ method: "GET", url, headers: { host: "127.0.0.1" } });

  it("serves the other instance's render from Redis", async () => {
    expect((await get(first, "/web/cms/notice/list")).headers[PAGE_CACHE_HEADER]).toBe("miss");
    const shared = await get(second, "/web/cms/notice/list");
    expect(shared.headers[PAGE_CACHE_HEADER]).toBe("hit");
    expect(shared.statusCode).toBe(200);
  });

  it("purges the other instance's memory and the shared store when one changes a price", async () => {
    const sku = await first.app.deps.db
      .selectFrom("goods_sku")
      .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
      .select(["goods_sku.sku_id"])
      .where("goods.goods_state", "=", 1)
      .where("goods_sku.is_default", "=", 1)
      .orderBy("goods_sku.sku_id")
      .executeTakeFirstOrThrow();
    const page = `/web/sku/${sku.sku_id}`;
    await get(second, page);
    expect((await get(second, page)).headers[PAGE_CACHE_HEADER]).toBe("hit");
    // A datum cached by the second instance only (its own memory), under the goods' list tag.
    let loads = 0;
    const datum = () => cached(second.app.deps, "test-datum", ["goods-list"], 60_000, async () => ++loads);
    await datum();

    await changeSkuPrice(first.app.deps.db, sku.sku_id, 765_432 as Cents);

    await expect.poll(async () => (await get(second, page)).body.includes("7654.32"), { timeout: 5000 }).toBe(true);
    await expect.poll(datum, { timeout: 5000 }).toBe(2);
  });
});
