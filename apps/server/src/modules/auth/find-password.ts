import type { RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword } from "../../core/password.ts";
import { findMemberByMobile, setPasswordHash } from "../member/service.ts";
import { consumeVerifyCode, sendVerifyCode, type SendCodeInput } from "./verify-code.ts";
import { assertPasswordAllowed } from "./register-config.ts";
import { revokeAllTokens } from "./tokens.ts";
import { clearLoginAttempts } from "./login-attempts.ts";
import { MOBILE_NOT_REGISTERED } from "./login.ts";

export const sendFindPasswordCode = (ctx: RequestContext, input: SendCodeInput) => sendVerifyCode(ctx, "find_password", input);

export interface PasswordReset {
  mobile: string;
  key: string;
  code: string;
  password: string;
}

/** Sets a new password with an SMS code and signs the member out everywhere (all tokens revoked). */
export async function resetPassword(ctx: RequestContext, input: PasswordReset): Promise<null> {
  await assertPasswordAllowed(ctx.db, input.password);
  await consumeVerifyCode(ctx.db, "find_password", input);
  const member = await findMemberByMobile(ctx.db, input.mobile);
  if (!member) return fail(MOBILE_NOT_REGISTERED);
  const hash = await hashPassword(input.password);
  // Both or neither: a new password must never leave the old sessions alive.
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, member.member_id, hash);
    await revokeAllTokens(trx, member.member_id);
  });
  // Guesses at the old password no longer pause the new one.
  await clearLoginAttempts(ctx.db, member.member_id);
  return null;
}
