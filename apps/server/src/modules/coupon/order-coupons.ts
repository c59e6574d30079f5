import { COUPON_GOODS_TYPES, COUPON_KINDS, type Cents, type CheckoutCoupon } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { yuan } from "../../core/money.ts";
import { couponSaving, CouponState, type RuleLine } from "./rules.ts";
import { discountText, loadScopes, TYPE_COLUMNS, type TypeRow } from "./type-view.ts";

/**
 * Coupons at checkout and on orders: which of the member's coupons this order can use and what
 * each saves (calculate, getcouponlist), using one at create, and giving it back when the unpaid
 * order closes or the whole order is refunded. One coupon per order.
 */

/** A line of the order as the coupon rules need it. */
export interface CouponOrderLine {
  goodsId: number;
  goodsMoneyCents: number;
}

export interface UsableCoupon {
  couponId: number;
  couponName: string;
  saving: Cents;
  view: CheckoutCoupon;
}

/** The goods' categories at every level, for scoped coupons. */
async function ruleLines(db: Db, lines: readonly CouponOrderLine[]): Promise<RuleLine[]> {
  const goodsIds = [...new Set(lines.map((line) => line.goodsId))];
  const rows = goodsIds.length
    ? await db.selectFrom("goods").select(["goods_id", "category_id_1", "category_id_2", "category_id_3"]).where("goods_id", "in", goodsIds).execute()
    : [];
  const categoriesOf = new Map(rows.map((row) => [row.goods_id, [row.category_id_1, row.category_id_2, row.category_id_3]]));
  return lines.map((line) => ({ goodsId: line.goodsId, categoryIds: categoriesOf.get(line.goodsId) ?? [], goodsMoneyCents: line.goodsMoneyCents }));
}

function checkoutView(type: TypeRow, coupon: { coupon_id: number; start_time: number; end_time: number }, saving: Cents): CheckoutCoupon {
  const kind = type.type === "discount" ? "discount" : "reward";
  return {
    coupon_id: coupon.coupon_id,
    coupon_type_id: type.coupon_type_id,
    coupon_name: type.coupon_name,
    type: kind,
    type_name: COUPON_KINDS[kind],
    money: yuan(type.money_cents),
    discount: discountText(type.discount_percent),
    discount_limit: yuan(type.discount_limit_cents),
    at_least: yuan(type.at_least_cents),
    goods_type_name: COUPON_GOODS_TYPES[type.goods_type] ?? "",
    start_time: coupon.start_time,
    end_time: coupon.end_time,
    saving: yuan(saving),
    is_best: 0,
  };
}

/**
 * The member's coupons this order can use now (unused, started, not ended, in scope, threshold
 * reached), the one saving the most first (ties: the one ending soonest), marked is_best.
 */
export async function usableCoupons(db: Db, memberId: number, lines: readonly CouponOrderLine[], at: number): Promise<UsableCoupon[]> {
  const held = await db
    .selectFrom("coupon")
    .innerJoin("coupon_type", "coupon_type.coupon_type_id", "coupon.coupon_type_id")
    .select([...TYPE_COLUMNS, "coupon.coupon_id", "coupon.start_time as valid_from", "coupon.end_time as valid_until"])
    .where("coupon.member_id", "=", memberId)
    .where("coupon.state", "=", CouponState.UNUSED)
    .where("coupon.start_time", "<=", at)
    .where("coupon.end_time", ">", at)
    .orderBy("coupon.end_time")
    .orderBy("coupon.coupon_id")
    .limit(200)
    .execute();
  if (held.length === 0) return [];
  const [scopes, rules] = await Promise.all([loadScopes(db, held), ruleLines(db, lines)]);
  const usable: UsableCoupon[] = [];
  for (const row of held) {
    const saving = couponSaving(row, scopes.get(row.coupon_type_id), rules);
    if (saving === null || saving <= 0) continue;
    usable.push({
      couponId: row.coupon_id,
      couponName: row.coupon_name,
      saving,
      view: checkoutView(row, { coupon_id: row.coupon_id, start_time: row.valid_from, end_time: row.valid_until }, saving),
    });
  }
  // Stable sort: equal savings keep the soonest-ending first.
  usable.sort((a, b) => b.saving - a.saving);
  if (usable[0]) usable[0].view.is_best = 1;
  return usable;
}

/**
 * Uses the coupon for the order, in the order's unit of work: a conditional update from unused to
 * used, still the member's and still valid; anything else (used by another order a moment ago,
 * expired, not the member's) refuses and rolls the order back.
 */
export async function useCouponForOrder(tx: Db, memberId: number, couponId: number, orderId: number, at: number): Promise<void> {
  if (!inUnitOfWork(tx)) throw new Error("useCouponForOrder must run inside the order's unit of work");
  const result = await tx
    .updateTable("coupon")
    .set({ state: CouponState.USED, use_order_id: orderId, use_time: at })
    .where("coupon_id", "=", couponId)
    .where("member_id", "=", memberId)
    .where("state", "=", CouponState.UNUSED)
    .where("start_time", "<=", at)
    .where("end_time", ">", at)
    .executeTakeFirst();
  expectAffected(result, 1, "优惠券已被使用或已失效，请重新选择");
}

/**
 * Gives back the coupon an order used (its unpaid close, or the refund of all its goods): used →
 * unused, in the caller's unit of work. Once: a second call finds nothing used by the order. A
 * coupon whose end passed meanwhile comes back expired.
 */
export async function returnOrderCoupons(tx: Db, orderId: number): Promise<number> {
  if (!inUnitOfWork(tx)) throw new Error("returnOrderCoupons must run inside a unit of work");
  const result = await tx
    .updateTable("coupon")
    .set({ state: CouponState.UNUSED, use_order_id: 0, use_time: 0 })
    .where("use_order_id", "=", orderId)
    .where("state", "=", CouponState.USED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
