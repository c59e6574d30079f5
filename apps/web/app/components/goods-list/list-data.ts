import type { ApiClient, BrandFacet, BrandItem, CategoryInfo, CategorySummary, GoodsSkuItem, Page } from "@shop/contract";
import { ApiError } from "@shop/contract/client";
import { Code } from "@shop/contract/codes";
import { redirectIfClosed } from "../../lib/site-closed.ts";
import { filterBody, pageBody, parseListQuery, type ListQuery } from "./list-query.ts";
import { listPromotionOf, type ListPromotion } from "./list-promotion.ts";

/** One value of the category filter; a search's values carry how many of its results they hold. */
export interface CategoryChoice {
  category_id: number;
  category_name: string;
  level: number;
  /** goods of the search result in the category (search facets only) */
  goods_count?: number;
}

/**
 * A result as the list shows it: the fields GoodsListItem renders and `picture`, the first goods
 * image (else the SKU's). Only these go into the page's hydration payload.
 */
export type ListedGoods = Pick<
  GoodsSkuItem,
  "goods_id" | "sku_id" | "goods_name" | "introduction" | "sale_num" | "unit" | "brand_name" | "is_free_shipping" | "label_name" | "stock" | "discount_price" | "member_price" | "market_price"
> & {
  picture: string;
  /** 秒杀 / 团购 and its price, only when the list marks one (list-promotion.ts) */
  promotion?: ListPromotion;
};

export function listedGoods(item: GoodsSkuItem): ListedGoods {
  const { goods_id, sku_id, goods_name, introduction, sale_num, unit, brand_name, is_free_shipping, label_name, stock, discount_price, member_price, market_price } = item;
  const picture = (item.goods_image || "").split(",")[0]?.trim() || item.sku_image || "";
  const listed: ListedGoods = { goods_id, sku_id, goods_name, introduction, sale_num, unit, brand_name, is_free_shipping, label_name, stock, discount_price, member_price, market_price, picture };
  const promotion = listPromotionOf(item);
  if (promotion) listed.promotion = promotion;
  return listed;
}

export interface GoodsListData {
  query: ListQuery;
  page: Page<ListedGoods>;
  /** the filtered category, null without one (or when it does not exist) */
  category: CategoryInfo | null;
  /** the category filter's choices (categoryChoices) */
  categoryChoices: CategoryChoice[];
  /** brands of the result, for the brand filter */
  brands: BrandFacet[];
  /** the filtered brand, looked up apart from the result (which may hold none of its goods); null without one */
  brand: BrandItem | null;
  /** the URL names a brand that does not exist (-1 品牌不存在) */
  brandMissing: boolean;
  /** the name of the ?coupon= type when the coupon centre offers it ("" otherwise, or without a coupon) */
  couponName: string;
  /** the server's message when the list failed to load ("" otherwise) */
  error: string;
}

const EMPTY_PAGE: Page<ListedGoods> = { page_count: 0, count: 0, list: [] };

const choiceOf = ({ category_id, category_name, level }: CategorySummary): CategoryChoice => ({ category_id, category_name, level });

/**
 * The categories offered as filters. A search (or a coupon's goods) offers the categories its
 * results lie in (/api/goodssku/categories: one level below the current category, siblings of a
 * leaf, with counts), so no choice leads to an empty list. Without a keyword the tree decides: the children of
 * the current category, or its siblings when it has none (a level-3 category), or the level-1
 * categories of the plain list.
 */
async function categoryChoices(api: ApiClient, category: Promise<CategoryInfo | null>, query: ListQuery): Promise<CategoryChoice[]> {
  if (query.keyword || query.coupon) {
    return api
      .call("/api/goodssku/categories", filterBody(query))
      .then((result) => result.list.map(({ category_id, category_name, level, goods_count }) => ({ category_id, category_name, level, goods_count })))
      .catch(() => []);
  }
  const children = (pid: number) => api.call("/api/goodscategory/lists", { pid }).then((list) => list.map(choiceOf), () => [] as CategoryChoice[]);
  if (!query.category_id) return children(0);
  const [info, own] = await Promise.all([category, children(query.category_id)]);
  if (own.length > 0 || !info) return own;
  return info.pid > 0 ? children(info.pid) : [];
}

/** The brand of ?brand_id=, by its own call: the result's facets lack it when none of its goods match. */
async function filteredBrand(api: ApiClient, brandId: number): Promise<{ brand: BrandItem | null; brandMissing: boolean }> {
  if (!brandId) return { brand: null, brandMissing: false };
  return api.call("/api/goodsbrand/info", { brand_id: brandId }).then(
    (brand) => ({ brand, brandMissing: false }),
    (error: unknown) => ({ brand: null, brandMissing: error instanceof ApiError && error.code === Code.ERROR }),
  );
}

/** Coupon types the name lookup reads: the centre's first page (the API's largest). */
const COUPON_LOOKUP_SIZE = 100;

/**
 * The name of the ?coupon= type, from the coupon centre (public and cached: no call of its own
 * exists). "" when it is not there (hidden, closed, past its end, or beyond the first page) or the
 * call fails: the page then says 优惠券适用商品.
 */
async function couponName(api: ApiClient, couponTypeId: number): Promise<string> {
  if (!couponTypeId) return "";
  return api.call("/coupon/api/coupon/typepagelists", { page: 1, page_size: COUPON_LOOKUP_SIZE }).then(
    (types) => types.list.find((type) => type.coupon_type_id === couponTypeId)?.coupon_name ?? "",
    () => "",
  );
}

/**
 * Everything the list page shows, in parallel. Only the list itself may fail visibly; a missing
 * category or failed facets just leave their parts out.
 */
export async function loadGoodsList(api: ApiClient, request: Request): Promise<GoodsListData> {
  const query = parseListQuery(new URL(request.url).searchParams);
  const category = query.category_id
    ? api.call("/api/goodscategory/info", { category_id: query.category_id }).catch(() => null)
    : Promise.resolve(null);
  const [listed, info, choices, brands, brand, coupon] = await Promise.all([
    api.call("/api/goodssku/page", pageBody(query)).then(
      (page) => ({ page: { ...page, list: page.list.map(listedGoods) }, error: "" }),
      (error: unknown) => {
        redirectIfClosed(error, request);
        return { page: EMPTY_PAGE, error: error instanceof Error && error.message ? error.message : "商品加载失败" };
      },
    ),
    category,
    categoryChoices(api, category, query),
    api.call("/api/goodssku/brands", filterBody(query)).then((result) => result.list, () => [] as BrandFacet[]),
    filteredBrand(api, query.brand_id),
    couponName(api, query.coupon),
  ]);
  return { query, page: listed.page, error: listed.error, category: info, categoryChoices: choices, brands, ...brand, couponName: coupon };
}
