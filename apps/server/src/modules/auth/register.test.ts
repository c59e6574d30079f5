import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, MemberInfo, RegisterConfig, TokenResult } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { setConfig } from "../../core/config-store.ts";
import { insertMemberLevel, nextIp, solvedCaptcha } from "./testing.ts";
import { DEFAULT_REGISTER_CONFIG } from "./register-config.ts";
import { RESERVED_USERNAME } from "./reserved-names.ts";
import { insertStaff } from "../staff/testing.ts";
import { saveRegistrationPack } from "../coupon/register-pack.ts";

describe("register by username", () => {
  let t: TestApp;
  let levelId: number;
  beforeAll(async () => {
    t = await startTestApp();
    await insertMemberLevel(t, { level_name: "普通会员", is_default: 0 });
    levelId = await insertMemberLevel(t, { level_name: "铜牌会员", is_default: 1 });
  });
  afterAll(() => t.close());

  const register = async (fields: Record<string, unknown>) => {
    const ip = nextIp();
    return t.request<TokenResult>("/api/register/username", { ...(await solvedCaptcha(t, ip)), ...fields }, { ip });
  };

  it("creates the member with the default level, status 1, a scrypt hash, and logs in", async () => {
    const response = await register({ username: "wangwu", password: "pass1234" });
    expect(response.body.code).toBe(0);
    expect(String(response.headers["set-cookie"])).toContain(`shop_token=${response.body.data.token}`);

    const row = await t.app.deps.db.selectFrom("member").selectAll().where("username", "=", "wangwu").executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain("pass1234");
    expect(row.status).toBe(1);
    expect(row.member_level).toBe(levelId);
    expect(row.nickname).toBe("wangwu");
    expect(row.mobile).toBeNull();

    const info = await t.call<MemberInfo>("/api/member/info", {}, { token: response.body.data.token });
    expect(info.data).toMatchObject({ username: "wangwu", member_level_name: "铜牌会员", mobile: "", password: 1 });
  });

  it("refuses a taken username", async () => {
    await register({ username: "zhaoliu", password: "pass1234" });
    const response = await register({ username: "zhaoliu", password: "pass1234" });
    expect(response.body).toMatchObject({ code: -1, message: "用户名已存在" });
  });

  // The probe: a member could register "admin", the seeded staff account's name.
  it("reserves misleading names (any case, also as a prefix) before the captcha is spent", async () => {
    let spare = 0;
    for (const username of ["admin", "ADMIN", "Administrator", "admin_01", "root", "System", "kefu", "kefu007", "客服", "客服小美", "在线客服", "官方", "小米官方", "管理员", "超级管理员", "平台", "平台运营"]) {
      const ip = nextIp();
      const captcha = await solvedCaptcha(t, ip);
      const response = await t.call("/api/register/username", { username, password: "pass1234", ...captcha }, { ip });
      expect({ username, code: response.code, message: response.message }).toEqual({ username, code: -1, message: RESERVED_USERNAME });
      // The captcha is still good: the refusal came first.
      expect((await t.call("/api/register/username", { username: `reserved_ok_${(spare += 1)}`, password: "pass1234", ...captcha }, { ip })).code).toBe(0);
    }
    for (const username of ["badminton", "kefir", "systematic", "rooted", "小王"]) {
      expect({ username, code: (await register({ username, password: "pass1234" })).body.code }).toEqual({ username, code: 0 });
    }
  });

  it("refuses staff accounts' names (any case) as taken, without saying they are staff's", async () => {
    const staff = await insertStaff(t, { username: "Zhangguanjia" });
    for (const username of [staff.username, "zhangguanjia", "ZHANGGUANJIA"]) {
      expect((await register({ username, password: "pass1234" })).body).toMatchObject({ code: -1, message: "用户名已存在" });
    }
  });

  it("creates exactly one member from 10 concurrent registrations of one name, without a 500", async () => {
    const bodies = await Promise.all(Array.from({ length: 10 }, async () => ({ ip: nextIp(), captcha: await solvedCaptcha(t) })));
    const responses = await Promise.all(
      bodies.map(({ ip, captcha }) => t.request("/api/register/username", { username: "racer", password: "pass1234", ...captcha }, { ip })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(responses.filter((response) => response.body.code === 0)).toHaveLength(1);
    for (const response of responses.filter((r) => r.body.code !== 0)) {
      expect(response.body).toMatchObject({ code: -1, message: "用户名已存在" });
    }
    const count = await t.app.deps.db.selectFrom("member").select((eb) => eb.fn.countAll().as("n")).where("username", "=", "racer").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("applies pwd_len and pwd_complexity from register_config", async () => {
    expect((await register({ username: "shortpw", password: "a1" })).body).toMatchObject({ code: -1, message: "密码长度不能少于6位" });
    expect((await register({ username: "digitsonly", password: "12345678" })).body).toMatchObject({ code: -1, message: "密码需包含数字和字母" });

    await setConfig(t.app.deps.db, "register_config", { ...DEFAULT_REGISTER_CONFIG, pwd_len: 8, pwd_complexity: "number,letter,upper_case,symbol" });
    try {
      expect((await register({ username: "strict1", password: "abc1234" })).body.message).toBe("密码长度不能少于8位");
      expect((await register({ username: "strict1", password: "abcd1234" })).body.message).toBe("密码需包含数字、小写字母、大写字母和符号");
      expect((await register({ username: "strict1", password: "Abcd123!" })).body.code).toBe(0);
    } finally {
      await setConfig(t.app.deps.db, "register_config", DEFAULT_REGISTER_CONFIG);
    }
  });

  it("keeps the captcha when a password rule fails", async () => {
    const ip = nextIp();
    const captcha = await solvedCaptcha(t, ip);
    expect((await t.call("/api/register/username", { username: "retry_user", password: "short", ...captcha }, { ip })).message).toBe("密码长度不能少于6位");
    expect((await t.call("/api/register/username", { username: "retry_user", password: "better123", ...captcha }, { ip })).code).toBe(0);
  });

  it("refuses a username that looks like a mobile number", async () => {
    const response = await register({ username: "13912345678", password: "pass1234" });
    expect(response.body).toMatchObject({ code: -1, message: "用户名不能是手机号，请使用手机号注册" });
  });

  it("validates fields with -10006 naming the field", async () => {
    const missingPassword = await register({ username: "nopass" });
    expect(missingPassword.body.code).toBe(-10006);
    expect(missingPassword.body.message).toContain("password");
    const badName = await register({ username: "bad name!", password: "pass1234" });
    expect(badName.body.code).toBe(-10006);
    expect(badName.body.message).toContain("username");
  });

  it("refuses a method the shop turned off", async () => {
    await setConfig(t.app.deps.db, "register_config", { ...DEFAULT_REGISTER_CONFIG, register: "mobile" });
    try {
      expect((await register({ username: "closed1", password: "pass1234" })).body.message).toBe("未开启用户名注册");
    } finally {
      await setConfig(t.app.deps.db, "register_config", DEFAULT_REGISTER_CONFIG);
    }
  });
});

describe("register settings", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("serves register_config with defaults, and the saved value", async () => {
    const fallback = await t.call<RegisterConfig>("/api/register/config");
    expect(fallback.data.value).toEqual(DEFAULT_REGISTER_CONFIG);
    await setConfig(t.app.deps.db, "register_config", { ...DEFAULT_REGISTER_CONFIG, pwd_len: 10 });
    expect((await t.call<RegisterConfig>("/api/register/config")).data.value.pwd_len).toBe(10);
  });

  it("serves the agreement and the register-reward config", async () => {
    await setConfig(t.app.deps.db, "register_agreement", { title: "注册协议", content: "<p>条款</p>" });
    expect((await t.call("/api/register/aggrement")).data).toEqual({ title: "注册协议", content: "<p>条款</p>" });
    const reward = (await t.call("/memberregister/api/Config/Config")) as Envelope<{ is_use: number; value: Record<string, unknown> }>;
    expect(reward.data.is_use).toBe(1);
    expect(reward.data.value).toMatchObject({ point: 0, balance: "0.00", coupon_list: [] });
    await saveRegistrationPack(t.app.deps.db, [7, 7, 9]);
    const withPack = (await t.call("/memberregister/api/Config/Config")) as Envelope<{ value: { coupon_list: number[] } }>;
    expect(withPack.data.value.coupon_list).toEqual([7, 7, 9]);
  });

  it("gives new members level 0 when no default level exists", async () => {
    const ip = nextIp();
    const response = await t.call("/api/register/username", { username: "nolevel", password: "longpass1234", ...(await solvedCaptcha(t, ip)) }, { ip });
    expect(response.code).toBe(0);
    const row = await t.app.deps.db.selectFrom("member").select("member_level").where("username", "=", "nolevel").executeTakeFirstOrThrow();
    expect(row.member_level).toBe(0);
  });
});
