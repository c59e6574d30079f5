import type { CookieSerializeOptions } from "@fastify/cookie";
import { TOKEN_COOKIE, type RequestContext } from "../../core/context.ts";

/**
 * The session cookie: httpOnly (scripts never see the token), SameSite=Lax, whole site, Secure
 * whenever the request came over HTTPS (directly or via a trusted proxy) or SECURE_COOKIES=1.
 */
function cookieOptions(ctx: RequestContext): CookieSerializeOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", secure: ctx.config.secureCookies || ctx.request.protocol === "https" };
}

/**
 * Hands the web its token. With `maxAgeSeconds` (auto-login) the cookie survives the browser;
 * without, it is a session cookie (the token itself still expires on the server).
 */
export function setTokenCookie(ctx: RequestContext, token: string, maxAgeSeconds?: number): void {
  ctx.reply.setCookie(TOKEN_COOKIE, token, { ...cookieOptions(ctx), ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}) });
}

export function clearTokenCookie(ctx: RequestContext): void {
  ctx.reply.clearCookie(TOKEN_COOKIE, cookieOptions(ctx));
}
