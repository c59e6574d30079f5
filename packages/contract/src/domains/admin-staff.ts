import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { MIN_STAFF_PASSWORD_LENGTH } from "./staff.ts";

/**
 * Staff accounts, roles and the operation log (staff.manage): /shopapi/user/*, after the reference's
 * User controller (user, addUser, editUser, modifyUserStatus, deleteUser, group, addGroup, editGroup,
 * deleteGroup, userLog). A role (group) holds permission names joined by "," (menu_array); the
 * 管理员 role (is_system = 1) holds every one and is neither edited nor deleted.
 */

export interface AdminStaffUser {
  uid: number;
  username: string;
  nickname: string;
  group_id: number;
  group_name: string;
  /** 1 in the 管理员 role */
  is_admin: number;
  /** 1 enabled, 0 disabled */
  status: number;
  create_time: number;
  /** when their last session began (0: never signed in) */
  login_time: number;
  login_ip: string;
}

export interface AdminStaffGroup {
  group_id: number;
  group_name: string;
  /** permission names joined by "," (管理员: every permission) */
  menu_array: string;
  desc: string;
  is_system: number;
  create_time: number;
  modify_time: number;
  /** accounts in this role */
  user_count: number;
}

/** The role editor's checkboxes: the permissions grouped as the console's menu is. */
export interface StaffPermissionGroup {
  group_name: string;
  permissions: { name: string; label: string }[];
}

export interface AdminStaffLog {
  id: number;
  uid: number;
  username: string;
  /** "<controller>.<action>", e.g. "user.adduser", "goodsbrand.edit" */
  action: string;
  target_type: string;
  target_id: string;
  /** JSON of what the action changed */
  detail: string;
  ip: string;
  create_time: number;
}

const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{2,31}$/;
export const staffUsername = z
  .string({ error: "请输入用户名" })
  .trim()
  .regex(USERNAME, "用户名为 3–32 位字母、数字、下划线、点或短横线");
export const staffNewPassword = z
  .string({ error: "请输入密码" })
  .min(MIN_STAFF_PASSWORD_LENGTH, `密码至少 ${MIN_STAFF_PASSWORD_LENGTH} 位`)
  .max(64, "密码不能超过 64 位")
  .refine((value) => !/^\s|\s$/.test(value), "密码首尾不能是空白字符");
const nickname = text(30).default("");
const groupId = z.coerce.number({ error: "请选择角色" }).int().positive("请选择角色").max(2_147_483_647);
const userStatus = z.coerce.number().int().refine((value) => value === 0 || value === 1, "状态只能是 0 或 1");

const groupFields = {
  group_name: z.string({ error: "请输入角色名称" }).trim().min(1, "请输入角色名称").max(30, "角色名称不能超过 30 个字"),
  /** permission names, at least one */
  menu_array: z.array(z.string().max(50), { error: "请选择权限" }).min(1, "请至少选择一项权限").max(100),
  desc: text(200).default(""),
};

/** unix seconds; 0 or absent = no bound */
const time = z.coerce.number().int().min(0).max(4_102_444_800).default(0);

export const staffAdminEndpoints = {
  /** newest first; search_text matches username or nickname */
  "/shopapi/user/user": endpoint<Page<AdminStaffUser>>()(
    z.object({ ...paging, search_text: text(50).default(""), group_id: id.optional(), status: userStatus.optional() }),
  ),
  "/shopapi/user/adduser": endpoint<{ uid: number }>()(
    z.object({ username: staffUsername, password: staffNewPassword, nickname, group_id: groupId }),
  ),
  /** the role and nickname of another account (not a 管理员 account's role while it is the last one) */
  "/shopapi/user/edituser": endpoint<{ uid: number }>()(z.object({ uid: id, nickname, group_id: groupId })),
  /** enable 1 / disable 0 (disabling ends their sessions); never yourself, never the last enabled 管理员 */
  "/shopapi/user/modifyuserstatus": endpoint<{ uid: number }>()(z.object({ uid: id, status: userStatus })),
  /** sets another account's password (the reference's modifyUserPassword) and ends its sessions */
  "/shopapi/user/modifyuserpassword": endpoint<{ uid: number }>()(z.object({ uid: id, password: staffNewPassword })),
  /** never yourself, never the last enabled 管理员; its log lines stay */
  "/shopapi/user/deleteuser": endpoint<{ uid: number }>()(z.object({ uid: id })),

  /** every role, 管理员 first, with its member count */
  "/shopapi/user/group": endpoint<AdminStaffGroup[]>()(z.object({})),
  /** the permissions a role may hold, grouped for the editor */
  "/shopapi/user/permissions": endpoint<StaffPermissionGroup[]>()(z.object({})),
  "/shopapi/user/addgroup": endpoint<{ group_id: number }>()(z.object(groupFields)),
  /** takes effect on its members' next call */
  "/shopapi/user/editgroup": endpoint<{ group_id: number }>()(z.object({ group_id: id, ...groupFields })),
  /** refused while accounts are in it, and for 管理员 */
  "/shopapi/user/deletegroup": endpoint<{ group_id: number }>()(z.object({ group_id: id })),

  /** the operation log, newest first; start_time / end_time in unix seconds (inclusive) */
  "/shopapi/user/userlog": endpoint<Page<AdminStaffLog>>()(
    z.object({
      ...paging,
      uid: id.optional(),
      action: text(64).default(""),
      target_type: text(64).default(""),
      target_id: text(64).default(""),
      start_time: time,
      end_time: time,
    }),
  ),
};
