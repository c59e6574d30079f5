import { cents, ZERO_CENTS, type Cents } from "@shop/contract";
import type { PointConfig } from "../../core/config-keys.ts";

/**
 * Points deduction (积分抵扣): `points_per_yuan` points are worth ¥1.00; at most `max_percent` of
 * the goods money (after promotions and coupons) and never more than the order costs or the
 * member has. Money is whole cents: the points charged for it are rounded up, so a member never
 * gets a cent for less than its price in points.
 */
export interface PointDeduction {
  /** the most points usable on this order */
  points: number;
  /** what they are worth */
  money: Cents;
}

export const NO_POINTS: PointDeduction = { points: 0, money: ZERO_CENTS };

export function maxPointDeduction(config: PointConfig, memberPoints: number, discountedGoodsMoney: Cents, payableBeforePoints: Cents): PointDeduction {
  if (!config.is_enable || config.points_per_yuan <= 0 || memberPoints <= 0) return NO_POINTS;
  const percent = Math.min(Math.max(config.max_percent, 0), 100);
  const capCents = Math.min(Math.floor((discountedGoodsMoney * percent) / 100), payableBeforePoints);
  const memberCents = Math.floor((memberPoints * 100) / config.points_per_yuan);
  const money = Math.max(0, Math.min(capCents, memberCents));
  if (money === 0) return NO_POINTS;
  return { points: Math.ceil((money * config.points_per_yuan) / 100), money: cents(money) };
}
