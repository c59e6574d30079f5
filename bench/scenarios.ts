/**
 * What the bench measures: the /api/goodssku/page calls (list and search, first and deep pages,
 * filters and sorts) and the storefront pages. Ids (a level-1 category, brands, a SKU, an article)
 * are looked up on the running server, so the rows fit whichever catalog it serves.
 */

export const LIST_API = "/api/goodssku/page";

export interface ApiCall {
  name: string;
  /** list rows have the ≥ 50 % goal; search rows p95 ≤ 10 ms and ≥ 30 % */
  kind: "list" | "search";
  body: Record<string, unknown>;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function postJson<T>(origin: string, path: string, body: object): Promise<Envelope<T>> {
  const response = await fetch(origin + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return (await response.json()) as Envelope<T>;
}

async function dataOf<T>(origin: string, path: string, body: object): Promise<T> {
  const envelope = await postJson<T>(origin, path, body);
  if (envelope.code !== 0) throw new Error(`${path} ${JSON.stringify(body)} → ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** The brand with most goods among those matching `filters`. */
async function topBrand(origin: string, filters: object): Promise<{ brand_id: number; brand_name: string }> {
  const { list } = await dataOf<{ list: Array<{ brand_id: number; brand_name: string }> }>(origin, "/api/goodssku/brands", filters);
  if (!list[0]) throw new Error(`没有品牌：${JSON.stringify(filters)}`);
  return list[0];
}

const PAGE = { page: 1, page_size: 20 };
const DEEP = { page: 50, page_size: 20 };

/** The API rows, in report order. */
export async function apiCalls(origin: string): Promise<ApiCall[]> {
  const tree = await dataOf<Array<{ category_id: number; category_name: string }>>(origin, "/api/goodscategory/tree", { level: 1 });
  const category = tree[0];
  if (!category) throw new Error("商品分类为空：无法组成筛选场景");
  const freeShippingBrand = await topBrand(origin, { is_free_shipping: 1 });
  const phoneBrand = await topBrand(origin, { keyword: "手机" });
  return [
    { name: "list page 1", kind: "list", body: { ...PAGE } },
    { name: "list page 50", kind: "list", body: { ...DEEP } },
    {
      name: `list ${category.category_name} + ¥100–2000, price ↑`,
      kind: "list",
      body: { ...PAGE, category_id: category.category_id, category_level: 1, min_price: "100", max_price: "2000", order: "discount_price", sort: "asc" },
    },
    {
      name: `list ${freeShippingBrand.brand_name} + free shipping, sales ↓`,
      kind: "list",
      body: { ...PAGE, brand_id: freeShippingBrand.brand_id, is_free_shipping: 1, order: "sale_num", sort: "desc" },
    },
    { name: "search 手机 page 1", kind: "search", body: { ...PAGE, keyword: "手机" } },
    { name: "search 手机 page 50", kind: "search", body: { ...DEEP, keyword: "手机" } },
    { name: "search 蓝牙耳机", kind: "search", body: { ...PAGE, keyword: "蓝牙耳机" } },
    {
      name: `search 手机 + ${phoneBrand.brand_name}, price ↑`,
      kind: "search",
      body: { ...PAGE, keyword: "手机", brand_id: phoneBrand.brand_id, order: "discount_price", sort: "asc" },
    },
  ];
}

/** The storefront pages (GET, guest), in report order; the first three are the before/after ones. */
export async function pagePaths(origin: string): Promise<string[]> {
  const firstPage = await dataOf<{ list: Array<{ sku_id: number }> }>(origin, LIST_API, PAGE);
  const articles = await dataOf<{ list: Array<{ article_id: number }> }>(origin, "/api/article/page", { page: 1, page_size: 1 });
  const paths = [
    "/web/",
    "/web/goods/list",
    `/web/goods/list?keyword=${encodeURIComponent("手机")}`,
    `/web/sku/${firstPage.list[0]?.sku_id ?? 1}`,
    "/web/goods/category",
    "/web/cms/help/list",
  ];
  const article = articles.list[0];
  if (article) paths.push(`/web/cms/article/detail?id=${article.article_id}`);
  return paths;
}
