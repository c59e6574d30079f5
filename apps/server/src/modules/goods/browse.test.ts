import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowsePage } from "@shop/contract";
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
    const response = await t.call<BrowsePage>("/api/goodsbrowse/page", {}, { token: who.token });
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

  describe("by day", () => {
    /** 2026-03-10 00:00 in Beijing (UTC+8) as unix seconds, and hours after it. */
    const MARCH_10 = Date.UTC(2026, 2, 10) / 1000 - 8 * 3600;
    const at = (day: number, hour: number) => MARCH_10 + day * 86400 + hour * 3600;
    let walker: TestMember;
    let neighbour: TestMember;
    let goodsIds: number[];

    /** Footprints of `who` on goods `ids` at the given times (inserted, so their days are known). */
    const place = async (who: TestMember, entries: Array<[goodsId: number, time: number]>) => {
      for (const [goodsId, time] of entries) {
        await t.app.deps.db.insertInto("goods_browse").values({ member_id: who.member_id, goods_id: goodsId, sku_id: 0, browse_time: time }).execute();
      }
    };
    const pageOf = async (who: TestMember, body: object) => {
      const response = await t.call<BrowsePage>("/api/goodsbrowse/page", body, { token: who.token });
      expect(response.code, response.message).toBe(0);
      return response.data;
    };

    beforeAll(async () => {
      [walker, neighbour] = [await registerMember(t), await registerMember(t)];
      goodsIds = [];
      for (const name of ["围巾", "手套", "帽子", "袜子", "雨伞", "水壶"]) goodsIds.push((await insertGoods(t.app.deps.db, name)).goodsId);
      const [scarf, gloves, hat, socks, umbrella, bottle] = goodsIds as [number, number, number, number, number, number];
      // 3月12日: 3 (one just before midnight Beijing time), 3月11日: 2 (one at 00:00), 3月10日: 1.
      await place(walker, [[scarf, at(3, 0) - 1], [gloves, at(2, 10)], [hat, at(2, 0.5)], [socks, at(1, 20)], [umbrella, at(1, 0)], [bottle, at(0, 9)]]);
      await place(neighbour, [[scarf, at(1, 8)], [gloves, at(1, 9)]]);
    });

    it("gives each footprint its shop day, and each day on the page its whole count", async () => {
      const first = await pageOf(walker, { page_size: 4 });
      expect(first.count).toBe(6);
      expect(first.list.map((item) => item.browse_date)).toEqual(["2026-03-12", "2026-03-12", "2026-03-12", "2026-03-11"]);
      // 3月11日 is cut by the page break: it still says 2.
      expect(first.days).toEqual([{ date: "2026-03-12", count: 3 }, { date: "2026-03-11", count: 2 }]);
      const second = await pageOf(walker, { page_size: 4, page: 2 });
      expect(second.days).toEqual([{ date: "2026-03-11", count: 2 }, { date: "2026-03-10", count: 1 }]);
      expect(second.list.map((item) => item.browse_date)).toEqual(["2026-03-11", "2026-03-10"]);
    });

    it("keeps one day with `date`", async () => {
      const day = await pageOf(walker, { date: "2026-03-11" });
      expect(day.list.map((item) => item.goods_id)).toEqual([goodsIds[3], goodsIds[4]]);
      expect(day.days).toEqual([{ date: "2026-03-11", count: 2 }]);
      expect(await pageOf(walker, { date: "2026-03-09" })).toMatchObject({ count: 0, list: [], days: [] });
    });

    it("deletes several by id, only the member's own", async () => {
      const theirs = (await pageOf(neighbour, {})).list.map((item) => item.id);
      const refused = await t.call("/api/goodsbrowse/delete", { id: theirs.join(",") }, { token: walker.token });
      expect(refused).toMatchObject({ code: -1, message: "足迹不存在" });
      const mine = (await pageOf(walker, { date: "2026-03-12" })).list.map((item) => item.id);
      // Mixed with the neighbour's ids: only the walker's two go.
      const removed = await t.call<number>("/api/goodsbrowse/delete", { id: [mine[0], mine[1], ...theirs] }, { token: walker.token });
      expect(removed).toMatchObject({ code: 0, data: 2 });
      expect((await pageOf(neighbour, {})).count).toBe(2);
      expect((await pageOf(walker, { date: "2026-03-12" })).list.map((item) => item.id)).toEqual([mine[2]]);
    });

    it("clears a day of the member's footprints, leaving other days and other members alone", async () => {
      const cleared = await t.call<number>("/api/goodsbrowse/delete", { date: "2026-03-11" }, { token: walker.token });
      expect(cleared).toMatchObject({ code: 0, data: 2 });
      const left = await pageOf(walker, {});
      expect(left.days).toEqual([{ date: "2026-03-12", count: 1 }, { date: "2026-03-10", count: 1 }]);
      expect((await pageOf(neighbour, { date: "2026-03-11" })).count).toBe(2);
      expect((await t.call<number>("/api/goodsbrowse/delete", { date: "2026-03-11" }, { token: walker.token })).data).toBe(0);
    });
  });

  it("refuses bad input with -10006", async () => {
    for (const [path, body] of [
      ["/api/goodsbrowse/add", { goods_id: cup.goodsId }],
      ["/api/goodsbrowse/add", { goods_id: "x", sku_id: 1 }],
      ["/api/goodsbrowse/delete", { id: 0 }],
      ["/api/goodsbrowse/page", { page_size: -1 }],
      ["/api/goodsbrowse/page", { date: "2026-2-1" }],
      ["/api/goodsbrowse/delete", {}],
      ["/api/goodsbrowse/delete", { id: 1, date: "2026-03-01" }],
      ["/api/goodsbrowse/delete", { date: "2026-02-30" }],
      ["/api/goodsbrowse/delete", { id: "1,x" }],
      ["/api/goodsbrowse/delete", { id: [] }],
    ] as const) {
      expect((await t.call(path, body, { token: me.token })).code, `${path} ${JSON.stringify(body)}`).toBe(-10006);
    }
  });
});
