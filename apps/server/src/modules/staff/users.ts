import type { AdminStaffUser, Page } from "@shop/contract";
import { sql } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected, isUniqueViolation } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { hashPassword } from "../../core/password.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";
import { logStaffAction } from "./staff-log.ts";

/**
 * Staff accounts in the back office (/shopapi/user/*user*), after the reference's User model. An
 * account's role (group_id) gives its permissions; `role` is kept in step (admin in 管理员, else
 * servicer) for the code that tells the two apart. The shop always keeps one enabled 管理员, and no
 * one disables, deletes or demotes themselves here.
 */

export interface UserFilter extends PageRequest {
  search_text: string;
  group_id?: number;
  status?: number;
}

/** Newest first; login_time / login_ip from their last session. */
export async function pageUsers(db: Db, filter: UserFilter): Promise<Page<AdminStaffUser>> {
  let query = db
    .selectFrom("staff")
    .leftJoin("staff_group", "staff_group.group_id", "staff.group_id")
    .select((eb) => [
      "staff.staff_id as uid", "staff.username", "staff.nickname", "staff.group_id", "staff.status", "staff.create_time",
      "staff_group.group_name", "staff_group.is_system",
      eb.selectFrom("staff_token").select("create_time").whereRef("staff_token.staff_id", "=", "staff.staff_id").orderBy("id", "desc").limit(1).as("login_time"),
      eb.selectFrom("staff_token").select("ip").whereRef("staff_token.staff_id", "=", "staff.staff_id").orderBy("id", "desc").limit(1).as("login_ip"),
    ])
    .orderBy("staff.staff_id", "desc");
  const keyword = filter.search_text.trim();
  if (keyword) query = query.where((eb) => eb.or([containsText("staff.username", keyword), containsText("staff.nickname", keyword)]));
  if (filter.group_id) query = query.where("staff.group_id", "=", filter.group_id);
  if (filter.status !== undefined) query = query.where("staff.status", "=", filter.status);
  const page = await paginate(db, query, filter);
  return {
    ...page,
    list: page.list.map(({ is_system, group_name, login_time, login_ip, ...row }) => ({
      ...row,
      group_name: group_name ?? "",
      is_admin: is_system === 1 ? 1 : 0,
      login_time: Number(login_time ?? 0),
      login_ip: login_ip ?? "",
    })),
  };
}

interface GroupRow {
  group_id: number;
  group_name: string;
  is_system: number;
}

async function groupOf(tx: Db, groupId: number): Promise<GroupRow> {
  const group = await tx.selectFrom("staff_group").select(["group_id", "group_name", "is_system"]).where("group_id", "=", groupId).executeTakeFirst();
  return group ?? fail("角色不存在");
}

/** The legacy `role` of a role's members. */
export const legacyRole = (group: Pick<GroupRow, "is_system">): string => (group.is_system === 1 ? "admin" : "servicer");

const usernameTaken = (username: string) => `用户名「${username}」已被使用`;

export interface NewAccount {
  username: string;
  password: string;
  nickname: string;
  group_id: number;
}

/** Inserts an enabled account (the console's adduser and the ops CLI); refuses a taken username or an unknown role. */
export async function insertAccount(tx: Db, account: NewAccount): Promise<{ uid: number; group: GroupRow }> {
  const group = await groupOf(tx, account.group_id);
  const taken = await tx.selectFrom("staff").select("staff_id").where("username", "=", account.username).executeTakeFirst();
  if (taken) fail(usernameTaken(account.username));
  const { staff_id } = await tx
    .insertInto("staff")
    .values({
      username: account.username, password: await hashPassword(account.password), nickname: account.nickname || account.username,
      role: legacyRole(group), group_id: group.group_id, headimg: "", status: 1, create_time: now(),
    })
    .returning("staff_id")
    .executeTakeFirstOrThrow();
  return { uid: staff_id, group };
}

export async function addUser(db: Db, caller: StaffCaller, account: NewAccount): Promise<{ uid: number }> {
  try {
    return await unitOfWork(db, async (tx) => {
      const { uid, group } = await insertAccount(tx, account);
      await logStaffAction(tx, caller, "user.adduser", { type: "staff", id: uid }, { username: account.username, group_id: group.group_id, group_name: group.group_name });
      return { uid };
    });
  } catch (error) {
    // a concurrent twin passed the check: the unique index answers
    if (isUniqueViolation(error)) fail(usernameTaken(account.username));
    throw error;
  }
}

async function accountOf(tx: Db, uid: number) {
  const account = await tx
    .selectFrom("staff")
    .leftJoin("staff_group", "staff_group.group_id", "staff.group_id")
    .select(["staff.staff_id", "staff.username", "staff.group_id", "staff.status", "staff_group.is_system"])
    .where("staff.staff_id", "=", uid)
    .executeTakeFirst();
  return account ?? fail("员工不存在");
}

/** Some other enabled account in 管理员 remains (the condition of every change that could remove the last one). */
const anotherEnabledAdmin = (uid: number) =>
  sql<boolean>`exists (select 1 from staff as other join staff_group as g on g.group_id = other.group_id
    where g.is_system = 1 and other.status = 1 and other.staff_id <> ${uid})`;

const LAST_ADMIN = "这是最后一个启用的管理员账号，不能停用、删除或更换角色";

function refuseSelf(caller: StaffCaller, uid: number, what: string): void {
  if (caller.staff.staff_id === uid) fail(`不能${what}自己的账号`);
}

async function revokeSessions(tx: Db, uid: number): Promise<void> {
  await tx.updateTable("staff_token").set({ revoke_time: now() }).where("staff_id", "=", uid).where("revoke_time", "=", 0).execute();
}

/** Nickname and role; leaving 管理员 keeps at least one enabled 管理员; one's own role stays. */
export function editUser(db: Db, caller: StaffCaller, uid: number, input: { nickname: string; group_id: number }): Promise<{ uid: number }> {
  return unitOfWork(db, async (tx) => {
    const account = await accountOf(tx, uid);
    const group = await groupOf(tx, input.group_id);
    const changesRole = group.group_id !== account.group_id;
    if (changesRole) refuseSelf(caller, uid, "更换");
    let update = tx
      .updateTable("staff")
      .set({ nickname: input.nickname || account.username, group_id: group.group_id, role: legacyRole(group) })
      .where("staff_id", "=", uid);
    const leavesAdmin = changesRole && account.is_system === 1 && account.status === 1 && group.is_system !== 1;
    if (leavesAdmin) update = update.where(anotherEnabledAdmin(uid));
    expectAffected(await update.executeTakeFirst(), 1, leavesAdmin ? LAST_ADMIN : "员工不存在");
    await logStaffAction(tx, caller, "user.edituser", { type: "staff", id: uid }, { username: account.username, nickname: input.nickname, group_id: group.group_id, group_name: group.group_name });
    return { uid };
  });
}

/** Enables (1) or disables (0) an account; disabling ends its sessions at once. */
export function modifyUserStatus(db: Db, caller: StaffCaller, uid: number, status: number): Promise<{ uid: number }> {
  refuseSelf(caller, uid, status === 1 ? "启用" : "停用");
  return unitOfWork(db, async (tx) => {
    const account = await accountOf(tx, uid);
    let update = tx.updateTable("staff").set({ status }).where("staff_id", "=", uid);
    const disablesAdmin = status === 0 && account.is_system === 1;
    if (disablesAdmin) update = update.where(anotherEnabledAdmin(uid));
    expectAffected(await update.executeTakeFirst(), 1, disablesAdmin ? LAST_ADMIN : "员工不存在");
    if (status === 0) await revokeSessions(tx, uid);
    await logStaffAction(tx, caller, status === 1 ? "user.enableuser" : "user.disableuser", { type: "staff", id: uid }, { username: account.username });
    return { uid };
  });
}

/** Sets another account's password (one's own: /shopapi/user/modifypassword) and ends its sessions. */
export async function modifyUserPassword(db: Db, caller: StaffCaller, uid: number, password: string): Promise<{ uid: number }> {
  refuseSelf(caller, uid, "在这里重置");
  const hash = await hashPassword(password);
  return unitOfWork(db, async (tx) => {
    const account = await accountOf(tx, uid);
    expectAffected(await tx.updateTable("staff").set({ password: hash }).where("staff_id", "=", uid).executeTakeFirst(), 1, "员工不存在");
    await revokeSessions(tx, uid);
    // the log says that it was reset, never the password
    await logStaffAction(tx, caller, "user.modifyuserpassword", { type: "staff", id: uid }, { username: account.username });
    return { uid };
  });
}

/** Deletes an account and its sessions; its lines in the operation log stay (they keep its username). */
export function deleteUser(db: Db, caller: StaffCaller, uid: number): Promise<{ uid: number }> {
  refuseSelf(caller, uid, "删除");
  return unitOfWork(db, async (tx) => {
    const account = await accountOf(tx, uid);
    let removal = tx.deleteFrom("staff").where("staff_id", "=", uid);
    const removesAdmin = account.is_system === 1 && account.status === 1;
    if (removesAdmin) removal = removal.where(anotherEnabledAdmin(uid));
    expectAffected(await removal.executeTakeFirst(), 1, removesAdmin ? LAST_ADMIN : "员工不存在");
    await tx.deleteFrom("staff_token").where("staff_id", "=", uid).execute();
    await logStaffAction(tx, caller, "user.deleteuser", { type: "staff", id: uid }, { username: account.username });
    return { uid };
  });
}
