import type { Db } from "../../db/unit-of-work.ts";
import { CouponState } from "./rules.ts";

/** What a type's coupons came to: used on orders (and those orders' money), expired unused. */
export interface CouponUsage {
  used: number;
  expired: number;
  orderMoneyCents: number;
  couponMoneyCents: number;
}

const NONE: CouponUsage = { used: 0, expired: 0, orderMoneyCents: 0, couponMoneyCents: 0 };

/**
 * The usage figures of these types at `at`, from the coupons themselves (an unused coupon past its
 * end is expired; state 3 is only a wire value) and the orders that used them.
 */
export async function couponUsage(db: Db, typeIds: readonly number[], at: number): Promise<(typeId: number) => CouponUsage> {
  if (typeIds.length === 0) return () => NONE;
  const ids = [...new Set(typeIds)];
  const [used, expired] = await Promise.all([
    db
      .selectFrom("coupon")
      .leftJoin("orders", "orders.order_id", "coupon.use_order_id")
      .select((eb) => [
        "coupon.coupon_type_id",
        eb.fn.countAll<number>().as("used"),
        eb.fn.coalesce(eb.fn.sum<number>("orders.order_money_cents"), eb.lit(0)).as("order_money"),
        eb.fn.coalesce(eb.fn.sum<number>("orders.coupon_money_cents"), eb.lit(0)).as("coupon_money"),
      ])
      .where("coupon.coupon_type_id", "in", ids)
      .where("coupon.state", "=", CouponState.USED)
      .groupBy("coupon.coupon_type_id")
      .execute(),
    db
      .selectFrom("coupon")
      .select((eb) => ["coupon_type_id", eb.fn.countAll<number>().as("expired")])
      .where("coupon_type_id", "in", ids)
      .where("state", "=", CouponState.UNUSED)
      .where("end_time", "<=", at)
      .groupBy("coupon_type_id")
      .execute(),
  ]);
  const usage = new Map<number, CouponUsage>();
  for (const row of used) {
    usage.set(row.coupon_type_id, { ...NONE, used: Number(row.used), orderMoneyCents: Number(row.order_money), couponMoneyCents: Number(row.coupon_money) });
  }
  for (const row of expired) usage.set(row.coupon_type_id, { ...(usage.get(row.coupon_type_id) ?? NONE), expired: Number(row.expired) });
  return (typeId) => usage.get(typeId) ?? NONE;
}
