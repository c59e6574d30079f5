import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundlingDetail, GroupbuyItem, Page } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { staffToken } from "../staff/testing.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { now } from "../../core/time.ts";
import { GROUPBUY_TAG } from "./cache.ts";
import { BUNDLING_TAG } from "../bundling/cache.ts";

/**
 * What guests see of group buys and combos is cached (lists, detail pages, the SKU page's combos):
 * staff changes purge the goods' tags and the promotion's at once, and so do the jobs at a
 * promotion's start and end, so a page shows the group-buy price from the start and not after the end.
 */
describe(`promotion cache purges (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let goods: { goodsId: number; skuIds: number[] };
  let other: { goodsId: number; skuIds: number[] };
  const purged: string[][] = [];
  const running = async () => (await t.call<Page<GroupbuyItem>>("/groupbuy/api/goods/page", {})).data.list.map((item) => `${item.groupbuy_name}:${item.groupbuy_price}`);
  const combosOnSku = async () => (await t.call<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: goods.skuIds[0] })).data.map((combo) => `${combo.bl_name}:${combo.bl_price}`);

  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    goods = await insertGoods(t.app.deps.db, "缓存团购商品", { skus: [{ discount_price_cents: 5000, is_default: 1 }] });
    other = await insertGoods(t.app.deps.db, "缓存套餐搭配", { skus: [{ discount_price_cents: 3000, is_default: 1 }] });
    t.app.deps.cache.onPurge((tags) => void purged.push([...tags]));
  });
  afterAll(() => t.close());

  it("purges the group-buy list when staff add, edit or close one, and at its start and end", async () => {
    expect(await running()).toEqual([]);
    const start = now() + 100;
    const body = { groupbuy_name: "缓存团购", goods_id: goods.goodsId, buy_num: 1, start_time: start, end_time: start + 3600, sku_list: [{ sku_id: goods.skuIds[0], groupbuy_price: "40" }] };
    const added = await t.call<{ groupbuy_id: number }>("/shopapi/groupbuy/add", body, { token: admin });
    expect(added.code, added.message).toBe(0);
    expect(purged.at(-1)).toEqual([GROUPBUY_TAG, CacheTag.goods(goods.goodsId), CacheTag.goodsList]);
    expect(await running()).toEqual([]);

    // Started: the edge job purges (the cached empty list would otherwise be served for a minute).
    await t.app.deps.db.updateTable("promotion_groupbuy").set({ start_time: now() - 1 }).where("groupbuy_id", "=", added.data.groupbuy_id).execute();
    const before = purged.length;
    await t.app.deps.jobs.runDue(start);
    expect(purged.slice(before)).toContainEqual([GROUPBUY_TAG, CacheTag.goods(goods.goodsId), CacheTag.goodsList]);
    expect(await running()).toEqual(["缓存团购:40.00"]);

    const edited = await t.call("/shopapi/groupbuy/edit", { ...body, groupbuy_id: added.data.groupbuy_id, start_time: now() - 1, sku_list: [{ sku_id: goods.skuIds[0], groupbuy_price: "35" }] }, { token: admin });
    expect(edited.code, edited.message).toBe(0);
    expect(await running()).toEqual(["缓存团购:35.00"]);
    expect((await t.call("/shopapi/groupbuy/close", { groupbuy_id: added.data.groupbuy_id }, { token: admin })).code).toBe(0);
    expect(await running()).toEqual([]);
  });

  it("purges the SKU page's combos when staff add or close one", async () => {
    expect(await combosOnSku()).toEqual([]);
    const body = { bl_name: "缓存套餐", bl_price: "70", start_time: now() - 60, end_time: now() + 3600, goods_list: [{ goods_id: goods.goodsId }, { goods_id: other.goodsId }] };
    const added = await t.call<{ bl_id: number }>("/shopapi/bundling/add", body, { token: admin });
    expect(added.code, added.message).toBe(0);
    expect(purged.at(-1)).toEqual([BUNDLING_TAG, CacheTag.goods(goods.goodsId), CacheTag.goods(other.goodsId), CacheTag.goodsList]);
    expect(await combosOnSku()).toEqual(["缓存套餐:70.00"]);
    expect((await t.call("/shopapi/bundling/close", { bl_id: added.data.bl_id }, { token: admin })).code).toBe(0);
    expect(await combosOnSku()).toEqual([]);
  });
});
