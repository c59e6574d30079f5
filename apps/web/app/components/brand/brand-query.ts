import { keywordParam } from "../../lib/search-keyword.ts";
/** The brand wall's URL state: /goods/brand?initial=A&keyword=…&page=2. */
export interface BrandQuery {
  /** "A"–"Z", "#", or "" for every brand */
  initial: string;
  keyword: string;
  page: number;
}

/** Brands per page: six rows of six. */
export const BRAND_PAGE_SIZE = 36;
export const INITIALS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"];

/** Reads the query leniently: anything unexpected falls back to "every brand, page 1". */
export function parseBrandQuery(params: URLSearchParams): BrandQuery {
  const initial = (params.get("initial") ?? "").trim().toUpperCase();
  const page = Number(params.get("page"));
  return {
    initial: INITIALS.includes(initial) ? initial : "",
    keyword: keywordParam(params),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The wall filtered by an initial ("" for all); a new filter starts at page 1 without a keyword. */
export function brandInitialPath(initial: string): string {
  return initial ? `/goods/brand?${new URLSearchParams({ initial })}` : "/goods/brand";
}

/** The goods list of one brand. */
export const brandGoodsPath = (brandId: number) => `/goods/list?brand_id=${brandId}`;
