import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { nextIp, registerMember, solvedCaptcha } from "../auth/testing.ts";
import { LOGIN_FREE_ATTEMPTS } from "../auth/login-attempts.ts";
import { callAs, anotherSession, memberWithMobile, requestCode, sessionAlive } from "./test-helpers.ts";
import { WRONG_OLD_PASSWORD } from "./password.ts";

describe(`change of the login password (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = async (username: string, password: string) => {
    const ip = nextIp();
    return (await t.call("/api/login/login", { username, password, ...(await solvedCaptcha(t, ip)) }, { ip })).code;
  };

  it("with the old password: ends the member's other sessions, keeps this one, and the new password signs in", async () => {
    const member = await registerMember(t);
    const otherDevice = await anotherSession(t, member);
    const call = callAs(t, member);

    expect(await call("/api/member/modifypassword", { old_password: "wrong-one1", new_password: "newpass123" })).toMatchObject({ code: Code.ERROR, message: WRONG_OLD_PASSWORD });
    expect(await sessionAlive(t, otherDevice)).toBe(true);

    expect(await call("/api/member/modifypassword", { old_password: member.password, new_password: "newpass123" })).toMatchObject({ code: 0, data: null });
    expect(await sessionAlive(t, otherDevice)).toBe(false);
    expect(await sessionAlive(t, member.token)).toBe(true); // the cookie's session made the change
    expect(await login(member.username, member.password)).toBe(Code.ERROR);
    expect(await login(member.username, "newpass123")).toBe(0);
  });

  it("keeps the body token's session when an API client changes it (token in the body, no cookie)", async () => {
    const member = await registerMember(t);
    const web = await anotherSession(t, member);
    const answer = await t.call("/api/member/modifypassword", { old_password: member.password, new_password: "apiclient9" }, { token: member.token, ip: nextIp() });
    expect(answer.code).toBe(0);
    expect(await sessionAlive(t, member.token)).toBe(true);
    expect(await sessionAlive(t, web)).toBe(false);
  });

  it("follows the register policy and refuses the old password as the new one", async () => {
    const member = await registerMember(t);
    const call = callAs(t, member);
    expect((await call("/api/member/modifypassword", { old_password: member.password, new_password: "abc" })).message).toBe("密码长度不能少于6位");
    expect((await call("/api/member/modifypassword", { old_password: member.password, new_password: "abcdefgh" })).message).toBe("密码需包含数字和字母");
    expect((await call("/api/member/modifypassword", { old_password: member.password, new_password: member.password })).message).toBe("新密码不能与原密码相同");
    expect((await call("/api/member/modifypassword", { new_password: "newpass123" })).message).toBe("请输入原密码");
    expect((await call("/api/member/modifypassword", { old_password: member.password })).code).toBe(Code.PARAM);
  });

  it("counts wrong old passwords with the account's login attempts: a stolen session guesses no faster than a login form", async () => {
    const member = await registerMember(t);
    const call = callAs(t, member);
    for (let index = 0; index < LOGIN_FREE_ATTEMPTS; index++) {
      expect((await call("/api/member/modifypassword", { old_password: `guess${index}x`, new_password: "newpass123" })).message).toBe(WRONG_OLD_PASSWORD);
    }
    // Paused now, even for the right password, and so is the login form.
    expect((await call("/api/member/modifypassword", { old_password: member.password, new_password: "newpass123" })).message).toMatch(/失败次数过多/);
    expect(await login(member.username, member.password)).toBe(Code.ERROR);
  });

  it("with an SMS code to the bound mobile (pwdmobliecode), also ending other sessions", async () => {
    const member = await memberWithMobile(t);
    const otherDevice = await anotherSession(t, member);
    const call = callAs(t, member);
    const sent = await requestCode(t, member, "/api/member/pwdmobliecode", member.mobile, "member_password");
    expect((await call("/api/member/modifypassword", { key: sent.key, code: sent.code === "000000" ? "000001" : "000000", new_password: "bycode123" })).message).toMatch(/动态码不正确/);
    expect((await call("/api/member/modifypassword", { key: sent.key, code: sent.code, new_password: "bycode123" })).code).toBe(0);
    expect(await sessionAlive(t, otherDevice)).toBe(false);
    expect(await login(member.username, "bycode123")).toBe(0);
    // Single use.
    expect((await call("/api/member/modifypassword", { key: sent.key, code: sent.code, new_password: "again1234" })).message).toBe("动态码已失效，请重新获取");
    expect((await call("/api/member/modifypassword", { key: sent.key, new_password: "again1234" })).message).toBe("请输入动态码");
  });

  it("lets a mobile-only account set its first password by SMS only", async () => {
    const member = await memberWithMobile(t);
    await t.app.deps.db.updateTable("member").set({ password: "" }).where("member_id", "=", member.member_id).execute();
    const call = callAs(t, member);
    expect((await call("/api/member/modifypassword", { new_password: "first1234" })).message).toBe("请通过手机动态码设置登录密码");
    const sent = await requestCode(t, member, "/api/member/pwdmobliecode", member.mobile, "member_password");
    expect((await call("/api/member/modifypassword", { ...sent, new_password: "first1234" })).code).toBe(0);
    expect(await login(member.mobile, "first1234")).toBe(0);
  });

  it("sends no code without a bound mobile, and never takes a code sent to another member's mobile (IDOR)", async () => {
    const noMobile = await registerMember(t);
    const ip = nextIp();
    const refused = await t.call("/api/member/pwdmobliecode", await solvedCaptcha(t, ip), { cookie: noMobile.cookie, ip });
    expect(refused).toMatchObject({ code: Code.ERROR, message: "请先绑定手机号" });

    const owner = await memberWithMobile(t);
    const sent = await requestCode(t, owner, "/api/member/pwdmobliecode", owner.mobile, "member_password");
    const thief = await memberWithMobile(t);
    expect((await callAs(t, thief)("/api/member/modifypassword", { ...sent, new_password: "stolen1234" })).message).toBe("动态码已失效，请重新获取");
    expect((await callAs(t, noMobile)("/api/member/modifypassword", { ...sent, new_password: "stolen1234" })).message).toBe("请先绑定手机号");
    // The owner can still use it.
    expect((await callAs(t, owner)("/api/member/modifypassword", { ...sent, new_password: "owner12345" })).code).toBe(0);
  });

  it("limits password, mobile and pay password changes to 10 a minute per address", async () => {
    const member = await registerMember(t);
    const ip = "192.0.2.88";
    const codes: number[] = [];
    for (let index = 0; index < 11; index++) {
      const path = index % 2 ? "/api/member/modifypaypassword" : "/api/member/modifypassword";
      codes.push((await t.call(path, { old_password: "x", new_password: "", password: "1" }, { cookie: member.cookie, ip })).code);
    }
    expect(codes.slice(0, 10).every((code) => code === Code.PARAM)).toBe(true);
    expect(codes[10]).toBe(Code.TOO_MANY_REQUESTS);
  });
});
