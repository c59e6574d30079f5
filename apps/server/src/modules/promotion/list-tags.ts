import type { GoodsPromotionTag, GoodsSkuItem } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";

/**
 * Promotion tags of goods lists and search results (/api/goodssku/page items' `promotion`): each
 * promotion module registers a provider answering, for a page's goods, the promotion each sells at
 * right now. The list's cache is purged when that changes (a seckill's sell-out, its slot
 * boundaries, staff changes: modules/seckill/cache.ts). The first provider to tag a goods wins.
 */
export type ListPromotionProvider = (db: Db, goodsIds: readonly number[], at: number) => Promise<Map<number, GoodsPromotionTag>>;

const providers = new Map<string, ListPromotionProvider>();

/** Registers (or replaces) a kind's provider. */
export function registerListPromotion(kind: GoodsPromotionTag["promotion_type"], provider: ListPromotionProvider): void {
  providers.set(kind, provider);
}

/** Sets `promotion` on the items of a page that sell at one now. */
export async function tagListPromotions(db: Db, items: GoodsSkuItem[], at = now()): Promise<void> {
  if (items.length === 0 || providers.size === 0) return;
  const goodsIds = items.map((item) => item.goods_id);
  const found = await Promise.all([...providers.values()].map((provider) => provider(db, goodsIds, at)));
  for (const item of items) {
    const tag = found.map((tags) => tags.get(item.goods_id)).find((candidate) => candidate !== undefined);
    if (tag) item.promotion = tag;
  }
}
