import type { GoodsSkuItem } from "@shop/contract";

/**
 * The promotion a goods list item is sold at, when the list API marks one: the item's `promotion`
 * (ours; absent otherwise) — 秒杀 (a seckill slot of the goods on now, units left) or 团购 (its
 * goods in a running group buy), with the promotion price (docs/api.md, goods list). The
 * reference's numeric `promotion_type` (always 0) is not read. Kinds the list does not show
 * (bundling) and marks without a price show nothing.
 */
export type ListPromotionKind = "seckill" | "groupbuy";

export interface ListPromotion {
  kind: ListPromotionKind;
  /** 秒杀 | 团购 */
  name: string;
  /** the promotion price, "79.00" */
  price: string;
}

const NAMES: Record<ListPromotionKind, string> = { seckill: "秒杀", groupbuy: "团购" };

export function listPromotionOf(item: GoodsSkuItem): ListPromotion | null {
  const promotion = item.promotion;
  if (!promotion) return null;
  const kind = promotion.promotion_type;
  if (kind !== "seckill" && kind !== "groupbuy") return null;
  const price = promotion.promotion_price;
  if (typeof price !== "string" || !(Number(price) > 0)) return null;
  return { kind, name: NAMES[kind], price };
}
