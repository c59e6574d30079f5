import type { Db } from "../../db/unit-of-work.ts";
import { cacheOf, purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";

/** What a change of these goods makes stale: their own pages and data, and every list they may be in. */
export function goodsChangeTags(goodsIds: readonly number[]): string[] {
  return [...new Set(goodsIds)].map(CacheTag.goods).concat(CacheTag.goodsList);
}

/** Purges the pages of these goods (after the unit of work `db` is in commits). */
export async function purgeGoods(db: Db, goodsIds: readonly number[]): Promise<void> {
  if (goodsIds.length > 0) await purgeTags({ db }, goodsChangeTags(goodsIds));
}

/** A SKU's stock as its update returned it (or a read after it). */
export interface SkuStockRow {
  sku_id: number;
  goods_id: number;
  stock: number;
}

/**
 * Stock changes are not purged one by one (a guest's SKU data is kept only seconds), except when a
 * SKU runs out or comes back: pages must not offer what is gone, nor hide what is back. Call it
 * after the stock change, with the SKUs and the units each one lost (> 0) or got back (< 0), and
 * their rows after it when the update returned them (else they are read).
 */
export async function purgeStockStateChanges(db: Db, changes: ReadonlyArray<{ skuId: number; taken: number }>, after?: readonly SkuStockRow[]): Promise<void> {
  if (changes.length === 0 || !cacheOf({ db })) return;
  const rows = after ?? (await db
    .selectFrom("goods_sku")
    .select(["sku_id", "goods_id", "stock"])
    .where("sku_id", "in", changes.map((change) => change.skuId))
    .execute());
  const takenBySku = new Map(changes.map((change) => [change.skuId, change.taken]));
  const changed = rows.filter((row) => {
    const taken = takenBySku.get(row.sku_id) ?? 0;
    // Ran out: nothing left after taking. Came back: what was given back is all there is.
    return taken > 0 ? Number(row.stock) === 0 : Number(row.stock) === -taken;
  });
  await purgeGoods(db, changed.map((row) => row.goods_id));
}
