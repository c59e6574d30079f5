import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { cents } from "../money.ts";
import { jsonList, promotionCheckoutEndpoints, promotionTime, splitIds, staffPromotionListBody, type PromotionSku } from "./promotion.ts";

/**
 * Seckill 秒杀 (reference addon "seckill": /seckill/api/*; docs/api/seckill.md, ADR 0021).
 * The day has slots (场次), seconds since midnight of the shop's clock (Asia/Shanghai); a seckill
 * sells one goods at seckill prices in some slots, every day from its start to its end date, from
 * its own stock pool, at most max_buy units per member (unpaid and paid orders; a closed order
 * gives its units back). Answers carry `current_time` (the server's unix seconds) so pages count
 * down by the server's clock, not the visitor's.
 */

/** A slot's state now: 抢购中 (on now), 即将开始 (later today), 已结束 (earlier today). */
export const SECKILL_SLOT_STATES = { running: "抢购中", upcoming: "即将开始", ended: "已结束" } as const;
export type SeckillSlotState = keyof typeof SECKILL_SLOT_STATES;

/** A goods of a slot: 立即抢购 (running), 即将开始, 已抢光 (its pool is empty), 已结束. */
export const SECKILL_GOODS_STATES = { running: "立即抢购", upcoming: "即将开始", sold_out: "已抢光", ended: "已结束" } as const;
export type SeckillGoodsState = keyof typeof SECKILL_GOODS_STATES;

/** Seconds in a day: slot times run from 0 to 86400 (24:00). */
export const SECKILL_DAY_SECONDS = 86_400;

/** A slot of the day. */
export interface SeckillSlot {
  id: number;
  name: string;
  /** seconds since midnight (shop clock) */
  seckill_start_time: number;
  /** seconds since midnight, exclusive; 86400 = 24:00 */
  seckill_end_time: number;
  /** "10:00" and "12:00" */
  start_time_text: string;
  end_time_text: string;
  state: SeckillSlotState;
  /** 抢购中 | 即将开始 | 已结束 */
  state_name: string;
  /** unix seconds of today's start and end of this slot: the countdown's targets */
  start_at: number;
  end_at: number;
}

export interface SeckillSlotList {
  list: SeckillSlot[];
  /** the slot on now (0 when none) */
  current_id: number;
  /** the server's unix seconds (the page corrects its countdowns by it) */
  current_time: number;
}

/** A goods of a slot (/seckill/api/seckillgoods/page). */
export interface SeckillGoodsItem {
  /** the seckill */
  id: number;
  seckill_id: number;
  seckill_name: string;
  goods_id: number;
  /** the SKU shown (the one with the lowest seckill price) */
  sku_id: number;
  goods_name: string;
  sku_image: string;
  /** the lowest seckill price of its SKUs */
  seckill_price: string;
  /** that SKU's own price (原价) */
  price: string;
  /** units left in the pool, all SKUs */
  stock: number;
  /** units sold (unpaid and paid orders) */
  sale_num: number;
  /** units the seckill was given: stock + sale_num */
  total_num: number;
  /** sold share, 0–100 (whole percent, rounded down; 100 only when nothing is left) */
  progress: number;
  /** units one member may buy, 0 = no limit */
  max_buy: number;
  state: SeckillGoodsState;
  /** 立即抢购 | 即将开始 | 已抢光 | 已结束 */
  state_name: string;
}

export interface SeckillGoodsPage extends Page<SeckillGoodsItem> {
  slot: SeckillSlot;
  current_time: number;
}

/** A SKU of a seckill (detail page's spec choice): `stock` is the units left in its pool. */
export interface SeckillSkuItem extends PromotionSku {
  seckill_price: string;
  sale_num: number;
}

/** When a seckill sells next or now: its window today (or the next day it runs). */
export interface SeckillWindow {
  /** running: on sale now; upcoming: starts at start_at; ended: no window left */
  state: "running" | "upcoming" | "ended";
  state_name: string;
  /** the slot of this window (0 when ended) */
  time_id: number;
  slot_name: string;
  /** unix seconds: the countdown counts to end_at while running, to start_at while upcoming */
  start_at: number;
  end_at: number;
}

/**
 * /seckill/api/seckillgoods/detail: the seckill's page (a SKU page variant). The list item's fields
 * name the SKU first selected (the one with the lowest seckill price) with its prices, and the
 * whole pool.
 */
export interface SeckillDetail extends SeckillGoodsItem {
  goods_image: string;
  /** the goods' description (HTML, as the SKU page's) */
  goods_content: string;
  unit: string;
  /** JSON PromotionSpecRow[] (promotion.ts): the goods' specs and values, for the spec rows; "[]" without specs */
  goods_spec_format: string;
  /** unix seconds: the dates it runs */
  start_time: number;
  end_time: number;
  /** units the caller holds in unpaid and paid orders of it (0 for guests) */
  member_bought: number;
  /** 1 on, -1 closed by staff */
  status: number;
  window: SeckillWindow;
  slots: SeckillSlot[];
  /** the SKUs in the seckill (only those), each with its own spec values, price and pool */
  sku_list: SeckillSkuItem[];
  current_time: number;
}

/** /seckill/api/seckillgoods/info: a SKU's seckill (the SKU page asks whether it is in one); null when none. */
export interface SeckillSkuInfo {
  seckill_id: number;
  seckill_name: string;
  sku_id: number;
  goods_id: number;
  seckill_price: string;
  price: string;
  stock: number;
  sale_num: number;
  max_buy: number;
  state: SeckillGoodsState;
  state_name: string;
  window: SeckillWindow;
  current_time: number;
}

// ---- staff --------------------------------------------------------------------------------------

/** A slot as staff see it (hidden ones too). */
export interface StaffSeckillSlot extends SeckillSlot {
  /** 1 shown, 0 hidden */
  status: number;
  sort: number;
  /** seckills not ended that run in it */
  seckill_count: number;
}

export interface StaffSeckillSku extends SeckillSkuItem {
  /** the SKU's own stock */
  goods_stock: number;
}

/** A seckill as staff see it. */
export interface StaffSeckill {
  seckill_id: number;
  seckill_name: string;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  start_time: number;
  end_time: number;
  max_buy: number;
  /** 1 on, -1 closed */
  status: number;
  /** upcoming 未开始 | running 进行中 | ended 已结束 | closed 已关闭 (by dates and status, not by slot) */
  phase: "upcoming" | "running" | "ended" | "closed";
  phase_name: string;
  remark: string;
  time_ids: number[];
  stock: number;
  sale_num: number;
  /** paid orders bought at it, and their money ("0.00") */
  order_count: number;
  order_money: string;
  sku_list: StaffSeckillSku[];
  create_time: number;
  update_time: number;
}

/** The seckill settings: an unpaid seckill order closes after auto_close_minutes, its units back in the pool. */
export interface SeckillConfig {
  auto_close_minutes: number;
}

// ---- bodies -------------------------------------------------------------------------------------

/** Seconds since midnight, 0–86400. */
const daySeconds = (name: string) =>
  z.coerce
    .number({ error: `${name}格式不正确` })
    .int(`${name}须为整数秒`)
    .min(0, `${name}不能早于 00:00`)
    .max(SECKILL_DAY_SECONDS, `${name}不能晚于 24:00`);

/** "1,2" or [1, 2]: at most 24 slots. */
const timeIds = z.preprocess(splitIds, z.array(id, { error: "请选择秒杀场次" }).min(1, "请选择秒杀场次").max(24, "场次太多"));

const seckillSlotFields = z.object({
  name: z.string({ error: "请填写场次名称" }).trim().min(1, "请填写场次名称").max(20, "场次名称不能超过 20 个字"),
  seckill_start_time: daySeconds("开始时间"),
  seckill_end_time: daySeconds("结束时间"),
  status: z.coerce.number().int().min(0).max(1).default(1),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});

export type SeckillSlotInput = z.output<typeof seckillSlotFields>;

function checkSlotRules(body: SeckillSlotInput, ctx: z.RefinementCtx): void {
  if (body.seckill_end_time <= body.seckill_start_time) ctx.addIssue({ code: "custom", message: "结束时间须晚于开始时间", path: ["seckill_end_time"] });
}

export const seckillSlotBody = seckillSlotFields.superRefine(checkSlotRules);

/** The most units a seckill SKU's pool may hold. */
export const MAX_SECKILL_STOCK = 1_000_000;

const seckillSkuInput = z.object({
  sku_id: id,
  seckill_price: yuanInput({ min: cents(1) }),
  /** the pool: units left to sell at this price */
  stock: z.coerce.number({ error: "秒杀库存无效" }).int("秒杀库存须为整数").min(0, "秒杀库存不能为负数").max(MAX_SECKILL_STOCK, "秒杀库存太大"),
});

/** sku_list as a JSON string or an array. */
const skuList = jsonList(z.array(seckillSkuInput, { error: "请设置秒杀商品的规格" }).min(1, "请设置秒杀商品的规格").max(200, "规格太多"));

const seckillFields = z.object({
  seckill_name: z.string({ error: "请填写活动名称" }).trim().min(1, "请填写活动名称").max(30, "活动名称不能超过 30 个字"),
  goods_id: id,
  time_ids: timeIds,
  start_time: promotionTime,
  end_time: promotionTime,
  max_buy: z.coerce.number({ error: "每人限购数量无效" }).int("每人限购数量须为整数").min(0, "每人限购数量不能为负数").max(9999, "每人限购不能超过 9999 件").default(1),
  remark: text(200).default(""),
  sku_list: skuList,
});

export type SeckillInput = z.output<typeof seckillFields>;

function checkSeckillRules(body: SeckillInput, ctx: z.RefinementCtx): void {
  if (body.end_time <= body.start_time) ctx.addIssue({ code: "custom", message: "活动结束时间须晚于开始时间", path: ["end_time"] });
  const skuIds = body.sku_list.map((sku) => sku.sku_id);
  if (new Set(skuIds).size !== skuIds.length) ctx.addIssue({ code: "custom", message: "规格重复", path: ["sku_list"] });
}

export const seckillBody = seckillFields.superRefine(checkSeckillRules);

/** /seckill/api/ordercreate/payment: which seckill, which SKU, how many. */
export const seckillPaymentBody = z.object({
  seckill_id: id,
  sku_id: id,
  num: z.coerce.number({ error: "参数 num 格式不正确" }).int("参数 num 格式不正确").min(1, "购买数量至少为 1").max(9999, "购买数量太大"),
});

const seckillId = { seckill_id: id };

export const seckillEndpoints = {
  // ---- shoppers (public reads) ----
  /** the day's slots with their state now, and the server's time */
  "/seckill/api/seckill/lists": endpoint<SeckillSlotList>()(noBody),
  /** the goods of a slot today, with their seckill state */
  "/seckill/api/seckillgoods/page": endpoint<SeckillGoodsPage>()(z.object({ ...paging, seckill_time_id: id })),
  /** one seckill: goods, SKUs at seckill prices, its window and countdown (member_bought for a member) */
  "/seckill/api/seckillgoods/detail": endpoint<SeckillDetail>()(z.object(seckillId)),
  /** a SKU's seckill: the one given, else the one on now or next (null when none) */
  "/seckill/api/seckillgoods/info": endpoint<SeckillSkuInfo | null>()(z.object({ sku_id: id, seckill_id: id.optional() })),
  // ---- checkout (member): as /api/ordercreate/*, payment taking {seckill_id, sku_id, num} ----
  ...promotionCheckoutEndpoints("/seckill/api/ordercreate", seckillPaymentBody),

  // ---- staff (promotion.manage) ----
  "/shopapi/seckill/timelists": endpoint<StaffSeckillSlot[]>()(noBody),
  "/shopapi/seckill/timeadd": endpoint<{ id: number }>()(seckillSlotBody),
  "/shopapi/seckill/timeedit": endpoint<{ id: number }>()(seckillSlotFields.extend({ id }).superRefine(checkSlotRules)),
  /** refused while a seckill not ended runs in it */
  "/shopapi/seckill/timedelete": endpoint<null>()(z.object({ id })),
  "/shopapi/seckill/lists": endpoint<Page<StaffSeckill>>()(staffPromotionListBody),
  "/shopapi/seckill/detail": endpoint<StaffSeckill>()(z.object(seckillId)),
  "/shopapi/seckill/add": endpoint<{ seckill_id: number }>()(seckillBody),
  /** prices, pools (units left), limit, slots and dates; the goods stays */
  "/shopapi/seckill/edit": endpoint<{ seckill_id: number }>()(seckillFields.extend(seckillId).superRefine(checkSeckillRules)),
  /** closes it: no more sales; unpaid orders may still be paid */
  "/shopapi/seckill/close": endpoint<null>()(z.object(seckillId)),
  /** minutes an unpaid seckill order stays open (default 5) */
  "/shopapi/seckill/config": endpoint<SeckillConfig>()(noBody),
  "/shopapi/seckill/setconfig": endpoint<SeckillConfig>()(
    z.object({
      auto_close_minutes: z.coerce.number({ error: "请填写未付款订单的关闭时间" }).int("关闭时间须为整数分钟").min(1, "关闭时间至少 1 分钟").max(1440, "关闭时间不能超过 1440 分钟"),
    }),
  ),
};
