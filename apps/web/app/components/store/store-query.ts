import type { StoreItem } from "@shop/contract";
import { keywordParam } from "../../lib/search-keyword.ts";

/** /street?keyword=…&page=2 */
export interface StoreQuery {
  keyword: string;
  page: number;
}

export const STORE_PAGE_SIZE = 10;

export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const page = Number(params.get("page"));
  return {
    keyword: keywordParam(params),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The store on a web map (AMap's public marker URI), or "" without coordinates. */
export function storeMapUrl(store: Pick<StoreItem, "longitude" | "latitude" | "store_name">): string {
  const longitude = Number(store.longitude);
  const latitude = Number(store.latitude);
  if (!store.longitude || !store.latitude || !Number.isFinite(longitude) || !Number.isFinite(latitude)) return "";
  const params = new URLSearchParams({ position: `${longitude},${latitude}`, name: store.store_name, coordinate: "gaode", callnative: "0" });
  return `https://uri.amap.com/marker?${params}`;
}
