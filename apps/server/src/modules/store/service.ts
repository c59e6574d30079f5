import type { Kysely } from "kysely";
import type { Page, StoreItem } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { fail } from "../../core/errors.ts";
import { containsText } from "./text-match.ts";

const STORE_COLUMNS = [
  "store_id", "store_name", "telphone", "store_image", "province_name", "city_name", "district_name", "address",
  "full_address", "longitude", "latitude", "open_date",
] as const;

const openStores = (db: Kysely<DB>) => db.selectFrom("store").select(STORE_COLUMNS).where("status", "=", 1);

/** Open stores by id; a keyword matches the name or the full address (a dozen rows: LIKE is fine). */
export async function pageStores(db: Kysely<DB>, request: PageRequest & { keyword?: string }): Promise<Page<StoreItem>> {
  let query = openStores(db).orderBy("store_id");
  const keyword = request.keyword?.trim();
  if (keyword) {
    query = query.where((eb) => eb.or([containsText("store_name", keyword), containsText("full_address", keyword)]));
  }
  return paginate(db, query, request);
}

export async function getStore(db: Kysely<DB>, storeId: number): Promise<StoreItem> {
  const store = await openStores(db).where("store_id", "=", storeId).executeTakeFirst();
  return store ?? fail("门店不存在");
}
