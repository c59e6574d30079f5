import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import type { ApiClient, SeckillDetail, SeckillSkuItem, SpecFormat } from "@shop/contract";
import { loadOrClose } from "../../../lib/site-closed.ts";
import type { QuantityRange } from "../../sku/sku-quantity.ts";
import { promotionNotFound } from "../groupbuy/groupbuy-detail.ts";
import { slotStateAt } from "./seckill-clock.ts";

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

/**
 * The spec chooser (components/sku/SkuSpecs) restricted to the SKUs in the seckill: one row 规格 with
 * each SKU by its spec name, sold-out ones disabled; none for a seckill of one SKU. (The seckill's
 * answer names each SKU's specs as one text, not spec by spec.)
 */
export function seckillSpecs(skus: readonly SeckillSkuItem[], selectedId: number): SpecFormat[] {
  if (skus.length <= 1) return [];
  return [
    {
      spec_id: 0,
      spec_name: "规格",
      value: skus.map((sku) => ({
        spec_id: 0,
        spec_name: "规格",
        spec_value_id: sku.sku_id,
        spec_value_name: sku.spec_name || sku.sku_name,
        sku_id: sku.sku_id,
        image: "",
        selected: sku.sku_id === selectedId,
        disabled: sku.stock <= 0,
      })),
    },
  ];
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
  const state = slotStateAt(detail.window, now);
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
