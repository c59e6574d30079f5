import { z } from "zod";
import { endpoint, id, noBody, paging } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { FloorGoods, GoodsServiceItem, WapQrcode } from "./site.ts";
import { isCalendarDate } from "./member.ts";

/**
 * The SKU page: detail and spec switching, evaluations, follows (collect), footprints (browse),
 * recommendations. Money is a string with two decimals; times are unix seconds.
 */

/** One value of a spec in goods_spec_format, as seen from the current SKU. */
export interface SpecFormatValue {
  spec_id: number;
  spec_name: string;
  spec_value_id: number;
  spec_value_name: string;
  /** the SKU reached by choosing this value and keeping the current SKU's other values (0: none) */
  sku_id: number;
  /** picture of the value (first spec only), "" otherwise */
  image: string;
  /** the current SKU has this value */
  selected: boolean;
  /** that combination does not exist or is out of stock */
  disabled: boolean;
}

export interface SpecFormat {
  spec_id: number;
  spec_name: string;
  value: SpecFormatValue[];
}

/** sku_spec_format entries: the SKU's own value of each spec. */
export interface SkuSpecValue {
  spec_id: number;
  spec_name: string;
  spec_value_id: number;
  spec_value_name: string;
}

/** goods_attr_format entries. */
export interface GoodsAttr {
  attr_name: string;
  attr_value_name: string;
}

/** /api/goodssku/info: what changes when the shopper switches spec. */
export interface GoodsSkuInfo {
  sku_id: number;
  goods_id: number;
  sku_name: string;
  sku_no: string;
  spec_name: string;
  /** JSON string of SkuSpecValue[] */
  sku_spec_format: string;
  /** JSON string of SpecFormat[], computed for this SKU (sku_id, selected, disabled per value) */
  goods_spec_format: string;
  price: string;
  market_price: string;
  discount_price: string;
  /** the discount price after the member level's discount; equals discount_price for guests */
  member_price: string;
  stock: number;
  sku_image: string;
  /** comma-separated */
  sku_images: string;
  goods_name: string;
  /** 1 on shelf */
  goods_state: number;
  unit: string;
  /** 0 = no limit */
  max_buy: number;
  /** 0 = no minimum */
  min_buy: number;
  is_free_shipping: number;
}

/** /api/goodssku/detail: the SKU with its goods. */
export interface GoodsSkuDetail extends GoodsSkuInfo {
  introduction: string;
  keywords: string;
  /** comma-separated */
  goods_image: string;
  /** sanitized HTML, safe to insert as-is */
  goods_content: string;
  video_url: string;
  /** JSON string of GoodsAttr[] */
  goods_attr_format: string;
  /** the goods' total sales and stock over all SKUs */
  sale_num: number;
  goods_stock: number;
  collect_num: number;
  /** number of evaluations */
  evaluate: number;
  click_num: number;
  /** ",1,12,123," */
  category_id: string;
  category_id_1: number;
  category_id_2: number;
  category_id_3: number;
  brand_id: number;
  brand_name: string;
  label_name: string;
  /** 1 virtual goods */
  is_virtual: number;
  goods_service: GoodsServiceItem[];
  evaluate_config: EvaluateConfig;
}

/** The shop's evaluation settings (the reference's order evaluate config), each 0 or 1. */
export interface EvaluateConfig {
  /** members may evaluate their orders */
  evaluate_status: number;
  /** evaluations are shown on the goods page */
  evaluate_show: number;
  /** new evaluations wait for the shop's review before they are shown */
  evaluate_audit: number;
}

/** The logged-in shopper, as far as pricing is concerned. */
export interface DetailMemberInfo {
  member_id: number;
  member_level: number;
  member_level_name: string;
  /** percent, 95 = 9.5折 */
  consume_discount: number;
}

export interface GoodsSkuDetailResult {
  /** null when the SKU is missing, off shelf or deleted */
  goods_sku_detail: GoodsSkuDetail | null;
  /** null for a guest */
  member_info: DetailMemberInfo | null;
}

export interface GoodsEvaluation {
  evaluate_id: number;
  goods_id: number;
  sku_id: number;
  sku_name: string;
  content: string;
  /** comma-separated */
  images: string;
  /** 1–5 */
  scores: number;
  /** 1 good, 2 neutral, 3 bad */
  explain_type: number;
  /** the shop's reply */
  explain_first: string;
  /** masked (first and last character) when anonymous */
  member_name: string;
  /** "" when anonymous */
  member_headimg: string;
  is_anonymous: number;
  again_content: string;
  again_images: string;
  again_explain: string;
  create_time: number;
  /** 0 when there is no follow-up */
  again_time: number;
}

export interface EvaluationCounts {
  total: number;
  haoping: number;
  zhongping: number;
  chaping: number;
}

/** A followed (collected) goods or a footprint, priced from its SKU now. */
interface GoodsRecordItem {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  sku_name: string;
  sku_image: string;
  price: string;
  market_price: string;
  discount_price: string;
  /** discount_price after the member's level discount: what the member pays now */
  member_price: string;
  stock: number;
  /** 1 on shelf; a record of goods taken off shelf stays listed */
  goods_state: number;
}

export interface CollectItem extends GoodsRecordItem {
  collect_id: number;
  create_time: number;
}

export interface BrowseItem extends GoodsRecordItem {
  id: number;
  browse_time: number;
  /** the shop day (Asia/Shanghai) of browse_time, "2026-01-05": the page groups by it */
  browse_date: string;
}

/** A day of footprints: how many the member has on it (all of them, not only those on this page). */
export interface BrowseDay {
  date: string;
  count: number;
}

/** /api/goodsbrowse/page: a page of footprints and the days its items fall on, latest first. */
export interface BrowsePage extends Page<BrowseItem> {
  days: BrowseDay[];
}

export type RecommendGoods = FloorGoods;

/** sku_id or goods_id (the goods' default SKU); at least one. */
const skuOrGoods = z
  .object({ sku_id: id.optional(), goods_id: id.optional() })
  .refine((body) => body.sku_id !== undefined || body.goods_id !== undefined, {
    message: "参数 sku_id 不能为空",
    path: ["sku_id"],
  });

const goodsOnly = z.object({ goods_id: id });

/** Ids of follows or footprints to delete at once: 12, "12,13" or [12, 13]; at most 100, repeats dropped. */
export const MAX_BATCH_IDS = 100;
const batchIds = z.preprocess(
  // Only a well-formed list is split: anything else stays a string and is refused as the wrong type.
  (value) => (typeof value === "string" && /^\s*\d+(\s*,\s*\d+)*\s*$/.test(value) ? value.split(",").map(Number) : typeof value === "number" ? [value] : value),
  z.array(id).min(1).max(MAX_BATCH_IDS).transform((ids) => [...new Set(ids)]),
);

/** A shop day (Asia/Shanghai) "YYYY-MM-DD". */
const shopDate = z.string().trim().refine(isCalendarDate, "日期格式不正确，应为 YYYY-MM-DD");

/** What /api/goodsbrowse/delete removes: the given footprints, or all of one day. */
export type BrowseDeletion = { ids: number[] } | { date: string };

/**
 * `id` (one, "1,2" or [1, 2]) or `date` (clear that day), not both. The parsed body nests the choice
 * under `id`, the one field the route hands to the service.
 */
const browseDeletion = z
  .object({ id: batchIds.optional(), date: shopDate.optional() })
  .refine((body) => (body.id === undefined) !== (body.date === undefined), { message: "请指定要删除的足迹（id 或 date 其一）", path: ["id"] })
  .transform(({ id: ids, date }): { id: BrowseDeletion } => ({ id: date !== undefined ? { date } : { ids: ids ?? [] } }));
const skuOnly = z.object({ sku_id: id });

export const EXPLAIN_TYPES = { all: 0, good: 1, neutral: 2, bad: 3 } as const;

export const goodsDetailEndpoints = {
  /** The SKU (or the goods' default SKU) with its goods; null when missing, off shelf or deleted. */
  "/api/goodssku/detail": endpoint<GoodsSkuDetailResult>()(skuOrGoods),
  /** The flat SKU for spec switching; null when missing, off shelf or deleted. */
  "/api/goodssku/info": endpoint<GoodsSkuInfo | null>()(skuOnly),
  /** QR code of the SKU page's URL: a PNG under upload/qrcode/ (relative path), drawn once; -1 商品不存在. */
  "/api/goodssku/goodsqrcode": endpoint<WapQrcode>()(skuOnly),
  /**
   * Goods of the current goods' category by sales (the leaf, widened to its parents while it has too
   * few), without the current goods; site-wide best sellers without an id.
   */
  "/api/goodssku/recommend": endpoint<Page<RecommendGoods>>()(
    z.object({ sku_id: id.optional(), goods_id: id.optional(), page: paging.page, page_size: z.coerce.number().int().min(1).max(30).default(5) }),
  ),
  /** After-sale promise shown on the SKU page (sanitized HTML). */
  "/api/goods/aftersale": endpoint<{ content: string }>()(noBody),
  /** Counts one view of the SKU's goods. */
  "/api/goods/modifyclicks": endpoint<null>()(skuOnly),

  /** Shown evaluations of a goods, newest first; explain_type 0/absent = all. */
  "/api/goodsevaluate/page": endpoint<Page<GoodsEvaluation>>()(
    z.object({ goods_id: id, explain_type: z.coerce.number().int().min(0).max(3).default(0), ...paging }),
  ),
  "/api/goodsevaluate/getgoodsevaluate": endpoint<EvaluationCounts>()(goodsOnly),

  /** Follows a goods (idempotent) → collect_id. Member only. */
  "/api/goodscollect/add": endpoint<number>()(z.object({ goods_id: id, sku_id: id.optional() })),
  /**
   * Unfollows one goods or several (goods_id "12,13" or [12, 13]: batch) → how many follows were
   * removed (0 when there were none: deleting twice is harmless). Member only.
   */
  "/api/goodscollect/delete": endpoint<number>()(z.object({ goods_id: batchIds })),
  /** 1 when the member follows the goods. */
  "/api/goodscollect/iscollect": endpoint<0 | 1>()(goodsOnly),
  /** The member's follows, latest first, priced now (member_price with the level discount). */
  "/api/goodscollect/page": endpoint<Page<CollectItem>>()(z.object(paging)),

  /** Records a footprint: one per member and goods, with the latest SKU and time. Member only. */
  "/api/goodsbrowse/add": endpoint<null>()(z.object({ goods_id: id, sku_id: id })),
  /** The member's footprints, latest first, each with its shop day; `date` keeps one day. */
  "/api/goodsbrowse/page": endpoint<BrowsePage>()(z.object({ ...paging, date: shopDate.optional() })),
  /**
   * Deletes the member's footprints by `id` (one or several) or a whole day (`date`) → how many were
   * deleted; -1 足迹不存在 when ids were given and none of them is the member's.
   */
  "/api/goodsbrowse/delete": endpoint<number>()(browseDeletion),
};
