import type { MemberInfo } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now, shopIsoString } from "../../core/time.ts";
import { checkMemberImages } from "../upload/ownership.ts";
import { getMemberInfo } from "./service.ts";

/** The fields of /member/info (each call of the reference changes one; modifyinfo all of them). */
export interface ProfileChanges {
  nickname?: string;
  realname?: string;
  sex?: number;
  birthday?: string;
  headimg?: string;
}

/** Today in the shop's time zone, "YYYY-MM-DD". */
const shopToday = () => shopIsoString(now()).slice(0, 10);

/**
 * Writes profile fields of the member, after the rules the contract's schemas cannot know: a
 * birthday is not after today (the shop's day); an avatar is a picture this member uploaded as
 * `headimg` ("" is the default head). Nothing is written when any field is refused.
 */
export async function updateProfile(db: Db, memberId: number, changes: ProfileChanges): Promise<void> {
  const values: ProfileChanges = { ...changes };
  if (values.birthday && values.birthday > shopToday()) fail("出生日期不能晚于今天");
  if (values.headimg) [values.headimg] = await checkMemberImages(db, memberId, "headimg", [values.headimg], 1);
  const result = await db.updateTable("member").set(values).where("member_id", "=", memberId).executeTakeFirst();
  if (affectedRows(result) !== 1) fail("会员不存在");
}

/** modifyinfo: the whole form, then the member as it now is. */
export async function updateProfileForm(db: Db, memberId: number, form: Required<Omit<ProfileChanges, "headimg">>): Promise<MemberInfo> {
  await updateProfile(db, memberId, form);
  return getMemberInfo(db, memberId);
}
