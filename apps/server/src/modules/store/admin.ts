import type { Page } from "@shop/contract";
import type { AdminStore } from "@shop/contract/domains/admin-catalog";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { resolveRegionChain } from "../address/regions.ts";
import type { CatalogChange } from "../goods/catalog-change.ts";
import { containsText } from "./text-match.ts";

/**
 * Stores (门店 / 自提点) in the back office (/shopapi/store/*). The storefront's store list and
 * checkout's pickup choice read the table on every request (service.ts; nothing cached), so a
 * change shows at once; orders keep the store as it was (orders.delivery_store_info).
 */

export interface StoreInput {
  store_name: string;
  telphone: string;
  store_image: string;
  province_id: number;
  city_id: number;
  district_id: number;
  address: string;
  longitude: string;
  latitude: string;
  open_date: string;
  status: number;
}

const COLUMNS = [
  "store_id", "store_name", "telphone", "store_image", "province_id", "city_id", "district_id", "province_name", "city_name", "district_name",
  "address", "full_address", "longitude", "latitude", "open_date", "status", "create_time",
] as const;

/** Every store, open or closed (status -1 = both), newest last; search_text matches the name or address. */
export function pageAdminStores(db: Db, request: PageRequest & { search_text?: string; status: number }): Promise<Page<AdminStore>> {
  let query = db.selectFrom("store").select(COLUMNS).orderBy("store_id");
  if (request.status >= 0) query = query.where("status", "=", request.status);
  const keyword = request.search_text?.trim();
  if (keyword) query = query.where((eb) => eb.or([containsText("store_name", keyword), containsText("full_address", keyword)]));
  return paginate(db, query, request);
}

/** The row of a store: the region chain checked and named (-10006 when the codes are not one chain). */
async function storeRow(db: Db, input: StoreInput) {
  const region = await resolveRegionChain(db, input);
  return {
    ...input,
    province_name: region.province_name,
    city_name: region.city_name,
    district_name: region.district_name,
    // As the seeded stores read: a municipality's city level (市辖区) is not said.
    full_address: `${region.province_name}${region.city_name === "市辖区" || region.city_name === region.province_name ? "" : region.city_name}${region.district_name}${input.address}`,
  };
}

export async function addStore(tx: Db, input: StoreInput): Promise<CatalogChange<{ store_id: number }>> {
  const { store_id } = await tx
    .insertInto("store")
    .values({ ...(await storeRow(tx, input)), create_time: now() })
    .returning("store_id")
    .executeTakeFirstOrThrow();
  return { result: { store_id }, tags: [] };
}

export async function editStore(tx: Db, storeId: number, input: StoreInput): Promise<CatalogChange<{ store_id: number }>> {
  const row = await storeRow(tx, input);
  expectAffected(await tx.updateTable("store").set(row).where("store_id", "=", storeId).executeTakeFirst(), 1, "门店不存在");
  return { result: { store_id: storeId }, tags: [] };
}

/** Opens (1) or closes (0) a store: a closed one leaves the store list and the pickup choice. */
export async function setStoreStatus(tx: Db, storeId: number, status: number): Promise<CatalogChange<{ store_id: number }>> {
  expectAffected(await tx.updateTable("store").set({ status }).where("store_id", "=", storeId).executeTakeFirst(), 1, "门店不存在");
  return { result: { store_id: storeId }, tags: [] };
}

export async function deleteStore(tx: Db, storeId: number): Promise<CatalogChange<{ store_id: number }>> {
  const store = await tx.selectFrom("store").select("store_name").where("store_id", "=", storeId).executeTakeFirst();
  expectAffected(await tx.deleteFrom("store").where("store_id", "=", storeId).executeTakeFirst(), 1, "门店不存在");
  return { result: { store_id: storeId }, tags: [], detail: { store_name: store?.store_name } };
}
