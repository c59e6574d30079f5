import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoodsSkuItem, Page } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { now } from "../../core/time.ts";
import { rebuildSearchIndex } from "../search/search-index.ts";
import { insertSeckill, insertSlotsAroundNow } from "../seckill/test-fixtures.ts";
import { GROUPBUY_SNAPSHOT_MS } from "../groupbuy/list-tags.ts";
import { insertGoods } from "./test-fixtures.ts";

/**
 * Goods lists and search results tag the goods sold at a promotion now (issue 11): `promotion`
 * 秒杀 while a seckill slot of it is on (winning over a group buy), else 团购 while a group buy runs,
 * with the promotion price; nothing for ended or upcoming ones. The tag is part of the cached
 * answer (DATA_CACHE on here): closing a promotion through the staff API changes the next answer.
 */
describe(`promotion tags on goods lists (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  const goods: Record<"groupbuy" | "both" | "upcoming" | "ended" | "plain", { goodsId: number; skuIds: number[] }> = {} as never;
  const ids: Record<string, number> = {};
  const db = () => t.app.deps.db;
  const skus = [{ discount_price_cents: 10000, price_cents: 10000, is_default: 1, stock: 50 }, { discount_price_cents: 12000, price_cents: 12000, stock: 50 }];

  const addGroupbuy = async (goodsId: number, skuIds: number[], prices: [string, string], window: { start_time: number; end_time: number }) => {
    const answer = await t.call<{ groupbuy_id: number }>(
      "/shopapi/groupbuy/add",
      { groupbuy_name: "列表团购", goods_id: goodsId, buy_num: 1, ...window, sku_list: skuIds.map((sku_id, index) => ({ sku_id, groupbuy_price: prices[index] })) },
      { token: admin },
    );
    expect(answer.code, answer.message).toBe(0);
    return answer.data.groupbuy_id;
  };
  const page = async (body: object) => {
    const answer = await t.call<Page<GoodsSkuItem>>("/api/goodssku/page", { page: 1, page_size: 20, ...body });
    expect(answer.code, answer.message).toBe(0);
    return new Map(answer.data.list.map((item) => [item.goods_id, item]));
  };
  const allIds = () => Object.values(goods).map((row) => row.goodsId);

  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    for (const key of ["groupbuy", "both", "upcoming", "ended", "plain"] as const) goods[key] = await insertGoods(db(), `促销标签 ${key} 保温杯`, { skus });
    const slots = await insertSlotsAroundNow(db());
    const at = now();
    // Seckills (straight to the database, before any list is cached): one in the slot on now, one in a slot not on now, one past its dates.
    ids.seckillBoth = await insertSeckill(db(), { goodsId: goods.both.goodsId, slotIds: [slots.onNow], skus: [{ skuId: goods.both.skuIds[0]!, priceCents: 1990, pool: 5 }, { skuId: goods.both.skuIds[1]!, priceCents: 2990, pool: 5 }] });
    ids.seckillUpcoming = await insertSeckill(db(), { goodsId: goods.upcoming.goodsId, slotIds: [slots.notNow], skus: [{ skuId: goods.upcoming.skuIds[0]!, priceCents: 990, pool: 5 }] });
    ids.seckillEnded = await insertSeckill(db(), { goodsId: goods.ended.goodsId, slotIds: [slots.onNow], start: at - 7200, end: at - 60, skus: [{ skuId: goods.ended.skuIds[0]!, priceCents: 990, pool: 5 }] });
    // Group buys through the staff API: two running, one upcoming.
    ids.groupbuy = await addGroupbuy(goods.groupbuy.goodsId, goods.groupbuy.skuIds, ["99", "79.90"], { start_time: at - 60, end_time: at + 3600 });
    ids.groupbuyBoth = await addGroupbuy(goods.both.goodsId, goods.both.skuIds, ["88", "95"], { start_time: at - 60, end_time: at + 3600 });
    await addGroupbuy(goods.upcoming.goodsId, goods.upcoming.skuIds, ["50", "60"], { start_time: at + 1800, end_time: at + 7200 });
    await rebuildSearchIndex(db(), t.app.deps.dialect);
  });
  afterAll(() => t.close());

  it("tags a goods in a running group buy with 团购 and its lowest price, a seckill on now with 秒杀 (winning), the others not at all", async () => {
    const items = await page({ goods_id_arr: allIds().join(",") });
    expect(items.size).toBe(5);
    expect(items.get(goods.groupbuy.goodsId)!.promotion).toMatchObject({
      promotion_type: "groupbuy", promotion_type_name: "团购", promotion_id: ids.groupbuy, promotion_price: "79.90",
    });
    expect(items.get(goods.groupbuy.goodsId)!.promotion!.end_time).toBeGreaterThan(now() + 3000);
    const both = items.get(goods.both.goodsId)!.promotion!;
    expect(both).toMatchObject({ promotion_type: "seckill", promotion_type_name: "秒杀", promotion_id: ids.seckillBoth, promotion_price: "19.90" });
    expect(both.end_time).toBeGreaterThan(now());
    for (const key of ["upcoming", "ended", "plain"] as const) expect(items.get(goods[key].goodsId)!.promotion, key).toBeUndefined();
    // The reference's field stays what its clients read: a number.
    for (const item of items.values()) expect(item.promotion_type).toBe(0);
  });

  it("tags keyword search results the same way", async () => {
    const items = await page({ keyword: "促销标签 保温杯" });
    expect([...items.keys()].sort((a, b) => a - b)).toEqual(allIds().sort((a, b) => a - b));
    expect(items.get(goods.groupbuy.goodsId)!.promotion).toMatchObject({ promotion_type: "groupbuy", promotion_price: "79.90" });
    expect(items.get(goods.both.goodsId)!.promotion).toMatchObject({ promotion_type: "seckill", promotion_price: "19.90" });
    expect(items.get(goods.plain.goodsId)!.promotion).toBeUndefined();
  });

  it("changes the next (cached) list answer when staff close a seckill or a group buy", async () => {
    const body = { goods_id_arr: allIds().join(",") };
    expect((await page(body)).get(goods.both.goodsId)!.promotion?.promotion_type).toBe("seckill");
    expect((await t.call("/shopapi/seckill/close", { seckill_id: ids.seckillBoth }, { token: admin })).code).toBe(0);
    // Its group buy shows again.
    expect((await page(body)).get(goods.both.goodsId)!.promotion).toMatchObject({ promotion_type: "groupbuy", promotion_id: ids.groupbuyBoth, promotion_price: "88.00" });
    expect((await page({ keyword: "促销标签 保温杯" })).get(goods.both.goodsId)!.promotion?.promotion_type).toBe("groupbuy");

    expect((await t.call("/shopapi/groupbuy/close", { groupbuy_id: ids.groupbuy }, { token: admin })).code).toBe(0);
    const items = await page(body);
    expect(items.get(goods.groupbuy.goodsId)!.promotion).toBeUndefined();
    expect(items.get(goods.both.goodsId)!.promotion?.promotion_type).toBe("groupbuy");
    expect((await page({ keyword: "促销标签 保温杯" })).get(goods.groupbuy.goodsId)!.promotion).toBeUndefined();

    expect((await t.call("/shopapi/groupbuy/close", { groupbuy_id: ids.groupbuyBoth }, { token: admin })).code).toBe(0);
    expect((await page(body)).get(goods.both.goodsId)!.promotion).toBeUndefined();
  });

  it("shows a group buy added by staff in the next answer, even right after a list without any", async () => {
    const body = { goods_id_arr: String(goods.plain.goodsId) };
    // Past the snapshot's age: this list reads "no group buy runs" (only an upcoming one is left) and skips the query.
    await new Promise((resolve) => setTimeout(resolve, GROUPBUY_SNAPSHOT_MS + 50));
    expect((await page(body)).get(goods.plain.goodsId)!.promotion).toBeUndefined();
    const id = await addGroupbuy(goods.plain.goodsId, goods.plain.skuIds, ["66", "77"], { start_time: now() - 10, end_time: now() + 600 });
    expect((await page(body)).get(goods.plain.goodsId)!.promotion).toMatchObject({ promotion_type: "groupbuy", promotion_id: id, promotion_price: "66.00" });
  });
});
