import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupbuyDetail, GroupbuyItem, OrderCalculation, OrderPaymentPreview, Page } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { insertAddress, registerBuyer } from "../checkout/test-fixtures.ts";
import { staffToken } from "../staff/testing.ts";
import { now } from "../../core/time.ts";
import { runningGroupbuysOfGoods } from "./goods-prices.ts";

/**
 * Group buys end to end (SQLite and PostgreSQL): staff create them with clear Chinese refusals; the
 * list holds only running ones; the checkout sells at the group-buy price, at least buy_num units,
 * only inside the window (checked again in create's unit of work), raising sell_num, which a close
 * of the unpaid order lowers again; access: members buy, only staff with promotion.manage manage.
 */
describe(`group buys (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let goodsId: number;
  let skuIds: number[];
  let otherSku: number;
  let buyer: TestMember;
  let addressId: number;
  const db = () => t.app.deps.db;
  const at = () => now();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await staffToken(t, "admin");
    ({ goodsId, skuIds } = await insertGoods(db(), "团购保温杯", {
      skus: [{ discount_price_cents: 10000, stock: 20, is_default: 1, sku_name: "保温杯 白色" }, { discount_price_cents: 12000, stock: 20, sku_name: "保温杯 黑色" }],
    }));
    otherSku = (await insertGoods(db(), "别的商品")).skuIds[0]!;
    buyer = await registerBuyer(t);
    addressId = await insertAddress(db(), buyer.member_id, "beijing", 1);
  });
  afterAll(() => t.close());

  const add = (body: Record<string, unknown>, token = admin) =>
    t.call<{ groupbuy_id: number }>("/shopapi/groupbuy/add", {
      groupbuy_name: "测试团购", goods_id: goodsId, buy_num: 2, start_time: at() - 60, end_time: at() + 3600,
      sku_list: [{ sku_id: skuIds[0], groupbuy_price: "79.90" }, { sku_id: skuIds[1], groupbuy_price: "99" }], ...body,
    }, { token });
  const payment = (body: Record<string, unknown>, member = buyer) => t.call<OrderPaymentPreview>("/groupbuy/api/ordercreate/payment", body, { token: member.token });
  const choices = (orderKey: string) => ({ order_key: orderKey, delivery: { delivery_type: "express" }, member_address: { id: addressId } });
  const stockOf = async (skuId: number) => Number((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock);
  const soldOf = async (id: number) => Number((await db().selectFrom("promotion_groupbuy").select("sell_num").where("groupbuy_id", "=", id).executeTakeFirstOrThrow()).sell_num);
  let running: number;

  it("refuses bad staff input with clear Chinese messages", async () => {
    expect(await add({ end_time: at() - 120 })).toMatchObject({ code: -10006, message: "结束时间须晚于开始时间" });
    expect(await add({ buy_num: 0 })).toMatchObject({ code: -10006, message: "参数 buy_num 不能小于 1" });
    expect(await add({ sku_list: [] })).toMatchObject({ code: -10006, message: "参数 sku_list 至少 1 项" });
    expect(await add({ sku_list: [{ sku_id: skuIds[0], groupbuy_price: "1.005" }] })).toMatchObject({ code: -10006 });
    expect(await add({ sku_list: [{ sku_id: otherSku, groupbuy_price: "10" }] })).toMatchObject({ code: -1, message: `SKU ${otherSku} 不属于该商品` });
    expect(await add({ sku_list: [{ sku_id: skuIds[0], groupbuy_price: "100.01" }] })).toMatchObject({ code: -1, message: "「保温杯 白色」的团购价不能高于售价 100.00 元" });
    expect(await add({ start_time: at() - 7200, end_time: at() - 3600 })).toMatchObject({ code: -1, message: "结束时间须晚于现在" });
  });

  it("lets only staff with promotion.manage manage group buys", async () => {
    expect((await add({}, await staffToken(t, "servicer"))).code).toBe(-1);
    expect((await add({}, buyer.token)).code).toBe(-10009);
    expect((await t.call("/shopapi/groupbuy/lists", {})).code).toBe(-10009);
  });

  it("creates a running group buy, refuses an overlapping one for the same goods, lists only running ones", async () => {
    const created = await add({});
    expect(created.code, created.message).toBe(0);
    running = created.data.groupbuy_id;
    expect(await add({ start_time: at() + 1800, end_time: at() + 7200 })).toMatchObject({ code: -1, message: "该商品在所选时间内已有团购活动「测试团购」" });
    const upcoming = await add({ groupbuy_name: "下周团购", start_time: at() + 86_400, end_time: at() + 2 * 86_400 });
    expect(upcoming.code, upcoming.message).toBe(0);
    const page = await t.call<Page<GroupbuyItem>>("/groupbuy/api/goods/page", { page: 1, page_size: 10 });
    expect(page.data.list.map((item) => item.groupbuy_id)).toEqual([running]);
    expect(page.data.list[0]).toMatchObject({ groupbuy_price: "79.90", price: "100.00", buy_num: 2, stock: 40, status: 2, status_name: "进行中", sku_id: skuIds[0] });
    const detail = await t.call<GroupbuyDetail>("/groupbuy/api/goods/detail", { id: upcoming.data.groupbuy_id });
    expect(detail.data).toMatchObject({ status: 1, status_name: "未开始" });
    expect(detail.data.sku_list.map((sku) => [sku.sku_id, sku.groupbuy_price])).toEqual([[skuIds[0], "79.90"], [skuIds[1], "99.00"]]);
    const tags = await runningGroupbuysOfGoods(db(), [goodsId, 999_999]);
    expect([...tags.entries()]).toEqual([[goodsId, { groupbuy_id: running, groupbuyPriceCents: 7990, buy_num: 2, end_time: expect.any(Number) }]]);
    const ofGoods = await t.call<Page<GroupbuyItem>>("/groupbuy/api/goods/page", { goods_id: goodsId });
    expect(ofGoods.data.list.map((item) => item.groupbuy_id)).toEqual([running]);
    const early = await payment({ groupbuy_id: upcoming.data.groupbuy_id, sku_id: skuIds[0], num: 2 });
    expect(early).toMatchObject({ code: -1, message: "团购活动尚未开始" });
  });

  it("enforces the minimum quantity and the group buy's SKUs, and prices at the group-buy price", async () => {
    expect(await payment({ groupbuy_id: running, sku_id: skuIds[0], num: 1 })).toMatchObject({ code: -1, message: "团购商品 2 件起购" });
    expect(await payment({ groupbuy_id: running, sku_id: otherSku, num: 2 })).toMatchObject({ code: -1, message: "该规格不参与本次团购" });
    expect(await payment({ groupbuy_id: running, sku_id: skuIds[0], num: 21 })).toMatchObject({ code: -1, message: "「团购保温杯」库存不足" });
    expect(await payment({ groupbuy_id: 999_999, sku_id: skuIds[0], num: 2 })).toMatchObject({ code: -1, message: "团购活动不存在" });
    expect(await payment({ groupbuy_id: running, sku_id: skuIds[0] })).toMatchObject({ code: -10006 });
    expect((await t.call("/groupbuy/api/ordercreate/payment", { groupbuy_id: running, sku_id: skuIds[0], num: 2 })).code).toBe(-10009);

    const preview = await payment({ groupbuy_id: running, sku_id: skuIds[1], num: 3 });
    expect(preview.code, preview.message).toBe(0);
    expect(preview.data.goods_list.map((line) => [line.sku_id, line.price, line.num, line.goods_money])).toEqual([[skuIds[1], "99.00", 3, "297.00"]]);
    expect(preview.data.promotion).toMatchObject({ promotion_type: "groupbuy", promotion_id: running, allow_coupon: 0 });
    const calculation = await t.call<OrderCalculation>("/groupbuy/api/ordercreate/calculate", choices(preview.data.order_key), { token: buyer.token });
    expect(calculation.data.goods_money).toBe("297.00");

    // Another member cannot use this checkout (its order_key is the buyer's own).
    const other = await registerBuyer(t);
    expect(await t.call("/groupbuy/api/ordercreate/create", choices(preview.data.order_key), { token: other.token })).toMatchObject({
      code: -1, message: "结算信息不存在或已过期，请返回重新下单",
    });

    const created = await t.call<string>("/groupbuy/api/ordercreate/create", choices(preview.data.order_key), { token: buyer.token });
    expect(created.code, created.message).toBe(0);
    const order = await db().selectFrom("orders").select(["order_id", "promotion_type", "promotion_id", "goods_money_cents"]).where("order_key", "=", preview.data.order_key).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ promotion_type: "groupbuy", promotion_id: running, goods_money_cents: 29_700 });
    expect(await stockOf(skuIds[1]!)).toBe(17);
    expect(await soldOf(running)).toBe(3);

    // Closing the unpaid order gives the stock and the count back.
    expect((await t.call("/api/order/close", { order_id: order.order_id }, { token: buyer.token })).code).toBe(0);
    expect(await stockOf(skuIds[1]!)).toBe(20);
    expect(await soldOf(running)).toBe(0);
  });

  it("refuses a create after the group buy ended or was closed since payment, taking nothing", async () => {
    const preview = await payment({ groupbuy_id: running, sku_id: skuIds[0], num: 2 });
    expect(preview.code, preview.message).toBe(0);
    await db().updateTable("promotion_groupbuy").set({ end_time: at() - 1 }).where("groupbuy_id", "=", running).execute();
    expect(await t.call("/groupbuy/api/ordercreate/create", choices(preview.data.order_key), { token: buyer.token })).toMatchObject({ code: -1, message: "团购活动已结束" });
    expect(await stockOf(skuIds[0]!)).toBe(20);
    expect((await t.call<Page<GroupbuyItem>>("/groupbuy/api/goods/page", {})).data.count).toBe(0);

    await db().updateTable("promotion_groupbuy").set({ end_time: at() + 3600 }).where("groupbuy_id", "=", running).execute();
    const again = await payment({ groupbuy_id: running, sku_id: skuIds[0], num: 2 });
    expect(again.code, again.message).toBe(0);
    expect((await t.call("/shopapi/groupbuy/close", { groupbuy_id: running }, { token: admin })).code).toBe(0);
    expect(await t.call("/groupbuy/api/ordercreate/create", choices(again.data.order_key), { token: buyer.token })).toMatchObject({ code: -1, message: "团购活动已关闭" });
    expect(await stockOf(skuIds[0]!)).toBe(20);
    expect(await t.call("/shopapi/groupbuy/close", { groupbuy_id: running }, { token: admin })).toMatchObject({ code: -1, message: "团购活动已关闭" });
    expect(await t.call("/shopapi/groupbuy/edit", { groupbuy_id: running, groupbuy_name: "改", goods_id: goodsId, buy_num: 2, start_time: at(), end_time: at() + 60, sku_list: [{ sku_id: skuIds[0], groupbuy_price: "1" }] }, { token: admin })).toMatchObject({
      code: -1, message: "已关闭的团购活动不能编辑",
    });
  });

  it("enqueues the jobs that purge the goods' pages at the start and the end", async () => {
    const start = at() + 5000;
    const created = await add({ groupbuy_name: "将来的团购", start_time: start + 86_400 * 3, end_time: start + 86_400 * 4 });
    expect(created.code, created.message).toBe(0);
    const jobs = await db().selectFrom("job").select(["kind", "run_at"]).where("kind", "=", "groupbuy.edge").where("dedupe_key", "like", `groupbuy.edge:${created.data.groupbuy_id}:%`).orderBy("run_at").execute();
    expect(jobs.map((job) => job.run_at)).toEqual([start + 86_400 * 3, start + 86_400 * 4]);
    await t.app.deps.jobs.runDue(start + 86_400 * 5);
    const done = await db().selectFrom("job").select("status").where("dedupe_key", "like", `groupbuy.edge:${created.data.groupbuy_id}:%`).execute();
    expect(done.map((job) => job.status)).toEqual(["done", "done"]);
  });
});
