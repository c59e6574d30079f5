import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberInfo, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { nextIp, registerMember, solvedCaptcha, type TestMember } from "./testing.ts";
import { hashToken } from "./tokens.ts";
import { setConfig } from "../../core/config-store.ts";
import { DEFAULT_REGISTER_CONFIG } from "./register-config.ts";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";

/** The Set-Cookie header for shop_token, as written. */
function tokenCookie(headers: Record<string, unknown>): string {
  const raw = headers["set-cookie"];
  const all = Array.isArray(raw) ? raw : [raw];
  const found = all.find((value): value is string => typeof value === "string" && value.startsWith("shop_token="));
  if (!found) throw new Error("no shop_token cookie set");
  return found;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("password login and sessions", () => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t, { username: "zhangsan", password: "abc12345" });
  });
  afterAll(() => t.close());

  const login = async (fields: Record<string, unknown>) =>
    t.request<TokenResult>("/api/login/login", { ...(await solvedCaptcha(t)), ...fields }, { ip: nextIp() });

  it("register → info → logout → info says not logged in", async () => {
    const fresh = await registerMember(t);
    const info = await t.call<MemberInfo>("/api/member/info", {}, { token: fresh.token });
    expect(info.code).toBe(0);
    expect(info.data.username).toBe(fresh.username);

    const loggedIn = await login({ username: fresh.username, password: fresh.password });
    expect(loggedIn.body.code).toBe(0);
    const token = loggedIn.body.data.token;
    expect((await t.call("/api/member/info", {}, { token })).code).toBe(0);

    expect(await t.call("/api/login/logout", {}, { token })).toMatchObject({ code: 0 });
    expect(await t.call("/api/member/info", {}, { token })).toMatchObject({ code: -10009 });
    // The other session (from registration) is untouched.
    expect((await t.call("/api/member/info", {}, { token: fresh.token })).code).toBe(0);
  });

  it("gives the same answer for an unknown account and a wrong password", async () => {
    const wrongPassword = await login({ username: "zhangsan", password: "wrong-pass1" });
    const unknown = await login({ username: "lisi_nobody", password: "abc12345" });
    expect(wrongPassword.body).toMatchObject({ code: -1, message: "账号或密码错误" });
    expect(unknown.body).toMatchObject({ code: -1, message: "账号或密码错误" });
  });

  it("refuses a wrong captcha before looking at the account", async () => {
    const response = await login({ username: "zhangsan", password: "abc12345", captcha_code: "XXXX" });
    expect(response.body).toMatchObject({ code: -1, message: "验证码不正确" });
  });

  it("accepts the mobile number in the username field", async () => {
    await t.app.deps.db.updateTable("member").set({ mobile: "13800138000" }).where("member_id", "=", member.member_id).execute();
    const response = await login({ username: "13800138000", password: "abc12345" });
    expect(response.body.code).toBe(0);
  });

  it("refuses a locked member, after the password", async () => {
    const locked = await registerMember(t);
    await t.app.deps.db.updateTable("member").set({ status: 0 }).where("member_id", "=", locked.member_id).execute();
    expect((await login({ username: locked.username, password: "nope-nope1" })).body.message).toBe("账号或密码错误");
    const response = await login({ username: locked.username, password: locked.password });
    expect(response.body).toMatchObject({ code: -1, message: "账号已被锁定，请联系客服" });
    // Its existing sessions stop working as well.
    expect((await t.call("/api/member/info", {}, { token: locked.token })).code).toBe(-10009);
  });

  it("sets an httpOnly, SameSite=Lax session cookie carrying the token", async () => {
    const response = await login({ username: "zhangsan", password: "abc12345" });
    const cookie = tokenCookie(response.headers);
    expect(cookie).toContain(`shop_token=${response.body.data.token}`);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(response.body.data.auto_login_range).toBe(0);
    expect(response.body.data.expire_time - nowSeconds()).toBeGreaterThan(86400 - 10);
    expect(response.body.data.expire_time - nowSeconds()).toBeLessThanOrEqual(86400);

    // The cookie alone authenticates.
    const info = await t.call<MemberInfo>("/api/member/info", {}, { cookie: `shop_token=${response.body.data.token}` });
    expect(info.data.username).toBe("zhangsan");
  });

  it("autoLoginRange sets the token expiry and the cookie max-age", async () => {
    const response = await login({ username: "zhangsan", password: "abc12345", autoLoginRange: 7 });
    expect(response.body.data.auto_login_range).toBe(7);
    expect(response.body.data.expire_time - nowSeconds()).toBeGreaterThan(7 * 86400 - 10);
    expect(tokenCookie(response.headers)).toMatch(/Max-Age=604800/);
    const row = await t.app.deps.db
      .selectFrom("member_token")
      .select("expire_time")
      .where("token_hash", "=", hashToken(response.body.data.token))
      .executeTakeFirstOrThrow();
    expect(row.expire_time).toBe(response.body.data.expire_time);
  });

  it("records the last login time and IP", async () => {
    const ip = nextIp();
    await t.call("/api/login/login", { username: "zhangsan", password: "abc12345", ...(await solvedCaptcha(t)) }, { ip });
    const row = await t.app.deps.db.selectFrom("member").select(["last_login_time", "last_login_ip"]).where("username", "=", "zhangsan").executeTakeFirstOrThrow();
    expect(row.last_login_ip).toBe(ip);
    expect(nowSeconds() - row.last_login_time).toBeLessThan(5);
  });

  it("answers -10009 without a token and for a revoked token, -10010 for an expired one", async () => {
    expect(await t.call("/api/member/info")).toMatchObject({ code: -10009, message: "您尚未登录，请先进行登录" });
    expect((await t.call("/api/member/info", {}, { token: "made-up-token" })).code).toBe(-10009);

    const session = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    await t.app.deps.db.updateTable("member_token").set({ expire_time: nowSeconds() - 1 }).where("token_hash", "=", hashToken(session.token)).execute();
    expect(await t.call("/api/member/info", {}, { token: session.token })).toMatchObject({ code: -10010, error_code: "TOKEN_ERROR" });

    const revoked = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    await t.call("/api/login/logout", {}, { token: revoked.token });
    expect((await t.call("/api/member/info", {}, { token: revoked.token })).code).toBe(-10009);
  });

  it("logs out by cookie and clears it", async () => {
    const session = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    const cookie = `shop_token=${session.token}`;
    const response = await t.request("/api/login/logout", {}, { cookie });
    expect(response.body.code).toBe(0);
    expect(tokenCookie(response.headers)).toMatch(/^shop_token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await t.call("/api/member/info", {}, { cookie })).code).toBe(-10009);
  });

  it("logout ends both the body's session and the cookie's when they differ", async () => {
    const inCookie = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    const inBody = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    const cookie = `shop_token=${inCookie.token}`;
    expect((await t.call("/api/login/logout", {}, { token: inBody.token, cookie })).code).toBe(0);
    expect((await t.call("/api/member/info", {}, { token: inBody.token })).code).toBe(-10009);
    expect((await t.call("/api/member/info", {}, { cookie })).code).toBe(-10009);
  });

  // The probe: a junk body token won over a valid cookie.
  it("uses a valid cookie when the body's token is junk, revoked or expired; a valid body token still wins", async () => {
    const inCookie = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    const cookie = `shop_token=${inCookie.token}`;
    const expired = (await login({ username: "zhangsan", password: "abc12345" })).body.data;
    await t.app.deps.db.updateTable("member_token").set({ expire_time: nowSeconds() - 1 }).where("token_hash", "=", hashToken(expired.token)).execute();
    for (const token of ["junk-token", expired.token]) {
      const info = await t.call<MemberInfo>("/api/member/info", {}, { token, cookie });
      expect(info.code).toBe(0);
      expect(info.data.username).toBe("zhangsan");
    }
    // Without a valid cookie the body token's own reason is told.
    expect((await t.call("/api/member/info", {}, { token: expired.token, cookie: "shop_token=junk" })).code).toBe(-10010);
    expect((await t.call("/api/member/info", {}, { token: "junk-token", cookie: "shop_token=junk" })).code).toBe(-10009);
    // Two valid sessions: the body's (an API client's) is used.
    const other = await registerMember(t);
    expect((await t.call<MemberInfo>("/api/member/info", {}, { token: other.token, cookie })).data.username).toBe(other.username);
  });

  // The probe: login answered the token in its JSON to the storefront's scripts too.
  it("leaves the token out of answers to our storefront (the cookie carries it), keeps it for API clients", async () => {
    const web = { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME };
    const fromWeb = await t.request<TokenResult>("/api/login/login", { username: "zhangsan", password: "abc12345", ...(await solvedCaptcha(t)) }, { ip: nextIp(), headers: web });
    expect(fromWeb.body.code).toBe(0);
    expect(fromWeb.body.data.token).toBe("");
    const cookieToken = tokenCookie(fromWeb.headers).split(";")[0]!.slice("shop_token=".length);
    expect(cookieToken.length).toBeGreaterThan(40);
    expect((await t.call("/api/member/info", {}, { cookie: `shop_token=${cookieToken}` })).code).toBe(0);

    const name = `webreg_${Date.now()}`;
    const registered = await t.request<TokenResult>("/api/register/username", { username: name, password: "abc12345", ...(await solvedCaptcha(t)) }, { ip: nextIp(), headers: web });
    expect(registered.body).toMatchObject({ code: 0, data: { token: "" } });

    const fromApiClient = await login({ username: "zhangsan", password: "abc12345" });
    expect(fromApiClient.body.data.token).toBe(tokenCookie(fromApiClient.headers).split(";")[0]!.slice("shop_token=".length));
    expect((await t.call("/api/member/info", {}, { token: fromApiClient.body.data.token })).code).toBe(0);
  });

  it("logout succeeds without a session", async () => {
    expect(await t.call("/api/login/logout")).toMatchObject({ code: 0 });
    expect(await t.call("/api/login/logout", {}, { token: "nonsense" })).toMatchObject({ code: 0 });
  });

  it("names the missing field (-10006)", async () => {
    const response = await t.call("/api/login/login", { username: "zhangsan", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
    expect(response.code).toBe(-10006);
    expect(response.message).toContain("password");
  });

  it("follows the login methods of register_config (an empty list allows both)", async () => {
    const db = t.app.deps.db;
    try {
      await setConfig(db, "register_config", { ...DEFAULT_REGISTER_CONFIG, login: "mobile" });
      expect((await login({ username: "zhangsan", password: "abc12345" })).body).toMatchObject({ code: -1, message: "未开启账号密码登录" });
      await setConfig(db, "register_config", { ...DEFAULT_REGISTER_CONFIG, login: "username" });
      const code = await t.call("/api/login/mobileCode", { mobile: "13800138000", ...(await solvedCaptcha(t)) }, { ip: nextIp() });
      expect(code).toMatchObject({ code: -1, message: "未开启手机号登录" });
      await setConfig(db, "register_config", { ...DEFAULT_REGISTER_CONFIG, login: "" });
      expect((await login({ username: "zhangsan", password: "abc12345" })).body.code).toBe(0);
    } finally {
      await setConfig(db, "register_config", DEFAULT_REGISTER_CONFIG);
    }
  });

  it("answers WeChat login calls with a clear -1", async () => {
    for (const path of ["/wechat/api/wechat/logincode", "/api/login/wechatLogin", "/api/login/checklogin"]) {
      expect(await t.call(path, { key: "abc" })).toMatchObject({ code: -1, message: "未配置微信登录" });
    }
  });
});

describe("secure cookies", () => {
  it("adds Secure when the app runs behind HTTPS", async () => {
    const t = await startTestApp({ config: { secureCookies: true } });
    try {
      const member = await registerMember(t);
      const response = await t.request("/api/login/login", { username: member.username, password: member.password, ...(await solvedCaptcha(t)) });
      expect(tokenCookie(response.headers)).toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });
});
