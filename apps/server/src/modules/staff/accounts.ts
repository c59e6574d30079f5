import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import type { StaffContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { hashToken } from "../auth/tokens.ts";
import { logStaffAction } from "./staff-log.ts";
import { presentedStaffTokens } from "./login.ts";
import { MIN_STAFF_PASSWORD_LENGTH } from "@shop/contract";
import { now } from "../../core/time.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { insertAccount } from "./users.ts";

/**
 * Staff accounts made outside the console: the first administrator of a production shop (which has
 * no seeded account and so no known password) and a password reset by the operator.
 */

const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{2,31}$/;
export { MIN_STAFF_PASSWORD_LENGTH };

export class StaffAccountError extends Error {}

function checkPassword(password: string): void {
  if ([...password].length < MIN_STAFF_PASSWORD_LENGTH) throw new StaffAccountError(`密码至少 ${MIN_STAFF_PASSWORD_LENGTH} 位`);
  if (/^\s|\s$/.test(password)) throw new StaffAccountError("密码首尾不能是空白字符");
}

export interface NewStaffAccount {
  username: string;
  password: string;
  /** admin (the 管理员 role), servicer (客服) or the name of a role made in the console */
  role: string;
  nickname?: string;
}

/** The role an operator names: a role's own name, or the legacy admin / servicer. */
async function namedGroup(db: Kysely<DB>, role: string): Promise<number | undefined> {
  const byName = await db.selectFrom("staff_group").select("group_id").where("group_name", "=", role).executeTakeFirst();
  if (byName) return byName.group_id;
  if (role === "admin") return (await db.selectFrom("staff_group").select("group_id").where("is_system", "=", 1).orderBy("group_id").executeTakeFirst())?.group_id;
  if (role === "servicer") return (await db.selectFrom("staff_group").select("group_id").where("group_name", "=", "客服").executeTakeFirst())?.group_id;
  return undefined;
}

/** Adds an active staff account; refuses a taken username, an unknown role or a short password. */
export async function createStaffAccount(db: Kysely<DB>, account: NewStaffAccount): Promise<number> {
  if (!USERNAME.test(account.username)) throw new StaffAccountError("用户名为 3–32 位字母、数字、下划线、点或短横线");
  const groupId = await namedGroup(db, account.role);
  if (groupId === undefined) throw new StaffAccountError(`未知角色：${account.role}`);
  checkPassword(account.password);
  const taken = await db.selectFrom("staff").select("staff_id").where("username", "=", account.username).executeTakeFirst();
  if (taken) throw new StaffAccountError(`用户名已存在：${account.username}`);
  const { uid } = await unitOfWork(db, (tx) => insertAccount(tx, { username: account.username, password: account.password, nickname: account.nickname ?? "", group_id: groupId }));
  return uid;
}

/** Sets a new password and signs the account out everywhere (its tokens are revoked). */
export async function resetStaffPassword(db: Kysely<DB>, username: string, newPassword: string): Promise<void> {
  checkPassword(newPassword);
  const password = await hashPassword(newPassword);
  await unitOfWork(db, async (tx) => {
    const staff = await tx.selectFrom("staff").select("staff_id").where("username", "=", username).executeTakeFirst();
    if (!staff) throw new StaffAccountError(`没有这个员工账号：${username}`);
    await tx.updateTable("staff").set({ password }).where("staff_id", "=", staff.staff_id).execute();
    await tx.updateTable("staff_token").set({ revoke_time: now() }).where("staff_id", "=", staff.staff_id).where("revoke_time", "=", 0).execute();
  });
}

/**
 * /shopapi/user/modifypassword: a signed-in staff member changes their own password. The old one
 * must match; every other session of theirs is signed out (this one stays), in one unit of work
 * with its staff_log line.
 */
export async function changeOwnPassword(ctx: StaffContext, oldPassword: string, newPassword: string): Promise<null> {
  const staff = await ctx.db.selectFrom("staff").select(["staff_id", "password"]).where("staff_id", "=", ctx.staff.staff_id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(oldPassword, staff.password))) return fail("原密码错误");
  try {
    checkPassword(newPassword);
  } catch (error) {
    return fail((error as Error).message);
  }
  const password = await hashPassword(newPassword);
  const keep = presentedStaffTokens(ctx).map(hashToken);
  await unitOfWork(ctx.db, async (tx) => {
    await tx.updateTable("staff").set({ password }).where("staff_id", "=", staff.staff_id).execute();
    let others = tx.updateTable("staff_token").set({ revoke_time: now() }).where("staff_id", "=", staff.staff_id).where("revoke_time", "=", 0);
    if (keep.length) others = others.where("token_hash", "not in", keep);
    await others.execute();
    await logStaffAction(tx, ctx, "user.modifypassword", { type: "staff", id: staff.staff_id });
  });
  return null;
}
