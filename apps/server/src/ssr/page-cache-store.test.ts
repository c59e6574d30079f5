import crypto from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { ShopCache } from "../core/cache/public-cache.ts";
import { createPurgeBus } from "../core/cache/purge-bus.ts";
import { perProcessShare } from "../core/cache/memory-store.ts";
import { probeRedis } from "../core/redis.ts";
import { requiredService } from "../test/services.ts";
import { PageCache, type RenderedPage } from "./page-cache.ts";

const page = (body: string, cacheable = true): RenderedPage => ({ page: { status: 200, headers: [], bodyParts: [body] }, tags: ["goods:1"], cacheable });
const newShopCache = () => new ShopCache(true, createPurgeBus(undefined));

/** A render that finishes when `finish` is called, counting how often it ran. */
function heldRender(cacheable: boolean) {
  let finish = () => {};
  const held = new Promise<void>((resolve) => (finish = resolve));
  const counter = { runs: 0 };
  const render = async () => {
    counter.runs += 1;
    await held;
    return page(`render ${counter.runs}`, cacheable);
  };
  return { render, finish: () => finish(), counter };
}

describe("PageCache single flight", () => {
  it("hands a cacheable render to the guests that waited for it", async () => {
    const cache = new PageCache(newShopCache(), { freshMs: 1000, staleMs: 1000 });
    const { render, finish, counter } = heldRender(true);
    const pages = Promise.all([cache.render("k", render), cache.render("k", render), cache.render("k", render)]);
    finish();
    expect((await pages).map((found) => found?.bodyParts[0])).toEqual(["render 1", "render 1", "render 1"]);
    expect(counter.runs).toBe(1);
  });

  it("lets each waiting guest render its own page when the first render was not for sharing", async () => {
    const cache = new PageCache(newShopCache(), { freshMs: 1000, staleMs: 1000 });
    const { render, finish, counter } = heldRender(false);
    const pages = Promise.all([cache.render("k", render), cache.render("k", render)]);
    finish();
    expect((await pages).map((found) => found?.bodyParts[0])).toEqual(["render 1", "render 2"]);
    expect(counter.runs).toBe(2);
    expect(await cache.lookup("k")).toBeNull();
  });
});

describe("perProcessShare", () => {
  it("divides a budget among the processes, with a floor", () => {
    expect(perProcessShare({ maxEntries: 10_000, maxBytes: 512 * 1024 * 1024 }, 4)).toEqual({ maxEntries: 2500, maxBytes: 128 * 1024 * 1024 });
    expect(perProcessShare({ maxEntries: 10_000, maxBytes: 512 * 1024 * 1024 }, 1000)).toEqual({ maxEntries: 100, maxBytes: 8 * 1024 * 1024 });
  });
});

const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const liveRedis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

describe.skipIf(liveRedis.skip)(`PageCache shared store${liveRedis.note}`, () => {
  const prefix = `shop-test:${process.pid}-${crypto.randomBytes(4).toString("hex")}:`;
  const client = liveRedis.available ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    if (!client) return;
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });
  const shared = (buildVersion: string, times = { freshMs: 60_000, staleMs: 60_000 }) => new PageCache(newShopCache(), times, { client: client!, prefix, buildVersion });

  it("shares pages between instances of one storefront build only", async () => {
    liveRedis.require();
    await shared("build-a").render("/web/", async () => page("from build a"));
    expect((await shared("build-a").lookup("/web/"))?.page.bodyParts).toEqual(["from build a"]);
    expect(await shared("build-b").lookup("/web/")).toBeNull();
  });

  it("keeps a tag's page list to the pages not yet expired", async () => {
    liveRedis.require();
    const shortLived = shared("build-t", { freshMs: 20, staleMs: 20 });
    await shortLived.render("/web/old", async () => page("old"));
    const tagKey = `${prefix}page-tag:build-t:goods:1`;
    expect(await client!.zrange(tagKey, 0, -1)).toEqual(["/web/old"]);
    // Once the first page has expired, writing another trims it from the tag.
    await expect.poll(async () => (await shared("build-t").lookup("/web/old")) === null, { timeout: 5000 }).toBe(true);
    await shortLived.render("/web/new", async () => page("new"));
    expect(await client!.zrange(tagKey, 0, -1)).toEqual(["/web/new"]);
  });
});
