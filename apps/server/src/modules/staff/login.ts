import type { StaffLoginResult, StaffProfile } from "@shop/contract";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import { STAFF_TOKEN_COOKIE, STAFF_TOKEN_HEADER, type RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import { permissionsOf } from "./permissions.ts";
import { issueStaffToken, revokeStaffToken, staffIdentity, staffWithRole, STAFF_SESSION_SECONDS, type StaffIdentity } from "./tokens.ts";

let dummyHash: Promise<string> | undefined;

/**
 * The staff console's session cookie: httpOnly, SameSite=Strict (the console is never entered from
 * another site), whole site (the console's pages, its calls and the chat socket), Secure over HTTPS.
 */
function staffCookieOptions(ctx: RequestContext) {
  return { httpOnly: true, sameSite: "strict", path: "/", secure: ctx.config.secureCookies || ctx.request.protocol === "https" } as const;
}

/**
 * Staff sign in with their own accounts (table staff) and get a staff token, never a member one.
 * The token is also set as the httpOnly staff cookie; our own web clients (WEB_CLIENT_HEADER) get
 * it only there (`token: ""`), so the console's scripts never see it.
 */
export async function staffLogin(ctx: RequestContext, username: string, password: string): Promise<StaffLoginResult> {
  const staff = await staffWithRole(ctx.db).select("staff.password").where("staff.username", "=", username).executeTakeFirst();
  // Verify against a dummy hash when there is no such account, so timing does not tell.
  dummyHash ??= hashPassword("dummy-staff-password");
  const matches = await verifyPassword(password, staff?.password || (await dummyHash));
  if (!staff || !matches) return fail("账号或密码错误");
  if (staff.status !== 1) return fail("账号已停用");
  const { token, expire_time } = await issueStaffToken(ctx.db, staff.staff_id, ctx.ip);
  ctx.reply.setCookie(STAFF_TOKEN_COOKIE, token, { ...staffCookieOptions(ctx), maxAge: STAFF_SESSION_SECONDS });
  const fromOurWeb = ctx.request.headers[WEB_CLIENT_HEADER] === WEB_CLIENT_NAME;
  return {
    token: fromOurWeb ? "" : token,
    expire_time,
    staff: staffProfile(staffIdentity(staff)),
  };
}

/** What the console knows of the signed-in staff member (/shopapi/staff/info, login). */
export function staffProfile(staff: StaffIdentity): StaffProfile {
  const { staff_id, username, nickname, role } = staff;
  return { staff_id, username, nickname, role, group_id: staff.group_id ?? 0, group_name: staff.group_name ?? "", permissions: [...(staff.permissions ?? permissionsOf(role))] };
}

/** The staff tokens a request presented (body, header, cookie). */
export function presentedStaffTokens(ctx: RequestContext): string[] {
  const header = ctx.request.headers[STAFF_TOKEN_HEADER];
  const presented = [ctx.token, typeof header === "string" ? header : undefined, ctx.request.cookies?.[STAFF_TOKEN_COOKIE]];
  return [...new Set(presented.filter((value): value is string => Boolean(value)))];
}

/** Revokes every staff token the request presented (body, header, cookie) and clears the cookie. */
export async function staffLogout(ctx: RequestContext): Promise<null> {
  for (const token of presentedStaffTokens(ctx)) await revokeStaffToken(ctx.db, token);
  ctx.reply.clearCookie(STAFF_TOKEN_COOKIE, staffCookieOptions(ctx));
  return null;
}
