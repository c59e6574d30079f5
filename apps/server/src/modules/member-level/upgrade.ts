import type { Db } from "../../db/unit-of-work.ts";
import { now } from "../../core/time.ts";
import { changeAccount } from "../account/ledger.ts";
import { grantCoupons } from "../coupon/grant.ts";

/** The business key of the gifts of one level reached by one member (ledger and coupons). */
export const levelGiftKey = (memberId: number, levelId: number): string => `${memberId}:${levelId}`;

/**
 * After growth rose to `growth`: moves the member up to the highest level whose threshold it
 * reached (never down), and gives the gifts of every level passed on the way, each level once per
 * member (member_level_record's unique key), so a member who is lowered by staff and climbs again
 * gets nothing twice. Runs in addGrowth's unit of work, which already holds the member's row lock.
 */
export async function reachLevels(tx: Db, memberId: number, growth: number, currentLevelId: number): Promise<void> {
  const levels = await tx
    .selectFrom("member_level")
    .selectAll()
    .orderBy("growth")
    .orderBy("level_id")
    .execute();
  const currentThreshold = levels.find((level) => level.level_id === currentLevelId)?.growth ?? -1;
  const reached = levels.filter((level) => level.growth > currentThreshold && level.growth <= growth);
  const target = reached.at(-1);
  if (!target) return;
  await tx.updateTable("member").set({ member_level: target.level_id }).where("member_id", "=", memberId).execute();
  for (const level of reached) {
    const recorded = await tx
      .insertInto("member_level_record")
      .values({ member_id: memberId, level_id: level.level_id, level_name: level.level_name, growth, create_time: now() })
      .onConflict((conflict) => conflict.columns(["member_id", "level_id"]).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await giveLevelGifts(tx, memberId, level);
  }
}

interface GiftLevel {
  level_id: number;
  level_name: string;
  send_point: number;
  send_balance_cents: number;
}

async function giveLevelGifts(tx: Db, memberId: number, level: GiftLevel): Promise<void> {
  const businessId = levelGiftKey(memberId, level.level_id);
  const remark = `升级为${level.level_name}`;
  if (level.send_point > 0) {
    await changeAccount(tx, { memberId, accountType: "point", amount: level.send_point, fromType: "level_upgrade", businessId, typeName: "会员升级奖励", remark });
  }
  if (level.send_balance_cents > 0) {
    await changeAccount(tx, { memberId, accountType: "balance", amount: level.send_balance_cents, fromType: "level_upgrade", businessId, typeName: "会员升级奖励", remark });
  }
  const coupons = await tx.selectFrom("member_level_coupon").select("coupon_type_id").where("level_id", "=", level.level_id).orderBy("coupon_type_id").execute();
  if (coupons.length) await grantCoupons(tx, memberId, coupons.map((row) => row.coupon_type_id), "level_upgrade", businessId);
}
