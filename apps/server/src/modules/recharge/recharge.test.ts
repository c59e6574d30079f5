import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, PayInfo, PayStart, RechargeOrder, RechargePackage } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { nextIp, registerMember, type TestMember } from "../auth/testing.ts";
import { PayStatus } from "../pay/trade.ts";
import { tradeRow } from "../pay/test-helpers.ts";
import { MAX_OPEN_RECHARGE_ORDERS } from "./orders.ts";
import { createRecharge, insertCouponType, insertPackage } from "./test-fixtures.ts";

/** The member's recharge calls: packages, creating an order, its trade at the cashier, lists, details — scoped to the member. */
describe("recharge: packages and orders", () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  let offered: number;
  let withdrawn: number;
  let couponTypeId: number;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    other = await registerMember(t);
    couponTypeId = await insertCouponType(t);
    offered = await insertPackage(t, { recharge_name: "充500送30", face_value_cents: 53000, buy_price_cents: 50000, point: 500, growth: 500, coupon_ids: [couponTypeId], sort: 2 });
    await insertPackage(t, { recharge_name: "充100", face_value_cents: 10000, buy_price_cents: 10000, point: 0, growth: 0, sort: 1 });
    withdrawn = await insertPackage(t, { recharge_name: "已下架套餐", status: 0 });
  });
  afterAll(() => t.close());

  const as = (who: TestMember) => ({ token: who.token });

  it("lists the offered packages by sort, with their coupons; a withdrawn one is not offered", async () => {
    const page = await t.call<Page<RechargePackage>>("/memberrecharge/api/memberrecharge/page", {});
    expect(page.code).toBe(0);
    expect(page.data.list.map((item) => item.recharge_name)).toEqual(["充100", "充500送30"]);
    expect(page.data.list[1]).toMatchObject({
      recharge_id: offered, face_value: "530.00", buy_price: "500.00", point: 500, growth: 500, coupon_id: String(couponTypeId), status: 1,
      coupon_list: [{ coupon_type_id: couponTypeId, coupon_name: "充值专享券", coupon_desc: "满100减20" }],
    });
    expect((await t.call<RechargePackage>("/memberrecharge/api/memberrecharge/info", { recharge_id: offered })).data.face_value).toBe("530.00");
    expect(await t.call("/memberrecharge/api/memberrecharge/info", { recharge_id: withdrawn })).toMatchObject({ code: Code.ERROR, message: "充值套餐不存在或已下架" });
    expect(await t.call("/memberrecharge/api/ordercreate/create", { recharge_id: withdrawn }, as(member))).toMatchObject({ code: Code.ERROR, message: "充值套餐不存在或已下架" });
  });

  it("creates an order with a recharge trade the cashier shows and collects by gateway only", async () => {
    const { outTradeNo, orderId, order } = await createRecharge(t, member, offered);
    expect(order).toMatchObject({ member_id: member.member_id, face_value_cents: 53000, buy_price_cents: 50000, status: 0, point: 500, growth: 500 });
    expect(order.order_no).toMatch(/^\d{20}$/);
    expect(order.auto_close_time - order.create_time).toBe(30 * 60);
    expect(await tradeRow(t, outTradeNo)).toMatchObject({ trade_kind: "recharge", pay_money_cents: 50000, pay_status: PayStatus.PENDING, order_ids: "", member_id: member.member_id });

    const info = await t.call<PayInfo>("/api/pay/info", { out_trade_no: outTradeNo }, as(member));
    expect(info.data).toMatchObject({ trade_kind: "recharge", pay_money: "500.00", orders: [], order_ids: [], auto_close_time: order.auto_close_time });
    expect(info.data.recharge).toMatchObject({ order_id: orderId, recharge_name: "充500送30", face_value: "530.00", status: 0, status_name: "待支付" });

    // Balance cannot buy balance; a gateway can.
    const byBalance = await t.call("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "balance" }, as(member));
    expect(byBalance).toMatchObject({ code: Code.ERROR, message: "充值不能使用余额支付，请选择其他支付方式" });
    const started = await t.call<PayStart>("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox" }, as(member));
    expect(started.data).toMatchObject({ type: "url", out_trade_no: outTradeNo });
    expect(await tradeRow(t, outTradeNo)).toMatchObject({ pay_status: PayStatus.PAYING, pay_type: "sandbox" });
    // The gateway is told the order's time limit.
    expect(new URL((started.data as { data: string }).data).searchParams.get("time_expire")).toBe(String(order.auto_close_time));
  });

  it("lists and shows the member's own orders; another member's are not found", async () => {
    const { orderId, outTradeNo } = await createRecharge(t, member, offered);
    const page = await t.call<Page<RechargeOrder>>("/memberrecharge/api/order/page", { status: "0" }, as(member));
    expect(page.data.list[0]).toMatchObject({ order_id: orderId, out_trade_no: outTradeNo, status_name: "待支付", buy_price: "500.00" });
    expect(page.data.list.every((item) => item.status === 0)).toBe(true);
    expect((await t.call<Page<RechargeOrder>>("/memberrecharge/api/order/page", { status: "1" }, as(member))).data.count).toBe(0);
    const detail = await t.call<RechargeOrder>("/memberrecharge/api/order/detail", { order_id: orderId }, as(member));
    expect(detail.data).toMatchObject({ order_id: orderId, coupon_list: [expect.objectContaining({ coupon_type_id: couponTypeId })] });

    // IDOR: the other member sees nothing of it — not the order, not its trade, and cannot pay it.
    expect((await t.call<Page<RechargeOrder>>("/memberrecharge/api/order/page", {}, as(other))).data).toEqual({ page_count: 0, count: 0, list: [] });
    expect(await t.call("/memberrecharge/api/order/detail", { order_id: orderId }, as(other))).toMatchObject({ code: Code.ERROR, message: "充值订单不存在" });
    expect(await t.call("/api/pay/info", { out_trade_no: outTradeNo }, as(other))).toMatchObject({ code: Code.ERROR, message: "交易不存在" });
    expect(await t.call("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox" }, as(other))).toMatchObject({ code: Code.ERROR, message: "交易不存在" });
    expect(await t.call("/api/pay/status", { out_trade_no: outTradeNo }, as(other))).toMatchObject({ code: Code.ERROR, message: "交易不存在" });
    expect((await tradeRow(t, outTradeNo)).pay_status).toBe(PayStatus.PENDING);
  });

  it("refuses bad input with -10006 and guests with -10009, writing nothing", async () => {
    const before = await t.app.deps.db.selectFrom("member_recharge_order").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    for (const body of [{}, { recharge_id: "abc" }, { recharge_id: 0 }, { recharge_id: -3 }, { recharge_id: 1.5 }, { recharge_id: { nested: 1 } }]) {
      expect((await t.call("/memberrecharge/api/ordercreate/create", body, as(member))).code, JSON.stringify(body)).toBe(Code.PARAM);
    }
    expect(await t.call("/memberrecharge/api/ordercreate/create", { recharge_id: 999999 }, as(member))).toMatchObject({ code: Code.ERROR, message: "充值套餐不存在或已下架" });
    expect((await t.call("/memberrecharge/api/order/page", { status: "2" }, as(member))).code).toBe(Code.PARAM);
    expect((await t.call("/memberrecharge/api/order/page", { page_size: 1000 }, as(member))).code).toBe(Code.PARAM);
    expect((await t.call("/memberrecharge/api/order/detail", { order_id: "x" }, as(member))).code).toBe(Code.PARAM);
    expect((await t.call("/memberrecharge/api/memberrecharge/info", {})).code).toBe(Code.PARAM);
    for (const path of ["/memberrecharge/api/ordercreate/create", "/memberrecharge/api/order/page", "/memberrecharge/api/order/detail"]) {
      expect((await t.call(path, { recharge_id: offered, order_id: 1 })).code, path).toBe(Code.TOKEN_ERROR);
    }
    const after = await t.app.deps.db.selectFrom("member_recharge_order").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("caps the unpaid orders one member may hold", async () => {
    const busy = await registerMember(t);
    for (let i = 0; i < MAX_OPEN_RECHARGE_ORDERS; i += 1) await createRecharge(t, busy, offered);
    const refused = await t.call("/memberrecharge/api/ordercreate/create", { recharge_id: offered }, { ...as(busy), ip: nextIp() });
    expect(refused).toMatchObject({ code: Code.ERROR, message: "您有较多未支付的充值订单，请先支付或等待其自动关闭" });
  });
});
