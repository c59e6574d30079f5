import type { MemberContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import { affectedRows } from "../../db/conditional.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { consumeVerifyCode } from "../auth/verify-code.ts";
import { assertPasswordAllowed } from "../auth/register-config.ts";
import { clearLoginAttempts, loginAccountKey, reserveLoginAttempt } from "../auth/login-attempts.ts";
import { presentedTokens, revokeOtherSessions } from "../auth/sessions.ts";
import { NO_MOBILE } from "./security-codes.ts";

export interface PasswordChange {
  new_password: string;
  old_password?: string;
  key?: string;
  code?: string;
}

export const WRONG_OLD_PASSWORD = "原密码错误";

/**
 * modifypassword: the member proves it is them by the old password or by an SMS code to the bound
 * mobile (pwdmobliecode; the only way to set a first password). Old-password guesses count against
 * the account's login attempts (login-attempts.ts), so a stolen session cannot guess faster than a
 * login form could. The new password follows the register policy and differs from the old one.
 * Then, in one unit of work: the new hash, and every other session of the member ended (ADR 0015).
 */
export async function changePassword(ctx: MemberContext, input: PasswordChange): Promise<null> {
  const { db, memberId } = ctx;
  await assertPasswordAllowed(db, input.new_password);
  const member = await db.selectFrom("member").select(["password", "mobile"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();

  if (input.key !== undefined || input.code !== undefined) {
    if (!input.key) return fail("请先获取动态码");
    if (!input.code) return fail("请输入动态码");
    if (!member.mobile) return fail(NO_MOBILE);
    await consumeVerifyCode(db, "member_password", { mobile: member.mobile, key: input.key, code: input.code });
  } else if (member.password) {
    if (!input.old_password) return fail("请输入原密码");
    await reserveLoginAttempt(db, loginAccountKey(memberId, ""));
    if (!(await verifyPassword(input.old_password, member.password))) return fail(WRONG_OLD_PASSWORD);
    await clearLoginAttempts(db, memberId);
  } else {
    return fail(member.mobile ? "请通过手机动态码设置登录密码" : NO_MOBILE);
  }
  if (member.password && (await verifyPassword(input.new_password, member.password))) fail("新密码不能与原密码相同");

  const hash = await hashPassword(input.new_password);
  await unitOfWork(db, async (tx) => {
    // Against the hash that was checked: two changes at once, one wins.
    const updated = await tx.updateTable("member").set({ password: hash }).where("member_id", "=", memberId).where("password", "=", member.password).executeTakeFirst();
    if (affectedRows(updated) !== 1) fail("密码已被修改，请刷新后重试");
    await revokeOtherSessions(tx, memberId, presentedTokens(ctx));
  });
  // Guesses others made at the old password no longer pause the new one.
  await clearLoginAttempts(db, memberId);
  return null;
}
