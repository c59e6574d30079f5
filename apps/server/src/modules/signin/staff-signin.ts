import type { SigninConfig, StaffSigninRecord } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { setOwnConfig } from "../member-level/own-config.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { missingCouponTypes } from "../member-level/coupon-gifts.ts";
import { getSigninConfig } from "./signin-config.ts";
import { toRecords } from "./signin.ts";

/** Staff settings and records of the daily sign-in (docs/api/signin.md). */
export { getSigninConfig as staffSigninConfig };

/** Saves the rules (rewards by ascending day); a reward coupon must be an existing coupon type. */
export function setSigninConfig(db: Db, caller: StaffCaller, config: SigninConfig): Promise<SigninConfig> {
  return unitOfWork(db, async (tx) => {
    const missing = await missingCouponTypes(tx, config.rewards.flatMap((reward) => reward.coupon_type_ids));
    if (missing.length) fail(`优惠券类型 ${missing.join("、")} 不存在`);
    const saved: SigninConfig = { ...config, rewards: [...config.rewards].sort((a, b) => a.day - b.day) };
    await setOwnConfig(tx, "signin_config", saved);
    await logStaffAction(tx, caller, "membersignin.setconfig", { type: "config", id: "signin_config" }, { ...saved });
    return saved;
  });
}

export interface StaffRecordFilter extends PageRequest {
  member_id?: number;
  month?: string;
  /** nickname, username or mobile */
  search: string;
}

/** Every member's sign-ins, newest first. */
export async function staffSigninRecords(db: Db, filter: StaffRecordFilter) {
  let query = db
    .selectFrom("member_signin")
    .innerJoin("member", "member.member_id", "member_signin.member_id")
    .selectAll("member_signin")
    .select(["member.nickname", "member.username"]);
  if (filter.member_id) query = query.where("member_signin.member_id", "=", filter.member_id);
  if (filter.month) query = query.where("member_signin.sign_date", "like", `${filter.month}-%`);
  if (filter.search) {
    // Wildcards are dropped rather than escaped: LIKE has no default escape character on SQLite.
    const pattern = `%${filter.search.replace(/[%_\\]/g, "")}%`;
    query = query.where((eb) =>
      eb.or([eb("member.nickname", "like", pattern), eb("member.username", "like", pattern), eb("member.mobile", "like", pattern)]),
    );
  }
  const result = await paginate(db, query.orderBy("member_signin.id", "desc"), filter);
  const records = await toRecords(db, result.list);
  return mapPage({ ...result, list: records }, (record): StaffSigninRecord => ({
    id: record.id, member_id: record.member_id, nickname: record.nickname, username: record.username ?? "", sign_date: record.sign_date,
    streak: record.streak, cycle_day: record.cycle_day, point: record.point, growth: record.growth, coupons: record.coupons,
    create_time: record.create_time,
  }));
}
