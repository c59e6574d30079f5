import type { GoodsSkuInfo } from "@shop/contract";

export interface QuantityRange {
  min: number;
  max: number;
  /** false when the stock cannot cover the minimum purchase */
  available: boolean;
}

/** How many the shopper may buy: at least min_buy (and 1), at most the stock and max_buy (0 = no limit). */
export function quantityRange(sku: Pick<GoodsSkuInfo, "stock" | "min_buy" | "max_buy">): QuantityRange {
  const min = Math.max(1, sku.min_buy || 0);
  const stock = Math.max(0, sku.stock);
  const max = sku.max_buy > 0 ? Math.min(stock, sku.max_buy) : stock;
  return { min, max: Math.max(min, max), available: max >= min };
}

/** A typed or stepped value brought into the range (empty or junk → the minimum). */
export function clampQuantity(value: number | null | undefined, range: QuantityRange): number {
  const whole = Math.floor(Number(value));
  if (!Number.isFinite(whole)) return range.min;
  return Math.min(Math.max(whole, range.min), range.max);
}
