import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import type { OrderSettings, PointsSettings, RegisterSettings, SiteSettings } from "@shop/contract/domains/admin-settings";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { nextIp, registerMember, solvedCaptcha } from "../auth/testing.ts";

const SETTINGS_PATHS = ["site", "register", "order", "points", "pay", "sms"].flatMap((area) => [`/shopapi/config/${area}`, `/shopapi/config/set${area}`]);

describe(`settings back office (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
  });
  afterAll(() => t.close());

  const read = async <T>(area: string) => (await t.call<T>(`/shopapi/config/${area}`, {}, { token: admin })).data;
  const logLines = (action: string) => t.app.deps.db.selectFrom("staff_log").selectAll().where("action", "=", action).execute();

  it("refuses a servicer every settings call, reading included (with valid bodies: validation runs first)", async () => {
    const bodies: Record<string, unknown> = {
      "/shopapi/config/setsite": await read("site"),
      "/shopapi/config/setregister": await read("register"),
      "/shopapi/config/setorder": await read("order"),
      "/shopapi/config/setpoints": await read("points"),
      "/shopapi/config/setpay": { demo_pay: 1, alipay_is_open: 0, alipay_app_id: "", alipay_private_key: "", alipay_public_key: "", wechatpay_is_open: 0, wechatpay_app_id: "", wechatpay_mch_id: "", wechatpay_serial_no: "", wechatpay_private_key: "", wechatpay_api_v3_key: "", wechatpay_public_key: "", wechatpay_public_key_id: "" },
      "/shopapi/config/setsms": { provider: "outbox", access_key_id: "", access_key_secret: "", sign_name: "", sdk_app_id: "", region: "", templates: {} },
      "/shopapi/config/testpay": { pay_type: "alipay" },
      "/shopapi/config/testsms": { mobile: "13800138000" },
    };
    for (const path of [...SETTINGS_PATHS, "/shopapi/config/testpay", "/shopapi/config/testsms"]) {
      expect(await t.call(path, bodies[path] ?? {}, { token: servicer }), path).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    }
  });

  it("saves the site settings: the storefront's calls show them at once, with a staff_log line", async () => {
    const site = await read<SiteSettings>("site");
    const saved = await t.call("/shopapi/config/setsite", { ...site, site_name: "新名字商城", icp: "京ICP备00000001号", service_hours: "9:00-18:00", site_tel: "400-000-0000" }, { token: admin });
    expect(saved).toMatchObject({ code: 0 });
    expect((await t.call("/api/site/info")).data).toMatchObject({ site_name: "新名字商城", site_tel: "400-000-0000" });
    expect((await t.call("/api/config/copyright")).data).toMatchObject({ icp: "京ICP备00000001号" });
    expect(await read<SiteSettings>("site")).toMatchObject({ site_name: "新名字商城", service_hours: "9:00-18:00" });
    expect(await logLines("config.site")).toHaveLength(1);
  });

  it("refuses bad input naming the field, and saves nothing of it", async () => {
    const site = await read<SiteSettings>("site");
    const empty = await t.call("/shopapi/config/setsite", { ...site, site_name: " " }, { token: admin });
    expect(empty.code).toBe(Code.PARAM);
    expect(empty.message).toContain("site_name");
    const badMail = await t.call("/shopapi/config/setsite", { ...site, web_email: "not-mail" }, { token: admin });
    expect(badMail).toMatchObject({ code: Code.PARAM, message: "参数 web_email 格式不正确" });
    const badLogo = await t.call("/shopapi/config/setsite", { ...site, logo: "javascript:alert(1)" }, { token: admin });
    expect(badLogo).toMatchObject({ code: Code.PARAM, message: "参数 logo 格式不正确" });
    const order = await read<OrderSettings>("order");
    const tooLong = await t.call("/shopapi/config/setorder", { ...order, auto_receive_days: 99 }, { token: admin });
    expect(tooLong.code).toBe(Code.PARAM);
    expect(tooLong.message).toContain("auto_receive_days");
    const noLogin = await t.call("/shopapi/config/setregister", { ...(await read<RegisterSettings>("register")), login: "" }, { token: admin });
    expect(noLogin).toMatchObject({ code: Code.PARAM, message: "请至少选择一种登录方式" });
    expect(await read<SiteSettings>("site")).toEqual(site);
  });

  it("closes the shop for guests with the reason given, keeps staff working, and reopens it", async () => {
    const site = await read<SiteSettings>("site");
    expect(await t.call("/shopapi/config/setsite", { ...site, shop_status: 0, close_reason: "系统升级中，明早 8 点恢复" }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call("/api/site/status")).toMatchObject({ code: Code.SITE_CLOSED, message: "系统升级中，明早 8 点恢复", data: { shop_status: 0 } });
    expect(await t.call("/api/goodssku/detail", { sku_id: 1 })).toMatchObject({ code: Code.SITE_CLOSED });
    expect(await t.call("/shopapi/config/site", {}, { token: admin })).toMatchObject({ code: 0, data: { shop_status: 0 } });
    expect(await t.call("/shopapi/config/setsite", { ...site, shop_status: 1, close_reason: "" }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call("/api/site/status")).toMatchObject({ code: 0, data: { shop_status: 1 } });
  });

  it("saves register and login rules: the register page's config follows", async () => {
    const register = await read<RegisterSettings>("register");
    const next = { ...register, register: "mobile", login: "username,mobile", pwd_len: 8, pwd_complexity: "number,letter,symbol", agreement_title: "用户协议" };
    expect(await t.call("/shopapi/config/setregister", next, { token: admin })).toMatchObject({ code: 0 });
    expect((await t.call("/api/register/config")).data).toMatchObject({ value: { register: "mobile", pwd_len: 8, pwd_complexity: "number,letter,symbol" } });
    expect(await read<RegisterSettings>("register")).toEqual(next);
    const ip = nextIp();
    const refused = await t.call("/api/register/username", { username: "closed_door", password: "secret123!", ...(await solvedCaptcha(t, ip)) }, { ip });
    expect(refused).toMatchObject({ code: Code.ERROR, message: "未开启用户名注册" });
    expect(await t.call("/shopapi/config/setregister", register, { token: admin })).toMatchObject({ code: 0 });
  });

  it("turns the login and registration captcha off and on: the forms' config and the server's checks follow; SMS codes keep theirs", async () => {
    const register = await read<RegisterSettings>("register");
    expect(register).toMatchObject({ shop_reception_login: 1, shop_reception_register: 1 });
    expect((await t.call("/api/config/getCaptchaConfig")).data).toEqual({ shop_reception_login: 1, shop_reception_register: 1 });
    const member = await registerMember(t);
    const withoutCaptcha = { username: member.username, password: member.password };
    expect(await t.call("/api/login/login", withoutCaptcha, { ip: nextIp() })).toMatchObject({ code: Code.ERROR, message: "请先获取验证码" });

    try {
      expect(await t.call("/shopapi/config/setregister", { ...register, shop_reception_login: 0, shop_reception_register: 0 }, { token: admin })).toMatchObject({ code: 0 });
      expect((await t.call("/api/config/getCaptchaConfig")).data).toEqual({ shop_reception_login: 0, shop_reception_register: 0 });
      expect((await t.call("/api/login/login", withoutCaptcha, { ip: nextIp() })).code).toBe(0);
      const registered = await t.call("/api/register/username", { username: "no_captcha_1", password: "secret123" }, { ip: nextIp() });
      expect(registered.code).toBe(0);
      // An SMS code still needs the picture: it guards someone else's phone and the shop's SMS bill.
      expect((await t.call("/api/login/mobileCode", { mobile: "13800138000" }, { ip: nextIp() })).code).toBe(Code.PARAM);
      const logged = await logLines("config.register");
      expect(JSON.parse(logged.at(-1)!.detail)).toMatchObject({ shop_reception_login: 0, shop_reception_register: 0 });
    } finally {
      expect(await t.call("/shopapi/config/setregister", register, { token: admin })).toMatchObject({ code: 0 });
    }
    // On again: a wrong code is refused as before.
    const ip = nextIp();
    expect(await t.call("/api/login/login", { ...withoutCaptcha, ...(await solvedCaptcha(t, ip)), captcha_code: "ZZZZ" }, { ip })).toMatchObject({ code: Code.ERROR, message: "验证码不正确" });
  });

  it("saves the order, after-sale and evaluation settings", async () => {
    const next: OrderSettings = { auto_close_minutes: 45, auto_receive_days: 10, auto_complete_days: 5, after_sale_days: 20, auto_agree_days: 4, return_close_days: 6, evaluate_status: 1, evaluate_show: 1, evaluate_audit: 0 };
    expect(await t.call("/shopapi/config/setorder", next, { token: admin })).toMatchObject({ code: 0 });
    expect(await read<OrderSettings>("order")).toEqual(next);
    const refund = await t.app.deps.db.selectFrom("config").select("value").where("config_key", "=", "refund_config").executeTakeFirstOrThrow();
    // The refund settings' other fields (reasons, return address) are kept.
    expect(JSON.parse(refund.value)).toMatchObject({ after_sale_days: 20, auto_agree_days: 4, return_close_days: 6, refund_reasons: expect.any(Array) });
  });

  it("turns points and the balance on and off: the cashier's methods follow", async () => {
    const member = await registerMember(t);
    const methods = async () => ((await t.call<{ list: Array<{ name: string }> }>("/api/pay/type", {}, { token: member.token })).data.list ?? []).map((method) => method.name);
    expect(await methods()).toContain("balance");
    const points: PointsSettings = { is_enable: 1, points_per_yuan: 50, max_percent: 30, balance_enable: 0 };
    expect(await t.call("/shopapi/config/setpoints", points, { token: admin })).toMatchObject({ code: 0 });
    expect(await read<PointsSettings>("points")).toEqual(points);
    expect(await methods()).not.toContain("balance");
    expect(await t.call("/shopapi/config/setpoints", { ...points, balance_enable: 1 }, { token: admin })).toMatchObject({ code: 0 });
    expect(await methods()).toContain("balance");
  });
});
