import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { affectedRows } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";

/**
 * Password guessing per account, on top of the per-address limit (10 a minute), so spreading the
 * guesses over many addresses does not help. Every attempt already costs a solved captcha; the
 * first LOGIN_FREE_ATTEMPTS - 1 failures cost nothing more. From the LOGIN_FREE_ATTEMPTS-th on,
 * each failure pauses password logins of the account, doubling from LOGIN_FIRST_PAUSE_SECONDS up to
 * LOGIN_MAX_PAUSE_SECONDS; a quiet LOGIN_MEMORY_SECONDS forgets the failures.
 *
 * An attacker can therefore keep a member from signing in by password for at most
 * LOGIN_MAX_PAUSE_SECONDS after their last guess, and never from signing in with an SMS code or
 * resetting the password, both of which clear the count (as does a right password).
 */
export const LOGIN_FREE_ATTEMPTS = 5;
export const LOGIN_FIRST_PAUSE_SECONDS = 60;
export const LOGIN_MAX_PAUSE_SECONDS = 15 * 60;
export const LOGIN_MEMORY_SECONDS = 60 * 60;

/** How long the n-th unproven attempt pauses the account (0 below LOGIN_FREE_ATTEMPTS). */
export function pauseAfter(failures: number): number {
  if (failures < LOGIN_FREE_ATTEMPTS) return 0;
  return Math.min(LOGIN_MAX_PAUSE_SECONDS, LOGIN_FIRST_PAUSE_SECONDS * 2 ** (failures - LOGIN_FREE_ATTEMPTS));
}

/** The counter of a member, or of a typed name no member has (hashed: people type passwords there too). */
export function loginAccountKey(memberId: number | undefined, typedName: string): string {
  if (memberId !== undefined) return `m:${memberId}`;
  return `u:${crypto.createHash("sha256").update(typedName.trim().toLowerCase()).digest("base64url")}`;
}

const waitText = (seconds: number) => (seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`);

export const loginPausedMessage = (seconds: number) => `登录失败次数过多，请 ${waitText(seconds)}后再试，或使用手机动态码登录、找回密码`;

/**
 * Reserves one password attempt for the account before the hash is compared: the attempt counts
 * as a failure until `clearLoginAttempts` proves it right, so parallel guesses from many
 * addresses cannot overtake the count. Throws the pause message while the account is paused.
 */
export async function reserveLoginAttempt(db: Kysely<DB>, accountKey: string): Promise<void> {
  const at = now();
  // Counters that went quiet are swept here (indexed), so names typed once do not pile up.
  await db.deleteFrom("login_attempt").where("update_time", "<", at - LOGIN_MEMORY_SECONDS).where("locked_until", "<", at).execute();
  await db
    .insertInto("login_attempt")
    .values({ account_key: accountKey, failures: 0, locked_until: 0, update_time: at })
    .onConflict((conflict) => conflict.column("account_key").doNothing())
    .execute();
  // Conditional updates on the row read: a concurrent attempt that changed it first makes us read again.
  for (let tries = 0; tries < 5; tries++) {
    const row = await db.selectFrom("login_attempt").selectAll().where("account_key", "=", accountKey).executeTakeFirstOrThrow();
    if (row.locked_until > at) fail(loginPausedMessage(row.locked_until - at));
    const forgotten = row.update_time < at - LOGIN_MEMORY_SECONDS;
    const failures = (forgotten ? 0 : row.failures) + 1;
    const pause = pauseAfter(failures);
    const reserved = await db
      .updateTable("login_attempt")
      .set({ failures, locked_until: pause > 0 ? at + pause : 0, update_time: at })
      .where("account_key", "=", accountKey)
      .where("failures", "=", row.failures)
      .where("locked_until", "=", row.locked_until)
      .where("update_time", "=", row.update_time)
      .executeTakeFirst();
    if (affectedRows(reserved) === 1) return;
  }
  fail(loginPausedMessage(LOGIN_FIRST_PAUSE_SECONDS));
}

/** The account proved its owner (right password, SMS code, password reset): forget its failures and pause. */
export async function clearLoginAttempts(db: Kysely<DB>, memberId: number): Promise<void> {
  await db.deleteFrom("login_attempt").where("account_key", "=", loginAccountKey(memberId, "")).execute();
}
