import type { MobileCodeResult, VerifyTicketResult } from "@shop/contract";
import type { MemberContext } from "../../core/context.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { consumeVerifyCode, sendVerifyCode, type CodeAnswer, type SendCodeInput } from "../auth/verify-code.ts";
import { issueTicket, type TicketPurpose } from "./verify-ticket.ts";

/**
 * SMS codes of the security forms, through the shop's one code path (auth/verify-code.ts: captcha,
 * 60 s per mobile and purpose, 5 guesses, single use). Codes for proving the bound mobile go to the
 * mobile on record, never to one the client names.
 */
export const NO_MOBILE = "请先绑定手机号";

export async function boundMobile(db: Db, memberId: number): Promise<string> {
  const row = await db.selectFrom("member").select("mobile").where("member_id", "=", memberId).executeTakeFirst();
  if (!row?.mobile) return fail(NO_MOBILE);
  return row.mobile;
}

type Captcha = Omit<SendCodeInput, "mobile">;

/** pwdmobliecode, oldmobilecode, paypwdcode: a code to the bound mobile. */
export async function sendCodeToBoundMobile(ctx: MemberContext, purpose: "member_password" | TicketPurpose, captcha: Captcha): Promise<MobileCodeResult> {
  const mobile = await boundMobile(ctx.db, ctx.memberId);
  return sendVerifyCode(ctx, purpose, { ...captcha, mobile });
}

/** bindmobliecode: a code to the mobile the member wants (no account may have it yet). */
export async function sendCodeToNewMobile(ctx: MemberContext, input: SendCodeInput): Promise<MobileCodeResult> {
  const row = await ctx.db.selectFrom("member").select("mobile").where("member_id", "=", ctx.memberId).executeTakeFirst();
  if (row?.mobile === input.mobile) fail("新手机号不能与当前手机号相同");
  return sendVerifyCode(ctx, "mobile_bind", input);
}

/** verifyoldmobile, verifypaypwdcode: spends the bound mobile's code and hands out the ticket of the next step. */
export async function verifyBoundMobile(ctx: MemberContext, purpose: TicketPurpose, answer: Omit<CodeAnswer, "mobile">): Promise<VerifyTicketResult> {
  const mobile = await boundMobile(ctx.db, ctx.memberId);
  await consumeVerifyCode(ctx.db, purpose, { ...answer, mobile });
  return issueTicket(ctx.db, ctx.memberId, purpose, mobile);
}
