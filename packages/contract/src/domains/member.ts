import { endpoint, noBody } from "../endpoint.ts";

/** /api/member/info (money as strings with two decimals). */
export interface MemberInfo {
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
  email: string;
  headimg: string;
  member_level: number;
  member_level_name: string;
  point: number;
  balance: string;
  balance_money: string;
  growth: number;
  /** 1 when the member has a password (mobile-only accounts may not) */
  password: 0 | 1;
  realname: string;
  sex: number;
  birthday: string;
  reg_time: number;
}

export const memberEndpoints = {
  "/api/member/info": endpoint<MemberInfo>()(noBody),
};
