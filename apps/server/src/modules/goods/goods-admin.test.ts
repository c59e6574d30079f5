import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstSaleableSku } from "./test-fixtures.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";

/** The staff catalog calls: validation, permission, the change itself, its log, and what guests see next. */
describe("staff catalog changes (/shopapi/goods/*)", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let skuId: number;
  let goodsId: number;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
    const sku = await firstSaleableSku(t.app.deps.db);
    skuId = sku.sku_id;
    goodsId = sku.goods_id;
  });
  afterAll(() => t?.close());

  const detail = async () => (await t.call<{ goods_sku_detail: { price: string; stock: number } | null }>("/api/goodssku/detail", { sku_id: skuId })).data;

  it("changes a price: the next guest read (cached before) shows it, the goods list price follows", async () => {
    expect((await detail()).goods_sku_detail?.price).not.toBe("123.45");
    const answer = await t.call("/shopapi/goods/editskuprice", { sku_id: skuId, price: "123.45", market_price: "200" }, { token: admin });
    expect(answer).toMatchObject({ code: 0, data: { goods_id: goodsId } });
    expect((await detail()).goods_sku_detail?.price).toBe("123.45");
    const goods = await t.app.deps.db.selectFrom("goods").select(["price_cents", "market_price_cents"]).where("goods_id", "=", goodsId).executeTakeFirstOrThrow();
    expect(goods).toEqual({ price_cents: 12345, market_price_cents: 20000 });
    const log = await t.app.deps.db.selectFrom("staff_log").select(["action", "target_id"]).where("action", "=", "goods.price").executeTakeFirst();
    expect(log).toEqual({ action: "goods.price", target_id: String(skuId) });
  });

  it("sets stock and takes goods off the shelf and back, each seen by the next guest read", async () => {
    expect(await t.call("/shopapi/goods/editskustock", { sku_id: skuId, stock: 0 }, { token: admin })).toMatchObject({ code: 0 });
    expect((await detail()).goods_sku_detail?.stock).toBe(0);
    expect(await t.call("/shopapi/goods/editgoodsstate", { goods_ids: [goodsId], goods_state: 0 }, { token: admin })).toMatchObject({ code: 0, data: { changed: 1 } });
    expect((await detail()).goods_sku_detail).toBeNull();
    expect(await t.call("/shopapi/goods/editgoodsstate", { goods_ids: [goodsId], goods_state: "1" }, { token: admin })).toMatchObject({ code: 0, data: { changed: 1 } });
    expect((await detail()).goods_sku_detail?.stock).toBe(0);
  });

  it("refuses bad input with a Chinese message, and callers without goods.manage", async () => {
    expect(await t.call("/shopapi/goods/editskuprice", { sku_id: skuId, price: "1.005" }, { token: admin })).toMatchObject({ code: -10006 });
    expect(await t.call("/shopapi/goods/editskustock", { sku_id: skuId, stock: -1 }, { token: admin })).toMatchObject({ code: -10006, message: "参数 stock 不能小于 0" });
    expect(await t.call("/shopapi/goods/editgoodsstate", { goods_ids: [goodsId], goods_state: 2 }, { token: admin })).toMatchObject({ code: -10006 });
    expect(await t.call("/shopapi/goods/editskuprice", { sku_id: 999_999_999, price: "1" }, { token: admin })).toMatchObject({ code: -1, message: "商品规格不存在" });
    expect(await t.call("/shopapi/goods/editskuprice", { sku_id: skuId, price: "1" }, { token: servicer })).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect((await t.call("/shopapi/goods/editskuprice", { sku_id: skuId, price: "1" })).code).not.toBe(0);
  });
});
