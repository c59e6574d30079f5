import type { BodyOf, Cents } from "@shop/contract";
import { parseYuan } from "@shop/contract/money";
import { keywordParam } from "../../lib/search-keyword.ts";

/**
 * The goods list's state, all of it in the URL (/goods/list?keyword=…&category_id=…&level=…),
 * so a list can be shared and reloaded. Parsing is forgiving: a value the API would refuse is
 * dropped rather than turned into an error page.
 */
export type ListOrder = "" | "sale_num" | "discount_price" | "create_time";

export interface ListQuery {
  keyword: string;
  /** 0: no category */
  category_id: number;
  /** 1–3 (the SPEC's `level`); 0: let the server look it up */
  level: number;
  /** 0: every brand */
  brand_id: number;
  /** yuan as typed, "" when unbounded */
  min_price: string;
  max_price: string;
  free_shipping: boolean;
  /** a coupon type: only the goods it applies to (its 去使用); 0: none */
  coupon: number;
  /** "": 综合 */
  order: ListOrder;
  sort: "asc" | "desc";
  page: number;
  page_size: number;
}

export const PAGE_SIZES = [20, 40, 60] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];
const MAX_PAGE = 100_000;
const MAX_ID = 2_147_483_647;
const ORDERS: ListOrder[] = ["sale_num", "discount_price", "create_time"];

export const DEFAULT_QUERY: ListQuery = {
  keyword: "", category_id: 0, level: 0, brand_id: 0, min_price: "", max_price: "", free_shipping: false, coupon: 0, order: "",
  sort: "desc", page: 1, page_size: DEFAULT_PAGE_SIZE,
};

const intIn = (value: string | null, min: number, max: number, fallback: number): number => {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= min && number <= max ? number : fallback;
};

/**
 * A price bound as typed ("12.5") when it is an exact yuan amount the API takes; blanks, junk
 * ("1.005", "0x10", "1e3") and negatives → "".
 */
const priceText = (value: string | null): string => {
  const text = (value ?? "").trim();
  const amount = parseYuan(text);
  return amount !== null && amount >= 0 ? text : "";
};

/** The cents of a bound kept by priceText. */
const boundCents = (text: string): Cents => parseYuan(text)!;

export function parseListQuery(params: URLSearchParams): ListQuery {
  const order = (params.get("order") === "price" ? "discount_price" : params.get("order") ?? "") as ListOrder;
  let min_price = priceText(params.get("min_price"));
  let max_price = priceText(params.get("max_price"));
  if (min_price && max_price && boundCents(min_price) > boundCents(max_price)) [min_price, max_price] = [max_price, min_price];
  return {
    keyword: keywordParam(params),
    category_id: intIn(params.get("category_id"), 1, MAX_ID, 0),
    level: intIn(params.get("level") ?? params.get("category_level"), 1, 3, 0),
    brand_id: intIn(params.get("brand_id"), 1, MAX_ID, 0),
    min_price,
    max_price,
    free_shipping: params.get("is_free_shipping") === "1",
    coupon: intIn(params.get("coupon"), 1, MAX_ID, 0),
    order: ORDERS.includes(order) ? order : "",
    sort: params.get("sort")?.toLowerCase() === "asc" ? "asc" : "desc",
    page: intIn(params.get("page"), 1, MAX_PAGE, 1),
    page_size: intIn(params.get("page_size"), 1, 100, DEFAULT_PAGE_SIZE),
  };
}

/** The query string of a list (defaults left out, one spelling per list); "" for the plain list. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set("keyword", query.keyword);
  if (query.category_id) params.set("category_id", String(query.category_id));
  if (query.category_id && query.level) params.set("level", String(query.level));
  if (query.brand_id) params.set("brand_id", String(query.brand_id));
  if (query.min_price) params.set("min_price", query.min_price);
  if (query.max_price) params.set("max_price", query.max_price);
  if (query.free_shipping) params.set("is_free_shipping", "1");
  if (query.coupon) params.set("coupon", String(query.coupon));
  if (query.order) params.set("order", query.order);
  if (query.order && query.sort !== "desc") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  if (query.page_size !== DEFAULT_PAGE_SIZE) params.set("page_size", String(query.page_size));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The router path of a list. */
export const listPath = (query: ListQuery): string => `/goods/list${listSearch(query)}`;

/** The list with some filters changed; any change but the page itself starts again at page 1. */
export function withChanges(query: ListQuery, changes: Partial<ListQuery>): ListQuery {
  return { ...query, page: 1, ...changes };
}

/** The filters as the API takes them (shared by the list and its brand facets). */
export function filterBody(query: ListQuery): BodyOf<"/api/goodssku/brands"> {
  return {
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.category_id ? { category_id: query.category_id } : {}),
    ...(query.category_id && query.level ? { category_level: query.level } : {}),
    ...(query.brand_id ? { brand_id: query.brand_id } : {}),
    ...(query.min_price ? { min_price: query.min_price } : {}),
    ...(query.max_price ? { max_price: query.max_price } : {}),
    ...(query.free_shipping ? { is_free_shipping: 1 } : {}),
    ...(query.coupon ? { coupon: query.coupon } : {}),
  };
}

export function pageBody(query: ListQuery): BodyOf<"/api/goodssku/page"> {
  return {
    ...filterBody(query),
    ...(query.order ? { order: query.order, sort: query.sort } : {}),
    page: query.page,
    page_size: query.page_size,
  };
}
