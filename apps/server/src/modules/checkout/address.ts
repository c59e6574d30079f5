import type { CheckoutAddress } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { BizError, fail } from "../../core/errors.ts";
import { resolveRegionChain, type RegionChainIds } from "../address/regions.ts";

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

/** True when the address's province → city → district form a chain of the region table (GB/T 2260). */
export async function hasValidRegion(db: Db, address: RegionChainIds): Promise<boolean> {
  return resolveRegionChain(db, address).then(
    () => true,
    (error: unknown) => {
      if (error instanceof BizError) return false;
      throw error;
    },
  );
}
