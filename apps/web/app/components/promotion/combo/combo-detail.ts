import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import { centsFromWire, multiplyCents, subtractCents, type Cents } from "@shop/contract/money";
import type { ApiClient, BundlingDetail, BundlingGoods, BundlingSku } from "@shop/contract";
import { loadOrClose } from "../../../lib/site-closed.ts";
import { promotionNotFound } from "../groupbuy/groupbuy-detail.ts";

/** Packages one order may buy at most (the payment call's limit). */
export const MAX_COMBO_PACKAGES = 999;

export const comboPath = (blId: number) => `/promotion/combo/${blId}`;

/** Loads a combo; unknown (-1 组合套餐不存在) → 404; a closed shop → /close. */
export async function loadCombo(api: ApiClient, blId: number, request: Request): Promise<BundlingDetail> {
  try {
    return await loadOrClose(request, api.call("/bundling/api/bundling/detail", { bl_id: blId }));
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw promotionNotFound("组合套餐不存在");
    throw error;
  }
}

/** goods_id → the chosen sku_id: each goods' default SKU to begin with. */
export type ComboChoice = Record<number, number>;

export const defaultChoice = (goods: readonly BundlingGoods[]): ComboChoice => Object.fromEntries(goods.map((item) => [item.goods_id, item.sku_id]));

/** The SKU chosen for a goods (its default when the choice names none of its SKUs). */
export function chosenSku(goods: BundlingGoods, choice: ComboChoice): BundlingSku | undefined {
  const wanted = choice[goods.goods_id] ?? goods.sku_id;
  return goods.sku_list.find((sku) => sku.sku_id === wanted) ?? goods.sku_list.find((sku) => sku.sku_id === goods.sku_id);
}

export interface ComboTotals {
  /** 原价合计: the chosen SKUs' prices × num, for one package */
  original: Cents;
  /** 立省: original − the package price, never below 0 */
  saving: Cents;
  /** packages the chosen SKUs' stock covers (at most MAX_COMBO_PACKAGES) */
  packages: number;
}

/** What one package costs at the goods' own prices, what it saves, and how many the stock allows, for the chosen SKUs. */
export function comboTotals(detail: Pick<BundlingDetail, "bl_price" | "bundling_goods">, choice: ComboChoice): ComboTotals {
  let original = 0 as Cents;
  let packages = MAX_COMBO_PACKAGES;
  for (const goods of detail.bundling_goods) {
    const sku = chosenSku(goods, choice);
    const price = centsFromWire(sku?.price ?? goods.price);
    original = (original + multiplyCents(price, goods.num)) as Cents;
    packages = Math.min(packages, Math.floor(Math.max(0, sku?.stock ?? goods.stock) / Math.max(1, goods.num)));
  }
  const price = centsFromWire(detail.bl_price);
  return { original, saving: original > price ? subtractCents(original, price) : (0 as Cents), packages };
}

/** Why 立即购买 is off ("" when it is on). */
export function comboBlocker(detail: Pick<BundlingDetail, "status" | "status_name" | "bundling_goods">, totals: ComboTotals): string {
  if (detail.bundling_goods.some((goods) => goods.goods_state !== 1)) return "套餐商品已下架";
  if (detail.status === 1) return "套餐未开始";
  if (detail.status !== 2) return detail.status_name || "套餐已结束";
  if (totals.packages < 1) return "库存不足";
  return "";
}

/** The payment call's sku_ids: the chosen SKU of every goods, in the package's order. */
export const chosenSkuIds = (goods: readonly BundlingGoods[], choice: ComboChoice): number[] => goods.map((item) => chosenSku(item, choice)?.sku_id ?? item.sku_id);
