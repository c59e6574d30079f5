import { PROMOTION_TYPE_NAMES, type CheckoutMemberAccount, type CheckoutPromotion, type OrderCalculation } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import type { Buyer, CheckoutCalculation } from "./calculate.ts";
import type { CheckoutSource } from "./checkout-key.ts";
import { toWireLine } from "./order-lines.ts";
import { loadCheckoutConfig } from "./checkout-config.ts";
import { lookupPromotion } from "../promotion/registry.ts";

/** The calculation as the wire carries it: amounts as "12.30" strings. */
export function memberAccountOf(buyer: Buyer): CheckoutMemberAccount {
  return { balance_total: yuan(buyer.balanceCents), is_pay_password: buyer.payPasswordHash ? 1 : 0, point: buyer.point };
}

/** What the wire says of a promotion checkout's promotion ({} for an ordinary checkout, which has no `promotion`). */
export async function promotionOfCheckout(db: Db, source: CheckoutSource): Promise<{ promotion?: CheckoutPromotion }> {
  if (source.kind !== "promotion") return {};
  const hooks = lookupPromotion(source.promotion);
  return {
    promotion: {
      promotion_type: source.promotion,
      promotion_type_name: PROMOTION_TYPE_NAMES[source.promotion],
      promotion_id: source.promotion_id,
      allow_coupon: hooks.allowsCoupon ? 1 : 0,
      auto_close_minutes: await autoCloseMinutes(db, source),
    },
  };
}

/** Minutes an unpaid order of this checkout stays open: the promotion's own, else order_config's. */
export async function autoCloseMinutes(db: Db, source: CheckoutSource): Promise<number> {
  const own = source.kind === "promotion" ? lookupPromotion(source.promotion).autoCloseMinutes : undefined;
  if (own) return own(db);
  return (await loadCheckoutConfig(db)).order.auto_close_minutes;
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
    ...(calculation.promotion ? { promotion: calculation.promotion } : {}),
  };
}
