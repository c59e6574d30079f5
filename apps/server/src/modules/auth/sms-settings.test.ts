import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import type { SmsSettings } from "@shop/contract/domains/admin-settings";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { tencentSmsProvider } from "./sms-cloud.ts";

/** A local stand-in for a provider's API: records each request and answers `answer()`. */
async function providerDouble(answer: () => unknown) {
  const requests: Array<{ url: string; body: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      requests.push({ url: request.url ?? "", body, headers: request.headers });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { requests, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const TEMPLATES = { register: "SMS_100001", login: "SMS_100002", find_password: "SMS_100003", member_password: "", mobile_old: "", mobile_bind: "", pay_password: "" };
const ALIYUN = { provider: "aliyun", access_key_id: "LTAI5tTestKey", access_key_secret: "aliyun-secret-value-123", sign_name: "优选商城", sdk_app_id: "", region: "", templates: TEMPLATES };

describe(`SMS settings and providers (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let aliyunAnswer: Record<string, string> = { Code: "OK", Message: "OK", BizId: "9001", RequestId: "r1" };
  let aliyun: Awaited<ReturnType<typeof providerDouble>>;
  const previous = process.env.ALIYUN_SMS_ENDPOINT;
  beforeAll(async () => {
    aliyun = await providerDouble(() => aliyunAnswer);
    process.env.ALIYUN_SMS_ENDPOINT = aliyun.origin;
    t = await startTestApp();
    admin = await staffToken(t, "admin");
  });
  afterAll(async () => {
    await t.close();
    aliyun.close();
    if (previous === undefined) delete process.env.ALIYUN_SMS_ENDPOINT;
    else process.env.ALIYUN_SMS_ENDPOINT = previous;
  });

  it("sends through the development outbox until a provider is saved", async () => {
    expect((await t.call<SmsSettings>("/shopapi/config/sms", {}, { token: admin })).data).toMatchObject({ provider: "outbox", access_key_secret: { masked: "" } });
    expect(await t.call("/shopapi/config/testsms", { mobile: "13900000001" }, { token: admin })).toMatchObject({ code: 0, data: { ok: true, message: expect.stringContaining("sms_outbox") } });
    expect(await t.app.deps.db.selectFrom("sms_outbox").select("mobile").where("mobile", "=", "13900000001").execute()).toHaveLength(1);
  });

  it("refuses an incomplete provider, naming what is missing", async () => {
    expect(await t.call("/shopapi/config/setsms", { ...ALIYUN, access_key_id: "" }, { token: admin })).toMatchObject({ code: Code.PARAM, message: "请填写 AccessKey ID" });
    expect(await t.call("/shopapi/config/setsms", { ...ALIYUN, access_key_secret: "" }, { token: admin })).toMatchObject({ code: Code.ERROR, message: "请填写 AccessKey Secret" });
    expect(await t.call("/shopapi/config/setsms", { ...ALIYUN, provider: "tencent" }, { token: admin })).toMatchObject({ code: Code.PARAM, message: "请填写 SdkAppId" });
  });

  it("saves Aliyun keys encrypted and masked; members' codes then go through Aliyun's SendSms", async () => {
    expect(await t.call("/shopapi/config/setsms", ALIYUN, { token: admin })).toMatchObject({ code: 0 });
    const row = await t.app.deps.db.selectFrom("config").select("value").where("config_key", "=", "sms_config").executeTakeFirstOrThrow();
    expect(row.value).not.toContain("aliyun-secret-value-123");
    const read = await t.call<SmsSettings>("/shopapi/config/sms", {}, { token: admin });
    expect(JSON.stringify(read.data)).not.toContain("aliyun-secret-value-123");
    expect(read.data.access_key_secret.masked).toBe("已设置（…-123）");

    await t.app.deps.sms.send({ mobile: "13900000002", purpose: "register", code: "246810", content: "" });
    const sent = aliyun.requests.at(-1);
    const wire = decodeURIComponent(`${sent?.url ?? ""}&${sent?.body ?? ""}`);
    expect(sent?.headers["x-acs-action"]).toBe("SendSms");
    expect(String(sent?.headers.authorization)).toContain("LTAI5tTestKey");
    expect(wire).toContain("13900000002");
    expect(wire).toContain("SMS_100001");
    expect(wire).toContain("优选商城");
    expect(wire).toContain('{"code":"246810"}');
    expect(wire).not.toContain("aliyun-secret-value-123");
    expect(await t.app.deps.db.selectFrom("sms_outbox").select("mobile").where("mobile", "=", "13900000002").execute()).toHaveLength(0);
  });

  it("keeps the saved secret on a save without one, and the test send reports the provider's refusal", async () => {
    expect(await t.call("/shopapi/config/setsms", { ...ALIYUN, access_key_secret: "", sign_name: "新签名" }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call("/shopapi/config/testsms", { mobile: "13900000003" }, { token: admin })).toMatchObject({ data: { ok: true, message: "已发送到 13900000003" } });
    aliyunAnswer = { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "触发分钟级流控", RequestId: "r2" };
    expect(await t.call("/shopapi/config/testsms", { mobile: "13900000003" }, { token: admin })).toMatchObject({ data: { ok: false, message: expect.stringContaining("isv.BUSINESS_LIMIT_CONTROL") } });
    expect(await t.call("/shopapi/config/testsms", { mobile: "12345" }, { token: admin })).toMatchObject({ code: Code.PARAM, message: "参数 mobile 格式不正确" });
  });

  it("says clearly when the provider cannot be reached", async () => {
    process.env.ALIYUN_SMS_ENDPOINT = "http://127.0.0.1:9";
    try {
      expect(await t.call("/shopapi/config/testsms", { mobile: "13900000004" }, { token: admin })).toMatchObject({ data: { ok: false, message: expect.stringContaining("无法连接短信服务商") } });
    } finally {
      process.env.ALIYUN_SMS_ENDPOINT = aliyun.origin;
    }
  });
});

describe("Tencent Cloud SMS adapter against a local double", () => {
  it("sends SendSms with the app id, sign, template and the code; a refusal is thrown with its code", async () => {
    let status = { Code: "Ok", Message: "send success" };
    const tencent = await providerDouble(() => ({ Response: { SendStatusSet: [{ SerialNo: "s1", PhoneNumber: "+8613900000005", Fee: 1, SessionContext: "", ...status, IsoCode: "CN" }], RequestId: "r" } }));
    const provider = tencentSmsProvider({
      accessKeyId: "AKIDtest", accessKeySecret: "tencent-secret", signName: "优选商城", templates: { login: "1234567" }, sdkAppId: "1400000001", region: "ap-guangzhou",
      endpoint: new URL(tencent.origin).host, protocol: "http",
    });
    try {
      await provider.send({ mobile: "13900000005", purpose: "login", code: "135790", content: "" });
      const request = tencent.requests[0];
      expect(request?.headers["x-tc-action"]).toBe("SendSms");
      expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ PhoneNumberSet: ["+8613900000005"], SmsSdkAppId: "1400000001", SignName: "优选商城", TemplateId: "1234567", TemplateParamSet: ["135790"] });
      expect(String(request?.headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtest\//);
      status = { Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "单个手机号日下发条数超过设定的上限" };
      await expect(provider.send({ mobile: "13900000005", purpose: "login", code: "1", content: "" })).rejects.toThrow(/LimitExceeded.PhoneNumberDailyLimit/);
      await expect(provider.send({ mobile: "13900000005", purpose: "register", code: "1", content: "" })).rejects.toThrow(/未配置「register」短信模板/);
    } finally {
      tencent.close();
    }
  });
});
