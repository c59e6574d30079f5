import { Code, type RechargeCoupon } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";

/**
 * The coupon types a package gives: stored ",1,2," (so one type can be looked up with LIKE), on the
 * wire "1,2" (the reference's coupon_id) beside coupon_list, their names and values.
 */
export const couponIdsOf = (stored: string): number[] => stored.split(",").filter(Boolean).map(Number);
export const storedCouponIds = (ids: readonly number[]): string => (ids.length ? `,${ids.join(",")},` : "");
export const wireCouponIds = (stored: string): string => couponIdsOf(stored).join(",");

/** "满100减20", "无门槛减5", "8.5折", "8.5折，最多减50" (the coupon centre's wording). */
export function couponDescription(type: { type: string; money_cents: number; discount_percent: number; discount_limit_cents: number; at_least_cents: number }): string {
  const threshold = type.at_least_cents > 0 ? `满${trimYuan(type.at_least_cents)}` : "无门槛";
  if (type.type === "discount") {
    const discount = `${threshold}${trimDecimal(type.discount_percent / 10)}折`;
    return type.discount_limit_cents > 0 ? `${discount}，最多减${trimYuan(type.discount_limit_cents)}` : discount;
  }
  return `${threshold}减${trimYuan(type.money_cents)}`;
}

const trimYuan = (amount: number): string => yuan(amount).replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");
const trimDecimal = (value: number): string => String(Math.round(value * 10) / 10);

/** The coupons of several packages or orders at once: one query for every type named. */
export async function loadCouponLists(db: Db, storedLists: readonly string[]): Promise<(stored: string) => RechargeCoupon[]> {
  const ids = [...new Set(storedLists.flatMap(couponIdsOf))];
  const types = ids.length
    ? await db
        .selectFrom("coupon_type")
        .select(["coupon_type_id", "coupon_name", "type", "money_cents", "discount_percent", "discount_limit_cents", "at_least_cents"])
        .where("coupon_type_id", "in", ids)
        .execute()
    : [];
  const byId = new Map(types.map((type) => [type.coupon_type_id, type]));
  return (stored) =>
    couponIdsOf(stored).map((id) => {
      const type = byId.get(id);
      return { coupon_type_id: id, coupon_name: type?.coupon_name ?? "优惠券（已删除）", coupon_desc: type ? couponDescription(type) : "" };
    });
}

/** Staff naming coupon types for a package: each must exist and still be running. */
export async function checkCouponTypes(db: Db, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length !== ids.length) throw new BizError("赠送的优惠券不能重复", Code.ERROR);
  if (!wanted.length) return;
  const found = await db.selectFrom("coupon_type").select(["coupon_type_id", "status"]).where("coupon_type_id", "in", wanted).execute();
  const running = new Set(found.filter((type) => type.status === 1).map((type) => type.coupon_type_id));
  const missing = wanted.filter((id) => !running.has(id));
  if (missing.length) throw new BizError(`优惠券 ${missing.join("、")} 不存在或已停止发放`, Code.ERROR);
}
