import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export const RESERVED_USERNAME = "该用户名为系统保留，请换一个";

/** Names a member may not take whole (any case): they pass for the shop or its staff. */
const RESERVED_NAMES = new Set([
  "root", "system", "sys", "sysadmin", "superuser", "webmaster", "postmaster", "hostmaster", "support",
  "service", "services", "help", "staff", "manager", "operator", "moderator", "official", "security",
  "shop", "store", "mall", "null", "undefined", "anonymous", "guest",
  "商城", "官网", "店长", "掌柜", "系统", "管理", "运营", "售后", "安全中心",
]);

/** Beginnings a member's name may not have: "admin_1", "Administrator", "kefu007", "客服小美", "官方旗舰店". */
const RESERVED_PREFIXES = ["admin", "kefu", "sysadmin", "official", "客服", "官方", "管理员", "平台", "系统", "商城"];

/** Words that mislead anywhere in a name: "小米官方", "在线客服", "超级管理员". */
const RESERVED_WORDS = ["客服", "官方", "管理员"];

/** Whether a would-be username is on the list (exact names, prefixes, misleading words; case-insensitive). */
export function isReservedUsername(username: string): boolean {
  const name = username.trim().toLowerCase();
  return RESERVED_NAMES.has(name) || RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix)) || RESERVED_WORDS.some((word) => name.includes(word));
}

/** Whether a staff account has this name (any case): a member with it could pass for that staff member. */
export async function isStaffUsername(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom("staff")
    .select("staff_id")
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.trim().toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}
