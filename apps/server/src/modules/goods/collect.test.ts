import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectItem, Page } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "./test-fixtures.ts";

describe("follows (goodscollect)", () => {
  let t: TestApp;
  let member: TestMember;
  let goods: { goodsId: number; skuIds: number[] };
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    goods = await insertGoods(t.app.deps.db, "蓝牙耳机", {
      goods: { collect_num: 10 },
      skus: [{ sku_name: "蓝牙耳机 白色", is_default: 1, discount_price_cents: 19900 }, { sku_name: "蓝牙耳机 黑色" }],
    });
  });
  afterAll(() => t.close());

  const collectNum = async (goodsId = goods.goodsId) =>
    Number((await t.app.deps.db.selectFrom("goods").select("collect_num").where("goods_id", "=", goodsId).executeTakeFirstOrThrow()).collect_num);
  const call = (path: string, body: object, who: TestMember = member) => t.call<number>(path, body, { token: who.token });

  it("is for members only", async () => {
    for (const path of ["/api/goodscollect/add", "/api/goodscollect/delete", "/api/goodscollect/iscollect", "/api/goodscollect/page"]) {
      expect((await t.call(path, { goods_id: goods.goodsId })).code, path).toBe(-10009);
    }
  });

  it("adds once, however often it is asked, and keeps collect_num", async () => {
    const first = await call("/api/goodscollect/add", { goods_id: goods.goodsId, sku_id: goods.skuIds[1] });
    const again = await call("/api/goodscollect/add", { goods_id: goods.goodsId });
    expect(first.code).toBe(0);
    expect(again.data).toBe(first.data);
    expect(await collectNum()).toBe(11);
    expect((await call("/api/goodscollect/iscollect", { goods_id: goods.goodsId })).data).toBe(1);

    expect((await call("/api/goodscollect/delete", { goods_id: goods.goodsId })).data).toBe(1);
    expect((await call("/api/goodscollect/delete", { goods_id: goods.goodsId })).data).toBe(0);
    expect(await collectNum()).toBe(10);
    expect((await call("/api/goodscollect/iscollect", { goods_id: goods.goodsId })).data).toBe(0);
  });

  it("keeps collect_num right under 20 concurrent adds and deletes", async () => {
    const others = await Promise.all([1, 2, 3].map(() => registerMember(t)));
    const start = await collectNum();
    // Every racing call must succeed (only the PostgreSQL run truly interleaves them: SQLite has one connection).
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => call(index % 2 ? "/api/goodscollect/delete" : "/api/goodscollect/add", { goods_id: goods.goodsId })),
      ...others.flatMap((other) => [1, 2, 3].map(() => call("/api/goodscollect/add", { goods_id: goods.goodsId }, other))),
    ]);
    expect(responses.map((response) => response.code)).toEqual(responses.map(() => 0));
    const rows = await t.app.deps.db.selectFrom("goods_collect").select("member_id").where("goods_id", "=", goods.goodsId).execute();
    const mine = rows.filter((row) => row.member_id === member.member_id).length;
    expect(rows.length).toBe(mine + 3);
    expect(await collectNum()).toBe(start + mine + 3);
  });

  it("refuses goods that are not on sale", async () => {
    const offShelf = await insertGoods(t.app.deps.db, "下架", { goods: { goods_state: 0 } });
    expect(await call("/api/goodscollect/add", { goods_id: offShelf.goodsId })).toMatchObject({ code: -1, message: "商品不存在或已下架" });
    expect((await call("/api/goodscollect/add", { goods_id: 999_999 })).code).toBe(-1);
  });

  it("pages the member's follows, latest first, priced from the followed SKU", async () => {
    const who = await registerMember(t);
    const second = await insertGoods(t.app.deps.db, "充电宝");
    await call("/api/goodscollect/add", { goods_id: goods.goodsId, sku_id: goods.skuIds[0] }, who);
    await call("/api/goodscollect/add", { goods_id: second.goodsId }, who);
    await t.app.deps.db.updateTable("goods_collect").set({ create_time: 1 }).where("goods_id", "=", goods.goodsId).where("member_id", "=", who.member_id).execute();
    const response = await t.call<Page<CollectItem>>("/api/goodscollect/page", { page_size: 10 }, { token: who.token });
    expect(response.data.count).toBe(2);
    expect(response.data.list.map((item) => item.goods_name)).toEqual(["充电宝", "蓝牙耳机"]);
    expect(response.data.list[1]).toMatchObject({ sku_id: goods.skuIds[0], sku_name: "蓝牙耳机 白色", discount_price: "199.00", goods_state: 1, create_time: 1 });
  });

  it("shows a follow whose SKU was deleted with the goods' price and the stock of its remaining SKUs", async () => {
    const who = await registerMember(t);
    const lamp = await insertGoods(t.app.deps.db, "台灯", { goods: { price_cents: 5900 }, skus: [{ stock: 4, is_default: 1 }, { stock: 6 }, { stock: 9 }] });
    await call("/api/goodscollect/add", { goods_id: lamp.goodsId, sku_id: lamp.skuIds[2] }, who);
    await t.app.deps.db.deleteFrom("goods_sku").where("sku_id", "=", lamp.skuIds[2]!).execute();
    const response = await t.call<Page<CollectItem>>("/api/goodscollect/page", {}, { token: who.token });
    expect(response.data.list[0]).toMatchObject({ sku_id: lamp.skuIds[2], sku_name: "台灯", price: "59.00", stock: 4 + 6 });
  });

  it("unfollows several goods at once, keeping every collect_num right, and never another member's follows", async () => {
    const [who, neighbour] = [await registerMember(t), await registerMember(t)];
    const picked = await Promise.all(["键盘", "鼠标", "显示器"].map((name) => insertGoods(t.app.deps.db, name, { goods: { collect_num: 5 } })));
    for (const item of picked) await call("/api/goodscollect/add", { goods_id: item.goodsId }, who);
    await call("/api/goodscollect/add", { goods_id: picked[0]!.goodsId }, neighbour);
    const [keyboard, mouse, screen] = picked.map((item) => item.goodsId) as [number, number, number];
    expect(await collectNum(keyboard)).toBe(7);

    // The neighbour names goods it does not follow and one it does: only its own follow goes.
    expect((await call("/api/goodscollect/delete", { goods_id: `${mouse},${screen},${keyboard}` }, neighbour)).data).toBe(1);
    expect(await collectNum(keyboard)).toBe(6);
    expect((await call("/api/goodscollect/iscollect", { goods_id: keyboard }, who)).data).toBe(1);

    // A batch as an array and with a repeat, then again (nothing left to remove).
    expect((await call("/api/goodscollect/delete", { goods_id: [keyboard, mouse, mouse] }, who)).data).toBe(2);
    expect((await call("/api/goodscollect/delete", { goods_id: `${keyboard},${mouse}` }, who)).data).toBe(0);
    expect([await collectNum(keyboard), await collectNum(mouse), await collectNum(screen)]).toEqual([5, 5, 6]);
    const left = await t.call<Page<CollectItem>>("/api/goodscollect/page", {}, { token: who.token });
    expect(left.data.list.map((item) => item.goods_id)).toEqual([screen]);
  });

  it("keeps every collect_num right when members unfollow overlapping batches at once", async () => {
    const shelf = await Promise.all(["杯子", "碗", "盘子", "勺子", "筷子"].map((name) => insertGoods(t.app.deps.db, name)));
    const ids = shelf.map((item) => item.goodsId);
    const crowd = await Promise.all(Array.from({ length: 8 }, () => registerMember(t)));
    for (const who of crowd) for (const goodsId of ids) await call("/api/goodscollect/add", { goods_id: goodsId }, who);
    // Each member names the goods in another order; half of them follow one goods again meanwhile.
    const answers = await Promise.all(
      crowd.flatMap((who, index) => [
        call("/api/goodscollect/delete", { goods_id: [...ids.slice(index % 5), ...ids.slice(0, index % 5)].reverse() }, who),
        ...(index % 2 ? [call("/api/goodscollect/add", { goods_id: ids[index % 5] }, who)] : []),
      ]),
    );
    expect(answers.map((answer) => answer.code)).toEqual(answers.map(() => 0));
    for (const goodsId of ids) {
      const rows = await t.app.deps.db.selectFrom("goods_collect").select("member_id").where("goods_id", "=", goodsId).execute();
      expect(await collectNum(goodsId)).toBe(rows.length);
    }
  });

  it("prices a follow for the member now: member_price carries the level discount", async () => {
    const { level_id } = await t.app.deps.db
      .insertInto("member_level")
      .values({ level_name: "黄金会员", growth: 0, remark: "", consume_discount: 95, is_free_shipping: 0, send_point: 0, send_balance_cents: 0, is_default: 0, sort: 9 })
      .returning("level_id")
      .executeTakeFirstOrThrow();
    const gold = await registerMember(t);
    await t.app.deps.db.updateTable("member").set({ member_level: level_id }).where("member_id", "=", gold.member_id).execute();
    const kettle = await insertGoods(t.app.deps.db, "电水壶", { skus: [{ is_default: 1, price_cents: 12900, discount_price_cents: 9999 }] });
    await call("/api/goodscollect/add", { goods_id: kettle.goodsId }, gold);
    const page = await t.call<Page<CollectItem>>("/api/goodscollect/page", {}, { token: gold.token });
    expect(page.data.list[0]).toMatchObject({ price: "129.00", discount_price: "99.99", member_price: "94.99" });
    // A price change shows at once: the list reads the SKU now.
    await t.app.deps.db.updateTable("goods_sku").set({ discount_price_cents: 8800 }).where("sku_id", "=", kettle.skuIds[0]!).execute();
    const later = await t.call<Page<CollectItem>>("/api/goodscollect/page", {}, { token: gold.token });
    expect(later.data.list[0]).toMatchObject({ discount_price: "88.00", member_price: "83.60" });
  });

  it("refuses bad input with -10006", async () => {
    for (const body of [{}, { goods_id: "a" }, { goods_id: goods.goodsId, sku_id: -2 }]) {
      expect((await call("/api/goodscollect/add", body)).code).toBe(-10006);
    }
    expect((await call("/api/goodscollect/page", { page: "x" })).code).toBe(-10006);
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(",");
    for (const goods_id of ["", "1,a", ",", [], [0], tooMany, { id: 1 }]) {
      const answer = await call("/api/goodscollect/delete", { goods_id });
      expect(answer.code, JSON.stringify(goods_id)).toBe(-10006);
      expect(answer.message).toMatch(/goods_id/);
    }
  });
});
