import { z } from "zod";
import { endpoint, noBody } from "../endpoint.ts";

/**
 * The staff API (/shopapi/…): staff sign in with their own accounts; the token is sent as `token`
 * in the body or the X-Staff-Token header. Every staff action is logged with the staff member.
 */
export interface StaffProfile {
  staff_id: number;
  username: string;
  nickname: string;
  /** admin (the 管理员 role) | servicer (any other role); kept for the clients that tell the two apart */
  role: string;
  /** the role (admin-staff.ts) whose permissions these are; 0 / "" for an account of before roles */
  group_id: number;
  group_name: string;
  permissions: string[];
}

export interface StaffLoginResult {
  token: string;
  expire_time: number;
  staff: StaffProfile;
}

/** Staff passwords: at least 8 characters, no blank at either end (modules/staff/accounts.ts). */
export const MIN_STAFF_PASSWORD_LENGTH = 8;

export const staffPasswordChangeSchema = z
  .object({
    old_password: z.string({ error: "请输入原密码" }).min(1, "请输入原密码").max(64),
    new_password: z
      .string({ error: "请输入新密码" })
      .min(MIN_STAFF_PASSWORD_LENGTH, `新密码至少 ${MIN_STAFF_PASSWORD_LENGTH} 位`)
      .max(64, "新密码不能超过 64 位")
      .refine((value) => !/^\s|\s$/.test(value), "新密码首尾不能是空白字符"),
    confirm_password: z.string({ error: "请再次输入新密码" }).min(1, "请再次输入新密码").max(64),
  })
  .refine((value) => value.new_password === value.confirm_password, { path: ["confirm_password"], message: "两次输入的新密码不一致" })
  .refine((value) => value.new_password !== value.old_password, { path: ["new_password"], message: "新密码不能与原密码相同" });

export const staffEndpoints = {
  "/shopapi/login/login": endpoint<StaffLoginResult>()(
    z.object({
      username: z.string({ error: "请输入账号" }).trim().min(1, "请输入账号").max(30),
      password: z.string({ error: "请输入密码" }).min(1, "请输入密码").max(64),
    }),
  ),
  "/shopapi/login/logout": endpoint<null>()(noBody),
  "/shopapi/staff/info": endpoint<StaffProfile>()(noBody),
  /** the signed-in staff member's own password (the reference's User/modifyPassword); signs out their other sessions */
  "/shopapi/user/modifypassword": endpoint<null>()(staffPasswordChangeSchema),
};
