import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { grantAccount } from "../order/test-fixtures.ts";
import { hashPassword } from "../../core/password.ts";
import type { FreightRule } from "./freight.ts";

/**
 * Rows for the checkout tests that must not depend on the seed (regions come with migration 0007): addresses, a freight
 * template, stores, a buyer with balance and points. Not imported by production code.
 */

/** 北京 / 上海 / 新疆 with one city and district each (GB/T 2260 codes). */
export const REGIONS = {
  beijing: { province_id: 110000, city_id: 110100, district_id: 110101, full_address: "北京市 市辖区 东城区" },
  shanghai: { province_id: 310000, city_id: 310100, district_id: 310101, full_address: "上海市 市辖区 黄浦区" },
  xinjiang: { province_id: 650000, city_id: 650100, district_id: 650102, full_address: "新疆维吾尔自治区 乌鲁木齐市 天山区" },
} as const;

export type RegionKey = keyof typeof REGIONS;

export interface Place {
  province_id: number;
  city_id: number;
  district_id: number;
  full_address: string;
}

/** An address of the member in one of REGIONS, or in any place (the rest of 北京's fields filled in). */
export async function insertAddress(db: Kysely<DB>, memberId: number, region: RegionKey | Partial<Place>, isDefault = 0): Promise<number> {
  const place = typeof region === "string" ? REGIONS[region] : { ...REGIONS.beijing, ...region };
  const { id } = await db
    .insertInto("member_address")
    .values({
      member_id: memberId, site_id: 0, name: "张三", mobile: "13800138000", telephone: "", community_id: 0, address: "长安街 1 号",
      longitude: "", latitude: "", is_default: isDefault, create_time: 1_700_000_000, update_time: 1_700_000_000, ...place,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Replaces the shop's freight templates by one default template. */
export async function useFreightTemplate(db: Kysely<DB>, feeType: number, rules: FreightRule[]): Promise<void> {
  await db.deleteFrom("express_template_item").execute();
  await db.deleteFrom("express_template").execute();
  const { template_id } = await db
    .insertInto("express_template")
    .values({ template_name: "测试模板", fee_type: feeType, is_default: 1 })
    .returning("template_id")
    .executeTakeFirstOrThrow();
  for (const rule of rules) await db.insertInto("express_template_item").values({ template_id, ...rule }).execute();
}

export async function insertStore(db: Kysely<DB>, name: string, status = 1, openDate = "09:00-21:00"): Promise<number> {
  const { store_id } = await db
    .insertInto("store")
    .values({
      store_name: name, telphone: "021-88886666", store_image: "", province_name: "上海市", city_name: "上海市", district_name: "黄浦区",
      address: "南京东路 100 号", full_address: "上海市 上海市 黄浦区 南京东路 100 号", longitude: "121.48", latitude: "31.24",
      open_date: openDate, status, create_time: 1_700_000_000,
    })
    .returning("store_id")
    .executeTakeFirstOrThrow();
  return store_id;
}

let buyerCounter = 0;

/** A registered member with balance and points granted through the ledger, optionally a pay password. */
export async function registerBuyer(t: TestApp, account: { balanceCents?: number; points?: number; payPassword?: string } = {}): Promise<TestMember> {
  const member = await registerMember(t);
  buyerCounter += 1;
  const db = t.app.deps.db;
  if (account.balanceCents) await grantAccount(db, member.member_id, "balance", account.balanceCents, `buyer-${process.pid}-${buyerCounter}`);
  if (account.points) await grantAccount(db, member.member_id, "point", account.points, `buyer-${process.pid}-${buyerCounter}`);
  if (account.payPassword) {
    await db.updateTable("member").set({ pay_password: await hashPassword(account.payPassword) }).where("member_id", "=", member.member_id).execute();
  }
  return member;
}

/** A pickup time the default store hours accept: tomorrow at 10:00, shop time. */
/** Cart lines [sku_id, num] of a member, written directly; answers their cart ids in order. */
export async function insertCartLines(db: Kysely<DB>, memberId: number, lines: Array<[skuId: number, num: number]>): Promise<number[]> {
  const rows = await db
    .insertInto("cart")
    .values(lines.map(([skuId, num]) => ({ site_id: 0, member_id: memberId, sku_id: skuId, num, create_time: 1, update_time: 1 })))
    .returning("cart_id")
    .execute();
  return rows.map((row) => row.cart_id);
}

export function tomorrowAtTen(): string {
  const tomorrow = new Date(Date.now() + 8 * 3600 * 1000 + 24 * 3600 * 1000).toISOString().slice(0, 10);
  return `${tomorrow} 10:00`;
}
