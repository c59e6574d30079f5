import type { CheckoutAddress } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";

/**
 * The address an order goes to: one of the member's saved addresses, read from the database by id
 * (whatever else the client sent about it is ignored). Another member's address is "not found".
 */
const ADDRESS_COLUMNS = [
  "id", "name", "mobile", "telephone", "province_id", "city_id", "district_id", "address", "full_address", "is_default",
] as const;

export async function findMemberAddress(db: Db, memberId: number, addressId: number): Promise<CheckoutAddress> {
  const row = await db
    .selectFrom("member_address")
    .select(ADDRESS_COLUMNS)
    .where("id", "=", addressId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row ?? fail("收货地址不存在，请重新选择");
}

/** The member's default address, else the newest; null when the member has none. */
export async function findDefaultAddress(db: Db, memberId: number): Promise<CheckoutAddress | null> {
  const row = await db
    .selectFrom("member_address")
    .select(ADDRESS_COLUMNS)
    .where("member_id", "=", memberId)
    .orderBy("is_default", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

/**
 * True when the address's province → city → district form a chain of the region table (GB/T 2260).
 * A city without districts in the table may have district 0.
 */
export async function hasValidRegion(db: Db, address: Pick<CheckoutAddress, "province_id" | "city_id" | "district_id">): Promise<boolean> {
  const ids = [address.province_id, address.city_id, address.district_id].filter((regionId) => regionId > 0);
  const rows = await db.selectFrom("region").select(["id", "pid", "level"]).where("id", "in", ids.length ? ids : [0]).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const province = byId.get(address.province_id);
  const city = byId.get(address.city_id);
  if (!province || province.level !== 1 || !city || city.pid !== province.id) return false;
  if (address.district_id > 0) {
    const district = byId.get(address.district_id);
    return Boolean(district && district.pid === city.id);
  }
  const child = await db.selectFrom("region").select("id").where("pid", "=", city.id).executeTakeFirst();
  return !child;
}
