import { z } from "zod";
import { endpoint, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";

/**
 * The goods list and search (/goods/list): /api/goodssku/page with the reference's parameters,
 * the brands and categories of a result (filter facets) and search suggestions. Money is a string with two
 * decimals; prices in filters are yuan ("12.5" or 12.5), parsed exactly into cents.
 */

/** One goods of the list, priced from its default SKU. */
export interface GoodsSkuItem {
  goods_id: number;
  sku_id: number;
  sku_name: string;
  goods_name: string;
  price: string;
  market_price: string;
  discount_price: string;
  /** discount_price after the member level's discount; equals discount_price for guests */
  member_price: string;
  /** of the default SKU */
  stock: number;
  /** of all SKUs */
  goods_stock: number;
  sale_num: number;
  sku_image: string;
  /** comma-separated, the first is the main picture */
  goods_image: string;
  is_free_shipping: number;
  /** 0: no promotion */
  promotion_type: number;
  introduction: string;
  unit: string;
  /** 0 = no limit */
  max_buy: number;
  /** 0 = no minimum */
  min_buy: number;
  label_name: string;
  brand_id: number;
  brand_name: string;
  /**
   * (ours) the promotion the goods sells at right now, when there is one (absent otherwise):
   * 秒杀 while a seckill slot of it is on and units are left (docs/api/seckill.md), else 团购
   * while a group buy of it runs (docs/api/groupbuy.md). The reference's numeric promotion_type
   * above stays 0: its clients read it as a number.
   */
  promotion?: GoodsPromotionTag;
}

/** A list item's promotion on now: kind, name, id, the promotion price and when it ends (unix seconds). */
export interface GoodsPromotionTag {
  promotion_type: "seckill" | "groupbuy" | "bundling";
  /** 秒杀 | 团购 (the storefront's word for a group buy in lists) | 组合套餐 */
  promotion_type_name: string;
  /** seckill_id / groupbuy_id */
  promotion_id: number;
  /** the lowest promotion price of the goods' SKUs, "79.00" */
  promotion_price: string;
  /** when this price ends: the slot's end (seckill), the group buy's end (groupbuy) */
  end_time: number;
}

export interface BrandFacet {
  brand_id: number;
  brand_name: string;
  image_url: string;
  /** goods of the current result with this brand */
  goods_count: number;
}

/** A category of the current result (the category filter of a search). */
export interface CategoryFacet {
  category_id: number;
  category_name: string;
  short_name: string;
  pid: number;
  level: number;
  /** goods of the result in this category */
  goods_count: number;
}

export interface SearchSuggestion {
  keyword: string;
  /** goods behind the word (counted when the index was built) */
  goods_count: number;
}

/** Search keyword: SPEC §9, at most 50 characters. */
export const searchKeyword = text(50);

/** Old clients send "" or null for a filter they do not use. */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The level of category_id (1–3). The reference's mobile clients send 0 with a keyword search:
 * 0 (like "" and null) means "no level given", so the server looks it up when there is a category.
 */
const categoryLevel = z.preprocess(
  (value) => (value === 0 || value === "0" ? undefined : blankToUndefined(value)),
  z.coerce.number().int().min(1).max(3).optional(),
);

/** An optional id filter; 0 (and "") means "not filtered". */
const optionalIdFilter = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(0).max(2_147_483_647).optional(),
);

/**
 * A price bound in yuan with at most two decimals, ≥ 0, as cents; "1.005", "0x10" or "1e3" are
 * refused (-10006 参数 min_price 格式不正确) rather than rounded.
 */
const priceBound = z.preprocess(blankToUndefined, yuanInput().optional());

/** "1,2,3" (or an array of ids) → [1, 2, 3]. */
const idList = z.preprocess(
  (value) => {
    if (value === "" || value === null) return undefined;
    if (typeof value !== "string" && typeof value !== "number") return value;
    return String(value).split(",").map((item) => item.trim()).filter(Boolean);
  },
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(100).optional(),
);

/** The filters shared by the list and its facets. */
const listFilters = {
  keyword: searchKeyword.optional(),
  category_id: optionalIdFilter,
  /** which level category_id is; looked up when absent (or 0) */
  category_level: categoryLevel,
  brand_id: optionalIdFilter,
  min_price: priceBound,
  max_price: priceBound,
  /** 1: free shipping only */
  is_free_shipping: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1).optional()),
  goods_id_arr: idList,
  /** a coupon type's id: only the goods it applies to (its goods, or goods in its categories at any level); 0 = not filtered */
  coupon: optionalIdFilter,
};

const withPriceOrder = <T extends z.ZodType<{ min_price?: number; max_price?: number }>>(schema: T) =>
  schema.refine((body) => body.min_price === undefined || body.max_price === undefined || body.min_price <= body.max_price, {
    path: ["max_price"],
    message: "参数 max_price 不能小于 min_price",
  });

/** Sort keys; `price` is accepted for `discount_price`. Absent: relevance (keyword) or 综合. */
export const GOODS_ORDERS = ["sale_num", "discount_price", "price", "create_time"] as const;
export type GoodsOrder = (typeof GOODS_ORDERS)[number];

export const goodsSkuPageBody = withPriceOrder(
  z.object({
    ...paging,
    ...listFilters,
    order: z.preprocess(blankToUndefined, z.enum(GOODS_ORDERS).optional()),
    sort: z.preprocess(
      (value) => (typeof value === "string" ? value.toLowerCase() || undefined : blankToUndefined(value)),
      z.enum(["asc", "desc"]).default("desc"),
    ),
  }),
);

export const goodsListEndpoints = {
  /**
   * Goods on sale, one row per goods (its default SKU). With a keyword and no `order`, by
   * relevance (goods of a category or brand named in the keyword first, name matches over
   * description, then sales); without either, by the goods' sort, then sales.
   */
  "/api/goodssku/page": endpoint<Page<GoodsSkuItem>>()(goodsSkuPageBody),
  /** Brands of the goods matching the filters (brand_id ignored), most goods first, at most 30. */
  "/api/goodssku/brands": endpoint<{ list: BrandFacet[] }>()(withPriceOrder(z.object(listFilters))),
  /**
   * Categories of the goods matching the filters (brand_id ignored), one level below `category_id`
   * (level 1 without one; the siblings of a level-3 category), shown ones only, most goods first.
   */
  "/api/goodssku/categories": endpoint<{ list: CategoryFacet[] }>()(withPriceOrder(z.object(listFilters))),
  /** Words for what is being typed in the search box: brands, categories, goods keywords. */
  "/api/goods/searchSuggest": endpoint<{ list: SearchSuggestion[] }>()(
    z.object({ keyword: searchKeyword.default(""), limit: z.coerce.number().int().min(1).max(20).default(10) }),
  ),
};
