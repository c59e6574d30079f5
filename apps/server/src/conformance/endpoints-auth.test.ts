import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../test/harness.ts";
import { fixedCaptcha, lastSmsCode, TEST_CAPTCHA_CODE } from "../modules/auth/testing.ts";
import { ReferenceClient } from "./reference-client.ts";
import { startReferenceShop } from "./fixtures.ts";

/**
 * Sign-up, login and password reset as the reference's login and register pages make them
 * (docs/api.md "Accounts and sessions"): the client draws a captcha, sends its id and answer with
 * the form, keeps the `key` of a sent SMS code, and keeps the `token` it gets for later calls.
 */

let mobileCounter = 0;
const newMobile = () => `139${String(process.pid % 10_000).padStart(4, "0")}${String(++mobileCounter).padStart(4, "0")}`;

describe("conformance: accounts and sessions", () => {
  let t: TestApp;
  let client: ReferenceClient;
  beforeAll(async () => {
    t = await startReferenceShop();
    client = new ReferenceClient(t);
    fixedCaptcha();
  });
  afterAll(() => t.close());

  /** A fresh captcha drawn by the client, with its answer (tests make every code TEST_CAPTCHA_CODE). */
  const captcha = async () => ({ captcha_id: (await client.data<{ id: string }>("/api/captcha/captcha")).id, captcha_code: TEST_CAPTCHA_CODE });
  /** Lets the mobile have another code now (the server sends one per mobile and purpose a minute). */
  const forgetLastCode = (mobile: string) =>
    t.app.deps.db.updateTable("verify_code").set((eb) => ({ create_time: eb("create_time", "-", 120) })).where("mobile", "=", mobile).execute();

  it("/api/register/config, /api/register/aggrement, /memberregister/api/Config/Config answer the register page", async () => {
    await client.reads("/api/register/config");
    await client.reads("/api/register/aggrement");
    await client.reads("/memberregister/api/Config/Config");
  });

  it("/api/register/username then /api/login/login answer a token that works in the body of later calls", async () => {
    const account = { username: `ref_${process.pid}`, password: "secret123" };
    const registered = await client.reads<{ token: string }>("/api/register/username", { ...account, ...(await captcha()) });
    expect(await client.withToken(registered.token).data("/api/member/info")).toMatchObject({ username: account.username });
    const login = await client.reads<{ token: string }>("/api/login/login", { ...account, ...(await captcha()), autoLoginRange: 7 });
    const member = client.withToken(login.token);
    await member.reads("/api/login/logout");
    expect((await member.post("/api/member/info")).envelope.code).toBe(-10009);
  });

  it("/api/login/login refuses a wrong password with a message the login page shows", async () => {
    const refusal = await client.refused("/api/login/login", { username: "nobody_here", password: "wrong-1", ...(await captcha()) }, -1);
    expect(refusal.message).toBe("账号或密码错误");
  });

  it("mobile sign-up, mobile login (both code calls) and the password reset answer key and token", async () => {
    const mobile = newMobile();
    // With a captcha, which the reference's clients do not send (a deliberate difference, docs/api.md "Where we differ").
    // Its own client: checkmobile shares the code-sending calls' budget per address (5 a minute), which this test spends.
    expect((await new ReferenceClient(t).post("/api/member/checkmobile", { mobile, ...(await captcha()) })).envelope.code).toBe(0);
    const signUp = await client.reads<{ key: string }>("/api/register/mobileCode", { mobile, ...(await captcha()) });
    await client.reads("/api/register/mobile", { mobile, key: signUp.key, code: await lastSmsCode(t, mobile), password: "secret123" });

    const loginCode = await client.reads<{ key: string }>("/api/login/mobileCode", { mobile, ...(await captcha()) });
    await client.reads("/api/login/mobile", { mobile, key: loginCode.key, code: await lastSmsCode(t, mobile, "login") });
    await forgetLastCode(mobile);
    const aliasCode = await client.reads<{ key: string }>("/api/login/getMobileCode", { mobile, ...(await captcha()) });
    await client.reads("/api/login/mobile", { mobile, key: aliasCode.key, code: await lastSmsCode(t, mobile, "login") });

    const reset = await client.reads<{ key: string }>("/api/findpassword/mobilecode", { mobile, ...(await captcha()) });
    await client.reads("/api/findpassword/mobile", { mobile, key: reset.key, code: await lastSmsCode(t, mobile, "find_password"), password: "newsecret456" });
  });

  it("WeChat login calls answer a message the login page shows (WeChat login is not configured)", async () => {
    for (const [path, body] of [["/wechat/api/wechat/logincode", {}], ["/api/login/wechatLogin", {}], ["/api/login/checklogin", { key: "k" }]] as const) {
      expect((await client.refused(path, body, -1)).message).toBe("未配置微信登录");
    }
  });
});
