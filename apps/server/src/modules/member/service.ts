import type { Kysely } from "kysely";
import type { MemberInfo } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";

/** What login needs to decide: the stored hash and whether the account may sign in. */
export interface LoginCandidate {
  member_id: number;
  password: string;
  status: number;
}

/** Member status: 1 normal; anything else (0 locked, -1 disabled…) may not sign in. */
export const MEMBER_ACTIVE = 1;

/** Finds a member by username or mobile (usernames never look like a mobile number, so at most one matches). */
export async function findMemberByAccount(db: Kysely<DB>, account: string): Promise<LoginCandidate | undefined> {
  return db
    .selectFrom("member")
    .select(["member_id", "password", "status"])
    .where((eb) => eb.or([eb("username", "=", account), eb("mobile", "=", account)]))
    .orderBy("member_id")
    .executeTakeFirst();
}

export async function findMemberByMobile(db: Kysely<DB>, mobile: string): Promise<LoginCandidate | undefined> {
  return db.selectFrom("member").select(["member_id", "password", "status"]).where("mobile", "=", mobile).executeTakeFirst();
}

export async function mobileExists(db: Kysely<DB>, mobile: string): Promise<boolean> {
  return Boolean(await findMemberByMobile(db, mobile));
}

export async function usernameExists(db: Kysely<DB>, username: string): Promise<boolean> {
  const row = await db.selectFrom("member").select("member_id").where("username", "=", username).executeTakeFirst();
  return Boolean(row);
}

/** The level new members get: the `is_default` level, else 0 (none). */
export async function defaultLevelId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("member_level")
    .select("level_id")
    .where("is_default", "=", 1)
    .orderBy("level_id")
    .executeTakeFirst();
  return row?.level_id ?? 0;
}

export interface NewMember {
  username?: string;
  mobile?: string;
  nickname: string;
  /** scrypt hash or "" */
  password: string;
}

/**
 * Inserts a member (status 1, default level). The unique indexes on username and mobile are the
 * last word under concurrency: a violation becomes the Chinese "already taken" message, not a 500.
 */
export async function createMember(db: Kysely<DB>, member: NewMember): Promise<number> {
  const level = await defaultLevelId(db);
  try {
    const row = await db
      .insertInto("member")
      .values({
        username: member.username ?? null,
        mobile: member.mobile ?? null,
        nickname: member.nickname,
        password: member.password,
        email: "",
        headimg: "",
        member_level: level,
        point: 0,
        balance_cents: 0,
        balance_money_cents: 0,
        growth: 0,
        realname: "",
        sex: 0,
        birthday: "",
        status: MEMBER_ACTIVE,
        reg_time: now(),
        last_login_time: 0,
        last_login_ip: "",
      })
      .returning("member_id")
      .executeTakeFirstOrThrow();
    return row.member_id;
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column === "username") return fail("用户名已存在");
    if (column === "mobile") return fail("该手机号已注册");
    throw error;
  }
}

/** "username" / "mobile" when the error is a unique-index violation on that member column (SQLite or PostgreSQL). */
function uniqueViolationColumn(error: unknown): "username" | "mobile" | undefined {
  const { code, message, constraint } = (error ?? {}) as { code?: string; message?: string; constraint?: string };
  const unique = code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
  if (!unique) return undefined;
  const where = `${constraint ?? ""} ${message ?? ""}`;
  if (/username/.test(where)) return "username";
  if (/mobile/.test(where)) return "mobile";
  return undefined;
}

export async function recordLogin(db: Kysely<DB>, memberId: number, ip: string): Promise<void> {
  await db.updateTable("member").set({ last_login_time: now(), last_login_ip: ip.slice(0, 64) }).where("member_id", "=", memberId).execute();
}

export async function setPasswordHash(db: Kysely<DB>, memberId: number, hash: string): Promise<void> {
  await db.updateTable("member").set({ password: hash }).where("member_id", "=", memberId).execute();
}

/** /api/member/info: money as "0.00" strings, nullable account fields as "". */
export async function getMemberInfo(db: Kysely<DB>, memberId: number): Promise<MemberInfo> {
  const row = await db
    .selectFrom("member")
    .leftJoin("member_level", "member_level.level_id", "member.member_level")
    .selectAll("member")
    .select("member_level.level_name")
    .where("member.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return fail("会员不存在");
  return {
    member_id: row.member_id,
    username: row.username ?? "",
    nickname: row.nickname,
    mobile: row.mobile ?? "",
    email: row.email,
    headimg: row.headimg,
    member_level: row.member_level,
    member_level_name: row.level_name ?? "",
    point: Number(row.point),
    balance: yuan(Number(row.balance_cents)),
    balance_money: yuan(Number(row.balance_money_cents)),
    growth: Number(row.growth),
    password: row.password ? 1 : 0,
    pay_password: row.pay_password ? 1 : 0,
    realname: row.realname,
    sex: row.sex,
    birthday: row.birthday,
    reg_time: row.reg_time,
  };
}
