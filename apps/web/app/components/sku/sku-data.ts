import { data } from "react-router";
import { categoryTrail, type CategoryStep } from "../../lib/category-trail.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import { loadSkuPromotions, type SkuPromotions } from "./sku-promotions.ts";
import type { ApiClient, CouponTypeItem, EvaluationCounts, GoodsEvaluation, GoodsSkuDetail, Page, RecommendGoods } from "@shop/contract";

/** Evaluations per page on the SKU page. */
export const EVALUATION_PAGE_SIZE = 10;
/** Goods in the 看了又看 column. */
export const RECOMMEND_COUNT = 5;

const EMPTY_COUNTS: EvaluationCounts = { total: 0, haoping: 0, zhongping: 0, chaping: 0 };
const EMPTY_PAGE = { page_count: 0, count: 0, list: [] };

export interface SkuPageData {
  detail: GoodsSkuDetail;
  /** whether the logged-in member follows the goods (false for guests) */
  collected: boolean;
  counts: EvaluationCounts;
  evaluations: Page<GoodsEvaluation>;
  recommend: RecommendGoods[];
  aftersale: string;
  /** the goods' category and its ancestors, top level first ([] when it is hidden or gone) */
  categories: CategoryStep[];
  /** free coupons usable on the goods (领券), with the member's state when logged in */
  coupons: CouponTypeItem[];
  /** "https://shop.example.com": for the canonical link and the share link */
  origin: string;
  /** the SKU's seckill, the goods' group buy and the combos holding it (sku-promotions.ts) */
  promotions: SkuPromotions;
}

/** The id of /sku/{id}: a positive integer, else the page does not exist. */
export function parseSkuId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The shop's public origin: the server builds request.url from PUBLIC_ORIGIN or from the validated
 * Host and the protocol of trusted proxies (apps/server/src/core/origin.ts), so it is already right.
 */
export const requestOrigin = (request: Request): string => new URL(request.url).origin;

export const notFound = () => data("商品不存在或已下架", { status: 404, statusText: "Not Found" });

/**
 * Everything the page shows, server-side: the detail first (a missing or off-shelf SKU is a 404),
 * then the evaluation counts and first page, recommendations, the after-sale text, the coupons and
 * the follow state in parallel. Secondary parts fall back to empty rather than failing the page.
 */
export async function loadSkuPage(api: ApiClient, skuId: number, request: Request, loggedIn: boolean): Promise<SkuPageData> {
  const { goods_sku_detail: detail } = await loadOrClose(request, api.call("/api/goodssku/detail", { sku_id: skuId }));
  if (!detail) throw notFound();
  const goodsId = detail.goods_id;
  const categoryId = detail.category_id_3 || detail.category_id_2 || detail.category_id_1;
  const [collected, counts, evaluations, recommend, aftersale, categories, coupons, promotions] = await Promise.all([
    loggedIn ? api.call("/api/goodscollect/iscollect", { goods_id: goodsId }).then((value) => value === 1, () => false) : false,
    api.call("/api/goodsevaluate/getgoodsevaluate", { goods_id: goodsId }).catch(() => EMPTY_COUNTS),
    api.call("/api/goodsevaluate/page", { goods_id: goodsId, page: 1, page_size: EVALUATION_PAGE_SIZE }).catch(() => EMPTY_PAGE),
    api.call("/api/goodssku/recommend", { goods_id: goodsId, page_size: RECOMMEND_COUNT }).then((page) => page.list, () => []),
    api.call("/api/goods/aftersale").then((result) => result.content, () => ""),
    categoryId ? api.call("/api/goodscategory/info", { category_id: categoryId }).then(categoryTrail, () => []) : [],
    api.call("/coupon/api/coupon/goodsCoupon", { goods_id: goodsId }).catch((): CouponTypeItem[] => []),
    loadSkuPromotions(api, skuId, goodsId),
  ]);
  return { detail, collected, counts, evaluations, recommend, aftersale, categories, coupons, promotions, origin: requestOrigin(request) };
}
