import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MobileCodeResult, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { lastSmsCode, nextIp, registerMember, solvedCaptcha, type TestMember } from "./testing.ts";
import { BAD_CREDENTIALS } from "./login.ts";
import { LOGIN_FIRST_PAUSE_SECONDS, LOGIN_FREE_ATTEMPTS, LOGIN_MAX_PAUSE_SECONDS, loginAccountKey, pauseAfter } from "./login-attempts.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("pauseAfter", () => {
  it("lets the first failures pass, then doubles the pause up to the cap", () => {
    expect(Array.from({ length: LOGIN_FREE_ATTEMPTS - 1 }, (_, index) => pauseAfter(index + 1))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50].map(pauseAfter)).toEqual([60, 120, 240, 480, 900, 900, 900]);
    expect(pauseAfter(LOGIN_FREE_ATTEMPTS)).toBe(LOGIN_FIRST_PAUSE_SECONDS);
    expect(pauseAfter(1000)).toBe(LOGIN_MAX_PAUSE_SECONDS);
  });
});

describe("password guessing per account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** A login from a fresh address each time: the per-address limit never trips. */
  const login = async (username: string, password: string) => {
    const ip = nextIp();
    return t.call<TokenResult>("/api/login/login", { username, password, ...(await solvedCaptcha(t, ip)) }, { ip });
  };
  /** Ends the pause as if its time had passed. */
  const endPause = (key: string) => t.app.deps.db.updateTable("login_attempt").set({ locked_until: nowSeconds() - 1 }).where("account_key", "=", key).execute();
  const pausedSeconds = async (key: string) => {
    const row = await t.app.deps.db.selectFrom("login_attempt").select("locked_until").where("account_key", "=", key).executeTakeFirstOrThrow();
    return row.locked_until - nowSeconds();
  };

  // The probe: ten wrong passwords from one address → 429, but the next address could go on.
  it("pauses an account after 5 wrong passwords from different addresses, even for the right one", async () => {
    const member = await registerMember(t);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await login(member.username, `wrong-${i}`)).message).toBe(BAD_CREDENTIALS);
    const right = await login(member.username, member.password);
    expect(right).toMatchObject({ code: -1, data: null });
    expect(right.message).toMatch(/^登录失败次数过多，请 (\d+ 秒|1 分钟)后再试，或使用手机动态码登录、找回密码$/);
    const key = loginAccountKey(member.member_id, "");
    expect(await pausedSeconds(key)).toBeGreaterThan(LOGIN_FIRST_PAUSE_SECONDS - 5);
  });

  it("doubles the pause with each further failure, and a right password afterwards clears it", async () => {
    const member = await registerMember(t);
    const key = loginAccountKey(member.member_id, "");
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) await login(member.username, "wrong-pass1");
    await endPause(key);
    expect((await login(member.username, "wrong-pass1")).message).toBe(BAD_CREDENTIALS);
    expect(await pausedSeconds(key)).toBeGreaterThan(2 * LOGIN_FIRST_PAUSE_SECONDS - 5);
    await endPause(key);
    expect((await login(member.username, member.password)).code).toBe(0);
    expect(await t.app.deps.db.selectFrom("login_attempt").select("failures").where("account_key", "=", key).executeTakeFirst()).toBeUndefined();
    expect((await login(member.username, "wrong-pass1")).message).toBe(BAD_CREDENTIALS);
  });

  it("limits names no member has alike, so the answers tell nothing", async () => {
    const name = `nobody_${Date.now()}`;
    const answers: string[] = [];
    for (let i = 0; i <= LOGIN_FREE_ATTEMPTS; i++) answers.push((await login(name, "abc12345")).message);
    expect(answers.slice(0, LOGIN_FREE_ATTEMPTS)).toEqual(Array(LOGIN_FREE_ATTEMPTS).fill(BAD_CREDENTIALS));
    expect(answers.at(-1)).toMatch(/^登录失败次数过多/);
    // Stored hashed: a password typed into the name field is not kept.
    const rows = await t.app.deps.db.selectFrom("login_attempt").select("account_key").execute();
    expect(rows.map((row) => row.account_key).join()).not.toContain(name);
  });

  it("lets at most 5 of 20 parallel guesses from 20 addresses reach the password check", async () => {
    const member = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(member.username, "wrong-pass1")));
    const checked = answers.filter((answer) => answer.message === BAD_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_FREE_ATTEMPTS);
    expect(answers.filter((answer) => answer.message.startsWith("登录失败次数过多")).length).toBe(20 - checked);
  });

  it("never keeps the member out of an SMS-code login or a password reset, which end the pause", async () => {
    const mobile = "13900000077";
    const ip = nextIp();
    const sent = await t.call<MobileCodeResult>("/api/register/mobileCode", { mobile, ...(await solvedCaptcha(t, ip)) }, { ip });
    await t.call("/api/register/mobile", { mobile, key: sent.data.key, code: await lastSmsCode(t, mobile, "register"), password: "abc12345" }, { ip: nextIp() });
    for (let i = 0; i <= LOGIN_FREE_ATTEMPTS; i++) await login(mobile, "wrong-pass1");
    expect((await login(mobile, "abc12345")).message).toMatch(/^登录失败次数过多/);

    const sendIp = nextIp();
    const loginCode = await t.call<MobileCodeResult>("/api/login/mobileCode", { mobile, ...(await solvedCaptcha(t, sendIp)) }, { ip: sendIp });
    const byCode = await t.call("/api/login/mobile", { mobile, key: loginCode.data.key, code: await lastSmsCode(t, mobile, "login") }, { ip: nextIp() });
    expect(byCode.code).toBe(0);
    expect((await login(mobile, "abc12345")).code).toBe(0);

    for (let i = 0; i <= LOGIN_FREE_ATTEMPTS; i++) await login(mobile, "wrong-pass1");
    await t.app.deps.db.updateTable("verify_code").set({ create_time: nowSeconds() - 120 }).where("mobile", "=", mobile).execute();
    const resetIp = nextIp();
    const resetCode = await t.call<MobileCodeResult>("/api/findpassword/mobilecode", { mobile, ...(await solvedCaptcha(t, resetIp)) }, { ip: resetIp });
    const reset = await t.call("/api/findpassword/mobile", { mobile, key: resetCode.data.key, code: await lastSmsCode(t, mobile, "find_password"), password: "new12345" }, { ip: nextIp() });
    expect(reset.code).toBe(0);
    expect((await login(mobile, "new12345")).code).toBe(0);
  });

  it("forgets failures after a quiet hour", async () => {
    const member: TestMember = await registerMember(t);
    const key = loginAccountKey(member.member_id, "");
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) await login(member.username, "wrong-pass1");
    await t.app.deps.db.updateTable("login_attempt").set({ update_time: nowSeconds() - 3601 }).where("account_key", "=", key).execute();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) expect((await login(member.username, "wrong-pass1")).message).toBe(BAD_CREDENTIALS);
    expect((await login(member.username, member.password)).code).toBe(0);
  });
});
