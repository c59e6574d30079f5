import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, RefundData, RefundDetail, StaffRefundDetail } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, grantAccount, loginTestStaff, payTestOrder } from "../order/test-fixtures.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";
import { codeOrder } from "../verify/test-fixtures.ts";
import { DAY_SECONDS, now } from "../../core/time.ts";
import { autoAgree } from "./jobs.ts";
import { balanceOf, markShipped, ok, paidOrder, stockOf } from "./test-fixtures.ts";

/**
 * Refunds meeting the order's own life: pickup / virtual goods handed over by their code, a price
 * lowered before payment, the after-sale window counted from receipt, the system's answer once the
 * buyer holds the goods, and a complaint upheld after the shop refused returned goods.
 */
describe(`refunds and the order's state (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let sku: number;
  const db = () => t.app.deps.db;
  const call = <T>(path: string, body: object) => ok<T>(t, path, body, member.token);
  const staff = <T>(path: string, body: object) => ok<T>(t, path, body, admin);
  const refuses = async (path: string, body: object) => (await t.call(path, body, { token: member.token })).message;
  const orderOf = (orderId: number) => call<OrderDetail>("/api/order/detail", { order_id: orderId });
  const lineOf = async (orderId: number) =>
    (await db().selectFrom("order_goods").select(["order_goods_id", "delivery_status", "real_goods_money_cents"]).where("order_id", "=", orderId).orderBy("order_goods_id").execute());

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    sku = (await insertGoods(db(), "售后状态茶壶", { skus: [{ is_default: 1, discount_price_cents: 10_000, price_cents: 10_000, stock: 100 }] })).skuIds[0]!;
    await grantAccount(db(), member.member_id, "balance", 1_000_000, `refund-state-${member.member_id}`);
  });
  afterAll(() => t.close());

  /** A pickup order whose code staff used (已提货): the buyer holds the goods. */
  async function pickedUp(): Promise<{ orderId: number; lineId: number }> {
    const order = await codeOrder(t, member.member_id, sku);
    await staff("/shopapi/order/verify", { verify_code: order.code });
    const [line] = await lineOf(order.orderId);
    return { orderId: order.orderId, lineId: line!.order_goods_id };
  }

  it("using a pickup code marks its lines delivered; 退货退款 of a picked-up line puts the goods back once (at receipt), not again at transfer", async () => {
    const { orderId, lineId } = await pickedUp();
    expect((await lineOf(orderId))[0]!.delivery_status).toBe(1);
    const stock = await stockOf(db(), sku);
    expect((await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: lineId })).refund_type).toEqual([1, 2]);
    await call("/api/orderrefund/refund", { order_goods_id: lineId, refund_type: 2, refund_reason: "商品质量问题" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: lineId });
    await call("/api/orderrefund/delivery", { order_goods_id: lineId, refund_delivery_name: "门店退回", refund_delivery_no: "MD0001", refund_delivery_remark: "" });
    await staff("/shopapi/orderrefund/receive", { order_goods_id: lineId });
    expect(await stockOf(db(), sku)).toBe(stock + 1);
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: lineId })).toEqual({ refund_status: 3, refund_real_money: "100.00" });
    expect(await stockOf(db(), sku)).toBe(stock + 1);
    expect((await orderOf(orderId)).order_status).toBe(OrderStatus.CLOSED);
  });

  it("仅退款 of a picked-up line gives the money back and no stock (the buyer keeps the goods)", async () => {
    const { orderId, lineId } = await pickedUp();
    const stock = await stockOf(db(), sku);
    await call("/api/orderrefund/refund", { order_goods_id: lineId, refund_type: 1, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: lineId });
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: lineId });
    expect(await stockOf(db(), sku)).toBe(stock);
    expect((await orderOf(orderId)).order_status).toBe(OrderStatus.CLOSED);
  });

  it("仅退款 of a pickup line never picked up puts the goods back at transfer", async () => {
    const order = await codeOrder(t, member.member_id, sku);
    const [line] = await lineOf(order.orderId);
    const stock = await stockOf(db(), sku);
    await call("/api/orderrefund/refund", { order_goods_id: line!.order_goods_id, refund_type: 1, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: line!.order_goods_id });
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: line!.order_goods_id });
    expect(await stockOf(db(), sku)).toBe(stock + 1);
  });

  it("a price lowered before payment (改价 −20.00) is spread over the lines: refunding them all gives back what was paid and closes the order", async () => {
    const teaSku = (await insertGoods(db(), "改价茶叶", { skus: [{ is_default: 1, discount_price_cents: 3000, price_cents: 3000, stock: 100 }] })).skuIds[0]!;
    const order = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }, { skuId: teaSku, num: 1 }] });
    const adjusted = await staff<{ pay_money: string; out_trade_no: string }>("/shopapi/order/adjustprice", { order_id: order.orderId, adjust_money: "-20.00" });
    expect(adjusted.pay_money).toBe("110.00");
    const lines = await lineOf(order.orderId);
    // 100.00 and 30.00 share the 20.00 in proportion, as checkout shares discounts: 15.39 and 4.61
    expect(lines.map((line) => line.real_goods_money_cents)).toEqual([8461, 2539]);
    await payTestOrder(db(), { outTradeNo: adjusted.out_trade_no, payMoneyCents: 11_000 });
    const stock = await stockOf(db(), sku);
    const balance = await balanceOf(db(), member.member_id);

    expect((await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: lines[0]!.order_goods_id })).refund_money).toBe("84.61");
    await call("/api/orderrefund/refund", { order_goods_ids: lines.map((line) => line.order_goods_id), refund_type: 1, refund_reason: "拍错/多拍/不喜欢" });
    for (const line of lines) {
      await staff("/shopapi/orderrefund/agree", { order_goods_id: line.order_goods_id });
      expect((await staff<{ refund_status: number }>("/shopapi/orderrefund/transfer", { order_goods_id: line.order_goods_id })).refund_status).toBe(3);
    }
    expect(await balanceOf(db(), member.member_id)).toBe(balance + 11_000);
    expect(await stockOf(db(), sku)).toBe(stock + 1);
    expect((await orderOf(order.orderId)).order_status).toBe(OrderStatus.CLOSED);
  });

  it("a single line with its price lowered, refunded in full, closes the order (not 部分退款 left to ship)", async () => {
    const order = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    const adjusted = await staff<{ out_trade_no: string }>("/shopapi/order/adjustprice", { order_id: order.orderId, adjust_money: "-20.00" });
    await payTestOrder(db(), { outTradeNo: adjusted.out_trade_no, payMoneyCents: 8000 });
    const [line] = await lineOf(order.orderId);
    await call("/api/orderrefund/refund", { order_goods_id: line!.order_goods_id, refund_type: 1, refund_reason: "拍错/多拍/不喜欢" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: line!.order_goods_id });
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: line!.order_goods_id })).toEqual({ refund_status: 3, refund_real_money: "80.00" });
    expect((await orderOf(order.orderId)).order_status).toBe(OrderStatus.CLOSED);
  });

  it("the after-sale window counts from receipt: a received order takes refunds for after_sale_days, not forever", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    await call("/api/order/takedelivery", { order_id: order.orderId });
    const lineId = order.lineIds[0]!;
    expect((await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: lineId })).refund_money).toBe("100.00");
    await db().updateTable("orders").set({ sign_time: now() - 16 * DAY_SECONDS }).where("order_id", "=", order.orderId).execute();
    expect(await refuses("/api/orderrefund/refundData", { order_goods_id: lineId })).toBe("订单已超过售后期，不能申请退款");
    expect((await orderOf(order.orderId)).order_goods[0]!.refund_action).toEqual([]);
  });

  it("a used virtual order takes no refund, used (12) or completed (10)", async () => {
    const order = await codeOrder(t, member.member_id, sku, { orderType: OrderType.VIRTUAL });
    await staff("/shopapi/order/verify", { verify_code: order.code });
    const [line] = await lineOf(order.orderId);
    expect(await refuses("/api/orderrefund/refundData", { order_goods_id: line!.order_goods_id })).toBe("虚拟商品已使用，不能申请退款");
    await db().updateTable("orders").set({ order_status: OrderStatus.COMPLETE, finish_time: now() }).where("order_id", "=", order.orderId).execute();
    expect(await refuses("/api/orderrefund/refundData", { order_goods_id: line!.order_goods_id })).toBe("虚拟商品已使用，不能申请退款");
  });

  it("the system agrees an unanswered 仅退款 of received goods, but leaves sending the money to the shop; before receipt it sends it", async () => {
    const received = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), received.orderId);
    await call("/api/order/takedelivery", { order_id: received.orderId });
    const waiting = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    const balance = await balanceOf(db(), member.member_id);
    for (const order of [received, waiting]) await call("/api/orderrefund/refund", { order_goods_id: order.lineIds[0]!, refund_type: 1, refund_reason: "协商一致退款" });
    for (const order of [received, waiting]) {
      const refund = await db().selectFrom("order_refund").select("refund_id").where("order_goods_id", "=", order.lineIds[0]!).executeTakeFirstOrThrow();
      await autoAgree(db(), refund.refund_id);
    }
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: received.lineIds[0]! })).refund_status).toBe(2);
    expect((await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: waiting.lineIds[0]! })).refund_status).toBe(3);
    expect(await balanceOf(db(), member.member_id)).toBe(balance + 10_000);
  });

  it("a complaint upheld after the shop refused returned goods (5) resumes at 5: the buyer does not send them again", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    const lineId = order.lineIds[0]!;
    await call("/api/orderrefund/refund", { order_goods_id: lineId, refund_type: 2, refund_reason: "商品质量问题" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: lineId });
    await call("/api/orderrefund/delivery", { order_goods_id: lineId, refund_delivery_name: "顺丰速运", refund_delivery_no: "SF5550001", refund_delivery_remark: "" });
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: lineId, refund_refuse_reason: "退回的商品有使用痕迹" });
    const { complain_id } = await call<{ complain_id: number }>("/api/ordercomplain/complain", { order_goods_id: lineId, complain_reason: "商家无理拒绝退款", complain_remark: "寄出前完好" });
    // staff see who complained by name, as on every other line the buyer wrote
    const buyerLines = (await staff<StaffRefundDetail>("/shopapi/orderrefund/detail", { order_goods_id: lineId })).refund_log.filter((entry) => entry.action_way === 1);
    expect(buyerLines.map((entry) => entry.action)).toEqual(["买家申请退货退款", "买家已退货", "买家申请平台介入"]);
    expect(new Set(buyerLines.map((entry) => entry.actor_name))).toEqual(new Set([member.username]));
    expect(await staff("/shopapi/ordercomplain/handle", { complain_id, handle_remark: "支持买家", agree_refund: 1 })).toEqual({ complain_status: 2, refund_status: 5 });
    const detail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: lineId });
    expect(detail).toMatchObject({ refund_status: 5, refund_delivery_no: "SF5550001", delivery_deadline: 0 });
    expect(detail.refund_action.map((action) => action.event)).not.toContain("orderRefundDelivery");
    // the shop may not refuse what the platform decided; it receives the goods and sends the money
    expect((await t.call("/shopapi/orderrefund/refuse", { order_goods_id: lineId, refund_refuse_reason: "再次拒绝" }, { token: admin })).message).toBe("平台已介入并同意该退款，商家不能再拒绝");
    await staff("/shopapi/orderrefund/receive", { order_goods_id: lineId });
    expect((await staff<{ refund_status: number }>("/shopapi/orderrefund/transfer", { order_goods_id: lineId })).refund_status).toBe(3);
  });

  it("a complaint upheld after a refusal at 1 agrees the refund as the shop would (退货退款 → 4)", async () => {
    const order = await paidOrder(db(), { memberId: member.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    const lineId = order.lineIds[0]!;
    await call("/api/orderrefund/refund", { order_goods_id: lineId, refund_type: 2, refund_reason: "商品质量问题" });
    await staff("/shopapi/orderrefund/refuse", { order_goods_id: lineId, refund_refuse_reason: "不支持" });
    const { complain_id } = await call<{ complain_id: number }>("/api/ordercomplain/complain", { order_goods_id: lineId, complain_reason: "商家无理拒绝退款", complain_remark: "" });
    expect(await staff("/shopapi/ordercomplain/handle", { complain_id, handle_remark: "支持买家", agree_refund: 1 })).toEqual({ complain_status: 2, refund_status: 4 });
  });
});
