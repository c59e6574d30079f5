import type { GrowthRecord, MemberLevelItem, MemberLevelState } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { loadGiftCoupons, pickGifts } from "./coupon-gifts.ts";
import { getGrowthConfig } from "./growth-config.ts";

/** The ladder, lowest threshold first, with each level's gift coupons. */
export async function listLevels(db: Db): Promise<MemberLevelItem[]> {
  const [levels, couponRows] = await Promise.all([
    db.selectFrom("member_level").selectAll().orderBy("growth").orderBy("level_id").execute(),
    db.selectFrom("member_level_coupon").select(["level_id", "coupon_type_id"]).orderBy("id").execute(),
  ]);
  const gifts = await loadGiftCoupons(db, couponRows.map((row) => row.coupon_type_id));
  const couponIdsOf = (levelId: number) => couponRows.filter((row) => row.level_id === levelId).map((row) => row.coupon_type_id);
  return levels.map((level) => levelItem(level, pickGifts(gifts, couponIdsOf(level.level_id))));
}

export function levelItem(level: Row<"member_level">, coupons: MemberLevelItem["send_coupon"]): MemberLevelItem {
  return {
    level_id: level.level_id,
    level_name: level.level_name,
    growth: level.growth,
    remark: level.remark,
    consume_discount: level.consume_discount,
    is_free_shipping: level.is_free_shipping,
    send_point: level.send_point,
    send_balance: yuan(level.send_balance_cents),
    send_coupon: coupons,
    is_default: level.is_default,
    sort: level.sort,
  };
}

/** The caller's level, growth, the next level and how far it is, and the levels reached. */
export async function memberLevelState(db: Db, memberId: number): Promise<MemberLevelState> {
  const [member, levels, reached, growthConfig] = await Promise.all([
    db.selectFrom("member").select(["member_id", "growth", "member_level"]).where("member_id", "=", memberId).executeTakeFirst(),
    db.selectFrom("member_level").selectAll().orderBy("growth").orderBy("level_id").execute(),
    db
      .selectFrom("member_level_record")
      .select(["level_id", "level_name", "create_time"])
      .where("member_id", "=", memberId)
      .orderBy("create_time")
      .orderBy("id")
      .execute(),
    getGrowthConfig(db),
  ]);
  if (!member) return fail("会员不存在");
  const current = levels.find((level) => level.level_id === member.member_level);
  const threshold = current?.growth ?? 0;
  const next = levels.find((level) => level.growth > threshold);
  const span = next ? next.growth - threshold : 0;
  const progress = next ? Math.floor(((Math.min(member.growth, next.growth) - threshold) * 100) / span) : 100;
  return {
    member_id: member.member_id,
    growth: member.growth,
    level_id: current?.level_id ?? 0,
    level_name: current?.level_name ?? "",
    consume_discount: current?.consume_discount ?? 100,
    is_free_shipping: current?.is_free_shipping ?? 0,
    next_level: next ? { level_id: next.level_id, level_name: next.level_name, growth: next.growth } : null,
    growth_to_next: next ? Math.max(0, next.growth - member.growth) : 0,
    progress_percent: Math.max(0, Math.min(100, progress)),
    reached,
    order_growth_per_yuan: growthConfig.order_growth_per_yuan,
  };
}

/** The caller's own growth records, newest first. */
export async function growthRecords(db: Db, memberId: number, page: PageRequest) {
  const query = db
    .selectFrom("member_growth_log")
    .select(["id", "growth", "growth_after", "from_type", "type_name", "remark", "create_time"])
    .where("member_id", "=", memberId)
    // By time: seeded or imported rows may be written out of their order.
    .orderBy("create_time", "desc")
    .orderBy("id", "desc");
  return mapPage(await paginate(db, query, page), (row): GrowthRecord => row);
}
