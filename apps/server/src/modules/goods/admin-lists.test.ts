import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "@shop/contract/codes";
import type { StaffGoodsInfo, StaffGoodsItem } from "@shop/contract/domains/goods-admin";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { staffToken } from "../staff/testing.ts";
import { registerMember } from "../auth/testing.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { newestStaffId, seededBrand, seededCategoryPath, staffPictures, twoByTwoForm } from "./admin-testing.ts";

/** The goods list, batch SKU edits, shelf state, timed shelf, recycle bin and copy of the goods editor. */
describe("goods editor lists and batch actions (/shopapi/goods/*)", () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let categoryPath: number[];
  let brandId: number;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, config: { dataCache: true } });
    admin = await staffToken(t, "admin");
    adminId = await newestStaffId(t);
    categoryPath = await seededCategoryPath(t);
    brandId = (await seededBrand(t)).brand_id;
  });
  afterAll(() => t?.close());

  const add = async (name: string, extra: Record<string, unknown> = {}) => {
    counter += 1;
    const body = { ...twoByTwoForm(name, categoryPath, brandId, await staffPictures(t, adminId, 1), `LS${process.pid}-${counter}`), ...extra };
    const answer = await t.call<{ goods_id: number }>("/shopapi/goods/addgoods", body, { token: admin });
    expect(answer).toMatchObject({ code: 0 });
    return answer.data.goods_id;
  };
  const lists = async (body: Record<string, unknown>, path = "/shopapi/goods/lists") => {
    const answer = await t.call<Page<StaffGoodsItem>>(path, body, { token: admin });
    expect(answer).toMatchObject({ code: 0 });
    return answer.data;
  };
  const info = async (goodsId: number) => (await t.call<StaffGoodsInfo>("/shopapi/goods/editgetgoodsinfo", { goods_id: goodsId }, { token: admin })).data;
  const searchIds = async (keyword: string) => (await t.call<{ list: Array<{ goods_id: number }> }>("/api/goodssku/page", { keyword })).data.list.map((item) => item.goods_id);

  it("lists with filters, sort and paging: {list, count, page_count}", async () => {
    const cheap = await add("列表甲商品", { goods_sku_data: JSON.stringify(JSON.parse(twoByTwoForm("x", [], 0, [], `LC${process.pid}`).goods_sku_data).map((sku: Record<string, unknown>) => ({ ...sku, price: "1.00" }))) });
    const dear = await add("列表乙商品");
    const all = await lists({ page_size: 5 });
    expect(all.count).toBeGreaterThan(50);
    expect(all.page_count).toBe(Math.ceil(all.count / 5));
    expect(all.list).toHaveLength(5);
    expect(all.list[0]!.goods_id).toBe(dear); // newest first
    const found = await lists({ search_text: "列表", order: "price", sort: "asc" });
    expect(found.list.map((item) => item.goods_id)).toEqual([cheap, dear]);
    expect(found.list[0]).toMatchObject({ price: "1.00", goods_stock: 40, sku_count: 4, stock_alarm_count: 0, goods_state: 1 });
    expect((await lists({ search_text: `LS${process.pid}-${counter}-00` })).list.map((item) => item.goods_id)).toEqual([dear]);
    const inCategory = await lists({ category_id: categoryPath[0], brand_id: brandId, search_text: "列表" });
    expect(inCategory.count).toBe(2);
    expect((await lists({ search_text: "列表", order: "stock", sort: "desc" })).count).toBe(2);
    expect(await t.call("/shopapi/goods/lists", { order: "name" }, { token: admin })).toMatchObject({ code: -10006, message: "参数 order 的取值无效" });
  });

  it("batch SKU edits in one unit of work: all or none; the stock alarm list follows", async () => {
    const goodsId = await add("批量改价商品");
    const skus = (await info(goodsId)).sku_list;
    const refused = await t.call("/shopapi/goods/editskus", { sku_list: [{ sku_id: skus[0]!.sku_id, price: "9.90" }, { sku_id: 999_999_999, stock: 1 }] }, { token: admin });
    expect(refused).toMatchObject({ code: -1, message: "商品规格不存在" });
    expect((await info(goodsId)).sku_list[0]!.price).toBe("100.00");
    const batch = { sku_list: [{ sku_id: skus[0]!.sku_id, price: "9.90", stock: 1 }, { sku_id: skus[1]!.sku_id, stock: 0, cost_price: "3" }] };
    expect(await t.call("/shopapi/goods/editskus", batch, { token: admin })).toMatchObject({ code: 0, data: { changed: 2 } });
    const after = (await info(goodsId)).sku_list;
    expect(after.slice(0, 2).map((sku) => [sku.price, sku.stock, sku.cost_price])).toEqual([["9.90", 1, "50.00"], ["101.00", 0, "3.00"]]);
    const detail = await t.call<{ goods_sku_detail: { price: string } }>("/api/goodssku/detail", { sku_id: skus[0]!.sku_id });
    expect(detail.data.goods_sku_detail.price).toBe("9.90");
    const alarm = await lists({ stockalarm: 1, page_size: 100 });
    expect(alarm.list.find((item) => item.goods_id === goodsId)).toMatchObject({ stock_alarm_count: 2, price: "9.90" });
  });

  it("off the shelf and back: gone from and back in search; timed shelf runs as a durable job", async () => {
    const goodsId = await add("上下架测试商品");
    expect(await searchIds("上下架测试商品")).toContain(goodsId);
    expect(await t.call("/shopapi/goods/editgoodsstate", { goods_ids: String(goodsId), goods_state: 0 }, { token: admin })).toMatchObject({ code: 0, data: { changed: 1 } });
    expect(await searchIds("上下架测试商品")).not.toContain(goodsId);

    const at = now() + 3600;
    const timed = await add("定时上架测试商品", { timer_on: at });
    expect((await info(timed)).goods_state).toBe(0);
    expect(await searchIds("定时上架测试商品")).not.toContain(timed);
    await t.app.deps.jobs.runDue(at + 1);
    expect(await info(timed)).toMatchObject({ goods_state: 1, timer_on: 0 });
    expect(await searchIds("定时上架测试商品")).toContain(timed);
    expect(await t.call("/shopapi/goods/addgoods", { ...twoByTwoForm("过去", categoryPath, brandId, await staffPictures(t, adminId, 1), "PAST"), timer_on: 1000 }, { token: admin })).toMatchObject({
      code: -10006,
      message: "定时上架时间（timer_on）须晚于当前时间",
    });
  });

  it("recycle bin: delete, list, restore (off the shelf), delete forever only without orders; copy", async () => {
    const keep = await add("回收站有订单商品");
    const drop = await add("回收站无订单商品");
    const member = await registerMember(t);
    await createTestOrder(t.app.deps.db, { memberId: member.member_id, lines: [{ skuId: (await info(keep)).sku_list[0]!.sku_id, num: 1 }] });

    expect(await t.call("/shopapi/goods/deletegoods", { goods_ids: [keep, drop] }, { token: admin })).toMatchObject({ code: 0, data: { changed: 2 } });
    expect(await searchIds("回收站")).toEqual([]);
    expect((await lists({ search_text: "回收站" })).count).toBe(0);
    const bin = await lists({ search_text: "回收站" }, "/shopapi/goods/recycle");
    expect(bin.list.map((item) => item.goods_id).sort()).toEqual([keep, drop].sort());

    expect(await t.call("/shopapi/goods/deleterecyclegoods", { goods_ids: [keep, drop] }, { token: admin })).toMatchObject({ code: -1, message: "商品「回收站有订单商品」已有订单，不能彻底删除（可留在回收站）" });
    expect((await lists({ search_text: "回收站" }, "/shopapi/goods/recycle")).count).toBe(2);
    expect(await t.call("/shopapi/goods/deleterecyclegoods", { goods_ids: [drop] }, { token: admin })).toMatchObject({ code: 0, data: { changed: 1 } });
    expect(await t.app.deps.db.selectFrom("goods_sku").select("sku_id").where("goods_id", "=", drop).execute()).toEqual([]);

    expect(await t.call("/shopapi/goods/recoverygoods", { goods_ids: [keep] }, { token: admin })).toMatchObject({ code: 0, data: { changed: 1 } });
    expect((await lists({ search_text: "回收站" })).list).toMatchObject([{ goods_id: keep, goods_state: 0 }]);

    const copy = await t.call<{ goods_id: number }>("/shopapi/goods/copygoods", { goods_id: keep }, { token: admin });
    expect(copy).toMatchObject({ code: 0 });
    const copied = await info(copy.data.goods_id);
    expect(copied).toMatchObject({ goods_name: "回收站有订单商品", goods_state: 0 });
    expect(copied.sku_list.map((sku) => [sku.spec_name, sku.sku_no, sku.sale_num])).toEqual([["红色 S", "", 0], ["红色 M", "", 0], ["蓝色 S", "", 0], ["蓝色 M", "", 0]]);
    const actions = await t.app.deps.db.selectFrom("staff_log").select("action").where("action", "in", ["goods.delete", "goods.delete_forever", "goods.restore", "goods.copy"]).execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(new Set(["goods.delete", "goods.delete_forever", "goods.restore", "goods.copy"]));
  });
});
