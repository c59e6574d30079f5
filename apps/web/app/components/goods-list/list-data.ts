import type { ApiClient, BrandFacet, CategoryInfo, CategorySummary, GoodsSkuItem, Page } from "@shop/contract";
import { redirectIfClosed } from "../../lib/site-closed.ts";
import { filterBody, pageBody, parseListQuery, type ListQuery } from "./list-query.ts";

export interface GoodsListData {
  query: ListQuery;
  page: Page<GoodsSkuItem>;
  /** the filtered category, null without one (or when it does not exist) */
  category: CategoryInfo | null;
  /** the category filter's choices (categoryChoices) */
  categoryChoices: CategorySummary[];
  /** brands of the result, for the brand filter */
  brands: BrandFacet[];
  /** the server's message when the list failed to load ("" otherwise) */
  error: string;
}

const EMPTY_PAGE: Page<GoodsSkuItem> = { page_count: 0, count: 0, list: [] };

/**
 * The categories offered as filters: the children of the current category, or its siblings when
 * it has none (a level-3 category), or the level-1 categories of the plain list.
 */
async function categoryChoices(api: ApiClient, category: Promise<CategoryInfo | null>, categoryId: number): Promise<CategorySummary[]> {
  const children = (pid: number) => api.call("/api/goodscategory/lists", { pid }).catch(() => [] as CategorySummary[]);
  if (!categoryId) return children(0);
  const [info, own] = await Promise.all([category, children(categoryId)]);
  if (own.length > 0 || !info) return own;
  return info.pid > 0 ? children(info.pid) : [];
}

/**
 * Everything the list page shows, in parallel. Only the list itself may fail visibly; a missing
 * category or failed brand facets just leave their parts out.
 */
export async function loadGoodsList(api: ApiClient, request: Request): Promise<GoodsListData> {
  const query = parseListQuery(new URL(request.url).searchParams);
  const category = query.category_id
    ? api.call("/api/goodscategory/info", { category_id: query.category_id }).catch(() => null)
    : Promise.resolve(null);
  const [listed, info, choices, brands] = await Promise.all([
    api.call("/api/goodssku/page", pageBody(query)).then(
      (page) => ({ page, error: "" }),
      (error: unknown) => {
        redirectIfClosed(error, request);
        return { page: EMPTY_PAGE, error: error instanceof Error && error.message ? error.message : "商品加载失败" };
      },
    ),
    category,
    categoryChoices(api, category, query.category_id),
    api.call("/api/goodssku/brands", filterBody(query)).then((result) => result.list, () => [] as BrandFacet[]),
  ]);
  return { query, page: listed.page, error: listed.error, category: info, categoryChoices: choices, brands };
}
