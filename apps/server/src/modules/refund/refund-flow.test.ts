import { beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, RefundBatchData, RefundData, RefundDetail, RefundListPage, StaffRefundDetail } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { balanceOf, markShipped, paidOrder, refundSuite, stockOf } from "./test-fixtures.ts";

/**
 * The refund flows end to end through the API: 仅退款 before shipping (stock back, the last line
 * carries the shipping fee, the order closes and its points come back), 退货退款 after shipping,
 * a partial refund and the rest, cancelling and asking again.
 */
describe(`refund flows (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const suite = refundSuite("refund-flow", { cup: ["退款茶杯", 3000], tea: ["退款茶叶", 5000] });
  const { db, call, staff } = suite;
  beforeAll(() => grantAccount(db(), suite.member.member_id, "point", 500, `refund-flow-p-${suite.member.member_id}`));

  it("仅退款 before shipping: each line back to the balance and to stock; the last line brings the shipping fee, closes the order and returns its points", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.cup, num: 2 }, { skuId: suite.skus.tea, num: 1 }], point: 100 }, { deliveryCents: 800 });
    const [cupLine, teaLine] = order.lineIds as [number, number];
    const balanceBefore = await balanceOf(db(), suite.member.member_id);
    const pointsBefore = await ledgerSum(db(), suite.member.member_id, "point");
    const cupStock = await stockOf(db(), suite.skus.cup);

    const data = await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: cupLine });
    expect(data).toMatchObject({ refund_money: "60.00", refund_delivery_money: "0.00", refund_type: [1] });
    expect(data.refund_reason_type.length).toBeGreaterThan(0);
    // 退货退款 is not offered before shipping
    expect((await suite.t.call("/api/orderrefund/refund", { order_goods_ids: [cupLine], refund_type: 2, refund_reason: "拍错/多拍/不喜欢" }, { token: suite.member.token })).message).toBe("商品尚未发货，请选择仅退款");

    await call("/api/orderrefund/refund", { order_goods_ids: String(cupLine), refund_type: 1, refund_reason: "拍错/多拍/不喜欢", refund_remark: "买多了" });
    const applied = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(applied).toMatchObject({ refund_status: 1, refund_status_name: "申请退款", refund_apply_money: "60.00", refund_type_name: "仅退款" });
    expect(applied.auto_agree_time).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(applied.refund_action.map((action) => action.event)).toEqual(["orderRefundCancel", "orderRefundDetail"]);
    expect(applied.refund_log).toMatchObject([{ action: "买家申请仅退款", actor_name: "买家", refund_status: 1 }]);

    // the order page shows the line's refund and what may be done
    const detail = await call<OrderDetail>("/api/order/detail", { order_id: order.orderId });
    expect(detail.order_goods.map((line) => [line.refund_status_name, line.refund_action.map((action) => action.event)])).toEqual([
      ["申请退款", ["orderRefundCancel", "orderRefundDetail"]],
      ["", ["orderRefundApply"]],
    ]);

    expect(await staff("/shopapi/orderrefund/agree", { order_goods_id: cupLine })).toEqual({ refund_status: 2 });
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: cupLine, shop_remark: "已退" })).toEqual({ refund_status: 3, refund_real_money: "60.00" });
    expect(await balanceOf(db(), suite.member.member_id)).toBe(balanceBefore + 6000);
    expect(await stockOf(db(), suite.skus.cup)).toBe(cupStock + 2);

    // the tea is the last line: its refund carries the shipping fee; the order closes, points come back
    const last = await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: teaLine });
    expect(last).toMatchObject({ refund_money: "58.00", refund_delivery_money: "8.00" });
    await call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_type: 1, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: teaLine });
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: teaLine })).toEqual({ refund_status: 3, refund_real_money: "58.00" });
    expect(await balanceOf(db(), suite.member.member_id)).toBe(balanceBefore + 6000 + 5800);
    const closed = await call<OrderDetail>("/api/order/detail", { order_id: order.orderId });
    expect(closed).toMatchObject({ order_status: -1, close_cause: "订单商品已全部退款" });
    expect(closed.order_log.at(-1)).toMatchObject({ action: "refund_close", action_name: "全部退款后关闭", to_status: -1 });
    expect(await ledgerSum(db(), suite.member.member_id, "point")).toBe(pointsBefore + 100);
    const teaDetail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: teaLine });
    expect(teaDetail).toMatchObject({ refund_delivery_money: "8.00", refund_real_money: "58.00", refund_balance_money: "58.00", refund_pay_money: "0.00", refund_point: 100 });
    // nothing more to refund
    expect((await suite.t.call("/api/orderrefund/refundData", { order_goods_id: teaLine }, { token: suite.member.token })).message).toBe("订单已关闭，不能申请退款");
  });

  it("退货退款 after shipping: receipt refused while open, goods sent back, received (stock back), money back", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.cup, num: 1 }, { skuId: suite.skus.tea, num: 1 }] });
    await markShipped(db(), order.orderId);
    const [cupLine] = order.lineIds as [number, number];
    expect((await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: cupLine })).refund_type).toEqual([1, 2]);
    await call("/api/orderrefund/refund", { order_goods_id: cupLine, refund_type: 2, refund_reason: "商品质量问题", refund_images: [] });
    expect((await suite.t.call("/api/order/takedelivery", { order_id: order.orderId }, { token: suite.member.token })).message).toMatch(/正在退款中/);

    const address = { name: "售后仓", mobile: "021-5555", address: "上海市 测试路 1 号" };
    expect(await staff("/shopapi/orderrefund/agree", { order_goods_id: cupLine, refund_address: address })).toEqual({ refund_status: 4 });
    const waiting = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine });
    expect(waiting).toMatchObject({ refund_status: 4, refund_address: address });
    expect(waiting.delivery_deadline).toBeGreaterThan(0);
    expect(waiting.refund_action.map((action) => action.event)).toContain("orderRefundDelivery");

    // staff cannot transfer before the goods are back
    expect((await suite.t.call("/shopapi/orderrefund/transfer", { order_goods_id: cupLine }, { token: suite.admin })).message).toBe("退款当前状态为「待买家退货」，不能退款");
    await call("/api/orderrefund/delivery", { order_goods_id: cupLine, refund_delivery_name: "顺丰速运", refund_delivery_no: "SF1234567890", refund_delivery_remark: "" });
    const stock = await stockOf(db(), suite.skus.cup);
    await staff("/shopapi/orderrefund/receive", { order_goods_id: cupLine });
    expect(await stockOf(db(), suite.skus.cup)).toBe(stock + 1);
    const staffView = await staff<StaffRefundDetail>("/shopapi/orderrefund/detail", { order_goods_id: cupLine });
    expect(staffView).toMatchObject({ refund_status: 6, staff_actions: ["transfer"], refund_delivery_no: "SF1234567890" });
    const balance = await balanceOf(db(), suite.member.member_id);
    await staff("/shopapi/orderrefund/transfer", { order_goods_id: cupLine });
    expect(await balanceOf(db(), suite.member.member_id)).toBe(balance + 3000);
    // the stock came back at receipt, not again at transfer
    expect(await stockOf(db(), suite.skus.cup)).toBe(stock + 1);
    // the other line is still open: receipt now works
    expect((await suite.t.call("/api/order/takedelivery", { order_id: order.orderId }, { token: suite.member.token })).code).toBe(0);
    const timeline = (await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: cupLine })).refund_log.map((entry) => [entry.refund_status, entry.actor_name]);
    expect(timeline).toEqual([[1, "买家"], [4, "商家"], [5, "买家"], [6, "商家"], [3, "商家"]]);
  });

  it("a partial refund (-3) leaves the rest to ask for; cancelling closes (-2) and asking again works", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.tea, num: 2 }, { skuId: suite.skus.cup, num: 1 }] });
    const [teaLine] = order.lineIds as [number, number];
    await call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_type: 1, refund_reason: "协商一致退款", refund_money: "30.5" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: teaLine });
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: teaLine })).toEqual({ refund_status: -3, refund_real_money: "30.50" });
    expect(await call<RefundData>("/api/orderrefund/refundData", { order_goods_id: teaLine })).toMatchObject({ refund_money: "69.50" });
    expect((await suite.t.call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_reason: "协商一致退款", refund_money: "69.51" }, { token: suite.member.token })).code).toBe(-10006);

    await call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_reason: "协商一致退款" });
    await call("/api/orderrefund/cancel", { order_goods_id: teaLine });
    expect(await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: teaLine })).toMatchObject({ refund_status: -2, refund_status_name: "退款已关闭" });
    await call("/api/orderrefund/refund", { order_goods_id: teaLine, refund_reason: "协商一致退款" });
    await staff("/shopapi/orderrefund/agree", { order_goods_id: teaLine });
    expect(await staff("/shopapi/orderrefund/transfer", { order_goods_id: teaLine })).toEqual({ refund_status: 3, refund_real_money: "69.50" });
    const detail = await call<RefundDetail>("/api/orderrefund/detail", { order_goods_id: teaLine });
    expect(detail.refund_total_real_money).toBe("100.00");
    // the order is still open: one line left
    expect((await call<OrderDetail>("/api/order/detail", { order_id: order.orderId })).order_status).toBe(1);
  });

  it("a whole order at once (orderbatch_refund): every line in full, the last one with the shipping fee", async () => {
    const order = await paidOrder(db(), { memberId: suite.member.member_id, lines: [{ skuId: suite.skus.tea, num: 1 }, { skuId: suite.skus.cup, num: 1 }] }, { deliveryCents: 600 });
    const batch = await call<RefundBatchData>("/api/orderrefund/refundDataBatch", { order_id: order.orderId });
    expect(batch).toMatchObject({ refund_money: "86.00", refund_delivery_money: "6.00", refund_type: [1], skipped: [] });
    expect(batch.order_goods_list.map((line) => line.refund_money)).toEqual(["50.00", "36.00"]);
    const result = await call<{ order_goods_ids: number[] }>("/api/orderrefund/refund", { order_goods_ids: order.lineIds.join(","), refund_reason: "拍错/多拍/不喜欢" });
    expect(result.order_goods_ids).toEqual(order.lineIds);
    const list = await call<RefundListPage>("/api/orderrefund/lists", { refund_status: "doing" });
    expect(list.list.filter((item) => item.order_id === order.orderId).map((item) => item.refund_apply_money).sort()).toEqual(["36.00", "50.00"]);
    expect(list.counts.doing).toBeGreaterThanOrEqual(2);
    for (const lineId of order.lineIds) {
      await staff("/shopapi/orderrefund/agree", { order_goods_id: lineId });
      await staff("/shopapi/orderrefund/transfer", { order_goods_id: lineId });
    }
    expect((await call<OrderDetail>("/api/order/detail", { order_id: order.orderId })).order_status).toBe(-1);
    const sent = await db().selectFrom("order_refund").select((eb) => eb.fn.sum<number>("refund_real_money_cents").as("sent")).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(Number(sent.sent)).toBe(8600);
  });
});
