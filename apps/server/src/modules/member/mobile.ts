import type { MemberContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { affectedRows, isUniqueViolation } from "../../db/conditional.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { consumeVerifyCode } from "../auth/verify-code.ts";
import { presentedTokens, revokeOtherSessions } from "../auth/sessions.ts";
import { expectTicket, spendTicket } from "./verify-ticket.ts";

export interface MobileChange {
  mobile: string;
  key: string;
  code: string;
  ticket?: string;
}

export const MOBILE_TAKEN = "该手机号已注册";

/**
 * modifymobile: binds a mobile (code to it from bindmobliecode) or changes the bound one, which
 * also needs the ticket of verifyoldmobile (its code went to the old mobile). The ticket is checked
 * before the new code is spent, and spent with the change. Changing a bound mobile ends the
 * member's other sessions (the old number no longer signs in; ADR 0015); a first bind adds a way
 * in and ends none. The unique index on member.mobile has the last word: 该手机号已注册.
 */
export async function changeMobile(ctx: MemberContext, input: MobileChange): Promise<null> {
  const { db, memberId } = ctx;
  const row = await db.selectFrom("member").select("mobile").where("member_id", "=", memberId).executeTakeFirstOrThrow();
  const current = row.mobile ?? "";
  if (current === input.mobile) return fail("新手机号不能与当前手机号相同");
  if (current) {
    if (!input.ticket) return fail("请先验证原手机号");
    await expectTicket(db, memberId, "mobile_old", input.ticket, current);
  }
  await consumeVerifyCode(db, "mobile_bind", { mobile: input.mobile, key: input.key, code: input.code });
  try {
    await unitOfWork(db, async (tx) => {
      if (current) await spendTicket(tx, memberId, "mobile_old", input.ticket!, current);
      const updated = await tx
        .updateTable("member")
        .set({ mobile: input.mobile })
        .where("member_id", "=", memberId)
        .where((eb) => (current ? eb("mobile", "=", current) : eb.or([eb("mobile", "is", null), eb("mobile", "=", "")])))
        .executeTakeFirst();
      if (affectedRows(updated) !== 1) fail("手机号已被修改，请刷新后重试");
      if (current) await revokeOtherSessions(tx, memberId, presentedTokens(ctx));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(MOBILE_TAKEN);
    throw error;
  }
  return null;
}
