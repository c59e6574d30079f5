import { randomUUID } from "node:crypto";
import type { GrowthConfig, MemberLevelInput, StaffMemberLevel } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { setOwnConfig } from "./own-config.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { listLevels } from "./levels.ts";
import { missingCouponTypes } from "./coupon-gifts.ts";
import { addGrowth } from "./growth.ts";

/**
 * Staff settings of the ladder (docs/api/member-level.md). Thresholds are unique (two levels at one
 * growth would make "the level of a growth" ambiguous) and only the default level — the one new
 * members get — sits at 0. A level no member holds may be deleted; the default level never.
 * Changing thresholds moves nobody at once: members move up with their next growth.
 */
export async function staffListLevels(db: Db): Promise<StaffMemberLevel[]> {
  const [levels, counts] = await Promise.all([
    listLevels(db),
    db.selectFrom("member").select((eb) => ["member_level", eb.fn.countAll<number>().as("members")]).groupBy("member_level").execute(),
  ]);
  const countOf = new Map(counts.map((row) => [row.member_level, Number(row.members)]));
  return levels.map((level) => ({ ...level, member_count: countOf.get(level.level_id) ?? 0 }));
}

async function checkLevel(tx: Db, input: MemberLevelInput, levelId: number | null, isDefault: boolean): Promise<void> {
  if (isDefault && input.growth !== 0) fail("默认等级（新会员的等级）所需成长值须为 0");
  if (!isDefault && input.growth === 0) fail("所需成长值须大于 0（0 是默认等级的门槛）");
  const clash = await tx
    .selectFrom("member_level")
    .select(["level_id", "level_name", "growth"])
    .where((eb) => eb.or([eb("growth", "=", input.growth), eb("level_name", "=", input.level_name)]))
    .where("level_id", "!=", levelId ?? 0)
    .executeTakeFirst();
  if (clash?.level_name === input.level_name) fail(`等级名称「${input.level_name}」已存在`);
  if (clash) fail(`「${clash.level_name}」的所需成长值也是 ${input.growth}，各等级的成长值须不同`);
  const missing = await missingCouponTypes(tx, input.send_coupon);
  if (missing.length) fail(`优惠券类型 ${missing.join("、")} 不存在`);
}

const levelColumns = (input: MemberLevelInput) => ({
  level_name: input.level_name,
  growth: input.growth,
  remark: input.remark,
  consume_discount: input.consume_discount,
  is_free_shipping: input.is_free_shipping,
  send_point: input.send_point,
  send_balance_cents: input.send_balance,
  sort: input.sort,
});

async function replaceCoupons(tx: Db, levelId: number, couponTypeIds: number[]): Promise<void> {
  await tx.deleteFrom("member_level_coupon").where("level_id", "=", levelId).execute();
  for (const couponTypeId of new Set(couponTypeIds)) {
    await tx.insertInto("member_level_coupon").values({ level_id: levelId, coupon_type_id: couponTypeId }).execute();
  }
}

export function addLevel(db: Db, caller: StaffCaller, input: MemberLevelInput): Promise<{ level_id: number }> {
  return unitOfWork(db, async (tx) => {
    await checkLevel(tx, input, null, false);
    const { level_id } = await tx
      .insertInto("member_level")
      .values({ ...levelColumns(input), is_default: 0 })
      .returning("level_id")
      .executeTakeFirstOrThrow();
    await replaceCoupons(tx, level_id, input.send_coupon);
    await logStaffAction(tx, caller, "memberlevel.add", { type: "member_level", id: level_id }, { ...input });
    return { level_id };
  });
}

export function editLevel(db: Db, caller: StaffCaller, levelId: number, input: MemberLevelInput): Promise<{ level_id: number }> {
  return unitOfWork(db, async (tx) => {
    const level = await tx.selectFrom("member_level").select(["level_id", "is_default"]).where("level_id", "=", levelId).executeTakeFirst();
    if (!level) return fail("会员等级不存在");
    await checkLevel(tx, input, levelId, level.is_default === 1);
    await tx.updateTable("member_level").set(levelColumns(input)).where("level_id", "=", levelId).execute();
    await replaceCoupons(tx, levelId, input.send_coupon);
    await logStaffAction(tx, caller, "memberlevel.edit", { type: "member_level", id: levelId }, { ...input });
    return { level_id: levelId };
  });
}

export function deleteLevel(db: Db, caller: StaffCaller, levelId: number): Promise<null> {
  return unitOfWork(db, async (tx) => {
    const level = await tx.selectFrom("member_level").select(["level_name", "is_default"]).where("level_id", "=", levelId).executeTakeFirst();
    if (!level) return fail("会员等级不存在");
    if (level.is_default === 1) return fail("默认等级不能删除");
    // Conditional: a member upgraded to it meanwhile keeps the level from going.
    const deleted = await tx
      .deleteFrom("member_level")
      .where("level_id", "=", levelId)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("member").select("member_id").where("member_level", "=", levelId))))
      .executeTakeFirst();
    if (affectedRows(deleted) !== 1) return fail(`仍有会员处于「${level.level_name}」，不能删除`);
    await tx.deleteFrom("member_level_coupon").where("level_id", "=", levelId).execute();
    await logStaffAction(tx, caller, "memberlevel.delete", { type: "member_level", id: levelId }, { level_name: level.level_name });
    return null;
  });
}

export function setGrowthConfig(db: Db, caller: StaffCaller, config: GrowthConfig): Promise<GrowthConfig> {
  return unitOfWork(db, async (tx) => {
    await setOwnConfig(tx, "member_growth_config", config);
    await logStaffAction(tx, caller, "memberlevel.growthconfig", { type: "config", id: "member_growth_config" }, { ...config });
    return config;
  });
}

/** A staff adjustment of one member's growth (its own event each time); a rise may upgrade the member. */
export function adjustGrowth(db: Db, caller: StaffCaller, memberId: number, growth: number, remark: string): Promise<{ growth: number; level_id: number }> {
  return unitOfWork(db, async (tx) => {
    const exists = await tx.selectFrom("member").select("member_id").where("member_id", "=", memberId).executeTakeFirst();
    if (!exists) return fail("会员不存在");
    await addGrowth(tx, memberId, growth, "staff_adjust", randomUUID(), remark);
    const member = await tx.selectFrom("member").select(["growth", "member_level"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
    await logStaffAction(tx, caller, "memberlevel.adjustgrowth", { type: "member", id: memberId }, { growth, remark, growth_after: member.growth });
    return { growth: member.growth, level_id: member.member_level };
  });
}
