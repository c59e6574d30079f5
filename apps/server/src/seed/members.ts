import type { NewRow } from "../db/schema.ts";
import { hashPassword } from "../core/password.ts";
import { BASE_TIME, DAY } from "./random.ts";

/**
 * Member levels by growth (ADR 0016: 1 growth per yuan paid); consume_discount is a percentage (95 = 9.5折).
 * The demo member's seeded orders and sign-ins bring it to 白银会员 on the way to 黄金会员; 白银 gives
 * gifts only, so the demo pays list prices at checkout.
 */
export const MEMBER_LEVELS: NewRow<"member_level">[] = [
  { level_id: 1, level_name: "普通会员", growth: 0, remark: "注册即享会员权益", consume_discount: 100, is_free_shipping: 0, send_point: 0, send_balance_cents: 0, is_default: 1, sort: 0 },
  { level_id: 2, level_name: "白银会员", growth: 2000, remark: "成长值满2000，升级赠送200积分", consume_discount: 100, is_free_shipping: 0, send_point: 200, send_balance_cents: 0, is_default: 0, sort: 1 },
  { level_id: 3, level_name: "黄金会员", growth: 20000, remark: "成长值满20000，购物享9.5折", consume_discount: 95, is_free_shipping: 0, send_point: 500, send_balance_cents: 1000, is_default: 0, sort: 2 },
  { level_id: 4, level_name: "钻石会员", growth: 50000, remark: "成长值满50000，购物享9折及全场包邮", consume_discount: 90, is_free_shipping: 1, send_point: 2000, send_balance_cents: 5000, is_default: 0, sort: 3 },
];

export interface Credentials {
  demo: { username: string; password: string };
  admin: { username: string; password: string };
  servicer: { username: string; password: string };
}

/** Demo accounts; the environment may override the passwords (e.g. on a public demo). */
export function seedCredentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  return {
    demo: { username: "demo", password: env.SEED_DEMO_PASSWORD || "demo123456" },
    admin: { username: "admin", password: env.SEED_ADMIN_PASSWORD || "admin123456" },
    servicer: { username: "kefu01", password: env.SEED_SERVICER_PASSWORD || "kefu123456" },
  };
}

/** The demo member's id (its balance and points are granted through the ledger by seed/checkout.ts). */
export const DEMO_MEMBER_ID = 1;

export interface AccountRows {
  members: NewRow<"member">[];
  staff: NewRow<"staff">[];
}

export async function buildAccounts(credentials: Credentials, headImage: string): Promise<AccountRows> {
  const [demoHash, adminHash, servicerHash] = await Promise.all(
    [credentials.demo, credentials.admin, credentials.servicer].map((account) => hashPassword(account.password)),
  );
  const member: NewRow<"member"> = {
    member_id: DEMO_MEMBER_ID,
    username: credentials.demo.username,
    nickname: "演示会员",
    mobile: "13800138000",
    email: "demo@youxuan.example",
    password: demoHash as string,
    headimg: headImage,
    member_level: 1,
    // Totals start at zero: seedCheckout grants the starting balance and points as ledger rows.
    point: 0,
    balance_cents: 0,
    balance_money_cents: 0,
    growth: 120,
    realname: "",
    sex: 0,
    birthday: "",
    status: 1,
    reg_time: BASE_TIME - 30 * DAY,
    last_login_time: 0,
    last_login_ip: "",
  };
  const staff = (id: number, username: string, hash: string, nickname: string, role: "admin" | "servicer"): NewRow<"staff"> => ({
    staff_id: id,
    username,
    password: hash,
    nickname,
    role,
    // the roles of migration 0036: 管理员 is group 1, 客服 group 2
    group_id: role === "admin" ? 1 : 2,
    headimg: headImage,
    status: 1,
    create_time: BASE_TIME - 90 * DAY,
  });
  return {
    members: [member],
    staff: [
      staff(1, credentials.admin.username, adminHash as string, "平台管理员", "admin"),
      staff(2, credentials.servicer.username, servicerHash as string, "客服小优", "servicer"),
    ],
  };
}
