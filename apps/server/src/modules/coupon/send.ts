import { sql } from "kysely";
import type { Page, PickableMember } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { issueCoupon, ISSUE_REFUSAL_MESSAGES } from "./issue.ts";
import { typeExpired, TypeStatus } from "./rules.ts";
import { TYPE_NOT_FOUND } from "./staff-types.ts";

/**
 * Staff issue a coupon type to chosen members (/shopapi/coupon/send): one coupon each, get_type
 * "staff" (商家发放), all or none in one unit of work. The type's row is locked before its counts
 * are read, so members receiving it in the coupon centre meanwhile are counted (PostgreSQL waits;
 * SQLite's units run one at a time), and every coupon goes through issueCoupon's conditional
 * update of lead_count, so the total is never passed.
 */
export async function sendCoupons(db: Db, caller: StaffCaller, couponTypeId: number, memberIds: readonly number[]): Promise<{ sent: number }> {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  const members = await db.selectFrom("member").select(["member_id", "nickname", "username", "mobile"]).where("member_id", "in", ids).execute();
  if (members.length !== ids.length) fail("部分会员不存在，请重新选择");
  const nameOf = new Map(members.map((member) => [member.member_id, member.nickname || member.username || member.mobile || `会员 ${member.member_id}`]));
  const at = now();
  return unitOfWork(db, async (tx) => {
    const locked = await tx.updateTable("coupon_type").set((eb) => ({ lead_count: eb.ref("lead_count") })).where("coupon_type_id", "=", couponTypeId).executeTakeFirst();
    expectAffected(locked, 1, TYPE_NOT_FOUND);
    const type = await tx
      .selectFrom("coupon_type")
      .select(["coupon_name", "status", "validity_type", "end_time", "total_count", "lead_count", "max_fetch"])
      .where("coupon_type_id", "=", couponTypeId)
      .executeTakeFirstOrThrow();
    if (type.status !== TypeStatus.RUNNING) fail("优惠券已关闭，不能发放");
    if (typeExpired(type, at)) fail("优惠券已过期，不能发放");
    const left = type.total_count - type.lead_count;
    if (type.total_count > 0 && left < ids.length) fail(`优惠券只剩 ${Math.max(0, left)} 张，不够发给 ${ids.length} 位会员`);
    for (const memberId of ids) {
      const outcome = await issueCoupon(tx, couponTypeId, memberId, { getType: "staff", grantId: 0 }, at);
      if (outcome.ok) continue;
      if (outcome.reason === "limit") fail(`会员「${nameOf.get(memberId)}」已领取 ${type.max_fetch} 张，达到每人限领数量`);
      fail(ISSUE_REFUSAL_MESSAGES[outcome.reason]);
    }
    await logStaffAction(tx, caller, "coupon.send", { type: "coupon_type", id: couponTypeId }, { coupon_name: type.coupon_name, member_ids: ids });
    return { sent: ids.length };
  });
}

/** Members to pick for 发放: by username, nickname or mobile containing the text, or by id. */
export async function searchMembers(db: Db, request: PageRequest & { search_text: string }): Promise<Page<PickableMember>> {
  let query = db.selectFrom("member").select(["member_id", "username", "nickname", "mobile", "headimg"]);
  const text = request.search_text.replace(/[\\%_]/g, "");
  if (text) {
    const like = `%${text}%`;
    query = query.where((eb) =>
      eb.or([
        eb("username", "like", like),
        eb("nickname", "like", like),
        eb("mobile", "like", like),
        ...(/^\d{1,9}$/.test(text) ? [eb("member_id", "=", Number(text))] : []),
      ]),
    );
  }
  // A number typed may be a member id: that member comes first, before names and mobiles holding the digits.
  const exactId = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  const ordered = exactId ? query.orderBy(sql`case when member_id = ${exactId} then 0 else 1 end`) : query;
  const page = await paginate(db, ordered.orderBy("member_id", "desc"), request);
  return { ...page, list: page.list.map((member) => ({ ...member, username: member.username ?? "", mobile: member.mobile ?? "" })) };
}
