import { redirect, type AppLoadContext } from "react-router";
import { Code, isTokenCode } from "@shop/contract/codes";
import { ApiError } from "@shop/contract/client";
import type { ApiClient, CaptchaConfig, MemberInfo, RegisterConfig } from "@shop/contract";
import { CLEAR_TOKEN_COOKIE, TOKEN_COOKIE } from "./global-data.ts";
import { readCookie } from "./client-state.ts";
import { toRouterPath } from "./links.ts";
import { redirectIfClosed } from "./site-closed.ts";

/** Where a shopper lands after logging in when no (safe) redirect was asked for. */
export const DEFAULT_AFTER_LOGIN = "/member";
export const LOGIN_PATH = "/auth/login";

/**
 * The path of a request URL within the app (basename removed), with its query:
 * "/web/member?x=1" → "/member?x=1". It is the `redirect` value, which the login page navigates
 * back to through the router (which adds the basename again).
 */
export function appPathOf(url: URL): string {
  return toRouterPath(url.pathname) + url.search;
}

/** `path?redirect={backTo}`, or just `path` without a way back. */
export function withRedirect(path: string, backTo: string | null | undefined): string {
  return backTo ? `${path}?redirect=${encodeURIComponent(backTo)}` : path;
}

/** SPEC §2: `/auth/login?redirect={full path}`; the path is app-relative (no basename). */
export function loginUrl(backTo?: string | null): string {
  return withRedirect(LOGIN_PATH, backTo);
}

/**
 * The post-login destination: only paths inside this app ("/member", "/goods/cart?x=1"). Absolute
 * URLs, protocol-relative "//evil.com" and "/\evil.com" (browsers read "\" as "/") fall back, so the
 * `redirect` query cannot send a shopper to another site. Login pages themselves fall back too.
 */
export function safeRedirectTarget(raw: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!raw || !raw.startsWith("/")) return fallback;
  if (raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  // Control characters and whitespace can smuggle a scheme or a host past the checks above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return fallback;
  if (raw === "/auth" || raw.startsWith("/auth/")) return fallback;
  return raw;
}

/**
 * The methods of register config `login` / `register` ("username,mobile"), or null when the list is
 * empty (register: registration closed; login: the caller falls back to all methods).
 */
export function authMethods(list: string | undefined): Set<string> | null {
  const methods = new Set((list ?? "").split(",").map((item) => item.trim()).filter(Boolean));
  return methods.size ? methods : null;
}

/**
 * For the loaders of guarded routes (member centre, cart, orders, pay): resolves with the member,
 * or throws a redirect to the login page carrying the current app path. A rejected token is
 * also deleted from the browser so the next page renders as a guest.
 */
export async function requireMember({ request, context }: { request: Request; context: AppLoadContext }): Promise<MemberInfo> {
  const backTo = appPathOf(new URL(request.url));
  if (!readCookie(request.headers.get("cookie"), TOKEN_COOKIE)) throw redirect(loginUrl(backTo));
  const envelope = await context.api.raw("/api/member/info");
  if (envelope.code === Code.SUCCESS && envelope.data) return envelope.data;
  if (isTokenCode(envelope.code)) {
    throw redirect(loginUrl(backTo), { headers: { "Set-Cookie": CLEAR_TOKEN_COOKIE } });
  }
  // Anything else is a server failure: the route error page shows it.
  throw new ApiError(envelope);
}

/**
 * For the loaders of the login and register pages: a signed-in member does not see the forms
 * again but goes on to the `redirect` target (app paths only) or the member centre. Guests (no
 * cookie, or a token the server refuses) stay.
 */
export async function redirectSignedInMember({ request, context }: { request: Request; context: AppLoadContext }): Promise<void> {
  if (!readCookie(request.headers.get("cookie"), TOKEN_COOKIE)) return;
  const envelope = await context.api.raw("/api/member/info");
  if (envelope.code === Code.SUCCESS) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirect")));
}

/** The server's defaults (docs/api.md "Register"), used when the config cannot be loaded. */
const FALLBACK_REGISTER_CONFIG: RegisterConfig["value"] = {
  login: "username,mobile",
  register: "username,mobile",
  pwd_len: 6,
  pwd_complexity: "number,letter",
  agreement_show: 1,
};

/** The auth pages' settings: login and register methods, the password policy, whether the forms ask for the captcha. */
export type AuthPageConfig = RegisterConfig["value"] & CaptchaConfig;

/** When the captcha setting cannot be read, the forms ask for it (the server's default). */
const FALLBACK_CAPTCHA_CONFIG: CaptchaConfig = { shop_reception_login: 1, shop_reception_register: 1 };

/** /api/register/config and /api/config/getCaptchaConfig for the auth pages' loaders; -3 → /close. */
export async function loadRegisterConfig(api: ApiClient, request: Request): Promise<AuthPageConfig> {
  const [envelope, captcha] = await Promise.all([api.raw("/api/register/config"), api.raw("/api/config/getCaptchaConfig")]);
  redirectIfClosed(envelope, request);
  const register = envelope.code === Code.SUCCESS && envelope.data ? { ...FALLBACK_REGISTER_CONFIG, ...envelope.data.value } : FALLBACK_REGISTER_CONFIG;
  return { ...register, ...(captcha.code === Code.SUCCESS && captcha.data ? captcha.data : FALLBACK_CAPTCHA_CONFIG) };
}
