import type { Api, RouteOptions } from "../../core/api.ts";
import { fail } from "../../core/errors.ts";
import { createCaptcha } from "./captcha.ts";
import { loginWithMobileCode, loginWithPassword, logout, sendLoginCode } from "./login.ts";
import { registerWithMobile, registerWithUsername, sendRegisterCode } from "./register.ts";
import { resetPassword, sendFindPasswordCode } from "./find-password.ts";
import { getAgreement, getRegisterConfig, registerReward } from "./register-config.ts";
import { getCaptchaConfig } from "./captcha-config.ts";

/** Per-IP limits (the per-mobile 60 s resend interval lives in verify-code.ts; per-account logins in login-attempts.ts). */
export const LOGIN_LIMIT: RouteOptions = { rateLimit: { max: 10, timeWindow: "1 minute" } };
/** One budget for every call that sends an SMS code or tells whether a mobile has an account. */
export const CODE_LIMIT: RouteOptions = { rateLimit: { max: 5, timeWindow: "1 minute", groupId: "mobile-code" } };
export const CAPTCHA_LIMIT: RouteOptions = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const wechatNotConfigured = () => fail("未配置微信登录");

export function registerAuthRoutes(api: Api): void {
  const { db } = api.deps;

  api.public("/api/captcha/captcha", (body) => createCaptcha(api.deps, body.captcha_id), CAPTCHA_LIMIT);

  api.public("/api/login/login", (body, ctx) => loginWithPassword(ctx, body), LOGIN_LIMIT);
  api.public("/api/login/mobileCode", (body, ctx) => sendLoginCode(ctx, body), CODE_LIMIT);
  api.public("/api/login/getMobileCode", (body, ctx) => sendLoginCode(ctx, body), CODE_LIMIT);
  api.public("/api/login/mobile", (body, ctx) => loginWithMobileCode(ctx, body), LOGIN_LIMIT);
  api.public("/api/login/logout", (_body, ctx) => logout(ctx));

  api.public("/wechat/api/wechat/logincode", wechatNotConfigured);
  api.public("/api/login/wechatLogin", wechatNotConfigured);
  api.public("/api/login/checklogin", wechatNotConfigured);

  api.public("/api/register/config", async () => ({ value: await getRegisterConfig(db) }));
  api.public("/api/config/getCaptchaConfig", () => getCaptchaConfig(db));
  api.public("/api/register/aggrement", () => getAgreement(db));
  api.public("/memberregister/api/Config/Config", () => registerReward(db));
  api.public("/api/register/username", (body, ctx) => registerWithUsername(ctx, body), LOGIN_LIMIT);
  api.public("/api/register/mobileCode", (body, ctx) => sendRegisterCode(ctx, body), CODE_LIMIT);
  api.public("/api/register/mobile", (body, ctx) => registerWithMobile(ctx, body), LOGIN_LIMIT);

  api.public("/api/findpassword/mobilecode", (body, ctx) => sendFindPasswordCode(ctx, body), CODE_LIMIT);
  api.public("/api/findpassword/mobile", (body, ctx) => resetPassword(ctx, body), LOGIN_LIMIT);
}
