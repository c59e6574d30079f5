import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { BundlingDetail, Envelope, OrderPaymentPreview } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../../app.ts";
import { seedBuyers, type Buyer } from "../../test/proofs/buyers.ts";
import type { TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { insertAddress, registerBuyer } from "../checkout/test-fixtures.ts";
import { staffToken } from "../staff/testing.ts";
import { now } from "../../core/time.ts";

/**
 * Combos end to end (SQLite and PostgreSQL; ADR 0022): staff input refused with clear messages;
 * the detail and the SKU page's list; the package price split over the lines so they add up to the
 * cent; the SKU choice; the window; and the stock of every SKU taken all-or-nothing: 30 buyers at
 * once, over two app instances, for a package one of whose SKUs has 10 units → exactly 10 packages,
 * the other SKUs lowered by exactly 10 packages' worth.
 */
describe(`combos (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let second: FastifyInstance;
  let admin: string;
  let cup: { goodsId: number; skuIds: number[] };
  let scarce: { goodsId: number; skuIds: number[] };
  let cable: { goodsId: number; skuIds: number[] };
  let virtual: number;
  let buyer: TestMember;
  let blId: number;
  const db = () => t.app.deps.db;
  const at = () => now();

  beforeAll(async () => {
    t = await startTestApp();
    second = await buildApp(t.config);
    admin = await staffToken(t, "admin");
    cup = await insertGoods(db(), "组合保温杯", {
      skus: [{ discount_price_cents: 10000, stock: 100, is_default: 1, sku_name: "保温杯 白色" }, { discount_price_cents: 12000, stock: 100, sku_name: "保温杯 黑色" }],
    });
    scarce = await insertGoods(db(), "限量杯垫", { skus: [{ discount_price_cents: 3333, stock: 10, is_default: 1 }] });
    cable = await insertGoods(db(), "组合数据线", { skus: [{ discount_price_cents: 999, stock: 100, is_default: 1 }] });
    virtual = (await insertGoods(db(), "观影券", { goods: { goods_class: 2 } })).goodsId;
    buyer = await registerBuyer(t);
    await insertAddress(db(), buyer.member_id, "beijing", 1);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const body = (extra: Record<string, unknown> = {}) => ({
    bl_name: "保温三件套", bl_price: "150.00", start_time: at() - 60, end_time: at() + 3600,
    goods_list: [{ goods_id: cup.goodsId, num: 1 }, { goods_id: scarce.goodsId, num: 1 }, { goods_id: cable.goodsId, num: 2 }], ...extra,
  });
  const add = (extra: Record<string, unknown> = {}, token = admin) => t.call<{ bl_id: number }>("/shopapi/bundling/add", body(extra), { token });
  const payment = (extra: Record<string, unknown>, member: { token: string } = buyer) =>
    t.call<OrderPaymentPreview>("/bundling/api/ordercreate/payment", { bl_id: blId, num: 1, ...extra }, { token: member.token });
  const stockOf = async (skuId: number) => Number((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock);

  it("refuses bad staff input with clear Chinese messages, and callers without promotion.manage", async () => {
    expect(await add({ goods_list: [{ goods_id: cup.goodsId, num: 1 }] })).toMatchObject({ code: -10006, message: "参数 goods_list 至少 2 项" });
    expect(await add({ goods_list: [{ goods_id: cup.goodsId, num: 1 }, { goods_id: cup.goodsId, num: 1 }] })).toMatchObject({ code: -10006, message: "套餐中的商品不能重复" });
    expect(await add({ bl_price: "0" })).toMatchObject({ code: -10006 });
    expect(await add({ bl_price: "abc" })).toMatchObject({ code: -10006, message: "参数 bl_price 格式不正确" });
    expect(await add({ end_time: at() - 3600 })).toMatchObject({ code: -10006, message: "结束时间须晚于开始时间" });
    expect(await add({ goods_list: [{ goods_id: cup.goodsId, num: 1 }, { goods_id: virtual, num: 1 }] })).toMatchObject({ code: -1, message: "「观影券」是虚拟商品，不能加入组合套餐" });
    expect(await add({ goods_list: [{ goods_id: cup.goodsId, num: 1 }, { goods_id: 999_999, num: 1 }] })).toMatchObject({ code: -1, message: "商品 999999 不存在或已删除" });
    expect(await add({ bl_price: "100.01", goods_list: [{ goods_id: cup.goodsId, num: 2 }, { goods_id: cable.goodsId, num: 4 }] })).toMatchObject({
      code: -1, message: "套餐价无法按每套数量拆成整分的单价，请调整套餐价或每套数量",
    });
    expect((await add({}, await staffToken(t, "servicer"))).code).toBe(-1);
    expect((await add({}, buyer.token)).code).toBe(-10009);
  });

  it("answers the combo and the SKU page's 组合套餐 with what a package saves", async () => {
    const created = await add();
    expect(created.code, created.message).toBe(0);
    blId = created.data.bl_id;
    const detail = (await t.call<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: blId })).data;
    expect(detail).toMatchObject({ bl_price: "150.00", goods_money: "153.31", save_money: "3.31", status: 2, stock: 10, sell_num: 0 });
    expect(detail.bundling_goods.map((goods) => [goods.goods_id, goods.num, goods.sku_id, goods.sku_list.length])).toEqual([
      [cup.goodsId, 1, cup.skuIds[0], 2], [scarce.goodsId, 1, scarce.skuIds[0], 1], [cable.goodsId, 2, cable.skuIds[0], 1],
    ]);
    expect(detail.bundling_goods.reduce((sum, goods) => sum + Math.round(Number(goods.promotion_price) * 100), 0)).toBe(15_000);
    const onSku = await t.call<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: cable.skuIds[0] });
    expect(onSku.data.map((combo) => combo.bl_id)).toEqual([blId]);
    expect((await t.call<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: 999_999 })).data).toEqual([]);
    expect(await t.call("/bundling/api/bundling/detail", { bl_id: 999_999 })).toMatchObject({ code: -1, message: "组合套餐不存在" });
  });

  it("splits the package price over the lines so they add up exactly, with the SKU the shopper picked", async () => {
    const preview = await payment({ num: 3, sku_ids: `${cup.skuIds[1]}` });
    expect(preview.code, preview.message).toBe(0);
    const lines = preview.data.goods_list;
    expect(lines.map((line) => [line.sku_id, line.num])).toEqual([[cup.skuIds[1], 3], [scarce.skuIds[0], 3], [cable.skuIds[0], 6]]);
    const money = lines.map((line) => Math.round(Number(line.goods_money) * 100));
    expect(money.reduce((sum, part) => sum + part, 0)).toBe(45_000);
    for (const line of lines) expect(Math.round(Number(line.goods_money) * 100)).toBe(Math.round(Number(line.price) * 100) * line.num);
    expect(preview.data.goods_money).toBe("450.00");
    expect(preview.data.promotion).toMatchObject({ promotion_type: "bundling", promotion_id: blId, allow_coupon: 1 });
  });

  it("refuses a foreign SKU, two SKUs of one goods, bad ids and a guest", async () => {
    const foreign = (await insertGoods(db(), "不在套餐里")).skuIds[0]!;
    expect(await payment({ sku_ids: [foreign] })).toMatchObject({ code: -1, message: "所选规格不属于该套餐" });
    expect(await payment({ sku_ids: cup.skuIds })).toMatchObject({ code: -1, message: "「组合保温杯」只能选择一个规格" });
    expect(await payment({ sku_ids: "1,x" })).toMatchObject({ code: -10006 });
    expect(await payment({ num: 0 })).toMatchObject({ code: -10006 });
    expect(await payment({ num: 11 })).toMatchObject({ code: -1, message: "「限量杯垫」库存不足" });
    expect((await t.call("/bundling/api/ordercreate/payment", { bl_id: blId, num: 1 })).code).toBe(-10009);
  });

  it("honours the window: upcoming and ended combos cannot be bought", async () => {
    const upcoming = await add({ bl_name: "预告套餐", start_time: at() + 86_400, end_time: at() + 2 * 86_400 });
    expect(await t.call("/bundling/api/ordercreate/payment", { bl_id: upcoming.data.bl_id, num: 1 }, { token: buyer.token })).toMatchObject({ code: -1, message: "组合套餐尚未开始" });
    const { bl_id: ended } = (await add({ bl_name: "过期套餐" })).data;
    await db().updateTable("promotion_bundling").set({ start_time: at() - 7200, end_time: at() - 3600 }).where("bl_id", "=", ended).execute();
    expect(await t.call("/bundling/api/ordercreate/payment", { bl_id: ended, num: 1 }, { token: buyer.token })).toMatchObject({ code: -1, message: "组合套餐已结束" });
    expect((await t.call<BundlingDetail>("/bundling/api/bundling/detail", { bl_id: ended })).data).toMatchObject({ status: 3, status_name: "已结束" });
    expect((await t.call<BundlingDetail[]>("/bundling/api/bundling/lists", { sku_id: cable.skuIds[0] })).data.map((combo) => combo.bl_id)).toEqual([blId]);
  });

  it("sells exactly 10 packages to 30 concurrent buyers when one SKU has 10 units, never part of a package", async () => {
    const buyers: Buyer[] = await seedBuyers(db(), 30);
    const keys: string[] = [];
    for (const member of buyers) {
      const preview = await payment({ num: 1 }, member);
      expect(preview.code, preview.message).toBe(0);
      keys.push(preview.data.order_key);
    }
    const before = { cup: await stockOf(cup.skuIds[0]!), cable: await stockOf(cable.skuIds[0]!) };
    const answers = await Promise.all(
      buyers.map(async (member, index): Promise<Envelope<string>> => {
        const app = index % 2 ? second : t.app;
        const response = await app.inject({
          method: "POST", url: "/bundling/api/ordercreate/create",
          payload: { token: member.token, order_key: keys[index], delivery: { delivery_type: "express" }, member_address: { id: member.addressId } },
        });
        return response.json();
      }),
    );
    const won = answers.filter((answer) => answer.code === 0);
    expect(won).toHaveLength(10);
    for (const answer of answers.filter((item) => item.code !== 0)) expect(answer.message).toBe("「限量杯垫」库存不足");
    expect(await stockOf(scarce.skuIds[0]!)).toBe(0);
    expect(await stockOf(cup.skuIds[0]!)).toBe(before.cup - 10);
    expect(await stockOf(cable.skuIds[0]!)).toBe(before.cable - 20);
    const sold = await db().selectFrom("promotion_bundling").select("sell_num").where("bl_id", "=", blId).executeTakeFirstOrThrow();
    expect(Number(sold.sell_num)).toBe(10);
    const orders = await db().selectFrom("orders").select(["order_id", "goods_money_cents", "promotion_type"]).where("promotion_id", "=", blId).where("promotion_type", "=", "bundling").execute();
    expect(orders).toHaveLength(10);
    for (const order of orders) expect(Number(order.goods_money_cents)).toBe(15_000);
    const lines = await db().selectFrom("order_goods").select(["order_id", "sku_id", "num"]).where("order_id", "in", orders.map((order) => order.order_id)).execute();
    expect(lines).toHaveLength(30);

    // One winner closes the unpaid order: every SKU of the package and the package count come back.
    const winner = answers.findIndex((answer) => answer.code === 0);
    const order = await db().selectFrom("orders").select("order_id").where("order_key", "=", keys[winner]!).executeTakeFirstOrThrow();
    expect((await t.call("/api/order/close", { order_id: order.order_id }, { token: buyers[winner]!.token })).code).toBe(0);
    expect(await stockOf(scarce.skuIds[0]!)).toBe(1);
    expect(await stockOf(cable.skuIds[0]!)).toBe(before.cable - 18);
    const after = await db().selectFrom("promotion_bundling").select("sell_num").where("bl_id", "=", blId).executeTakeFirstOrThrow();
    expect(Number(after.sell_num)).toBe(9);
  }, 120_000);
});
