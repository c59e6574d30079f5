import type { TokenResult } from "@shop/contract";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import { TOKEN_COOKIE, type RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import { findMemberByAccount, findMemberByMobile, recordLogin, MEMBER_ACTIVE, type LoginCandidate } from "../member/service.ts";
import { checkCaptchaWhenOn } from "./captcha-config.ts";
import { consumeVerifyCode, sendVerifyCode, type SendCodeInput } from "./verify-code.ts";
import { setTokenCookie, clearTokenCookie } from "./cookies.ts";
import { DEFAULT_SESSION_DAYS, issueToken, revokeToken } from "./tokens.ts";
import { assertLoginEnabled } from "./register-config.ts";
import { clearLoginAttempts, loginAccountKey, reserveLoginAttempt } from "./login-attempts.ts";

export const BAD_CREDENTIALS = "账号或密码错误";
export const MOBILE_NOT_REGISTERED = "该手机号未注册";

/**
 * Opens a session: a token (auto-login range in days, else the default session length), the
 * httpOnly cookie (persistent only with auto-login), and the member's last login time and IP.
 * The token is also in the answer, except for our own storefront's calls (WEB_CLIENT_HEADER).
 */
export async function startSession(ctx: RequestContext, memberId: number, autoLoginRange = 0): Promise<TokenResult> {
  const days = autoLoginRange > 0 ? autoLoginRange : DEFAULT_SESSION_DAYS;
  const { token, expire_time } = await issueToken(ctx.db, memberId, days, ctx);
  await recordLogin(ctx.db, memberId, ctx.ip);
  setTokenCookie(ctx, token, autoLoginRange > 0 ? days * 86400 : undefined);
  // Our storefront gets the session in the httpOnly cookie only; API clients read data.token.
  const fromOurStorefront = ctx.request.headers[WEB_CLIENT_HEADER] === WEB_CLIENT_NAME;
  return { token: fromOurStorefront ? "" : token, expire_time, auto_login_range: autoLoginRange };
}

/** A locked or disabled account may not sign in (told only after the password or code proved ownership). */
function ensureActive(member: LoginCandidate): void {
  if (member.status !== MEMBER_ACTIVE) fail("账号已被锁定，请联系客服");
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; when there is no account (or it has no password) a dummy hash is
 * verified instead, so the answer takes as long as for a real account.
 */
async function passwordMatches(member: LoginCandidate | undefined, password: string): Promise<boolean> {
  if (member?.password) return verifyPassword(password, member.password);
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(password, await dummyHash);
  return false;
}

export interface PasswordLogin {
  username: string;
  password: string;
  captcha_id?: string;
  captcha_code?: string;
  autoLoginRange?: number;
}

/**
 * Username or mobile + password. Unknown account and wrong password get the same answer, and are
 * limited alike per account (login-attempts.ts): the captcha is spent first, then an attempt is
 * reserved, then the password compared.
 */
export async function loginWithPassword(ctx: RequestContext, input: PasswordLogin): Promise<TokenResult> {
  await assertLoginEnabled(ctx.db, "username");
  await checkCaptchaWhenOn(ctx.db, "shop_reception_login", input);
  const member = await findMemberByAccount(ctx.db, input.username);
  await reserveLoginAttempt(ctx.db, loginAccountKey(member?.member_id, input.username));
  if (!(await passwordMatches(member, input.password)) || !member) return fail(BAD_CREDENTIALS);
  await clearLoginAttempts(ctx.db, member.member_id);
  ensureActive(member);
  return startSession(ctx, member.member_id, input.autoLoginRange);
}

export interface MobileLogin {
  mobile: string;
  key: string;
  code: string;
  autoLoginRange?: number;
}

export async function sendLoginCode(ctx: RequestContext, input: SendCodeInput) {
  await assertLoginEnabled(ctx.db, "mobile");
  return sendVerifyCode(ctx, "login", input);
}

/** Mobile + SMS code (purpose "login"). */
export async function loginWithMobileCode(ctx: RequestContext, input: MobileLogin): Promise<TokenResult> {
  await assertLoginEnabled(ctx.db, "mobile");
  await consumeVerifyCode(ctx.db, "login", input);
  const member = await findMemberByMobile(ctx.db, input.mobile);
  if (!member) return fail(MOBILE_NOT_REGISTERED);
  // The SMS code proved the owner: a pause others caused by guessing the password ends.
  await clearLoginAttempts(ctx.db, member.member_id);
  ensureActive(member);
  return startSession(ctx, member.member_id, input.autoLoginRange);
}

/** Revokes the presented token (body or cookie) and clears the cookie; fine without a session. */
export async function logout(ctx: RequestContext): Promise<null> {
  // The body token wins in ctx.token; a cookie carrying another session must end too.
  const tokens = new Set([ctx.token, ctx.request.cookies?.[TOKEN_COOKIE]].filter((token): token is string => Boolean(token)));
  for (const token of tokens) await revokeToken(ctx.db, token);
  clearTokenCookie(ctx);
  return null;
}
