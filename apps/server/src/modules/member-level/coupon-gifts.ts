import type { GiftCoupon } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { discountText } from "../coupon/type-view.ts";

/**
 * The coupon types given as gifts (level upgrades, sign-in rewards), as the pages show them. A type
 * that no longer exists is left out: the gift list shows what can still be given.
 */
export async function loadGiftCoupons(db: Db, typeIds: Iterable<number>): Promise<Map<number, GiftCoupon>> {
  const ids = [...new Set(typeIds)];
  const gifts = new Map<number, GiftCoupon>();
  if (ids.length === 0) return gifts;
  const rows = await db
    .selectFrom("coupon_type")
    .select(["coupon_type_id", "coupon_name", "type", "money_cents", "discount_percent", "at_least_cents"])
    .where("coupon_type_id", "in", ids)
    .execute();
  for (const row of rows) {
    gifts.set(row.coupon_type_id, {
      coupon_type_id: row.coupon_type_id,
      coupon_name: row.coupon_name,
      type: row.type,
      money: yuan(row.money_cents),
      discount: discountText(row.discount_percent),
      at_least: yuan(row.at_least_cents),
    });
  }
  return gifts;
}

/** The gifts of `ids` in their order, skipping missing types. */
export const pickGifts = (gifts: Map<number, GiftCoupon>, ids: readonly number[]): GiftCoupon[] =>
  ids.flatMap((typeId) => {
    const gift = gifts.get(typeId);
    return gift ? [gift] : [];
  });

/** Rejects coupon types that do not exist (staff settings): a gift must name a real type. */
export async function missingCouponTypes(db: Db, typeIds: readonly number[]): Promise<number[]> {
  if (typeIds.length === 0) return [];
  const found = await loadGiftCoupons(db, typeIds);
  return [...new Set(typeIds)].filter((typeId) => !found.has(typeId));
}
