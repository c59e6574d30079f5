import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { cents } from "@shop/contract";
import { realLineMoney } from "../checkout/calculate.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { cancelOpenTrades, createTrade } from "../pay/trade.ts";
import { OrderStatus, canTransition, logOrderEvent, orderStatusName } from "./state-machine.ts";
import { staffActor } from "./staff-actor.ts";
import { lockOpenTrades } from "./close.ts";

/**
 * Price adjustment before payment (改价). Staff set the order's adjustment of the goods money
 * (signed; it replaces the previous adjustment, so sending the same values twice changes nothing)
 * and, optionally, its delivery money. The amount to pay changes by the same difference and must
 * stay at least ¥0.01: a zero amount would need the free-order path of checkout, so it is refused.
 * The open trade is cancelled and a new one opened for the new amount, so a payment link or QR
 * code made for the old amount can no longer pay the order (a late payment of it is flagged for refund).
 */

export const MIN_PAY_CENTS = 1;

/** Amounts in cents (the contract parsed them exactly). */
export interface AdjustInput {
  adjust_money: number;
  delivery_money?: number;
}

export interface AdjustResult {
  pay_money: string;
  out_trade_no: string;
}

/**
 * Each line's real_goods_money follows the adjustment as checkout spread the discounts (its share
 * in proportion to its goods money), so what a refund of a line gives back is what was paid for it
 * and refunding every line adds up to the order's goods money as adjusted.
 */
async function spreadOverLines(
  tx: Db,
  orderId: number,
  order: { promotion_money_cents: number; coupon_money_cents: number; point_money_cents: number; adjust_money_cents: number },
): Promise<void> {
  const lines = await tx.selectFrom("order_goods").select(["order_goods_id", "goods_money_cents"]).where("order_id", "=", orderId).orderBy("order_goods_id").execute();
  const real = realLineMoney({
    lines: lines.map((line) => ({ goodsMoneyCents: cents(line.goods_money_cents) })),
    promotionMoney: cents(order.promotion_money_cents),
    couponMoney: cents(order.coupon_money_cents),
    pointMoney: cents(order.point_money_cents),
    adjustMoney: order.adjust_money_cents,
  });
  for (const [index, line] of lines.entries()) {
    await tx.updateTable("order_goods").set({ real_goods_money_cents: real[index]! }).where("order_goods_id", "=", line.order_goods_id).execute();
  }
}

export async function adjustOrderPrice(db: Db, caller: StaffCaller, orderId: number, input: AdjustInput): Promise<AdjustResult> {
  const adjustCents = input.adjust_money;
  const deliveryInput = input.delivery_money;
  return unitOfWork(db, async (tx) => {
    // Trades before the order, as payment, closing and the cashier lock them (PostgreSQL): the
    // opposite order deadlocked when an adjustment met a balance payment of the same order.
    await lockOpenTrades(tx, orderId);
    const order = await tx
      .selectFrom("orders")
      .select([
        "member_id", "order_type", "order_status", "order_name", "out_trade_no", "adjust_money_cents", "delivery_money_cents", "order_money_cents", "pay_money_cents",
        "promotion_money_cents", "coupon_money_cents", "point_money_cents",
      ])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!order) return fail("订单不存在");
    if (!canTransition("pay", order.order_type, order.order_status)) {
      fail(`订单当前状态为「${orderStatusName(order.order_status, order.order_type)}」，不能调整价格`);
    }
    const deliveryCents = deliveryInput ?? order.delivery_money_cents;
    if (adjustCents === order.adjust_money_cents && deliveryCents === order.delivery_money_cents) {
      return { pay_money: yuan(order.pay_money_cents), out_trade_no: order.out_trade_no };
    }
    const difference = adjustCents - order.adjust_money_cents + (deliveryCents - order.delivery_money_cents);
    const payCents = order.pay_money_cents + difference;
    if (payCents < MIN_PAY_CENTS) fail("调整后的应付金额不能低于 0.01 元");
    const updated = await tx
      .updateTable("orders")
      .set({
        adjust_money_cents: adjustCents,
        delivery_money_cents: deliveryCents,
        order_money_cents: order.order_money_cents + difference,
        pay_money_cents: payCents,
      })
      .where("order_id", "=", orderId)
      .where("order_status", "=", OrderStatus.WAIT_PAY)
      .where("pay_money_cents", "=", order.pay_money_cents)
      .where("adjust_money_cents", "=", order.adjust_money_cents)
      .where("delivery_money_cents", "=", order.delivery_money_cents)
      .executeTakeFirst();
    expectAffected(updated, 1, "订单状态已变化，请刷新后重试");
    await spreadOverLines(tx, orderId, { ...order, adjust_money_cents: adjustCents });
    await cancelOpenTrades(tx, orderId);
    const outTradeNo = await createTrade(tx, { memberId: order.member_id, orderIds: [orderId], amountCents: payCents, body: order.order_name });
    const before = { adjust_money: yuan(order.adjust_money_cents), delivery_money: yuan(order.delivery_money_cents), pay_money: yuan(order.pay_money_cents) };
    const after = { adjust_money: yuan(adjustCents), delivery_money: yuan(deliveryCents), pay_money: yuan(payCents) };
    await logOrderEvent(
      tx, orderId, "adjust_price", OrderStatus.WAIT_PAY, staffActor(caller.staff),
      `调整价格：商品调价 ${after.adjust_money}，运费 ${after.delivery_money}，应付 ${before.pay_money} → ${after.pay_money}`,
    );
    await logStaffAction(tx, caller, "order.adjust_price", { type: "order", id: orderId }, { before, after, out_trade_no: outTradeNo });
    return { pay_money: after.pay_money, out_trade_no: outTradeNo };
  });
}
