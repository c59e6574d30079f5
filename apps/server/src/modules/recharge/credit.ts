import { RECHARGE_ORDER_STATUS } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { yuan } from "../../core/money.ts";
import { changeAccount } from "../account/ledger.ts";
import { grantCoupons } from "../coupon/grant.ts";
import { addGrowth } from "../member-level/growth.ts";
import { couponIdsOf } from "./coupon-list.ts";

/** The ledger's from_type (balance and points) and the coupon grant's, keyed by the recharge order id. */
export const RECHARGE_FROM_TYPE = "recharge";

/**
 * A recharge trade was paid (pay/trade.ts settleTrade, in its unit of work, after the trade moved to
 * PAID): its recharge order moves 待支付 → 已支付 by a conditional update, and only the unit that
 * moved it credits the face value to the balance and gives the bonus points, growth and coupons —
 * each also keyed by the order, so nothing can be given twice. Answers false when the order is no
 * longer waiting for this trade (it closed): the caller flags the money for refund.
 */
export async function creditRechargeOrder(tx: Db, outTradeNo: string, payType: string, at: number): Promise<boolean> {
  const moved = await tx
    .updateTable("member_recharge_order")
    .set({ status: RECHARGE_ORDER_STATUS.PAID, pay_type: payType, pay_time: at, auto_close_time: 0 })
    .where("out_trade_no", "=", outTradeNo)
    .where("status", "=", RECHARGE_ORDER_STATUS.WAIT_PAY)
    .executeTakeFirst();
  if (affectedRows(moved) !== 1) return false;
  const order = await tx.selectFrom("member_recharge_order").selectAll().where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
  const event = { memberId: order.member_id, fromType: RECHARGE_FROM_TYPE, businessId: order.order_id };
  await changeAccount(tx, {
    ...event, accountType: "balance", amount: order.face_value_cents, typeName: "会员充值",
    remark: `充值订单 ${order.order_no}：${order.recharge_name}，到账 ¥${yuan(order.face_value_cents)}`,
  });
  if (order.point > 0) {
    await changeAccount(tx, { ...event, accountType: "point", amount: order.point, typeName: "充值赠送", remark: `充值订单 ${order.order_no} 赠送积分` });
  }
  if (order.growth > 0) await addGrowth(tx, order.member_id, order.growth, RECHARGE_FROM_TYPE, String(order.order_id), `充值订单 ${order.order_no}`);
  const couponTypeIds = couponIdsOf(order.coupon_id);
  if (couponTypeIds.length > 0) await grantCoupons(tx, order.member_id, couponTypeIds, RECHARGE_FROM_TYPE, String(order.order_id));
  await tx
    .updateTable("member_recharge")
    .set((eb) => ({ sale_num: eb("sale_num", "+", 1) }))
    .where("recharge_id", "=", order.recharge_id)
    .execute();
  return true;
}
