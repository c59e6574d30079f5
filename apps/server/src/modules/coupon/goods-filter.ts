import type { Db } from "../../db/unit-of-work.ts";
import { GoodsScope } from "./rules.ts";

/**
 * For the goods list's `coupon` filter (/api/goodssku/page {coupon: coupon_type_id}, the target of
 * 去使用 when a type applies to several goods or categories): the goods a type applies to. `all` for
 * a type for all goods, else its goods ids or its category ids (any level: match goods.category_id_1,
 * _2 or _3); null for an unknown type (the list then shows nothing).
 */
export type CouponGoodsFilter = { all: true } | { all: false; goodsIds: number[]; categoryIds: number[] };

export async function couponGoodsFilter(db: Db, couponTypeId: number): Promise<CouponGoodsFilter | null> {
  const type = await db.selectFrom("coupon_type").select("goods_type").where("coupon_type_id", "=", couponTypeId).executeTakeFirst();
  if (!type) return null;
  if (type.goods_type === GoodsScope.ALL) return { all: true };
  const rows = await db.selectFrom("coupon_type_scope").select(["goods_id", "category_id"]).where("coupon_type_id", "=", couponTypeId).orderBy("id").execute();
  return {
    all: false,
    goodsIds: rows.map((row) => row.goods_id).filter((id) => id > 0),
    categoryIds: rows.map((row) => row.category_id).filter((id) => id > 0),
  };
}
