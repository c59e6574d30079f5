import { data } from "react-router";
import uiCss from "../../../styles/ui.css?url";
import skuCss from "../../../styles/sku.css?url";
import promotionCss from "../../../styles/promotion.css?url";
import groupbuyComboCss from "../../../styles/groupbuy-combo.css?url";
import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import type { ApiClient, GroupbuyDetail } from "@shop/contract";
import { loadOrClose } from "../../../lib/site-closed.ts";
import { quantityRange, type QuantityRange } from "../../sku/sku-quantity.ts";

/** The id of /promotion/groupbuy/{id} or /promotion/combo/{id}: a positive integer, else the page does not exist. */
export function parsePromotionId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export const promotionNotFound = (message: string) => data(message, { status: 404, statusText: "Not Found" });

/** The stylesheets of the group buy's and the combo's pages (their routes' links): the SKU page's, the promotions', their own. */
export const groupbuyComboStyles = () => [uiCss, skuCss, promotionCss, groupbuyComboCss].map((href) => ({ rel: "stylesheet", href }));

/** The group buy of the page, without what the page does not show (the reference's nesting). */
export type GroupbuyPageData = Omit<GroupbuyDetail, "goods_sku_detail">;

/** Loads a group buy; unknown (-1 团购活动不存在) → 404; a closed shop → /close. */
export async function loadGroupbuy(api: ApiClient, groupbuyId: number, request: Request): Promise<GroupbuyPageData> {
  try {
    const { goods_sku_detail: _start, ...detail } = await loadOrClose(request, api.call("/groupbuy/api/goods/detail", { groupbuy_id: groupbuyId }));
    return detail;
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw promotionNotFound("团购活动不存在");
    throw error;
  }
}

/** The SKU the page starts on: ?sku_id= when the group buy offers it, else the list's (lowest price). */
export function startSkuId(detail: Pick<GroupbuyDetail, "sku_id" | "sku_list">, wanted: string | null): number {
  const id = Number(wanted);
  if (Number.isInteger(id) && detail.sku_list.some((sku) => sku.sku_id === id)) return id;
  return detail.sku_list.some((sku) => sku.sku_id === detail.sku_id) ? detail.sku_id : (detail.sku_list[0]?.sku_id ?? detail.sku_id);
}

/**
 * How many of a SKU one order of the group buy may buy: at least buy_num, at most the SKU's stock
 * and the goods' max_buy (0 = no limit); not available when the stock cannot cover the minimum.
 */
export function groupbuyQuantityRange(buyNum: number, stock: number, maxBuy: number): QuantityRange {
  return quantityRange({ stock, min_buy: buyNum, max_buy: maxBuy });
}

/** Why 立即购买 is off ("" when it is on): the group buy's status, the goods, the stock. */
export function groupbuyBlocker(detail: Pick<GroupbuyDetail, "status" | "status_name" | "goods_state">, range: QuantityRange): string {
  if (detail.goods_state !== 1) return "商品已下架";
  if (detail.status === 1) return "团购未开始";
  if (detail.status !== 2) return detail.status_name || "团购已结束";
  if (!range.available) return "库存不足";
  return "";
}
