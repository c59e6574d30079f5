import { cents, ZERO_CENTS, type Cents } from "@shop/contract";
import { DAY_SECONDS } from "../../core/time.ts";

/**
 * The rules of a coupon, without the database: what it is worth on an order, and when it is valid.
 * Kept pure so the tests can walk every case.
 */
export const CouponKind = { REWARD: "reward", DISCOUNT: "discount" } as const;
export const GoodsScope = { ALL: 1, GOODS: 2, CATEGORIES: 3 } as const;
export const Validity = { FIXED: 0, DAYS: 1 } as const;
/** Stored states; 3 (expired) exists on the wire only: an unused coupon past its end. */
export const CouponState = { UNUSED: 1, USED: 2, EXPIRED: 3 } as const;
export const TypeStatus = { RUNNING: 1, CLOSED: -1 } as const;

export interface CouponRule {
  type: string;
  money_cents: number;
  discount_percent: number;
  discount_limit_cents: number;
  at_least_cents: number;
  goods_type: number;
}

/** Scope of a type that is not for all goods. */
export interface CouponScope {
  goodsIds: ReadonlySet<number>;
  categoryIds: ReadonlySet<number>;
}

/** An order line as the rules see it: its goods, the goods' categories (every level) and its money. */
export interface RuleLine {
  goodsId: number;
  categoryIds: readonly number[];
  goodsMoneyCents: number;
}

export function lineInScope(rule: Pick<CouponRule, "goods_type">, scope: CouponScope | undefined, line: Pick<RuleLine, "goodsId" | "categoryIds">): boolean {
  if (rule.goods_type === GoodsScope.ALL) return true;
  if (!scope) return false;
  if (rule.goods_type === GoodsScope.GOODS) return scope.goodsIds.has(line.goodsId);
  return line.categoryIds.some((categoryId) => categoryId > 0 && scope.categoryIds.has(categoryId));
}

/** The goods money of the lines the coupon applies to. */
export function eligibleMoney(rule: CouponRule, scope: CouponScope | undefined, lines: readonly RuleLine[]): Cents {
  return cents(lines.filter((line) => lineInScope(rule, scope, line)).reduce((sum, line) => sum + line.goodsMoneyCents, 0));
}

/**
 * What the coupon takes off these lines, or null when it does not apply (no line in scope, or the
 * threshold not reached). 满减: its money, at most the eligible money. 折扣: the eligible money ×
 * (100 − percent)%, rounded half up to a cent, at most the cap.
 */
export function couponSaving(rule: CouponRule, scope: CouponScope | undefined, lines: readonly RuleLine[]): Cents | null {
  const eligible = eligibleMoney(rule, scope, lines);
  if (eligible <= 0 || eligible < rule.at_least_cents) return null;
  if (rule.type === CouponKind.REWARD) return cents(Math.min(rule.money_cents, eligible));
  if (rule.discount_percent <= 0 || rule.discount_percent >= 100) return null;
  const off = Math.round((eligible * (100 - rule.discount_percent)) / 100);
  const capped = rule.discount_limit_cents > 0 ? Math.min(off, rule.discount_limit_cents) : off;
  return capped > 0 ? cents(Math.min(capped, eligible)) : ZERO_CENTS;
}

/** When a coupon received at `at` is valid: [start, end). */
export function validityOf(type: { validity_type: number; start_time: number; end_time: number; fixed_term: number }, at: number): { start: number; end: number } {
  if (type.validity_type === Validity.DAYS) return { start: at, end: at + type.fixed_term * DAY_SECONDS };
  return { start: type.start_time, end: type.end_time };
}

/** The wire state of a member's coupon: used, expired (unused past its end) or unused. */
export function wireState(coupon: { state: number; end_time: number }, at: number): 1 | 2 | 3 {
  if (coupon.state === CouponState.USED) return CouponState.USED;
  return coupon.end_time <= at ? CouponState.EXPIRED : CouponState.UNUSED;
}

/** A fixed-date type whose end has passed gives no more coupons. */
export const typeExpired = (type: { validity_type: number; end_time: number }, at: number): boolean =>
  type.validity_type === Validity.FIXED && type.end_time <= at;

export const typeSoldOut = (type: { total_count: number; lead_count: number }): boolean => type.total_count > 0 && type.lead_count >= type.total_count;
