import type { Db } from "../db/unit-of-work.ts";

/**
 * The goods the seeded promotions (group buys, combos, seckills) are made of: physical goods on
 * sale, bought one at a time, without a per-order limit, so a demo shopper can buy any of them.
 */

export interface PromotionCandidate {
  goods_id: number;
  goods_name: string;
  goods_image: string;
  skus: Array<{ sku_id: number; price: number; stock: number }>;
}

/** The SKUs of such goods with their goods, by goods id (`order`) then SKU id. */
export function promotableSkus(db: Db, order: "asc" | "desc") {
  return db
    .selectFrom("goods")
    .innerJoin("goods_sku", "goods_sku.goods_id", "goods.goods_id")
    .select(["goods.goods_id", "goods.goods_name", "goods.goods_image", "goods_sku.sku_id", "goods_sku.discount_price_cents", "goods_sku.stock"])
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0)
    .where("goods.goods_class", "=", 1)
    .where("goods.min_buy", "<=", 1)
    .where("goods.max_buy", "=", 0)
    .orderBy("goods.goods_id", order)
    .orderBy("goods_sku.sku_id");
}

type SkuRow = Awaited<ReturnType<ReturnType<typeof promotableSkus>["execute"]>>[number];

const skuOf = (row: SkuRow) => ({ sku_id: row.sku_id, price: Number(row.discount_price_cents), stock: Number(row.stock) });

/** The goods of a row with that row's SKU. */
export const candidateOf = (row: SkuRow): PromotionCandidate => ({ goods_id: row.goods_id, goods_name: row.goods_name, goods_image: row.goods_image, skus: [skuOf(row)] });

/**
 * Goods whose every SKU costs at least ¥20 and has `minStock` units, in `order` of id, apart from
 * `skip`: those with specs (2 SKUs or more) and those without.
 */
export async function promotionCandidates(
  db: Db,
  options: { order: "asc" | "desc"; minStock: number; skip?: ReadonlySet<number> },
): Promise<{ withSpecs: PromotionCandidate[]; single: PromotionCandidate[] }> {
  const rows = await promotableSkus(db, options.order).where("goods_sku.discount_price_cents", ">=", 2000).limit(2000).execute();
  const byGoods = new Map<number, PromotionCandidate & { low: boolean }>();
  for (const row of rows) {
    if (options.skip?.has(row.goods_id)) continue;
    const entry = byGoods.get(row.goods_id) ?? { ...candidateOf(row), skus: [], low: false };
    entry.skus.push(skuOf(row));
    if (Number(row.stock) < options.minStock) entry.low = true;
    byGoods.set(row.goods_id, entry);
  }
  const usable = [...byGoods.values()].filter((entry) => !entry.low).map(({ low: _low, ...candidate }) => candidate);
  return { withSpecs: usable.filter((entry) => entry.skus.length > 1), single: usable.filter((entry) => entry.skus.length === 1) };
}
