import type { StaffLoginResult } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { hashPassword } from "../../core/password.ts";
import { nextIp } from "../auth/testing.ts";

/**
 * Staff accounts for API tests (any module's tests may use them; the seed need not have run).
 * Not imported by production code.
 */
export interface TestStaff {
  staff_id: number;
  username: string;
  password: string;
  role: string;
}

let staffCounter = 0;

/** The roles migration 0036 made: 管理员 (every permission) is group 1, 客服 group 2. */
export const ADMIN_GROUP_ID = 1;
export const SERVICE_GROUP_ID = 2;

/**
 * Inserts a staff account (role admin unless told; status 1 = active), in the role's group (admin →
 * 管理员, servicer → 客服) unless a group_id is given.
 */
export async function insertStaff(
  t: TestApp,
  options: { role?: string; group_id?: number; status?: number; username?: string; password?: string } = {},
): Promise<TestStaff> {
  staffCounter += 1;
  const username = options.username ?? `staff_${process.pid}_${staffCounter}`;
  const password = options.password ?? "staff-secret-1";
  const role = options.role ?? "admin";
  const group_id = options.group_id ?? (role === "admin" ? ADMIN_GROUP_ID : role === "servicer" ? SERVICE_GROUP_ID : 0);
  const { staff_id } = await t.app.deps.db
    .insertInto("staff")
    .values({ username, password: await hashPassword(password), nickname: `${role}${staffCounter}`, role, group_id, headimg: "", status: options.status ?? 1, create_time: 0 })
    .returning("staff_id")
    .executeTakeFirstOrThrow();
  return { staff_id, username, password, role };
}

/** Signs a staff account in through /shopapi/login/login and returns its session. */
export async function loginStaff(t: TestApp, staff: Pick<TestStaff, "username" | "password">): Promise<StaffLoginResult> {
  const response = await t.call<StaffLoginResult>("/shopapi/login/login", { username: staff.username, password: staff.password }, { ip: nextIp() });
  if (response.code !== 0) throw new Error(`staff login ${staff.username}: ${response.message}`);
  return response.data;
}

/** A new staff account of `role`, signed in: its token for `t.call(path, body, { token })`. */
export async function staffToken(t: TestApp, role = "admin"): Promise<string> {
  return (await loginStaff(t, await insertStaff(t, { role }))).token;
}

let groupCounter = 0;

/** A custom role holding `permissions` (written directly, as the role editor would save it): its group_id. */
export async function insertGroup(t: TestApp, permissions: readonly string[]): Promise<number> {
  groupCounter += 1;
  const { group_id } = await t.app.deps.db
    .insertInto("staff_group")
    .values({ group_name: `角色_${process.pid}_${groupCounter}`, menu_array: permissions.join(","), desc: "", is_system: 0, create_time: 0 })
    .returning("group_id")
    .executeTakeFirstOrThrow();
  return group_id;
}
