import { z } from "zod";
import { endpoint, id, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { cents } from "../money.ts";
import { jsonList, promotionCheckoutEndpoints, promotionTime, staffPromotionListBody, type PromotionSku } from "./promotion.ts";

/**
 * Group buys (团购, reference add-on "groupbuy": /groupbuy/api/*; docs/api/groupbuy.md, ADR 0022).
 * A group buy sells one goods at group-buy prices (groupbuy_price per SKU) from start_time until
 * end_time, at least buy_num units per order, from the SKUs' own stock. /promotion/groupbuy lists
 * the running ones, /promotion/groupbuy/{id} shows one (upcoming and ended ones too: status says),
 * /promotion/groupbuy/payment buys through /groupbuy/api/ordercreate/* {groupbuy_id, sku_id, num}.
 */

/** status on the wire: 1 未开始, 2 进行中, 3 已结束, -1 已关闭 (closed by staff). */
export const GROUPBUY_STATUS_NAMES: Record<number, string> = { 1: "未开始", 2: "进行中", 3: "已结束", [-1]: "已关闭" };
export type GroupbuyStatus = 1 | 2 | 3 | -1;

/** The most units a group buy may ask as its minimum. */
export const MAX_GROUPBUY_BUY_NUM = 999;

/** A group buy in the list (/groupbuy/api/goods/page): its goods at the lowest group-buy price. */
export interface GroupbuyItem {
  groupbuy_id: number;
  groupbuy_name: string;
  goods_id: number;
  /** the SKU offered at the lowest group-buy price (the detail page starts on it) */
  sku_id: number;
  goods_name: string;
  sku_name: string;
  sku_image: string;
  /** the shop's price of that SKU (its discount price), "99.00" */
  price: string;
  /** the lowest group-buy price, "79.00" */
  groupbuy_price: string;
  /** the least units one order buys */
  buy_num: number;
  /** units sold in this group buy */
  sell_num: number;
  /** units left of the SKUs in the group buy */
  stock: number;
  start_time: number;
  end_time: number;
  status: GroupbuyStatus;
  status_name: string;
}

/** One SKU of a group buy (its stock the SKU's own). */
export interface GroupbuySku extends PromotionSku {
  groupbuy_price: string;
}

/** /groupbuy/api/goods/detail: the group buy, its goods and every SKU offered. */
export interface GroupbuyDetail extends GroupbuyItem {
  goods_image: string;
  introduction: string;
  unit: string;
  /** JSON PromotionSpecRow[] (promotion.ts): the goods' specs and values, for the spec switcher; "[]" without specs */
  goods_spec_format: string;
  /** the goods' own limit per order, 0 = none */
  max_buy: number;
  /** 1 on sale; 0 when the goods was taken off the shelf (nothing can be bought) */
  goods_state: number;
  /** the SKUs in the group buy with their prices, in spec order */
  sku_list: GroupbuySku[];
  /** the server's clock (unix seconds), for the page's countdown */
  now: number;
  /** the reference's nesting: the SKU the page starts on, with the group-buy price and minimum */
  goods_sku_detail: GroupbuySkuDetail;
}

/** The SKU a group buy's page starts on (the lowest group-buy price), as the reference nests it. */
export interface GroupbuySkuDetail {
  groupbuy_id: number;
  sku_id: number;
  goods_id: number;
  sku_name: string;
  sku_image: string;
  price: string;
  groupbuy_price: string;
  buy_num: number;
  stock: number;
}

/** A group buy as staff see it. */
export interface StaffGroupbuy extends GroupbuyItem {
  sku_list: GroupbuySku[];
  /** paid orders bought at it, and their money ("0.00") */
  order_count: number;
  order_money: string;
  create_time: number;
  update_time: number;
}

// ---- request fields -------------------------------------------------------------------------

const groupbuySkuInput = z.object({
  sku_id: id,
  groupbuy_price: yuanInput({ min: cents(1) }),
});

const groupbuyFields = z.object({
  groupbuy_name: z.string({ error: "请填写活动名称" }).trim().min(1, "请填写活动名称").max(30, "活动名称不能超过 30 个字"),
  goods_id: id,
  buy_num: z.coerce.number({ error: "请填写起购数量" }).int("起购数量须为整数").min(1, "起购数量至少 1 件").max(MAX_GROUPBUY_BUY_NUM, `起购数量不能超过 ${MAX_GROUPBUY_BUY_NUM} 件`),
  start_time: promotionTime,
  end_time: promotionTime,
  /** [{sku_id, groupbuy_price}] (array or JSON string): the SKUs offered and their group-buy prices */
  sku_list: jsonList(z.array(groupbuySkuInput, { error: "请设置至少一个 SKU 的团购价" }).min(1, "请设置至少一个 SKU 的团购价").max(200, "SKU 太多")),
});

export type GroupbuyInput = z.output<typeof groupbuyFields>;

function checkGroupbuy(body: GroupbuyInput, ctx: z.RefinementCtx): void {
  if (body.end_time <= body.start_time) ctx.addIssue({ code: "custom", message: "结束时间须晚于开始时间", path: ["end_time"] });
  const skuIds = body.sku_list.map((sku) => sku.sku_id);
  if (new Set(skuIds).size !== skuIds.length) ctx.addIssue({ code: "custom", message: "SKU 不能重复", path: ["sku_list"] });
}

/** {groupbuy_id}, or the reference's {id}. */
const groupbuyRef = z
  .object({ groupbuy_id: id.optional(), id: id.optional() })
  .superRefine((body, ctx) => {
    if (body.groupbuy_id === undefined && body.id === undefined) ctx.addIssue({ code: "custom", message: "参数 groupbuy_id 不能为空", path: ["groupbuy_id"] });
  })
  .transform((body) => ({ groupbuy_id: (body.groupbuy_id ?? body.id)! }));

export const groupbuyPaymentBody = z.object({
  groupbuy_id: id,
  sku_id: id,
  num: z.coerce.number({ error: "请填写购买数量" }).int("购买数量须为整数").min(1, "购买数量至少 1 件").max(9999, "购买数量太大"),
});

const groupbuyId = { groupbuy_id: id };

export const groupbuyEndpoints = {
  // ---- shoppers ----
  /**
   * the running group buys of goods on sale, ending soonest first (public); with goods_id (ours) only
   * that goods' (the SKU page's 团购价: at most one runs per goods)
   */
  "/groupbuy/api/goods/page": endpoint<Page<GroupbuyItem>>()(z.object({ ...paging, goods_id: id.optional() })),
  /** one group buy with its goods and SKUs, also upcoming, ended or closed (status says); unknown → 团购活动不存在 */
  "/groupbuy/api/goods/detail": endpoint<GroupbuyDetail>()(groupbuyRef),
  /** payment {groupbuy_id, sku_id, num}; calculate and create as /api/ordercreate/* (member) */
  ...promotionCheckoutEndpoints("/groupbuy/api/ordercreate", groupbuyPaymentBody),

  // ---- staff (promotion.manage) ----
  "/shopapi/groupbuy/lists": endpoint<Page<StaffGroupbuy>>()(staffPromotionListBody),
  "/shopapi/groupbuy/detail": endpoint<StaffGroupbuy>()(z.object(groupbuyId)),
  "/shopapi/groupbuy/add": endpoint<{ groupbuy_id: number }>()(groupbuyFields.superRefine(checkGroupbuy)),
  /** edits a group buy that is not closed or ended; its goods cannot change once units were sold */
  "/shopapi/groupbuy/edit": endpoint<{ groupbuy_id: number }>()(groupbuyFields.extend(groupbuyId).superRefine(checkGroupbuy)),
  /** closes a group buy at once: no more orders at its prices (orders placed stay as they are) */
  "/shopapi/groupbuy/close": endpoint<null>()(z.object(groupbuyId)),
};
