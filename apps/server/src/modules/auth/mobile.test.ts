import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo, MobileCodeResult, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { lastSmsCode, nextIp, solvedCaptcha } from "./testing.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("mobile codes, mobile register and login, find password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sendCode = async (path: string, mobile: string) => {
    const ip = nextIp();
    return t.call<MobileCodeResult>(path, { mobile, ...(await solvedCaptcha(t, ip)) }, { ip });
  };
  /** Forgets the last send, so the 60 s resend interval doesn't hold up the next step. */
  const rewindSends = (mobile: string) =>
    t.app.deps.db.updateTable("verify_code").set({ create_time: nowSeconds() - 120 }).where("mobile", "=", mobile).execute();

  const registerByMobile = async (mobile: string, extra: Record<string, unknown> = {}) => {
    const sent = await sendCode("/api/register/mobileCode", mobile);
    expect(sent.code).toBe(0);
    const code = await lastSmsCode(t, mobile, "register");
    return t.call<TokenResult>("/api/register/mobile", { mobile, key: sent.data.key, code, ...extra }, { ip: nextIp() });
  };

  it("registers by mobile with the code from the SMS outbox, then logs in by mobile", async () => {
    const mobile = "13700000001";
    const registered = await registerByMobile(mobile);
    expect(registered.code).toBe(0);
    const info = await t.call<MemberInfo>("/api/member/info", {}, { token: registered.data.token });
    expect(info.data).toMatchObject({ mobile, username: "", nickname: "用户0001", password: 0 });

    const outbox = await t.app.deps.db.selectFrom("sms_outbox").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(outbox.content).toContain(outbox.code);
    expect(outbox.code).toMatch(/^\d{6}$/);
    const stored = await t.app.deps.db.selectFrom("verify_code").selectAll().where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(outbox.code);

    const sent = await sendCode("/api/login/getMobileCode", mobile);
    expect(sent.data.expire_time).toBe(300);
    const code = await lastSmsCode(t, mobile, "login");
    const login = await t.call<TokenResult>("/api/login/mobile", { mobile, key: sent.data.key, code, autoLoginRange: 3 }, { ip: nextIp() });
    expect(login.code).toBe(0);
    expect(login.data.auto_login_range).toBe(3);
    expect((await t.call("/api/member/info", {}, { token: login.data.token })).code).toBe(0);
  });

  it("registers by mobile with a password, which then works for password login", async () => {
    const mobile = "13700000002";
    expect((await registerByMobile(mobile, { password: "short" })).message).toBe("密码长度不能少于6位");
    await rewindSends(mobile);
    expect((await registerByMobile(mobile, { password: "mobile123" })).code).toBe(0);
    const login = await t.call("/api/login/login", { username: mobile, password: "mobile123", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(login.code).toBe(0);
  });

  it("knows which mobiles are registered", async () => {
    expect((await sendCode("/api/register/mobileCode", "13700000001")).message).toBe("该手机号已注册");
    expect((await sendCode("/api/login/mobileCode", "13700009999")).message).toBe("该手机号未注册");
    expect((await sendCode("/api/findpassword/mobilecode", "13700009999")).message).toBe("该手机号未注册");
    const checkMobile = async (mobile: string) => {
      const ip = nextIp();
      return t.call("/api/member/checkmobile", { mobile, ...(await solvedCaptcha(t, ip)) }, { ip });
    };
    // The reference's way: the code tells (0 no account, -1 registered).
    expect(await checkMobile("13700000001")).toMatchObject({ code: -1, message: "该手机号已注册", data: { exists: 1 } });
    expect(await checkMobile("13700009999")).toMatchObject({ code: 0, data: { exists: 0 } });
    expect((await checkMobile("12345")).code).toBe(-10006);
  });

  // The probe: checkmobile (30 a minute, no captcha) told anyone which mobiles have accounts.
  it("asks a captcha before telling whether a mobile is registered", async () => {
    const ip = nextIp();
    expect(await t.call("/api/member/checkmobile", { mobile: "13700000001" }, { ip })).toMatchObject({ code: -10006, data: null });
    const wrong = await t.call("/api/member/checkmobile", { mobile: "13700000001", ...(await solvedCaptcha(t, ip)), captcha_code: "XXXX" }, { ip });
    expect(wrong).toMatchObject({ code: -1, message: "验证码不正确", data: null });
  });

  it("needs the captcha to send a code", async () => {
    const response = await t.call("/api/login/mobileCode", { mobile: "13700000001", ...(await solvedCaptcha(t)), captcha_code: "XXXX" }, { ip: nextIp() });
    expect(response.message).toBe("验证码不正确");
  });

  it("allows one send per mobile and purpose a minute", async () => {
    const mobile = "13700000003";
    expect((await sendCode("/api/register/mobileCode", mobile)).code).toBe(0);
    const again = await sendCode("/api/register/mobileCode", mobile);
    expect(again.code).toBe(-1);
    expect(again.message).toMatch(/^发送过于频繁，请 (59|60) 秒后再试$/);
  });

  it("refuses even the right code after 5 wrong guesses", async () => {
    const mobile = "13700000004";
    const sent = await sendCode("/api/register/mobileCode", mobile);
    const code = await lastSmsCode(t, mobile);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await t.call("/api/register/mobile", { mobile, key: sent.data.key, code: wrong }, { ip: nextIp() })).message);
    }
    expect(messages[0]).toBe("动态码不正确，还可尝试 4 次");
    expect(messages[4]).toBe("动态码错误次数过多，请重新获取");
    const right = await t.call("/api/register/mobile", { mobile, key: sent.data.key, code }, { ip: nextIp() });
    expect(right).toMatchObject({ code: -1, message: "动态码错误次数过多，请重新获取" });
  });

  it("uses a code once, only for its mobile and purpose, and not after 5 minutes", async () => {
    const mobile = "13700000005";
    const sent = await sendCode("/api/register/mobileCode", mobile);
    const code = await lastSmsCode(t, mobile);
    // Another purpose or another mobile can't use the key.
    expect((await t.call("/api/login/mobile", { mobile, key: sent.data.key, code }, { ip: nextIp() })).message).toBe("动态码已失效，请重新获取");
    expect((await t.call("/api/register/mobile", { mobile: "13700000006", key: sent.data.key, code }, { ip: nextIp() })).message).toBe("动态码已失效，请重新获取");

    await t.app.deps.db.updateTable("verify_code").set({ expire_time: nowSeconds() - 1 }).where("code_key", "=", sent.data.key).execute();
    expect((await t.call("/api/register/mobile", { mobile, key: sent.data.key, code }, { ip: nextIp() })).message).toBe("动态码已过期，请重新获取");

    await rewindSends(mobile);
    const fresh = await sendCode("/api/register/mobileCode", mobile);
    const freshCode = await lastSmsCode(t, mobile);
    expect((await t.call("/api/register/mobile", { mobile, key: fresh.data.key, code: freshCode }, { ip: nextIp() })).code).toBe(0);
    expect((await t.call("/api/register/mobile", { mobile, key: fresh.data.key, code: freshCode }, { ip: nextIp() })).message).toBe("动态码已失效，请重新获取");
  });

  it("a newer code replaces the older one", async () => {
    const mobile = "13700000007";
    const first = await sendCode("/api/register/mobileCode", mobile);
    const firstCode = await lastSmsCode(t, mobile);
    await rewindSends(mobile);
    await sendCode("/api/register/mobileCode", mobile);
    const response = await t.call("/api/register/mobile", { mobile, key: first.data.key, code: firstCode }, { ip: nextIp() });
    expect(response.message).toBe("动态码已失效，请重新获取");
  });

  it("finds a password: new password works, old one and all old sessions don't", async () => {
    const mobile = "13700000008";
    const registered = await registerByMobile(mobile, { password: "oldpass1" });
    expect(registered.code).toBe(0);
    const login = await t.call<TokenResult>("/api/login/login", { username: mobile, password: "oldpass1", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(login.code).toBe(0);

    const sent = await sendCode("/api/findpassword/mobilecode", mobile);
    const code = await lastSmsCode(t, mobile, "find_password");
    expect((await t.call("/api/findpassword/mobile", { mobile, key: sent.data.key, code, password: "weak" }, { ip: nextIp() })).message).toBe("密码长度不能少于6位");
    expect((await t.call("/api/findpassword/mobile", { mobile, key: sent.data.key, code, password: "newpass2" }, { ip: nextIp() })).code).toBe(0);

    for (const token of [registered.data.token, login.data.token]) {
      expect((await t.call("/api/member/info", {}, { token })).code).toBe(-10009);
    }
    const withOld = await t.call("/api/login/login", { username: mobile, password: "oldpass1", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(withOld.message).toBe("账号或密码错误");
    const withNew = await t.call("/api/login/login", { username: mobile, password: "newpass2", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(withNew.code).toBe(0);
  });

  it("validates the mobile and code fields (-10006)", async () => {
    const badMobile = await t.call("/api/login/mobile", { mobile: "1234", key: "k", code: "123456" }, { ip: nextIp() });
    expect(badMobile.code).toBe(-10006);
    expect(badMobile.message).toContain("mobile");
    const noCode = await t.call("/api/login/mobile", { mobile: "13700000001", key: "k" }, { ip: nextIp() });
    expect(noCode.code).toBe(-10006);
    expect(noCode.message).toContain("code");
  });
});
