import { looksLikeMobile, type TokenResult } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword } from "../../core/password.ts";
import { createMember, usernameExists, type NewMember } from "../member/service.ts";
import { checkCaptchaWhenOn } from "./captcha-config.ts";
import { consumeVerifyCode, sendVerifyCode, type SendCodeInput } from "./verify-code.ts";
import { assertPasswordAllowed, assertRegisterEnabled } from "./register-config.ts";
import { startSession } from "./login.ts";
import { isReservedUsername, isStaffUsername, RESERVED_USERNAME } from "./reserved-names.ts";
import { grantCoupons } from "../coupon/grant.ts";
import { registrationPack } from "../coupon/register-pack.ts";

export interface UsernameRegistration {
  username: string;
  password: string;
  captcha_id?: string;
  captcha_code?: string;
  autoLoginRange?: number;
}

/**
 * Username + password. The cheap rules (mobile-like or reserved names, the password policy) run
 * before the captcha is spent (a typo should not cost the shopper a new captcha); whether the
 * name is taken — by a member or a staff account — is told only after it.
 */
export async function registerWithUsername(ctx: RequestContext, input: UsernameRegistration): Promise<TokenResult> {
  await assertRegisterEnabled(ctx.db, "username");
  if (looksLikeMobile(input.username)) fail("用户名不能是手机号，请使用手机号注册");
  if (isReservedUsername(input.username)) fail(RESERVED_USERNAME);
  await assertPasswordAllowed(ctx.db, input.password);
  await checkCaptchaWhenOn(ctx.db, "shop_reception_register", input);
  // A staff member's name reads as taken: which names are staff's is not told.
  if ((await usernameExists(ctx.db, input.username)) || (await isStaffUsername(ctx.db, input.username))) fail("用户名已存在");
  const password = await hashPassword(input.password);
  return createAndSignIn(ctx, { username: input.username, nickname: input.username, password }, input.autoLoginRange);
}

/**
 * The member, its registration coupon pack (注册即送, configured by staff: once per member) and its
 * first session in one transaction: no account is left behind without a login.
 */
function createAndSignIn(ctx: RequestContext, member: NewMember, autoLoginRange?: number): Promise<TokenResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const memberId = await createMember(trx, member);
    await grantCoupons(trx, memberId, await registrationPack(trx), "register", String(memberId));
    return startSession({ ...ctx, db: trx }, memberId, autoLoginRange);
  });
}

export async function sendRegisterCode(ctx: RequestContext, input: SendCodeInput) {
  await assertRegisterEnabled(ctx.db, "mobile");
  return sendVerifyCode(ctx, "register", input);
}

export interface MobileRegistration {
  mobile: string;
  key: string;
  code: string;
  password?: string;
  autoLoginRange?: number;
}

/** Mobile + SMS code (+ optional password): nickname "用户" + the last 4 digits; logs in. */
export async function registerWithMobile(ctx: RequestContext, input: MobileRegistration): Promise<TokenResult> {
  await assertRegisterEnabled(ctx.db, "mobile");
  if (input.password) await assertPasswordAllowed(ctx.db, input.password);
  await consumeVerifyCode(ctx.db, "register", input);
  const password = input.password ? await hashPassword(input.password) : "";
  return createAndSignIn(ctx, { mobile: input.mobile, nickname: `用户${input.mobile.slice(-4)}`, password }, input.autoLoginRange);
}
