import type { StaffLoginResult } from "@shop/contract";
import type { RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import { permissionsOf } from "./permissions.ts";
import { issueStaffToken, revokeStaffToken } from "./tokens.ts";

let dummyHash: Promise<string> | undefined;

/** Staff sign in with their own accounts (table staff) and get a staff token, never a member one. */
export async function staffLogin(ctx: RequestContext, username: string, password: string): Promise<StaffLoginResult> {
  const staff = await ctx.db.selectFrom("staff").selectAll().where("username", "=", username).executeTakeFirst();
  // Verify against a dummy hash when there is no such account, so timing does not tell.
  dummyHash ??= hashPassword("dummy-staff-password");
  const matches = await verifyPassword(password, staff?.password || (await dummyHash));
  if (!staff || !matches) return fail("账号或密码错误");
  if (staff.status !== 1) return fail("账号已停用");
  const { token, expire_time } = await issueStaffToken(ctx.db, staff.staff_id, ctx.ip);
  return {
    token,
    expire_time,
    staff: { staff_id: staff.staff_id, username: staff.username, nickname: staff.nickname, role: staff.role, permissions: permissionsOf(staff.role) },
  };
}

export async function staffLogout(ctx: RequestContext): Promise<null> {
  if (ctx.token) await revokeStaffToken(ctx.db, ctx.token);
  return null;
}
