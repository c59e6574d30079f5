import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadPayConfig, sandboxSecret } from "./config.ts";

describe("payment configuration", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pay-config-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const dev = { dataDir, developmentMode: true };

  it("offers balance and the sandbox by default, no gateway without keys", () => {
    const config = loadPayConfig({}, dev);
    expect(config.balance).toBe(true);
    expect(config.sandbox?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.alipay).toBeNull();
    expect(config.wechatpay).toBeNull();
  });

  it("turns the sandbox off outside development and test (NODE_ENV=prod too) unless asked, and balance off when told", () => {
    expect(loadPayConfig({}, { dataDir, developmentMode: false }).sandbox).toBeNull();
    expect(loadPayConfig({ PAY_SANDBOX: "1" }, { dataDir, developmentMode: false }).sandbox).not.toBeNull();
    expect(loadPayConfig({ PAY_SANDBOX: "0", PAY_BALANCE: "0" }, dev)).toMatchObject({ sandbox: null, balance: false });
  });

  it("keeps one generated sandbox secret per data directory, unless SANDBOX_PAY_SECRET is set", () => {
    const first = sandboxSecret({}, dataDir);
    expect(sandboxSecret({}, dataDir)).toBe(first);
    expect(fs.statSync(path.join(dataDir, "sandbox-pay-secret")).mode & 0o777).toBe(0o600);
    expect(sandboxSecret({ SANDBOX_PAY_SECRET: "shared" }, dataDir)).toBe("shared");
  });

  it("reads keys inline or from files, and refuses half a gateway at start", () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const keyFile = path.join(dataDir, "app-private.pem");
    fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    const alipay = loadPayConfig(
      { ALIPAY_APP_ID: "2021000000000001", ALIPAY_PRIVATE_KEY_FILE: keyFile, ALIPAY_PUBLIC_KEY: publicKey.export({ type: "spki", format: "pem" }).toString() },
      dev,
    ).alipay;
    expect(alipay).toMatchObject({ appId: "2021000000000001", keyType: "PKCS8", gateway: "https://openapi.alipay.com/gateway.do", endpoint: "https://openapi.alipay.com" });
    expect(() => loadPayConfig({ ALIPAY_APP_ID: "2021000000000001" }, dev)).toThrow(/支付宝 配置不完整，缺少：ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY/);
    expect(() => loadPayConfig({ WECHATPAY_MCH_ID: "1900000001" }, dev)).toThrow(/微信支付 配置不完整/);
    expect(() =>
      loadPayConfig({ WECHATPAY_APP_ID: "wx1", WECHATPAY_MCH_ID: "1", WECHATPAY_PRIVATE_KEY: "k", WECHATPAY_SERIAL_NO: "s", WECHATPAY_API_V3_KEY: "short" }, dev),
    ).toThrow(/32 个字符/);
    expect(() => loadPayConfig({ WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_1" }, dev)).toThrow(/微信支付公钥 配置不完整，缺少：WECHATPAY_PUBLIC_KEY/);
  });
});
