import type { GiftCoupon, MemberLevelItem, MemberLevelState } from "@shop/contract";
import { formatPrice } from "../../../lib/format.ts";

/** What the level page computes from the API's answers (pure, so it is tested without a browser). */

export const LEVEL_PATH = "/member/level";
export const GROWTH_PAGE_SIZE = 10;

/** ?page= of the growth records; anything else is page 1. */
export function parsePage(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1;
}

/** 95 → "9.5折", 90 → "9折", 100 (or anything out of range) → "无折扣". */
export function discountLabel(percent: number): string {
  if (!Number.isInteger(percent) || percent <= 0 || percent >= 100) return "无折扣";
  return `${percent / 10}折`;
}

/** A gift coupon as one phrase: "满99.00减10.00", "无门槛减5.00", "8.5折". */
export function couponValue(coupon: Pick<GiftCoupon, "type" | "money" | "discount" | "at_least">): string {
  const threshold = formatPrice(coupon.at_least) === "0.00" ? "无门槛" : `满${formatPrice(coupon.at_least)}`;
  if (coupon.type === "discount") return `${threshold === "无门槛" ? "" : threshold}${coupon.discount}折`;
  return `${threshold}减${formatPrice(coupon.money)}`;
}

export interface GiftLine {
  text: string;
  /** a coupon's terms ("满99.00减10.00"), shown on hover */
  title?: string;
}

/** A level's upgrade gifts, one line each ("200 积分", "¥10.00 余额", "优惠券「金卡礼券」"); [] when none. */
export function giftLines(level: Pick<MemberLevelItem, "send_point" | "send_balance" | "send_coupon">): GiftLine[] {
  const lines: GiftLine[] = [];
  if (level.send_point > 0) lines.push({ text: `${level.send_point} 积分` });
  if (formatPrice(level.send_balance) !== "0.00") lines.push({ text: `¥${formatPrice(level.send_balance)} 余额` });
  for (const coupon of level.send_coupon) lines.push({ text: `优惠券「${coupon.coupon_name}」`, title: couponValue(coupon) });
  return lines;
}

export type LevelMark = "current" | "reached" | "locked";

/** The member's relation to a level of the ladder: its level, one passed on the way, or still ahead. */
export function levelMark(level: Pick<MemberLevelItem, "level_id" | "growth">, state: Pick<MemberLevelState, "level_id" | "growth">, ladder: MemberLevelItem[]): LevelMark {
  if (level.level_id === state.level_id) return "current";
  const currentThreshold = ladder.find((item) => item.level_id === state.level_id)?.growth ?? 0;
  return level.growth < currentThreshold ? "reached" : "locked";
}

/** The ways to earn growth, as the page explains them. */
export function growthRules(state: Pick<MemberLevelState, "order_growth_per_yuan">): string[] {
  const rules = [
    state.order_growth_per_yuan > 0
      ? `购物消费：订单支付成功后，每消费 1 元获得 ${state.order_growth_per_yuan} 成长值`
      : "购物消费：当前订单消费暂不累计成长值",
    "每日签到：签到可获得成长值，连续签到奖励更多",
    "账户充值：部分充值套餐赠送成长值",
    "订单全部退款后，该订单获得的成长值将被扣回，已达到的等级不会降低",
  ];
  return rules;
}

/** "+20" / "-617": a signed growth change. */
export const signedGrowth = (growth: number): string => (growth > 0 ? `+${growth}` : String(growth));
