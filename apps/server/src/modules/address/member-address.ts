import { MAX_MEMBER_ADDRESSES, type MemberAddress, type Page } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { resolveRegionChain } from "./regions.ts";

/**
 * A member's delivery addresses. Rules:
 * - every query is scoped to the member: another member's id is "地址不存在", never their row;
 * - a member with addresses has exactly one default: the first address becomes it, setting one
 *   clears the others, deleting it promotes the newest remaining one (a partial unique index in
 *   migration 0007 backs "at most one");
 * - region ids must form a real province → city → district chain; full_address is built here;
 * - at most MAX_MEMBER_ADDRESSES per member.
 * Writes lock the member's row first, so one member's concurrent writes (two tabs, a double
 * click) run one after the other and the count and the default stay exact on PostgreSQL too.
 */

/** What add and edit take: the address without its id and the region names the server builds. */
export type MemberAddressFields = Omit<MemberAddress, "id" | "full_address" | "is_default"> & { is_default: number };

export const ADDRESS_NOT_FOUND = "地址不存在";

const COLUMNS = [
  "id", "name", "mobile", "telephone", "province_id", "city_id", "district_id", "address", "full_address", "longitude", "latitude", "is_default",
] as const;

type AddressRow = { [K in (typeof COLUMNS)[number]]: K extends "id" | "province_id" | "city_id" | "district_id" | "is_default" ? number : string };

const toMemberAddress = (row: AddressRow): MemberAddress => ({
  ...row,
  id: Number(row.id),
  province_id: Number(row.province_id),
  city_id: Number(row.city_id),
  district_id: Number(row.district_id),
  is_default: Number(row.is_default) === 1 ? 1 : 0,
});

const memberAddresses = (db: Db, memberId: number) => db.selectFrom("member_address").select(COLUMNS).where("member_id", "=", memberId);

/** The default first, then the newest. */
export async function pageMemberAddresses(db: Db, memberId: number, paging: PageRequest): Promise<Page<MemberAddress>> {
  const query = memberAddresses(db, memberId).orderBy("is_default", "desc").orderBy("id", "desc");
  return mapPage(await paginate(db, query, paging), toMemberAddress);
}

export async function getMemberAddress(db: Db, memberId: number, addressId: number): Promise<MemberAddress> {
  const row = await memberAddresses(db, memberId).where("id", "=", addressId).executeTakeFirst();
  if (!row) throw new BizError(ADDRESS_NOT_FOUND, Code.ERROR);
  return toMemberAddress(row);
}

/** The member's default address, or null when they have none (no addresses at all). */
export async function getDefaultAddress(db: Db, memberId: number): Promise<MemberAddress | null> {
  const row = await memberAddresses(db, memberId).where("is_default", "=", 1).executeTakeFirst();
  return row ? toMemberAddress(row) : null;
}

/** Serializes one member's address writes: the row lock is held until the unit of work ends. */
async function lockMember(tx: Db, memberId: number): Promise<void> {
  const result = await tx
    .updateTable("member")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  expectAffected(result, 1, "会员不存在");
}

async function ownedAddress(tx: Db, memberId: number, addressId: number): Promise<{ is_default: number }> {
  const row = await tx
    .selectFrom("member_address")
    .select("is_default")
    .where("id", "=", addressId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) throw new BizError(ADDRESS_NOT_FOUND, Code.ERROR);
  return { is_default: Number(row.is_default) };
}

/** Clears the member's current default (if any) and makes `addressId` the default. */
async function moveDefaultTo(tx: Db, memberId: number, addressId: number): Promise<void> {
  await tx
    .updateTable("member_address")
    .set({ is_default: 0, update_time: now() })
    .where("member_id", "=", memberId)
    .where("is_default", "=", 1)
    .where("id", "!=", addressId)
    .execute();
  const result = await tx
    .updateTable("member_address")
    .set({ is_default: 1, update_time: now() })
    .where("id", "=", addressId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  expectAffected(result, 1, ADDRESS_NOT_FOUND);
}

async function addressColumns(db: Db, fields: MemberAddressFields) {
  const chain = await resolveRegionChain(db, fields);
  return {
    name: fields.name,
    mobile: fields.mobile,
    telephone: fields.telephone,
    province_id: chain.province_id,
    city_id: chain.city_id,
    district_id: chain.district_id,
    address: fields.address,
    full_address: chain.full_address,
    longitude: fields.longitude,
    latitude: fields.latitude,
  };
}

export async function addMemberAddress(db: Db, memberId: number, fields: MemberAddressFields): Promise<number> {
  const columns = await addressColumns(db, fields);
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const { count } = await tx
      .selectFrom("member_address")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("member_id", "=", memberId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_MEMBER_ADDRESSES) {
      throw new BizError(`最多只能保存 ${MAX_MEMBER_ADDRESSES} 个收货地址，请先删除不用的地址`, Code.ERROR);
    }
    const time = now();
    const inserted = await tx
      .insertInto("member_address")
      .values({ ...columns, member_id: memberId, site_id: 0, community_id: 0, is_default: 0, create_time: time, update_time: time })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    if (Number(count) === 0 || fields.is_default === 1) await moveDefaultTo(tx, memberId, id);
    return id;
  });
}

/**
 * Replaces the address's fields. `is_default: 1` makes it the default; 0 on the default address
 * keeps it the default (a member with addresses always has one: choose another to move it).
 */
export async function editMemberAddress(db: Db, memberId: number, addressId: number, fields: MemberAddressFields): Promise<number> {
  const columns = await addressColumns(db, fields);
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownedAddress(tx, memberId, addressId);
    await tx
      .updateTable("member_address")
      .set({ ...columns, update_time: now() })
      .where("id", "=", addressId)
      .where("member_id", "=", memberId)
      .execute();
    if (fields.is_default === 1 && current.is_default !== 1) await moveDefaultTo(tx, memberId, addressId);
    return addressId;
  });
}

export async function setDefaultAddress(db: Db, memberId: number, addressId: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    await ownedAddress(tx, memberId, addressId);
    await moveDefaultTo(tx, memberId, addressId);
    return addressId;
  });
}

/** Deletes the address; when it was the default, the newest remaining address becomes the default. */
export async function deleteMemberAddress(db: Db, memberId: number, addressId: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    await lockMember(tx, memberId);
    const current = await ownedAddress(tx, memberId, addressId);
    await tx.deleteFrom("member_address").where("id", "=", addressId).where("member_id", "=", memberId).execute();
    if (current.is_default === 1) {
      const newest = await tx
        .selectFrom("member_address")
        .select("id")
        .where("member_id", "=", memberId)
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (newest) await moveDefaultTo(tx, memberId, Number(newest.id));
    }
    return addressId;
  });
}
