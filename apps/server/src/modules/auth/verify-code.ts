import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { MobileCodeResult, SiteInfo } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { RequestContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { getConfig } from "../../core/config-store.ts";
import { mobileExists } from "../member/service.ts";
import { checkCaptcha } from "./captcha.ts";

/** SMS codes: 6 digits, valid 5 minutes, 5 guesses, single use, one send per mobile and purpose a minute. */
export const CODE_TTL_SECONDS = 300;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;

export type CodePurpose = "login" | "register" | "find_password" | MemberCodePurpose;
/** Codes a logged-in member asks for (modules/member/security-codes.ts): to the bound mobile, or to a new one. */
export type MemberCodePurpose = "member_password" | "mobile_old" | "mobile_bind" | "pay_password";

/** Per purpose: whether the mobile must already belong to a member, and the wording of the SMS. */
const PURPOSES: Record<CodePurpose, { registered: boolean; action: string }> = {
  login: { registered: true, action: "登录" },
  register: { registered: false, action: "注册" },
  find_password: { registered: true, action: "找回密码" },
  member_password: { registered: true, action: "修改登录密码" },
  mobile_old: { registered: true, action: "更换手机" },
  mobile_bind: { registered: false, action: "绑定手机" },
  pay_password: { registered: true, action: "重置支付密码" },
};

export const CODE_INVALID = "动态码已失效，请重新获取";
export const CODE_TOO_MANY = "动态码错误次数过多，请重新获取";

const hashCode = (key: string, code: string) => crypto.createHash("sha256").update(`${key}:${code.trim()}`).digest("hex");

export interface SendCodeInput {
  mobile: string;
  captcha_id: string;
  captcha_code: string;
}

/**
 * The one code-sending path for every purpose: captcha (consumed) → registration rule of the
 * purpose → resend interval and storing the hashed code (one transaction) → SMS provider.
 * Returns the key that the client sends back with the code.
 */
export async function sendVerifyCode(ctx: RequestContext, purpose: CodePurpose, input: SendCodeInput): Promise<MobileCodeResult> {
  const { db, sms } = ctx;
  const { mobile } = input;
  await checkCaptcha(db, input.captcha_id, input.captcha_code);

  const rule = PURPOSES[purpose];
  const registered = await mobileExists(db, mobile);
  if (rule.registered && !registered) fail("该手机号未注册");
  if (!rule.registered && registered) fail("该手机号已注册");

  const current = now();
  // Old rows are swept after an hour; not inside the transaction below, which should hold locks on
  // this mobile's rows only (sweeping there could deadlock two sends for different mobiles).
  await db.deleteFrom("verify_code").where("expire_time", "<", current - 3600).execute();
  await db.deleteFrom("verify_code_lock").where("lock_time", "<", current - 3600).execute();

  const key = crypto.randomBytes(16).toString("base64url");
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .transaction()
    .execute(async (trx) => {
      // Check-then-insert, made safe for concurrent requests: writing this mobile's lock row first
      // makes other sends for it wait until we commit (PostgreSQL row lock; on SQLite the
      // transaction holds the write lock and, in-process, the only connection). The next one then
      // sees our code and is refused; without the lock, all would see "no recent code" and send.
      await trx
        .insertInto("verify_code_lock")
        .values({ mobile, purpose, lock_time: current })
        .onConflict((conflict) => conflict.columns(["mobile", "purpose"]).doUpdateSet({ lock_time: current }))
        .execute();
      const last = await trx
        .selectFrom("verify_code")
        .select("create_time")
        .where("mobile", "=", mobile)
        .where("purpose", "=", purpose)
        .orderBy("create_time", "desc")
        .executeTakeFirst();
      const wait = last ? last.create_time + CODE_RESEND_SECONDS - current : 0;
      if (wait > 0) fail(`发送过于频繁，请 ${wait} 秒后再试`); // rolls back: nothing written

      // Only the newest code of a mobile and purpose counts.
      await trx.updateTable("verify_code").set({ used: 1 }).where("mobile", "=", mobile).where("purpose", "=", purpose).where("used", "=", 0).execute();
      await trx
        .insertInto("verify_code")
        .values({ code_key: key, mobile, purpose, code_hash: hashCode(key, code), expire_time: current + CODE_TTL_SECONDS, attempts: 0, used: 0, create_time: current })
        .execute();
    });

  const site = await getConfig(db, "site_info", { site_name: "商城" } as SiteInfo);
  const content = `【${site.site_name || "商城"}】您的${rule.action}验证码为 ${code}，${CODE_TTL_SECONDS / 60} 分钟内有效，请勿泄露给他人。`;
  try {
    await sms.send({ mobile, purpose, code, content });
  } catch (error) {
    ctx.request.log.error({ err: error, provider: sms.name }, "sms send failed");
    await db.deleteFrom("verify_code").where("code_key", "=", key).execute();
    fail("短信发送失败，请稍后再试");
  }
  return { key, expire_time: CODE_TTL_SECONDS };
}

export interface CodeAnswer {
  mobile: string;
  key: string;
  code: string;
}

/**
 * Checks and consumes a code. Every guess counts (atomically, so parallel guesses can't exceed
 * the limit); after CODE_MAX_ATTEMPTS wrong guesses even the right code is refused.
 */
export async function consumeVerifyCode(db: Kysely<DB>, purpose: CodePurpose, answer: CodeAnswer): Promise<void> {
  const row = await db.selectFrom("verify_code").selectAll().where("code_key", "=", answer.key).executeTakeFirst();
  if (!row || row.mobile !== answer.mobile || row.purpose !== purpose || row.used) return fail(CODE_INVALID);
  if (row.expire_time <= now()) return fail("动态码已过期，请重新获取");

  const counted = await db
    .updateTable("verify_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("code_key", "=", answer.key)
    .where("used", "=", 0)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return fail(CODE_TOO_MANY);

  const expected = Buffer.from(row.code_hash, "hex");
  if (!crypto.timingSafeEqual(expected, Buffer.from(hashCode(answer.key, answer.code), "hex"))) {
    const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
    return fail(left > 0 ? `动态码不正确，还可尝试 ${left} 次` : CODE_TOO_MANY);
  }
  const consumed = await db.updateTable("verify_code").set({ used: 1 }).where("code_key", "=", answer.key).where("used", "=", 0).executeTakeFirst();
  if (Number(consumed.numUpdatedRows) === 0) fail(CODE_INVALID);
}
