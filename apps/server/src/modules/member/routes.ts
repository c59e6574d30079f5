import { Code } from "@shop/contract/codes";
import type { Api, RouteOptions } from "../../core/api.ts";
import { fail } from "../../core/errors.ts";
import { getMemberInfo, mobileExists } from "./service.ts";
import { checkCaptcha } from "../auth/captcha.ts";
import { CODE_LIMIT } from "../auth/routes.ts";
import { updateProfile, updateProfileForm, type ProfileChanges } from "./profile.ts";
import { changePassword } from "./password.ts";
import { changeMobile } from "./mobile.ts";
import { sendCodeToBoundMobile, sendCodeToNewMobile, verifyBoundMobile } from "./security-codes.ts";
import { changePayPassword } from "../account/pay-password.ts";

/** Per IP: profile edits (the form saves once; 30 a minute is far above any person). */
export const PROFILE_LIMIT: RouteOptions = { rateLimit: { max: 30, timeWindow: "1 minute", groupId: "member-profile" } };
/**
 * Per IP, one budget for every call that checks a secret or a code and changes a credential
 * (passwords, mobile, tickets). Guessing is also bounded per account (login attempts, pay password
 * attempts, 5 guesses a code); this keeps one address from trying many accounts' sessions.
 */
export const SECURITY_LIMIT: RouteOptions = { rateLimit: { max: 10, timeWindow: "1 minute", groupId: "member-security" } };

export function registerMemberRoutes(api: Api): void {
  const { db } = api.deps;
  api.member("/api/member/info", (_body, ctx) => getMemberInfo(db, ctx.memberId));
  // Tells whether a mobile has an account: guarded like the code-sending calls (captcha, their shared budget).
  // By the code, as the reference's clients read it: their register pages wait for 0, find-password for -1.
  api.public(
    "/api/member/checkmobile",
    async (body) => {
      await checkCaptcha(db, body.captcha_id, body.captcha_code);
      if (await mobileExists(db, body.mobile)) fail("该手机号已注册", Code.ERROR, { exists: 1 });
      return { exists: 0 as const };
    },
    CODE_LIMIT,
  );

  // ---- profile (docs/api/member.md) ----
  const edit = (memberId: number, changes: ProfileChanges) => updateProfile(db, memberId, changes).then(() => null);
  api.member("/api/member/modifynickname", (body, ctx) => edit(ctx.memberId, body), PROFILE_LIMIT);
  api.member("/api/member/modifyrealname", (body, ctx) => edit(ctx.memberId, body), PROFILE_LIMIT);
  api.member("/api/member/modifysex", (body, ctx) => edit(ctx.memberId, body), PROFILE_LIMIT);
  api.member("/api/member/modifybirthday", (body, ctx) => edit(ctx.memberId, body), PROFILE_LIMIT);
  api.member("/api/member/modifyheadimg", (body, ctx) => edit(ctx.memberId, body), PROFILE_LIMIT);
  api.member("/api/member/modifyinfo", (body, ctx) => updateProfileForm(db, ctx.memberId, body), PROFILE_LIMIT);

  // ---- login password, mobile, pay password ----
  api.member("/api/member/pwdmobliecode", (body, ctx) => sendCodeToBoundMobile(ctx, "member_password", body), CODE_LIMIT);
  api.member("/api/member/modifypassword", (body, ctx) => changePassword(ctx, body), SECURITY_LIMIT);

  api.member("/api/member/oldmobilecode", (body, ctx) => sendCodeToBoundMobile(ctx, "mobile_old", body), CODE_LIMIT);
  api.member("/api/member/verifyoldmobile", (body, ctx) => verifyBoundMobile(ctx, "mobile_old", body), SECURITY_LIMIT);
  api.member("/api/member/bindmobliecode", (body, ctx) => sendCodeToNewMobile(ctx, body), CODE_LIMIT);
  api.member("/api/member/modifymobile", (body, ctx) => changeMobile(ctx, body), SECURITY_LIMIT);

  api.member("/api/member/paypwdcode", (body, ctx) => sendCodeToBoundMobile(ctx, "pay_password", body), CODE_LIMIT);
  api.member("/api/member/verifypaypwdcode", (body, ctx) => verifyBoundMobile(ctx, "pay_password", body), SECURITY_LIMIT);
  api.member("/api/member/modifypaypassword", (body, ctx) => changePayPassword(db, ctx.memberId, body), SECURITY_LIMIT);
}
