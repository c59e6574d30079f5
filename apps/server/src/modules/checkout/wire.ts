import type { CheckoutMemberAccount, OrderCalculation } from "@shop/contract";
import { yuan } from "../../core/money.ts";
import type { Buyer, CheckoutCalculation } from "./calculate.ts";
import { toWireLine } from "./order-lines.ts";

/** The calculation as the wire carries it: amounts as "12.30" strings. */
export function memberAccountOf(buyer: Buyer): CheckoutMemberAccount {
  return { balance_total: yuan(buyer.balanceCents), is_pay_password: buyer.payPasswordHash ? 1 : 0, point: buyer.point };
}

export function toWireCalculation(orderKey: string, calculation: CheckoutCalculation): OrderCalculation {
  return {
    order_key: orderKey,
    is_virtual: calculation.isVirtual ? 1 : 0,
    order_type: calculation.orderType,
    delivery_type: calculation.deliveryType,
    goods_list: calculation.lines.map(toWireLine),
    goods_num: calculation.lines.reduce((sum, line) => sum + line.num, 0),
    goods_money: yuan(calculation.goodsMoney),
    delivery_money: yuan(calculation.deliveryMoney),
    coupon_money: yuan(calculation.couponMoney),
    coupon_id: calculation.couponId,
    coupon_name: calculation.couponName,
    promotion_money: yuan(calculation.promotionMoney),
    point_money: yuan(calculation.pointMoney),
    balance_money: yuan(calculation.balanceMoney),
    invoice_money: yuan(calculation.invoiceMoney),
    order_money: yuan(calculation.orderMoney),
    pay_money: yuan(calculation.payMoney),
    max_usable_point: calculation.maxUsablePoint,
    use_point: calculation.usePoint,
    member_address: calculation.address,
    delivery_store: calculation.store,
    member_account: memberAccountOf(calculation.buyer),
    need_pay_password: calculation.balanceMoney > 0 && calculation.buyer.payPasswordHash ? 1 : 0,
    submit_blocked_reason: calculation.blockedReason,
  };
}
