import { COUPON_GOODS_TYPES, COUPON_KINDS, type CouponKind, type CouponRuleFields } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { yuan } from "../../core/money.ts";
import { GoodsScope, type CouponScope } from "./rules.ts";

/** The columns of coupon_type every view reads. */
export const TYPE_COLUMNS = [
  "coupon_type.coupon_type_id", "coupon_type.coupon_name", "coupon_type.type", "coupon_type.money_cents", "coupon_type.discount_percent",
  "coupon_type.discount_limit_cents", "coupon_type.at_least_cents", "coupon_type.goods_type", "coupon_type.validity_type",
  "coupon_type.start_time", "coupon_type.end_time", "coupon_type.fixed_term", "coupon_type.max_fetch", "coupon_type.total_count",
  "coupon_type.lead_count", "coupon_type.is_show", "coupon_type.status", "coupon_type.sort", "coupon_type.create_time", "coupon_type.update_time",
] as const;

export type TypeRow = Row<"coupon_type">;

/** A scoped type's goods and categories, and where its 去使用 leads. */
export interface TypeScope extends CouponScope {
  useUrl: string;
}

/** 85 → "8.5"; 90 → "9". */
export const discountText = (percent: number): string => (percent > 0 ? String(percent / 10) : "0");

/**
 * The scopes of these types (types for all goods get none), with their 去使用 link: one goods → its
 * SKU page, one category → that category's list, several → the goods list filtered by the coupon.
 */
export async function loadScopes(db: Db, types: ReadonlyArray<Pick<TypeRow, "coupon_type_id" | "goods_type">>): Promise<Map<number, TypeScope>> {
  const scoped = types.filter((type) => type.goods_type !== GoodsScope.ALL).map((type) => type.coupon_type_id);
  const scopes = new Map<number, TypeScope>();
  if (scoped.length === 0) return scopes;
  const rows = await db
    .selectFrom("coupon_type_scope")
    .select(["coupon_type_id", "goods_id", "category_id"])
    .where("coupon_type_id", "in", scoped)
    .orderBy("id")
    .execute();
  for (const typeId of scoped) scopes.set(typeId, { goodsIds: new Set(), categoryIds: new Set(), useUrl: `/goods/list?coupon=${typeId}` });
  for (const row of rows) {
    const scope = scopes.get(row.coupon_type_id)!;
    if (row.goods_id > 0) (scope.goodsIds as Set<number>).add(row.goods_id);
    if (row.category_id > 0) (scope.categoryIds as Set<number>).add(row.category_id);
  }
  await pointSingleScopes(db, types, scopes);
  return scopes;
}

async function pointSingleScopes(db: Db, types: ReadonlyArray<Pick<TypeRow, "coupon_type_id" | "goods_type">>, scopes: Map<number, TypeScope>): Promise<void> {
  const singleGoods = new Map<number, number>();
  const singleCategory = new Map<number, number>();
  for (const type of types) {
    const scope = scopes.get(type.coupon_type_id);
    if (!scope) continue;
    if (type.goods_type === GoodsScope.GOODS && scope.goodsIds.size === 1) singleGoods.set(type.coupon_type_id, [...scope.goodsIds][0]!);
    if (type.goods_type === GoodsScope.CATEGORIES && scope.categoryIds.size === 1) singleCategory.set(type.coupon_type_id, [...scope.categoryIds][0]!);
  }
  const [skus, categories] = await Promise.all([
    singleGoods.size === 0
      ? []
      : db.selectFrom("goods_sku").select(["goods_id", "sku_id"]).where("goods_id", "in", [...new Set(singleGoods.values())]).where("is_default", "=", 1).execute(),
    singleCategory.size === 0
      ? []
      : db.selectFrom("goods_category").select(["category_id", "level"]).where("category_id", "in", [...new Set(singleCategory.values())]).execute(),
  ]);
  const skuOf = new Map(skus.map((row) => [row.goods_id, row.sku_id]));
  const levelOf = new Map(categories.map((row) => [row.category_id, row.level]));
  for (const [typeId, goodsId] of singleGoods) {
    const skuId = skuOf.get(goodsId);
    if (skuId) scopes.get(typeId)!.useUrl = `/sku/${skuId}`;
  }
  for (const [typeId, categoryId] of singleCategory) {
    const level = levelOf.get(categoryId);
    if (level) scopes.get(typeId)!.useUrl = `/goods/list?category_id=${categoryId}&level=${level}`;
  }
}

/** The rule fields every coupon answer carries. */
export function ruleFields(type: TypeRow, scope: TypeScope | undefined): CouponRuleFields {
  const kind = (type.type === "discount" ? "discount" : "reward") as CouponKind;
  return {
    coupon_type_id: type.coupon_type_id,
    coupon_name: type.coupon_name,
    type: kind,
    type_name: COUPON_KINDS[kind],
    money: yuan(type.money_cents),
    discount: discountText(type.discount_percent),
    discount_limit: yuan(type.discount_limit_cents),
    at_least: yuan(type.at_least_cents),
    goods_type: type.goods_type,
    goods_type_name: COUPON_GOODS_TYPES[type.goods_type] ?? "",
    validity_type: type.validity_type,
    use_url: type.goods_type === GoodsScope.ALL ? "/goods/list" : (scope?.useUrl ?? `/goods/list?coupon=${type.coupon_type_id}`),
  };
}
