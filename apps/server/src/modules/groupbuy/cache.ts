import type { Db } from "../../db/unit-of-work.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";
import { goodsChangeTags } from "../goods/goods-cache.ts";

/**
 * The cache tag of what guests see of group buys (the list, the detail pages). A change purges it with
 * the tags of the goods involved (their SKU pages and every goods list show the group-buy price).
 */
export const GROUPBUY_TAG = "groupbuy";

export async function purgeGroupbuyGoods(db: Db, goodsIds: readonly number[]): Promise<void> {
  await purgeTags({ db }, [GROUPBUY_TAG, ...goodsChangeTags(goodsIds)]);
}
