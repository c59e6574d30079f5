import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowseItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "./test-fixtures.ts";

describe("footprints (goodsbrowse)", () => {
  let t: TestApp;
  let me: TestMember;
  let someoneElse: TestMember;
  let cup: { goodsId: number; skuIds: number[] };
  let pot: { goodsId: number; skuIds: number[] };
  beforeAll(async () => {
    t = await startTestApp();
    [me, someoneElse] = [await registerMember(t), await registerMember(t)];
    cup = await insertGoods(t.app.deps.db, "马克杯", { skus: [{ sku_name: "马克杯 白", is_default: 1 }, { sku_name: "马克杯 黑" }] });
    pot = await insertGoods(t.app.deps.db, "茶壶");
  });
  afterAll(() => t.close());

  const footprints = async (who: TestMember) => {
    const response = await t.call<Page<BrowseItem>>("/api/goodsbrowse/page", {}, { token: who.token });
    expect(response.code).toBe(0);
    return response.data;
  };

  it("is for members only", async () => {
    expect((await t.call("/api/goodsbrowse/add", { goods_id: cup.goodsId, sku_id: cup.skuIds[0] })).code).toBe(-10009);
    expect((await t.call("/api/goodsbrowse/page", {})).code).toBe(-10009);
    expect((await t.call("/api/goodsbrowse/delete", { id: 1 })).code).toBe(-10009);
  });

  it("keeps one footprint per goods with the latest SKU and time", async () => {
    await t.call("/api/goodsbrowse/add", { goods_id: cup.goodsId, sku_id: cup.skuIds[0] }, { token: me.token });
    await t.call("/api/goodsbrowse/add", { goods_id: pot.goodsId, sku_id: pot.skuIds[0] }, { token: me.token });
    await t.app.deps.db.updateTable("goods_browse").set({ browse_time: 100 }).execute();
    const again = await t.call("/api/goodsbrowse/add", { goods_id: cup.goodsId, sku_id: cup.skuIds[1] }, { cookie: me.cookie });
    expect(again).toMatchObject({ code: 0, data: null });
    const page = await footprints(me);
    expect(page.count).toBe(2);
    expect(page.list[0]).toMatchObject({ goods_id: cup.goodsId, sku_id: cup.skuIds[1], sku_name: "马克杯 黑" });
    expect(page.list[0]!.browse_time).toBeGreaterThan(100);
    expect(page.list[1]).toMatchObject({ goods_id: pot.goodsId, browse_time: 100 });
    expect((await footprints(someoneElse)).count).toBe(0);
  });

  it("records the default SKU when the SKU is not the goods'", async () => {
    await t.call("/api/goodsbrowse/add", { goods_id: pot.goodsId, sku_id: cup.skuIds[1] }, { token: someoneElse.token });
    expect((await footprints(someoneElse)).list[0]).toMatchObject({ goods_id: pot.goodsId, sku_id: pot.skuIds[0] });
  });

  it("lets only the owner delete a footprint", async () => {
    const [mine] = (await footprints(me)).list;
    const refused = await t.call("/api/goodsbrowse/delete", { id: mine!.id }, { token: someoneElse.token });
    expect(refused).toMatchObject({ code: -1, message: "足迹不存在" });
    expect((await footprints(me)).count).toBe(2);
    expect((await t.call("/api/goodsbrowse/delete", { id: mine!.id }, { token: me.token })).code).toBe(0);
    expect((await footprints(me)).list.map((item) => item.goods_id)).toEqual([pot.goodsId]);
  });

  it("refuses bad input with -10006", async () => {
    for (const [path, body] of [
      ["/api/goodsbrowse/add", { goods_id: cup.goodsId }],
      ["/api/goodsbrowse/add", { goods_id: "x", sku_id: 1 }],
      ["/api/goodsbrowse/delete", { id: 0 }],
      ["/api/goodsbrowse/page", { page_size: -1 }],
    ] as const) {
      expect((await t.call(path, body, { token: me.token })).code, `${path} ${JSON.stringify(body)}`).toBe(-10006);
    }
  });
});
