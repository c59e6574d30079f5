import type { Kysely } from "kysely";
import type { DB, NewRow } from "../../db/schema.ts";
import { now } from "../../core/time.ts";
import { GoodsScope, TypeStatus, Validity } from "./rules.ts";

/**
 * Coupon types for tests, written straight to the database (the staff API has its own tests):
 * a running, free 满减 for all goods valid 30 days after receipt unless told otherwise. Not
 * imported by production code.
 */
export interface TypeFixture extends Partial<NewRow<"coupon_type">> {
  goods?: number[];
  categories?: number[];
}

export async function insertCouponType(db: Kysely<DB>, fixture: TypeFixture = {}): Promise<number> {
  const { goods = [], categories = [], ...columns } = fixture;
  const at = now();
  const { coupon_type_id } = await db
    .insertInto("coupon_type")
    .values({
      coupon_name: "测试满减券", type: "reward", money_cents: 1000, discount_percent: 0, discount_limit_cents: 0, at_least_cents: 0,
      goods_type: goods.length ? GoodsScope.GOODS : categories.length ? GoodsScope.CATEGORIES : GoodsScope.ALL,
      validity_type: Validity.DAYS, start_time: 0, end_time: 0, fixed_term: 30, max_fetch: 0, total_count: 0, is_show: 1,
      status: TypeStatus.RUNNING, sort: 0, create_time: at, update_time: at, ...columns,
    })
    .returning("coupon_type_id")
    .executeTakeFirstOrThrow();
  const scope = [
    ...goods.map((goodsId) => ({ coupon_type_id, goods_id: goodsId, category_id: 0 })),
    ...categories.map((categoryId) => ({ coupon_type_id, goods_id: 0, category_id: categoryId })),
  ];
  if (scope.length) await db.insertInto("coupon_type_scope").values(scope).execute();
  return coupon_type_id;
}

/** The member's coupons of a type, oldest first. */
export function couponsOf(db: Kysely<DB>, memberId: number, couponTypeId?: number) {
  let query = db.selectFrom("coupon").selectAll().where("member_id", "=", memberId);
  if (couponTypeId !== undefined) query = query.where("coupon_type_id", "=", couponTypeId);
  return query.orderBy("coupon_id").execute();
}
