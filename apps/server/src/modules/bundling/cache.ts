import type { Db } from "../../db/unit-of-work.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { goodsChangeTags } from "../goods/goods-cache.ts";

/** The cache tag of what guests see of combos (their pages, the SKU pages' 组合套餐), purged with the goods' tags. */
export const BUNDLING_TAG = "bundling";

export async function purgeBundlingGoods(db: Db, goodsIds: readonly number[]): Promise<void> {
  await purgeTags({ db }, [BUNDLING_TAG, ...goodsChangeTags(goodsIds)]);
}
