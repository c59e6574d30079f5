import type { SECKILL_GOODS_STATES, SeckillGoodsItem, SeckillGoodsState, SeckillSlotState } from "@shop/contract";
import { pickFields } from "../pick-fields.ts";

/** The fields of a slot's goods the cards show: only these go into the page's hydration payload. */
const CARD_FIELDS = ["seckill_id", "goods_name", "sku_image", "seckill_price", "price", "stock", "sale_num", "progress", "max_buy", "state"] as const;
export type SeckillCardItem = Pick<SeckillGoodsItem, (typeof CARD_FIELDS)[number]>;

export const seckillCardItem = (item: SeckillGoodsItem): SeckillCardItem => pickFields(item, CARD_FIELDS);

export const seckillPath = (seckillId: number) => `/promotion/seckill/${seckillId}`;

/**
 * A goods' state as its slot's clock runs: 已抢光 whatever the time once its pool is empty; else the
 * slot's state now (the answer's state may be older than the clock: the page keeps counting), except
 * that a seckill the server says has ended stays so.
 */
export function goodsStateNow(item: Pick<SeckillCardItem, "stock" | "state">, slotState: SeckillSlotState): SeckillGoodsState {
  if (item.state === "sold_out" || item.stock <= 0) return "sold_out";
  if (item.state === "ended") return "ended";
  return slotState;
}

/**
 * The contract's names (SECKILL_GOODS_STATES), held here: a value imported from "@shop/contract"
 * would bring its request schemas (zod) into the page's scripts.
 */
const GOODS_STATE_NAMES = { running: "立即抢购", upcoming: "即将开始", sold_out: "已抢光", ended: "已结束" } as const satisfies typeof SECKILL_GOODS_STATES;

/** 立即抢购 | 即将开始 | 已抢光 | 已结束 */
export const goodsStateName = (state: SeckillGoodsState): string => GOODS_STATE_NAMES[state];

/** The sold share for the bar, 0–100 (the server's, bounded). */
export const soldPercent = (progress: number): number => Math.min(100, Math.max(0, Math.floor(progress)));
