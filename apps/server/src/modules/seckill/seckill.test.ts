import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GoodsSkuItem, Page, OrderCalculation, OrderDetail, OrderPaymentPreview, SeckillDetail, SeckillGoodsPage, SeckillSkuInfo, SeckillSlotList } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { insertAddress } from "../checkout/test-fixtures.ts";
import { insertCouponType } from "../coupon/test-fixtures.ts";
import { loginTestStaff } from "../order/test-fixtures.ts";
import { now } from "../../core/time.ts";
import { insertSeckill, insertSlotsAroundNow, seckillCounts } from "./test-fixtures.ts";
import { SECKILL_MESSAGES, seckillCheckout } from "./buying.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { PromotionSource } from "../promotion/registry.ts";
import type { PricedLine } from "../checkout/order-lines.ts";
import { CROWDED_MESSAGE } from "./admission.ts";
import { nextBoundary, scheduleBoundary, SECKILL_BOUNDARY_JOB } from "./cache.ts";

/**
 * Seckill through its API: the reads with their states, buying only inside a slot, up to the
 * member's limit, from the pool; an unpaid order's close (by the member, by the 5-minute timer)
 * gives its units back; no coupon; bad input and another member's checkout refused.
 */
let t: TestApp;
let slots: { onNow: number; notNow: number };
let goods: { goodsId: number; skuIds: number[] };

const db = () => t.app.deps.db;

beforeAll(async () => {
  t = await startTestApp();
  slots = await insertSlotsAroundNow(db());
  goods = await insertGoods(db(), "秒杀测试商品", { goods: { goods_stock: 100 }, skus: [{ is_default: 1, discount_price_cents: 9900 }, { discount_price_cents: 10900 }] });
});
afterAll(() => t.close());

async function buyer(): Promise<TestMember & { addressId: number }> {
  const member = await registerMember(t);
  return { ...member, addressId: await insertAddress(db(), member.member_id, "beijing", 1) };
}

async function seckill(overrides: Partial<Parameters<typeof insertSeckill>[1]> = {}): Promise<number> {
  return insertSeckill(db(), {
    goodsId: goods.goodsId, skus: [{ skuId: goods.skuIds[0]!, priceCents: 1990, pool: 5 }, { skuId: goods.skuIds[1]!, priceCents: 2990, pool: 5 }],
    slotIds: [slots.onNow], maxBuy: 2, ...overrides,
  });
}

const choices = (orderKey: string, addressId: number) => ({ order_key: orderKey, delivery: { delivery_type: "express" }, member_address: { id: addressId } });

/** payment then create: the answer of create (or of the first refusal). */
async function buy(member: TestMember & { addressId: number }, seckillId: number, num = 1, skuId = goods.skuIds[0]!) {
  const payment = await t.call<OrderPaymentPreview>("/seckill/api/ordercreate/payment", { seckill_id: seckillId, sku_id: skuId, num }, { token: member.token });
  if (payment.code !== 0) return payment;
  return t.call<string>("/seckill/api/ordercreate/create", choices(payment.data.order_key, member.addressId), { token: member.token });
}

async function orderOf(outTradeNo: string) {
  return db().selectFrom("orders").select(["order_id", "order_status", "promotion_type", "promotion_id", "auto_close_time", "create_time", "goods_money_cents"]).where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
}

describe("seckill reads", () => {
  it("lists the day's slots with their state now and the server's time", async () => {
    const answer = await t.call<SeckillSlotList>("/seckill/api/seckill/lists");
    expect(answer.code).toBe(0);
    const onNow = answer.data.list.find((slot) => slot.id === slots.onNow)!;
    expect(onNow).toMatchObject({ state: "running", state_name: "抢购中" });
    expect(answer.data.current_id).toBe(slots.onNow);
    expect(Math.abs(answer.data.current_time - now())).toBeLessThanOrEqual(2);
    expect(answer.data.list.find((slot) => slot.id === slots.notNow)!.state).not.toBe("running");
  });

  it("answers a slot's goods with seckill price, original price, pool and progress; detail and the SKU's seckill", async () => {
    const id = await seckill({ name: "读取秒杀" });
    const page = await t.call<SeckillGoodsPage>("/seckill/api/seckillgoods/page", { seckill_time_id: slots.onNow, page: 1, page_size: 20 });
    const item = page.data.list.find((row) => row.seckill_id === id)!;
    expect(item).toMatchObject({ seckill_price: "19.90", price: "99.00", stock: 10, sale_num: 0, total_num: 10, progress: 0, state: "running", state_name: "立即抢购" });
    const detail = await t.call<SeckillDetail>("/seckill/api/seckillgoods/detail", { seckill_id: id });
    expect(detail.data.window.state).toBe("running");
    expect(detail.data.sku_list.map((sku) => sku.seckill_price)).toEqual(["19.90", "29.90"]);
    const info = await t.call<SeckillSkuInfo>("/seckill/api/seckillgoods/info", { sku_id: goods.skuIds[1] });
    expect(info.data).toMatchObject({ seckill_price: "29.90", state: "running" });
    expect((await t.call("/seckill/api/seckillgoods/page", { seckill_time_id: 999_999 })).message).toBe("秒杀场次不存在");
    await db().updateTable("promotion_seckill").set({ status: -1 }).where("seckill_id", "=", id).execute();
  });

  it("gives the page the goods' spec rows and each of its own SKUs' spec values (SKUs not in the seckill left out)", async () => {
    const colour = (id: number, name: string, image = "") => ({ spec_id: 1, spec_name: "颜色", spec_value_id: id, spec_value_name: name, sku_id: 999, image });
    const size = (id: number, name: string) => ({ spec_id: 2, spec_name: "尺码", spec_value_id: id, spec_value_name: name, sku_id: 999, image: "" });
    const stored = [
      { spec_id: 1, spec_name: "颜色", value: [colour(11, "黑", "upload/black.jpg"), colour(12, "白", "upload/white.jpg")] },
      { spec_id: 2, spec_name: "尺码", value: [size(21, "M"), size(22, "L")] },
      { spec_id: 3, spec_name: "空", value: [] },
    ];
    const skuSpecs = (values: Array<ReturnType<typeof colour>>) => JSON.stringify(values.map(({ sku_id: _sku, image: _image, ...value }) => value));
    const specGoods = await insertGoods(db(), "规格秒杀商品", {
      goods: { goods_spec_format: JSON.stringify(stored) },
      skus: [
        { is_default: 1, spec_name: "黑 M", sku_spec_format: skuSpecs([colour(11, "黑"), size(21, "M")]) },
        { spec_name: "黑 L", sku_spec_format: skuSpecs([colour(11, "黑"), size(22, "L")]) },
        { spec_name: "白 M", sku_spec_format: skuSpecs([colour(12, "白"), size(21, "M")]) },
      ],
    });
    const [blackM, blackL, whiteM] = specGoods.skuIds as [number, number, number];
    const id = await insertSeckill(db(), {
      goodsId: specGoods.goodsId, slotIds: [slots.onNow], name: "规格秒杀",
      skus: [{ skuId: blackM, priceCents: 1990, pool: 3 }, { skuId: whiteM, priceCents: 2990, pool: 0 }],
    });
    const detail = (await t.call<SeckillDetail>("/seckill/api/seckillgoods/detail", { seckill_id: id })).data;
    // Every value of the goods, without the stored per-SKU fields (they name SKUs the seckill may not sell).
    expect(JSON.parse(detail.goods_spec_format)).toEqual([
      { spec_id: 1, spec_name: "颜色", value: [colour(11, "黑", "upload/black.jpg"), colour(12, "白", "upload/white.jpg")].map(({ sku_id: _sku, ...value }) => value) },
      { spec_id: 2, spec_name: "尺码", value: [size(21, "M"), size(22, "L")].map(({ sku_id: _sku, ...value }) => value) },
    ]);
    expect(detail.sku_list.map((sku) => [sku.sku_id, JSON.parse(sku.sku_spec_format).map((value: { spec_value_name: string }) => value.spec_value_name), sku.stock])).toEqual([
      [blackM, ["黑", "M"], 3],
      [whiteM, ["白", "M"], 0],
    ]);
    expect(detail.sku_list.some((sku) => sku.sku_id === blackL)).toBe(false);
    // The staff's view names the same values.
    const staff = await loginTestStaff(t, "admin");
    const staffView = await t.call<{ sku_list: Array<{ sku_id: number; sku_spec_format: string }> }>("/shopapi/seckill/detail", { seckill_id: id }, { token: staff });
    expect(staffView.data.sku_list.map((sku) => sku.sku_spec_format)).toEqual(detail.sku_list.map((sku) => sku.sku_spec_format));
    await db().updateTable("promotion_seckill").set({ status: -1 }).where("seckill_id", "=", id).execute();
  });

  it("tags the goods in lists and search results with 秒杀 and the lowest seckill price while its slot is on", async () => {
    const listed = async () => (await t.call<Page<GoodsSkuItem>>("/api/goodssku/page", { page: 1, page_size: 100 })).data.list.find((item) => item.goods_id === goods.goodsId)!;
    expect((await listed()).promotion).toBeUndefined();
    const id = await seckill({ name: "列表秒杀" });
    expect((await listed()).promotion).toMatchObject({ promotion_type: "seckill", promotion_type_name: "秒杀", promotion_id: id, promotion_price: "19.90" });
    const later = await seckill({ name: "另一场", slotIds: [slots.notNow], skus: [{ skuId: goods.skuIds[0]!, priceCents: 990, pool: 5 }] });
    expect((await listed()).promotion?.promotion_id).toBe(id);
    await db().updateTable("promotion_seckill").set({ status: -1 }).where("seckill_id", "in", [id, later]).execute();
    expect((await listed()).promotion).toBeUndefined();
  });
});

describe("buying at a seckill", () => {
  let id: number;
  beforeEach(async () => {
    await db().updateTable("promotion_seckill").set({ status: -1 }).execute();
    id = await seckill();
  });

  it("sells at the seckill price, records the promotion on the order, takes pool, member count and SKU stock, and offers no coupon", async () => {
    const member = await buyer();
    await insertCouponType(db()).then((typeId) => t.call("/coupon/api/coupon/receive", { coupon_type_id: typeId }, { token: member.token }));
    const stockBefore = (await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", goods.skuIds[0]!).executeTakeFirstOrThrow()).stock;
    const payment = await t.call<OrderPaymentPreview>("/seckill/api/ordercreate/payment", { seckill_id: id, sku_id: goods.skuIds[0], num: 2 }, { token: member.token });
    expect(payment.data.goods_money).toBe("39.80");
    expect(payment.data.promotion).toMatchObject({ promotion_type: "seckill", promotion_type_name: "秒杀", promotion_id: id, allow_coupon: 0, auto_close_minutes: 5 });
    const calculation = await t.call<OrderCalculation>("/seckill/api/ordercreate/calculate", { ...choices(payment.data.order_key, member.addressId), coupon: { coupon_id: "best" } }, { token: member.token });
    expect(calculation.data).toMatchObject({ goods_money: "39.80", coupon_money: "0.00", coupon_id: 0, promotion_money: "0.00" });
    const created = await t.call<string>("/seckill/api/ordercreate/create", choices(payment.data.order_key, member.addressId), { token: member.token });
    expect(created.code, created.message).toBe(0);
    const order = await orderOf(created.data);
    expect(order).toMatchObject({ promotion_type: "seckill", promotion_id: id, goods_money_cents: 3980, order_status: 0 });
    expect(order.auto_close_time - order.create_time).toBe(5 * 60);
    expect(await seckillCounts(db(), id)).toMatchObject({ pool: 8, sold: 2, members: new Map([[member.member_id, 2]]) });
    expect((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", goods.skuIds[0]!).executeTakeFirstOrThrow()).stock).toBe(stockBefore - 2);
    const detail = await t.call<OrderDetail>("/api/order/detail", { order_id: order.order_id }, { token: member.token });
    expect(detail.data).toMatchObject({ promotion_type: "seckill", promotion_type_name: "秒杀", promotion_id: id });
    // A double submit answers the first order and takes nothing more.
    expect((await t.call<string>("/seckill/api/ordercreate/create", choices(payment.data.order_key, member.addressId), { token: member.token })).data).toBe(created.data);
    expect((await seckillCounts(db(), id)).pool).toBe(8);
  });

  it("refuses outside the seckill's slots, before its dates, after them and once closed", async () => {
    const member = await buyer();
    const later = await seckill({ slotIds: [slots.notNow] });
    expect((await buy(member, later)).message).toMatch(/^秒杀尚未开始，.*开抢$/);
    const tomorrow = await seckill({ start: now() + 86_400, end: now() + 2 * 86_400 });
    expect((await buy(member, tomorrow)).message).toMatch(/^秒杀尚未开始/);
    const past = await seckill({ start: now() - 10 * 86_400, end: now() - 86_400 });
    expect((await buy(member, past)).message).toBe(SECKILL_MESSAGES.ended);
    await db().updateTable("promotion_seckill").set({ status: -1 }).where("seckill_id", "=", id).execute();
    expect((await buy(member, id)).message).toBe(SECKILL_MESSAGES.ended);
    expect(await seckillCounts(db(), id)).toMatchObject({ pool: 10, sold: 0 });
  });

  it("holds each member to the limit across orders, counting unpaid ones; a closed order gives its units back", async () => {
    const member = await buyer();
    expect((await buy(member, id, 3)).message).toBe("每人限购 2件，您最多还能购买 2件");
    const first = await buy(member, id, 1);
    expect(first.code).toBe(0);
    expect((await buy(member, id, 1, goods.skuIds[1])).code).toBe(0);
    expect((await buy(member, id, 1)).message).toBe("每人限购 2件，您已购买 2件");
    // The member cancels the first order: its unit goes back to the pool and to the member's allowance.
    const order = await orderOf(first.data as string);
    expect((await t.call("/api/order/close", { order_id: order.order_id }, { token: member.token })).code).toBe(0);
    expect(await seckillCounts(db(), id)).toMatchObject({ pool: 9, sold: 1, members: new Map([[member.member_id, 1]]) });
    expect((await buy(member, id, 1)).code).toBe(0);
  });

  it("counts the member by one upsert guarded by the limit: at the limit take refuses and its unit of work leaves nothing", async () => {
    const member = await buyer();
    const source: PromotionSource = { kind: "promotion", promotion: "seckill", promotion_id: id, sku_ids: [goods.skuIds[0]!], num: 1 };
    const line = { skuId: goods.skuIds[0]!, num: 1, unit: "件" } as PricedLine;
    const take = () => unitOfWork(db(), (tx) => seckillCheckout.take(tx, { order_id: 0, member_id: member.member_id, promotion_id: id }, source, [line]));
    // The first count is an insert, the second an update under the limit (2).
    await take();
    await take();
    expect(await seckillCounts(db(), id)).toMatchObject({ pool: 8, sold: 2, members: new Map([[member.member_id, 2]]) });
    // As when two creates of the member passed priceLines together: the guard refuses the third.
    await expect(take()).rejects.toThrow("每人限购 2件，您已达到限购数量");
    expect(await seckillCounts(db(), id)).toMatchObject({ pool: 8, sold: 2, members: new Map([[member.member_id, 2]]) });
  });

  it("sells from its own pool: sold out is refused, and the auto-close after 5 minutes gives units back", async () => {
    const small = await seckill({ skus: [{ skuId: goods.skuIds[0]!, priceCents: 990, pool: 1 }], maxBuy: 0 });
    const [a, b] = [await buyer(), await buyer()];
    const sold = await buy(a, small);
    expect(sold.code).toBe(0);
    expect((await buy(b, small)).message).toBe(SECKILL_MESSAGES.soldOut);
    const page = await t.call<SeckillGoodsPage>("/seckill/api/seckillgoods/page", { seckill_time_id: slots.onNow });
    expect(page.data.list.find((row) => row.seckill_id === small)).toMatchObject({ state: "sold_out", state_name: "已抢光", progress: 100 });
    const order = await orderOf(sold.data as string);
    await t.app.deps.jobs.runDue(order.auto_close_time - 1);
    expect((await orderOf(sold.data as string)).order_status).toBe(0);
    await t.app.deps.jobs.runDue(order.auto_close_time);
    expect((await orderOf(sold.data as string)).order_status).toBe(-1);
    expect(await seckillCounts(db(), small)).toMatchObject({ pool: 1, sold: 0, members: new Map([[a.member_id, 0]]) });
    expect((await buy(b, small)).code).toBe(0);
  });

  it("answers bad input and guests clearly, and another member's checkout as unknown", async () => {
    const [a, b] = [await buyer(), await buyer()];
    const pay = (body: Record<string, unknown>) => t.call("/seckill/api/ordercreate/payment", body, { token: a.token });
    expect(await pay({ sku_id: goods.skuIds[0], num: 1 })).toMatchObject({ code: -10006, message: "参数 seckill_id 不能为空" });
    expect((await pay({ seckill_id: id, sku_id: goods.skuIds[0], num: 0 })).message).toBe("参数 num 不能小于 1");
    expect((await pay({ seckill_id: id, sku_id: goods.skuIds[0], num: "abc" })).code).toBe(-10006);
    expect((await pay({ seckill_id: 999_999, sku_id: goods.skuIds[0], num: 1 })).message).toBe(SECKILL_MESSAGES.notFound);
    const other = (await insertGoods(db(), "别的商品")).skuIds[0];
    expect((await pay({ seckill_id: id, sku_id: other, num: 1 })).message).toBe(SECKILL_MESSAGES.skuNotIn);
    expect((await t.call("/seckill/api/ordercreate/payment", { seckill_id: id, sku_id: goods.skuIds[0], num: 1 })).code).toBe(-10009);
    const payment = await t.call<OrderPaymentPreview>("/seckill/api/ordercreate/payment", { seckill_id: id, sku_id: goods.skuIds[0], num: 1 }, { token: a.token });
    const stolen = await t.call("/seckill/api/ordercreate/create", choices(payment.data.order_key, b.addressId), { token: b.token });
    expect(stolen.message).toBe("结算信息不存在或已过期，请返回重新下单");
    expect((await seckillCounts(db(), id)).pool).toBe(10);
  });

  it("50 members racing for 5 units of a SKU get exactly 5 orders", async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => buyer()));
    const answers = await Promise.all(members.map((member) => buy(member, id, 1)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5);
    // The rest are told it is sold out, or (at the door, while the first are still buying) to try again.
    for (const answer of answers.filter((answer) => answer.code !== 0)) expect([SECKILL_MESSAGES.soldOut, CROWDED_MESSAGE]).toContain(answer.message);
    const counts = await seckillCounts(db(), id);
    expect(counts.sold).toBe(5);
    expect(counts.pool).toBe(5); // the other SKU's
  });
});

describe("purging cached pages when seckills start and end", () => {
  it("runs a durable job at every slot boundary and at a seckill's own start and end, each enqueueing the next", async () => {
    const pending = async () =>
      (await db().selectFrom("job").select("run_at").where("kind", "=", SECKILL_BOUNDARY_JOB).where("status", "=", "pending").orderBy("run_at").execute()).map((row) => Number(row.run_at));
    const at = now();
    await scheduleBoundary(db(), at);
    const first = await nextBoundary(db(), at);
    expect(await pending()).toContain(first);
    const admin = await loginTestStaff(t, "admin");
    const start = at + 3 * 86_400 + 17;
    const added = await t.call("/shopapi/seckill/add", {
      seckill_name: "边界", goods_id: goods.goodsId, time_ids: [slots.notNow], start_time: start, end_time: start + 86_400, max_buy: 1,
      sku_list: [{ sku_id: goods.skuIds[0], seckill_price: "9.90", stock: 1 }], token: admin,
    });
    expect(added.code, added.message).toBe(0);
    expect(await pending()).toEqual(expect.arrayContaining([first, start, start + 86_400]));
    await t.app.deps.jobs.runDue(first!);
    expect(await pending()).not.toContain(first);
    expect(await pending()).toContain(await nextBoundary(db(), first!));
  });
});

describe("staff manage seckills", () => {
  it("refuses overlapping slots, bad prices and servicers", async () => {
    const admin = await loginTestStaff(t, "admin");
    const overlap = await t.call("/shopapi/seckill/timeadd", { name: "重叠", seckill_start_time: 0, seckill_end_time: 86_400, token: admin });
    expect(overlap.message).toMatch(/^与场次「.+」的时间重叠$/);
    const body = {
      seckill_name: "太贵", goods_id: goods.goodsId, time_ids: [slots.onNow], start_time: now(), end_time: now() + 3600, max_buy: 1,
      sku_list: [{ sku_id: goods.skuIds[0], seckill_price: "199.00", stock: 1 }],
    };
    expect((await t.call("/shopapi/seckill/add", { ...body, token: admin })).message).toBe("「秒杀测试商品」的秒杀价不能高于售价 99.00 元");
    expect((await t.call("/shopapi/seckill/add", { ...body, end_time: now() - 10, token: admin })).message).toBe("活动结束时间须晚于开始时间");
    // The close time of unpaid seckill orders is the shop's to set.
    expect((await t.call("/shopapi/seckill/setconfig", { auto_close_minutes: 0, token: admin })).message).toBe("参数 auto_close_minutes 不能小于 1");
    expect((await t.call("/shopapi/seckill/setconfig", { auto_close_minutes: 12, token: admin })).data).toEqual({ auto_close_minutes: 12 });
    await db().updateTable("promotion_seckill").set({ status: -1 }).execute();
    const id = await seckill();
    const member = await buyer();
    const order = await orderOf((await buy(member, id)).data as string);
    expect(order.auto_close_time - order.create_time).toBe(12 * 60);
    await t.call("/shopapi/seckill/setconfig", { auto_close_minutes: 5, token: admin });
    const servicer = await loginTestStaff(t, "servicer");
    expect((await t.call("/shopapi/seckill/timelists", { token: servicer })).message).toBe("没有执行此操作的权限");
  });
});
