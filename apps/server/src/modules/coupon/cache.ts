import type { Db } from "../../db/unit-of-work.ts";
import { purgeTags } from "../../core/cache/public-cache.ts";

/**
 * The cache tag of everything guests see about coupons: the coupon centre and the coupon blocks of
 * SKU pages (their data is cached under it, and so are the pages that show it). Purged when a type
 * is created, edited or closed, and when one runs out (after the unit of work commits).
 */
export const COUPON_TAG = "coupon";

export async function purgeCoupons(db: Db): Promise<void> {
  await purgeTags({ db }, [COUPON_TAG]);
}
