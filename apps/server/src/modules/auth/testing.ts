import type { TokenResult } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { setCaptchaCodeGenerator } from "./captcha.ts";

/**
 * Helpers for API tests that need captchas, SMS codes or a logged-in member (any module's tests
 * may use them). Not imported by production code. See docs/api.md, "Captcha and SMS in tests".
 */

/** Every captcha created after `fixedCaptcha()` has this code (letters of the captcha alphabet). */
export const TEST_CAPTCHA_CODE = "HK7P";

let ipCounter = 0;
/** A fresh client IP, so the per-IP rate limits of login/register don't trip unrelated tests. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Makes new captchas use TEST_CAPTCHA_CODE (ignored by an app with production: true). */
export function fixedCaptcha(): void {
  setCaptchaCodeGenerator(() => TEST_CAPTCHA_CODE);
}

/** A fresh captcha and its answer, ready to spread into a login/register/code body. */
export async function solvedCaptcha(t: TestApp, ip = nextIp()): Promise<{ captcha_id: string; captcha_code: string }> {
  fixedCaptcha();
  const response = await t.call<{ id: string }>("/api/captcha/captcha", {}, { ip });
  if (response.code !== 0) throw new Error(`captcha: ${response.message}`);
  return { captcha_id: response.data.id, captcha_code: TEST_CAPTCHA_CODE };
}

/** The newest code the outbox SMS provider "sent" to a mobile. */
export async function lastSmsCode(t: TestApp, mobile: string, purpose?: string): Promise<string> {
  let query = t.app.deps.db.selectFrom("sms_outbox").select("code").where("mobile", "=", mobile);
  if (purpose) query = query.where("purpose", "=", purpose);
  const row = await query.orderBy("id", "desc").executeTakeFirst();
  if (!row) throw new Error(`no SMS sent to ${mobile}`);
  return row.code;
}

let memberCounter = 0;

export interface TestMember extends TokenResult {
  member_id: number;
  username: string;
  password: string;
  /** "shop_token=…", for calls that authenticate with the cookie */
  cookie: string;
}

/** Registers a member by username (unique name unless given) and returns its session. */
export async function registerMember(t: TestApp, options: { username?: string; password?: string } = {}): Promise<TestMember> {
  memberCounter += 1;
  const username = options.username ?? `tester_${process.pid}_${memberCounter}`;
  const password = options.password ?? "secret123";
  const ip = nextIp();
  const response = await t.call<TokenResult>("/api/register/username", { username, password, ...(await solvedCaptcha(t, ip)) }, { ip });
  if (response.code !== 0) throw new Error(`register ${username}: ${response.message}`);
  const row = await t.app.deps.db.selectFrom("member").select("member_id").where("username", "=", username).executeTakeFirstOrThrow();
  return { ...response.data, member_id: row.member_id, username, password, cookie: `shop_token=${response.data.token}` };
}

/** Inserts a member level (default unless told otherwise); the seed may not have run. */
export async function insertMemberLevel(t: TestApp, level: { level_name: string; is_default?: number }): Promise<number> {
  const row = await t.app.deps.db
    .insertInto("member_level")
    .values({
      level_name: level.level_name, growth: 0, remark: "", consume_discount: 100, is_free_shipping: 0, send_point: 0,
      send_balance_cents: 0, is_default: level.is_default ?? 1, sort: 0,
    })
    .returning("level_id")
    .executeTakeFirstOrThrow();
  return row.level_id;
}
