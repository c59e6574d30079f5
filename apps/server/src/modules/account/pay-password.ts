import { Code } from "@shop/contract/codes";
import { payPasswordProblem } from "@shop/contract";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { BizError, fail } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/password.ts";
import { now } from "../../core/time.ts";
import { NO_MOBILE } from "../member/security-codes.ts";
import { spendTicket } from "../member/verify-ticket.ts";

/** Wrong pay passwords allowed before the member must wait, and how long. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_SECONDS = 15 * 60;

/**
 * Checks a member's pay password, when they set one (balance at checkout and at the cashier). An
 * attempt is reserved by a conditional update before the hash is compared, so even many parallel
 * guesses get at most PAY_PASSWORD_MAX_FAILURES tries before a PAY_PASSWORD_LOCK_SECONDS pause; a
 * right password clears the count. Runs outside units of work: scrypt takes tens of milliseconds.
 * Resolves with true when a password was required and right, false when the member has none.
 */
export async function verifyPayPassword(db: Db, memberId: number, given: string | undefined): Promise<boolean> {
  const member = await db.selectFrom("member").select("pay_password").where("member_id", "=", memberId).executeTakeFirst();
  if (!member?.pay_password) return false;
  if (!given) throw new BizError("请输入支付密码", Code.ERROR);
  await reserveAttempt(db, memberId);
  if (!(await verifyPassword(given, member.pay_password))) {
    const row = await db.selectFrom("pay_password_attempt").select("failures").where("member_id", "=", memberId).executeTakeFirst();
    const left = PAY_PASSWORD_MAX_FAILURES - (row?.failures ?? PAY_PASSWORD_MAX_FAILURES);
    if (left <= 0) await lock(db, memberId);
    throw new BizError(left > 0 ? `支付密码错误，还可尝试 ${left} 次` : `支付密码错误次数过多，请 ${PAY_PASSWORD_LOCK_SECONDS / 60} 分钟后再试`, Code.ERROR);
  }
  await db.updateTable("pay_password_attempt").set({ failures: 0, update_time: now() }).where("member_id", "=", memberId).execute();
  return true;
}

async function reserveAttempt(db: Db, memberId: number): Promise<void> {
  const at = now();
  await db
    .insertInto("pay_password_attempt")
    .values({ member_id: memberId, failures: 0, locked_until: 0, update_time: at })
    .onConflict((conflict) => conflict.column("member_id").doNothing())
    .execute();
  // A lock that ran out starts a fresh window.
  await db
    .updateTable("pay_password_attempt")
    .set({ failures: 0, locked_until: 0, update_time: at })
    .where("member_id", "=", memberId)
    .where("locked_until", ">", 0)
    .where("locked_until", "<=", at)
    .execute();
  const reserved = await db
    .updateTable("pay_password_attempt")
    .set((eb) => ({ failures: eb("failures", "+", 1), update_time: at }))
    .where("member_id", "=", memberId)
    .where("locked_until", "=", 0)
    .where("failures", "<", PAY_PASSWORD_MAX_FAILURES)
    .executeTakeFirst();
  if (affectedRows(reserved) !== 1) {
    await lock(db, memberId);
    throw new BizError(`支付密码错误次数过多，请 ${PAY_PASSWORD_LOCK_SECONDS / 60} 分钟后再试`, Code.ERROR);
  }
}

async function lock(db: Db, memberId: number): Promise<void> {
  const at = now();
  await db
    .updateTable("pay_password_attempt")
    .set({ locked_until: at + PAY_PASSWORD_LOCK_SECONDS, update_time: at })
    .where("member_id", "=", memberId)
    .where("locked_until", "=", 0)
    .execute();
}

export interface PayPasswordChange {
  password: string;
  old_password?: string;
  /** verifypaypwdcode's ticket: resets a forgotten pay password */
  ticket?: string;
}

/**
 * modifypaypassword, three ways:
 * - reset (ticket of verifypaypwdcode, its code sent to the bound mobile): sets it whatever it
 *   was, and lifts a lock of wrong guesses (the owner proved themselves);
 * - change (the member has one): the old pay password, checked by verifyPayPassword, so its
 *   guesses share the payment's limit;
 * - first set (none yet): the session is enough: it can already pay from the balance without one.
 * Six digits, not 000000 / 123456-like, not the current one. Login sessions are not touched (ADR
 * 0015: the pay password signs nobody in). Written by a conditional update on the hash read, so
 * two changes at once cannot both pass.
 */
export async function changePayPassword(db: Db, memberId: number, input: PayPasswordChange): Promise<null> {
  const problem = payPasswordProblem(input.password);
  if (problem) fail(problem);
  const member = await db.selectFrom("member").select(["pay_password", "mobile"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
  const current = member.pay_password;

  if (input.ticket) {
    if (!member.mobile) return fail(NO_MOBILE);
  } else if (current) {
    if (!input.old_password) return fail("请输入原支付密码");
    await verifyPayPassword(db, memberId, input.old_password);
  }
  if (current && (await verifyPassword(input.password, current))) fail("新支付密码不能与原支付密码相同");

  const hash = await hashPassword(input.password);
  await unitOfWork(db, async (tx) => {
    if (input.ticket) await spendTicket(tx, memberId, "pay_password", input.ticket, member.mobile!);
    const updated = await tx.updateTable("member").set({ pay_password: hash }).where("member_id", "=", memberId).where("pay_password", "=", current).executeTakeFirst();
    if (affectedRows(updated) !== 1) fail("支付密码已被修改，请刷新后重试");
    if (input.ticket) await tx.deleteFrom("pay_password_attempt").where("member_id", "=", memberId).execute();
  });
  return null;
}
