import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/** Stores (门店): the shop search of /street, later the pickup points of orders. */
export interface StoreItem {
  store_id: number;
  store_name: string;
  telphone: string;
  store_image: string;
  province_name: string;
  city_name: string;
  district_name: string;
  address: string;
  /** province + city + district + address */
  full_address: string;
  longitude: string;
  latitude: string;
  /** opening hours, e.g. "09:00-21:00" */
  open_date: string;
}

export const storeEndpoints = {
  /** Open stores (status 1) by id; `keyword` matches the name or the full address. */
  "/api/store/page": endpoint<Page<StoreItem>>()(z.object({ ...paging, keyword: text(50).optional() })),
  /** An open store; missing or closed → -1 门店不存在. */
  "/api/store/info": endpoint<StoreItem>()(z.object({ store_id: id })),
};
