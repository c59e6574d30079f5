import type { CouponRuleFields, CouponTypeItem } from "@shop/contract";
import { formatPrice, formatTime } from "../../lib/format.ts";

/**
 * How a coupon reads on every page (the coupon centre, the SKU page, 我的优惠券, checkout): its big
 * figure, its condition, its cap and its validity, from the server's fields. No state, no React.
 */

/** "20.00" → "20", "19.90" → "19.9": the figure on a coupon. */
export function shortMoney(value: string): string {
  return formatPrice(value).replace(/\.?0+$/, "");
}

/** The big figure: ¥20 (满减) or 8.5折 (折扣). */
export function couponFace(coupon: Pick<CouponRuleFields, "type" | "money" | "discount">): { prefix: string; value: string; unit: string } {
  return coupon.type === "discount" ? { prefix: "", value: coupon.discount, unit: "折" } : { prefix: "¥", value: shortMoney(coupon.money), unit: "" };
}

/** 满199元可用 / 无门槛 */
export function couponCondition(coupon: Pick<CouponRuleFields, "at_least">): string {
  return formatPrice(coupon.at_least) === "0.00" ? "无门槛" : `满${shortMoney(coupon.at_least)}元可用`;
}

/** 满199减20, 满100享8.5折, 无门槛减5, 8.5折: the short label of a chip. */
export function couponLabel(coupon: Pick<CouponRuleFields, "type" | "money" | "discount" | "at_least">): string {
  const threshold = formatPrice(coupon.at_least) !== "0.00";
  if (coupon.type === "discount") return threshold ? `满${shortMoney(coupon.at_least)}享${coupon.discount}折` : `${coupon.discount}折`;
  return threshold ? `满${shortMoney(coupon.at_least)}减${shortMoney(coupon.money)}` : `无门槛减${shortMoney(coupon.money)}`;
}

/** 折扣 with a cap: 最多优惠50元; else "". */
export function couponCap(coupon: Pick<CouponRuleFields, "type" | "discount_limit">): string {
  return coupon.type === "discount" && formatPrice(coupon.discount_limit) !== "0.00" ? `最多优惠${shortMoney(coupon.discount_limit)}元` : "";
}

const day = (seconds: number) => formatTime(seconds, "YYYY.MM.DD");

/** A held coupon's validity: 2026.03.01 - 2026.03.31 (the end is exclusive: the day before, at 23:59, reads as that day). */
export function heldValidity(start: number, end: number): string {
  return `${day(start)} - ${day(end - 1)}`;
}

/** A type's validity: its fixed dates, or 领取后30天内有效. */
export function typeValidity(type: Pick<CouponTypeItem, "validity_type" | "start_time" | "end_time" | "fixed_term">): string {
  return type.validity_type === 1 ? `领取后${type.fixed_term}天内有效` : heldValidity(type.start_time, type.end_time);
}
