import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import type { PaySettings, PaySettingsSaved } from "@shop/contract/domains/admin-settings";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { setConfig } from "../../core/config-store.ts";
import { staffToken } from "../staff/testing.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { SecretBox } from "../site/settings-secrets.ts";
import { testGateway } from "./connection-test.ts";
import { loadPayConfig } from "./config.ts";
import { effectivePayConfig } from "./key-settings.ts";
import { alipayKeyType } from "./providers/alipay.ts";

const pem = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey: publicKey.export({ type: "spki", format: "pem" }).toString() };
};
const app = pem();
const alipay = pem();

const EMPTY_FORM = {
  demo_pay: 1, alipay_is_open: 0, alipay_app_id: "", alipay_private_key: "", alipay_public_key: "",
  wechatpay_is_open: 0, wechatpay_app_id: "", wechatpay_mch_id: "", wechatpay_serial_no: "", wechatpay_private_key: "",
  wechatpay_api_v3_key: "", wechatpay_public_key: "", wechatpay_public_key_id: "",
};

describe(`payment settings in the console (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let member: TestMember;
  const previousGateway = process.env.ALIPAY_GATEWAY;
  beforeAll(async () => {
    // Nothing listens on port 9 here: a connection test fails at once, as it does without internet.
    process.env.ALIPAY_GATEWAY = "http://127.0.0.1:9/gateway.do";
    t = await startTestApp();
    admin = await staffToken(t, "admin");
    member = await registerMember(t);
  });
  afterAll(async () => {
    await t.close();
    if (previousGateway === undefined) delete process.env.ALIPAY_GATEWAY;
    else process.env.ALIPAY_GATEWAY = previousGateway;
  });

  const methods = async () => (await t.call<{ list: Array<{ name: string; title: string }> }>("/api/pay/type", {}, { token: member.token })).data.list;

  it("stores Alipay keys encrypted, answers them masked, and the cashier offers Alipay at once", async () => {
    const saved = await t.call<PaySettingsSaved>(
      "/shopapi/config/setpay",
      { ...EMPTY_FORM, alipay_is_open: 1, alipay_app_id: "2021000000000001", alipay_private_key: app.privateKey, alipay_public_key: alipay.publicKey },
      { token: admin },
    );
    expect(saved.code).toBe(0);
    // The network test on save fails clearly (nothing answers) without undoing the save.
    expect(saved.data.tests).toEqual([{ pay_type: "alipay", ok: false, message: expect.stringContaining("无法连接支付宝服务器") }]);

    const row = await t.app.deps.db.selectFrom("config").select("value").where("config_key", "=", "pay_config").executeTakeFirstOrThrow();
    expect(row.value).not.toContain("PRIVATE KEY");
    expect(row.value).not.toContain(app.privateKey.split("\n")[1]);
    expect(row.value).toContain("enc:v1:");

    const read = await t.call<PaySettings>("/shopapi/config/pay", {}, { token: admin });
    expect(JSON.stringify(read.data)).not.toContain("PRIVATE KEY");
    expect(read.data).toMatchObject({ alipay_is_open: 1, alipay_app_id: "2021000000000001", alipay_private_key: { masked: expect.stringMatching(/^已设置（….{4}）$/) } });
    expect((await methods()).map((method) => method.name)).toEqual(["balance", "sandbox", "alipay"]);
    expect((await t.app.deps.db.selectFrom("staff_log").select("detail").where("action", "=", "config.pay").executeTakeFirstOrThrow()).detail).not.toContain("KEY");
  });

  it("keeps saved secrets when the form leaves them empty, and closes a gateway without losing its keys", async () => {
    expect(await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, alipay_is_open: 0, alipay_app_id: "2021000000000001" }, { token: admin })).toMatchObject({ code: 0 });
    expect((await methods()).map((method) => method.name)).not.toContain("alipay");
    const read = await t.call<PaySettings>("/shopapi/config/pay", {}, { token: admin });
    expect(read.data.alipay_private_key.masked).toMatch(/^已设置/);
    expect(await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, alipay_is_open: 1, alipay_app_id: "2021000000000001" }, { token: admin })).toMatchObject({ code: 0 });
    expect((await methods()).map((method) => method.name)).toContain("alipay");
  });

  it("refuses broken keys, half a gateway and bad fields with Chinese messages, saving nothing", async () => {
    const before = await t.call<PaySettings>("/shopapi/config/pay", {}, { token: admin });
    const broken = await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, alipay_is_open: 1, alipay_app_id: "2021000000000001", alipay_private_key: "not a key" }, { token: admin });
    expect(broken).toMatchObject({ code: Code.ERROR, message: expect.stringContaining("支付宝密钥无法使用") });
    const half = await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, wechatpay_is_open: 1, wechatpay_mch_id: "1900000001" }, { token: admin });
    expect(half).toMatchObject({ code: Code.ERROR, message: expect.stringContaining("开启微信支付需填写") });
    const shortKey = await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, wechatpay_api_v3_key: "short" }, { token: admin });
    expect(shortKey.code).toBe(Code.PARAM);
    expect(shortKey.message).toContain("wechatpay_api_v3_key");
    expect(await t.call<PaySettings>("/shopapi/config/pay", {}, { token: admin })).toEqual(before);
  });

  it("tests the saved keys on demand: offline, a clear message well within the time limit", async () => {
    const started = Date.now();
    const test = await t.call("/shopapi/config/testpay", { pay_type: "alipay" }, { token: admin });
    expect(test).toMatchObject({ code: 0, data: { ok: false, message: expect.stringContaining("网络不可达或超时") } });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await t.call("/shopapi/config/testpay", { pay_type: "wechatpay" }, { token: admin })).toMatchObject({ data: { ok: false, message: "微信支付尚未配置完整或未开启" } });
  });

  it("turns 演示支付 off and on from the console", async () => {
    expect(await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, demo_pay: 0 }, { token: admin })).toMatchObject({ code: 0 });
    expect((await methods()).map((method) => method.name)).not.toContain("sandbox");
    expect(await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, demo_pay: 1 }, { token: admin })).toMatchObject({ code: 0 });
    expect(await methods()).toContainEqual({ name: "sandbox", title: "演示支付" });
  });
});

describe("演示支付 outside development: only where the database says so (the seeded demo), never when PAY_SANDBOX=0", () => {
  const box = SecretBox.withKey("k".repeat(32));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pay-demo-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const production = (env: NodeJS.ProcessEnv = {}) => loadPayConfig(env, { dataDir, developmentMode: false });

  it("an empty production database offers no demo payment; the seed's demo_pay = 1 does; PAY_SANDBOX decides when set", () => {
    expect(effectivePayConfig(production(), { stored: {}, balanceEnabled: true, box }).sandbox).toBeNull();
    expect(effectivePayConfig(production(), { stored: { demo_pay: 1 }, balanceEnabled: true, box }).sandbox?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(effectivePayConfig(production({ PAY_SANDBOX: "0" }), { stored: { demo_pay: 1 }, balanceEnabled: true, box }).sandbox).toBeNull();
    expect(effectivePayConfig(production({ PAY_SANDBOX: "1" }), { stored: { demo_pay: 0 }, balanceEnabled: true, box }).sandbox).not.toBeNull();
    expect(effectivePayConfig(production({ PAY_BALANCE: "0" }), { stored: {}, balanceEnabled: true, box }).balance).toBe(false);
  });
});

describe(`production without CONFIG_ENCRYPTION_KEY (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { production: true } });
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  it("refuses to save a secret, says so on the page, and saves nothing", async () => {
    await setConfig(t.app.deps.db, "pay_config", { demo_pay: 1 });
    expect((await t.call<PaySettings>("/shopapi/config/pay", {}, { token: admin })).data.can_save_secrets).toBe(false);
    const refused = await t.call("/shopapi/config/setpay", { ...EMPTY_FORM, alipay_is_open: 1, alipay_app_id: "2021000000000001", alipay_private_key: app.privateKey, alipay_public_key: alipay.publicKey }, { token: admin });
    expect(refused).toMatchObject({ code: Code.ERROR, message: expect.stringContaining("CONFIG_ENCRYPTION_KEY") });
    expect(await t.app.deps.db.selectFrom("config").select("value").where("config_key", "=", "pay_config").executeTakeFirstOrThrow()).toEqual({ value: JSON.stringify({ demo_pay: 1 }) });
  });
});

describe("secret box and the Alipay connection test against a local double", () => {
  it("encrypts with AES-256-GCM: another key or an altered value cannot be read", () => {
    const box = SecretBox.withKey("k".repeat(32));
    const sealed = box.encrypt("secret-value");
    expect(sealed).toMatch(/^enc:v1:/);
    expect(box.decrypt(sealed)).toBe("secret-value");
    expect(SecretBox.withKey("x".repeat(32)).decrypt(sealed)).toBeNull();
    expect(box.decrypt(`${sealed.slice(0, -4)}AAAA`)).toBeNull();
    expect(() => SecretBox.withKey(null).encrypt("x")).toThrow(/CONFIG_ENCRYPTION_KEY/);
    expect(() => SecretBox.fromEnvironment({ CONFIG_ENCRYPTION_KEY: "short" }, { production: true, dataDir: "/tmp" })).toThrow(/至少 32/);
  });

  it("signs the query as Alipay checks it: valid keys pass, a wrong key is refused", async () => {
    // The double verifies the v3 authorization with the app's public key, then answers as Alipay does for an unknown trade.
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const authorization = String(request.headers.authorization ?? "");
        const match = /^ALIPAY-SHA256withRSA (.*),sign=(.+)$/.exec(authorization);
        const signed = match && crypto.createVerify("RSA-SHA256").update(`${match[1]}\n${request.method}\n${request.url}\n${body}\n`).verify(app.publicKey, match[2] ?? "", "base64");
        response.writeHead(signed ? 404 : 401, { "content-type": "application/json" });
        response.end(JSON.stringify(signed ? { code: "ACQ.TRADE_NOT_EXIST", message: "交易不存在" } : { code: "invalid-signature", message: "验签出错" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = (privateKey: string) => ({ appId: "2021000000000001", privateKey, alipayPublicKey: alipay.publicKey, keyType: alipayKeyType(privateKey), gateway: `${origin}/gateway.do`, endpoint: origin });
    try {
      expect(await testGateway("alipay", config(app.privateKey))).toEqual({ pay_type: "alipay", ok: true, message: "支付宝连接正常，密钥有效" });
      const refused = await testGateway("alipay", config(pem().privateKey));
      expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("支付宝拒绝了请求") });
    } finally {
      server.close();
    }
  });

  it("gives up on a gateway that never answers, with a clear message", async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const result = await testGateway("alipay", { appId: "2021000000000001", privateKey: app.privateKey, alipayPublicKey: alipay.publicKey, keyType: "PKCS8", gateway: `${origin}/gateway.do`, endpoint: origin }, 300);
      expect(result).toMatchObject({ ok: false, message: expect.stringContaining("网络不可达或超时") });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
