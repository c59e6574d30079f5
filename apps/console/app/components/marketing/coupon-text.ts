import type { StaffCouponType } from "@shop/contract";
import { fullTime } from "../../lib/format.ts";

/** What a coupon type gives: 满 200 减 30 / 无门槛减 10 / 满 100 打 8.5 折，最多减 50. */
export function couponRuleText(type: Pick<StaffCouponType, "type" | "money" | "discount" | "discount_limit" | "at_least">): string {
  const threshold = Number(type.at_least) > 0 ? `满 ${type.at_least} ` : "无门槛";
  if (type.type === "reward") return `${threshold}减 ${type.money}`;
  const cap = Number(type.discount_limit) > 0 ? `，最多减 ${type.discount_limit}` : "";
  return `${threshold}打 ${type.discount} 折${cap}`;
}

/** Its validity: 领取后 15 天有效 / 2026-12-01 00:00 至 2026-12-31 23:59. */
export function couponValidityText(type: Pick<StaffCouponType, "validity_type" | "fixed_term" | "start_time" | "end_time">): string {
  return type.validity_type === 1 ? `领取后 ${type.fixed_term} 天有效` : `${fullTime(type.start_time)} 至 ${fullTime(type.end_time)}`;
}

export const COUPON_STATUS_COLORS: Record<string, string> = { 进行中: "green", 已领完: "orange", 已过期: "default", 已关闭: "red" };
