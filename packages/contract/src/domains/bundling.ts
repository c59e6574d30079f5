import { z } from "zod";
import { endpoint, id } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { cents } from "../money.ts";
import { jsonList, promotionCheckoutEndpoints, promotionCouponListEndpoint, promotionTime, splitIds, staffPromotionListBody, type PromotionSku } from "./promotion.ts";

/**
 * Combo packages (组合套餐, reference add-on "bundling": /bundling/api/*; docs/api/bundling.md,
 * ADR 0022). A package holds several goods (num of each per package) at one price, bl_price, from
 * start_time until end_time. The shopper picks the SKU of each goods and how many packages;
 * /bundling/api/ordercreate/* {bl_id, num, sku_ids} buys them: the package price is split over the
 * order's lines so they add up exactly, and the stock of every SKU is taken in one unit of work.
 * The SKU page shows the packages its goods is in (/bundling/api/bundling/lists {sku_id}).
 */

/** status on the wire: 1 未开始, 2 进行中, 3 已结束, -1 已关闭 (closed by staff). */
export const BUNDLING_STATUS_NAMES: Record<number, string> = { 1: "未开始", 2: "进行中", 3: "已结束", [-1]: "已关闭" };
export type BundlingStatus = 1 | 2 | 3 | -1;

/** Goods per package: at least 2, at most 10; units of one goods per package at most 99. */
export const BUNDLING_MIN_GOODS = 2;
export const BUNDLING_MAX_GOODS = 10;
export const BUNDLING_MAX_NUM = 99;

/** One SKU a shopper may pick for a goods of the package (its stock the SKU's own). */
export type BundlingSku = PromotionSku;

/** A goods of a package, on its default SKU (the one preselected). */
export interface BundlingGoods {
  goods_id: number;
  goods_name: string;
  /** units of this goods in one package */
  num: number;
  /** the default SKU */
  sku_id: number;
  sku_name: string;
  sku_image: string;
  /** its price, "99.00" */
  price: string;
  /** its share of the package price for the num units (default SKUs; the parts add up to bl_price) */
  promotion_price: string;
  /** units of the default SKU left */
  stock: number;
  unit: string;
  /** 1 on sale; 0 off the shelf (the package cannot be bought) */
  goods_state: number;
  /** JSON PromotionSpecRow[] (promotion.ts): the goods' specs and values, for the spec choice; "[]" without specs */
  goods_spec_format: string;
  /** every SKU of the goods the shopper may pick */
  sku_list: BundlingSku[];
}

/** /bundling/api/bundling/detail and each item of /bundling/api/bundling/lists. */
export interface BundlingDetail {
  bl_id: number;
  bl_name: string;
  /** the price of one package, "199.00" */
  bl_price: string;
  /** the goods' own prices for one package (default SKUs × num), "256.00" */
  goods_money: string;
  /** goods_money − bl_price, never below "0.00" */
  save_money: string;
  start_time: number;
  end_time: number;
  status: BundlingStatus;
  status_name: string;
  /** packages sold */
  sell_num: number;
  /** packages that can still be bought on the default SKUs */
  stock: number;
  bundling_goods: BundlingGoods[];
  /** the server's clock (unix seconds) */
  now: number;
}

/** A package as staff see it. */
export interface StaffBundling extends BundlingDetail {
  /** paid orders bought at it, and their money ("0.00") */
  order_count: number;
  order_money: string;
  create_time: number;
  update_time: number;
}

// ---- request fields -------------------------------------------------------------------------

const bundlingGoodsInput = z.object({
  goods_id: id,
  num: z.coerce.number({ error: "请填写每套数量" }).int("每套数量须为整数").min(1, "每套数量至少 1 件").max(BUNDLING_MAX_NUM, `每套数量不能超过 ${BUNDLING_MAX_NUM} 件`).default(1),
});

const goodsList = jsonList(
  z
    .array(bundlingGoodsInput, { error: "请选择套餐的商品" })
    .min(BUNDLING_MIN_GOODS, `套餐至少包含 ${BUNDLING_MIN_GOODS} 种商品`)
    .max(BUNDLING_MAX_GOODS, `套餐最多包含 ${BUNDLING_MAX_GOODS} 种商品`),
);

const bundlingFields = z.object({
  bl_name: z.string({ error: "请填写套餐名称" }).trim().min(1, "请填写套餐名称").max(30, "套餐名称不能超过 30 个字"),
  /** the price of one package, at least 0.01 */
  bl_price: yuanInput({ min: cents(1) }),
  start_time: promotionTime,
  end_time: promotionTime,
  /** [{goods_id, num}] (array or JSON string), in the order shown */
  goods_list: goodsList,
});

export type BundlingInput = z.output<typeof bundlingFields>;

function checkBundling(body: BundlingInput, ctx: z.RefinementCtx): void {
  if (body.end_time <= body.start_time) ctx.addIssue({ code: "custom", message: "结束时间须晚于开始时间", path: ["end_time"] });
  const goodsIds = body.goods_list.map((goods) => goods.goods_id);
  if (new Set(goodsIds).size !== goodsIds.length) ctx.addIssue({ code: "custom", message: "套餐中的商品不能重复", path: ["goods_list"] });
}

/** SKU ids as an array or "12,15" (one per goods of the package; omitted = each goods' default SKU). */
const skuIds = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? undefined : splitIds(value)),
  z.array(id, { error: "参数 sku_ids 格式不正确" }).max(BUNDLING_MAX_GOODS, "参数 sku_ids 格式不正确").optional(),
);

export const bundlingPaymentBody = z.object({
  bl_id: id,
  /** packages to buy */
  num: z.coerce.number({ error: "请填写套餐数量" }).int("套餐数量须为整数").min(1, "套餐数量至少 1 套").max(999, "套餐数量太大").default(1),
  /** ours: the SKU picked for each goods of the package */
  sku_ids: skuIds,
});

const blId = { bl_id: id };

export const bundlingEndpoints = {
  // ---- shoppers ----
  /** the running packages holding the goods of a SKU (the SKU page's 组合套餐; public) */
  "/bundling/api/bundling/lists": endpoint<BundlingDetail[]>()(z.object({ sku_id: id })),
  /** one package with its goods and their SKUs, also upcoming, ended or closed (status says) */
  "/bundling/api/bundling/detail": endpoint<BundlingDetail>()(z.object(blId)),
  /** payment {bl_id, num, sku_ids}; calculate and create as /api/ordercreate/* (member) */
  ...promotionCheckoutEndpoints("/bundling/api/ordercreate", bundlingPaymentBody),
  ...promotionCouponListEndpoint("/bundling/api/ordercreate"),

  // ---- staff (promotion.manage) ----
  "/shopapi/bundling/lists": endpoint<Page<StaffBundling>>()(staffPromotionListBody),
  "/shopapi/bundling/detail": endpoint<StaffBundling>()(z.object(blId)),
  "/shopapi/bundling/add": endpoint<{ bl_id: number }>()(bundlingFields.superRefine(checkBundling)),
  /** edits a package that is not closed or ended */
  "/shopapi/bundling/edit": endpoint<{ bl_id: number }>()(bundlingFields.extend(blId).superRefine(checkBundling)),
  /** closes a package at once */
  "/shopapi/bundling/close": endpoint<null>()(z.object(blId)),
};
