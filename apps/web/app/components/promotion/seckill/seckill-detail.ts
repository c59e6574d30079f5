import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import type { ApiClient, SeckillDetail } from "@shop/contract";
import { loadOrClose } from "../../../lib/site-closed.ts";
import type { QuantityRange } from "../../sku/sku-quantity.ts";
import { promotionNotFound } from "../groupbuy/groupbuy-detail.ts";
import { windowStateAt } from "../countdown.ts";

/** The seckill of /promotion/seckill/{id}; unknown (-1 秒杀活动不存在) → 404; a closed shop → /close. */
export async function loadSeckill(api: ApiClient, seckillId: number, request: Request): Promise<SeckillDetail> {
  try {
    return await loadOrClose(request, api.call("/seckill/api/seckillgoods/detail", { seckill_id: seckillId }));
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.ERROR) throw promotionNotFound("秒杀活动不存在");
    throw error;
  }
}

/** The SKU the page starts on: ?sku_id= when the seckill sells it, else the one it names (lowest price). */
export function startSkuId(detail: Pick<SeckillDetail, "sku_id" | "sku_list">, wanted: string | null): number {
  const id = Number(wanted);
  if (Number.isInteger(id) && detail.sku_list.some((sku) => sku.sku_id === id)) return id;
  return detail.sku_list.some((sku) => sku.sku_id === detail.sku_id) ? detail.sku_id : (detail.sku_list[0]?.sku_id ?? detail.sku_id);
}

/** Units the member may still buy: the limit less what they hold (unpaid and paid orders); null without a limit. */
export function unitsLeftToBuy(maxBuy: number, bought: number): number | null {
  return maxBuy > 0 ? Math.max(0, maxBuy - bought) : null;
}

/** How many the stepper allows: 1 to the SKU's pool and what the limit leaves. */
export function seckillQuantityRange(stock: number, maxBuy: number, bought: number): QuantityRange {
  const left = unitsLeftToBuy(maxBuy, bought);
  const max = Math.max(0, left === null ? stock : Math.min(stock, left));
  return { min: 1, max: Math.max(1, max), available: max >= 1 };
}

export type SeckillButton = "running" | "upcoming" | "ended" | "sold_out" | "limit";

/**
 * What 立即抢购 is at `now` (server seconds): on in its window; 即将开始 before, 已结束 after (or
 * closed by staff); 已抢光 once the chosen SKU's pool (or the whole seckill's) is empty; 已达限购
 * once the member holds the limit.
 */
export function seckillButton(
  detail: Pick<SeckillDetail, "status" | "stock" | "max_buy" | "member_bought" | "window">,
  skuStock: number,
  now: number,
): SeckillButton {
  if (detail.status !== 1 || detail.window.state === "ended") return "ended";
  const state = windowStateAt(detail.window, now);
  if (state === "ended") return "ended";
  if (detail.stock <= 0 || skuStock <= 0) return "sold_out";
  if (unitsLeftToBuy(detail.max_buy, detail.member_bought) === 0) return "limit";
  return state;
}

export const SECKILL_BUTTON_TEXT: Record<SeckillButton, string> = {
  running: "立即抢购",
  upcoming: "即将开始",
  ended: "已结束",
  sold_out: "已抢光",
  limit: "已达限购",
};

/** The limit line under the quantity: what the member holds and may still buy ("" without a limit or purchases). */
export function limitNote(maxBuy: number, bought: number, unit: string): string {
  if (maxBuy <= 0 || bought <= 0) return "";
  return bought >= maxBuy ? `每人限购 ${maxBuy}${unit}，您已购买 ${bought}${unit}` : `您已购买 ${bought}${unit}，还可购买 ${maxBuy - bought}${unit}`;
}
