import type { MobileCodeResult, TokenResult, VerifyTicketResult } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { lastSmsCode, nextIp, registerMember, solvedCaptcha, type TestMember } from "../auth/testing.ts";

/**
 * Helpers for the profile and security tests (not imported by production code). Every call gets an
 * address of its own, so the per-IP limits only trip where a test means them to.
 */

let mobileCounter = 0;
/** A mobile number no other test of this process uses. */
export const freshMobile = () => `139${String(process.pid % 10_000).padStart(4, "0")}${String(++mobileCounter).padStart(4, "0")}`;

/** Calls as this member (its cookie session) from a fresh address. */
export const callAs =
  (t: TestApp, member: { cookie: string }) =>
  <T = unknown>(path: string, body: object = {}) =>
    t.call<T>(path, body, { cookie: member.cookie, ip: nextIp() });

/** A registered member with a bound mobile (set in the database, as a mobile registration would). */
export async function memberWithMobile(t: TestApp, mobile = freshMobile()): Promise<TestMember & { mobile: string }> {
  const member = await registerMember(t);
  await t.app.deps.db.updateTable("member").set({ mobile }).where("member_id", "=", member.member_id).execute();
  return { ...member, mobile };
}

/** A second session of the member (password login), as from another device: its token. */
export async function anotherSession(t: TestApp, member: { username: string; password: string }): Promise<string> {
  const ip = nextIp();
  const login = await t.call<TokenResult>("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t, ip)) }, { ip });
  if (login.code !== 0) throw new Error(`login ${member.username}: ${login.message}`);
  return login.data.token;
}

/** Whether a token still opens a session. */
export async function sessionAlive(t: TestApp, token: string): Promise<boolean> {
  return (await t.call("/api/member/info", {}, { token, ip: nextIp() })).code === 0;
}

/**
 * Asks a code-sending call for a code (solving its captcha) as the member, and reads the code the
 * outbox "sent" to `mobile` for `purpose`. The resend interval is rewound first, so tests may ask again.
 */
export async function requestCode(
  t: TestApp,
  member: { cookie: string },
  path: string,
  mobile: string,
  purpose: string,
  extra: object = {},
): Promise<{ key: string; code: string }> {
  await t.app.deps.db.updateTable("verify_code").set({ create_time: Math.floor(Date.now() / 1000) - 120 }).where("mobile", "=", mobile).execute();
  const ip = nextIp();
  const sent = await t.call<MobileCodeResult>(path, { ...extra, ...(await solvedCaptcha(t, ip)) }, { cookie: member.cookie, ip });
  if (sent.code !== 0) throw new Error(`${path}: ${sent.message}`);
  return { key: sent.data.key, code: await lastSmsCode(t, mobile, purpose) };
}

/** The ticket of verifyoldmobile / verifypaypwdcode, its code sent to the member's bound mobile. */
export async function ticketFor(t: TestApp, member: { cookie: string; mobile: string }, kind: "mobile" | "paypassword"): Promise<string> {
  const [send, verify, purpose] =
    kind === "mobile"
      ? ["/api/member/oldmobilecode", "/api/member/verifyoldmobile", "mobile_old"]
      : ["/api/member/paypwdcode", "/api/member/verifypaypwdcode", "pay_password"];
  const answer = await requestCode(t, member, send, member.mobile, purpose);
  const verified = await callAs(t, member)<VerifyTicketResult>(verify, answer);
  if (verified.code !== 0) throw new Error(`${verify}: ${verified.message}`);
  return verified.data.ticket;
}
