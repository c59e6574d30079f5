import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { logStaffAction } from "../staff/staff-log.ts";

/**
 * A member's status and level as staff set them (reference Member::modifyStatus / modifyLevel).
 * Disabling ends every session of the member at once (the token check also refuses a disabled
 * member's token, and login refuses the account: modules/auth).
 */
export const MEMBER_ENABLED = 1;
export const MEMBER_DISABLED = 0;

export function modifyStatus(db: Db, caller: StaffCaller, memberIds: number[], status: 0 | 1): Promise<{ changed: number }> {
  const ids = [...new Set(memberIds)];
  return unitOfWork(db, async (tx) => {
    const found = await tx.selectFrom("member").select("member_id").where("member_id", "in", ids).execute();
    if (found.length !== ids.length) return fail("会员不存在");
    const updated = await tx.updateTable("member").set({ status }).where("member_id", "in", ids).where("status", "!=", status).executeTakeFirst();
    if (status === MEMBER_DISABLED) {
      await tx.updateTable("member_token").set({ revoke_time: now() }).where("member_id", "in", ids).where("revoke_time", "=", 0).execute();
    }
    const changed = Number(updated.numUpdatedRows);
    await logStaffAction(tx, caller, status === MEMBER_DISABLED ? "member.disable" : "member.enable", { type: "member", id: ids.join(",") }, { member_ids: ids, changed });
    return { changed };
  });
}

/** Puts a member on a level by hand; growth stays as it is (the next growth only moves it up). */
export function modifyLevel(db: Db, caller: StaffCaller, memberId: number, levelId: number): Promise<{ level_id: number }> {
  return unitOfWork(db, async (tx) => {
    const level = await tx.selectFrom("member_level").select(["level_id", "level_name"]).where("level_id", "=", levelId).executeTakeFirst();
    if (!level) return fail("会员等级不存在");
    const member = await tx.selectFrom("member").select("member_level").where("member_id", "=", memberId).executeTakeFirst();
    if (!member) return fail("会员不存在");
    await tx.updateTable("member").set({ member_level: levelId }).where("member_id", "=", memberId).execute();
    await logStaffAction(tx, caller, "member.modifylevel", { type: "member", id: memberId }, { from: member.member_level, to: levelId, level_name: level.level_name });
    return { level_id: levelId };
  });
}
