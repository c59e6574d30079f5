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
  /** admin | servicer */
  role: string;
  permissions: string[];
}

export interface StaffLoginResult {
  token: string;
  expire_time: number;
  staff: StaffProfile;
}

export const staffEndpoints = {
  "/shopapi/login/login": endpoint<StaffLoginResult>()(
    z.object({
      username: z.string({ error: "请输入账号" }).trim().min(1, "请输入账号").max(30),
      password: z.string({ error: "请输入密码" }).min(1, "请输入密码").max(64),
    }),
  ),
  "/shopapi/login/logout": endpoint<null>()(noBody),
  "/shopapi/staff/info": endpoint<StaffProfile>()(noBody),
};
