import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PayTypes } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { WechatPayProvider, type WechatPayConfig } from "./providers/wechatpay.ts";
import { insertThirtyYuanSku, notifyLog, orderRow, unpaidOrder } from "./test-helpers.ts";

/**
 * WeChat Pay v3 verification with locally generated keys (no gateway is reachable here): a key
 * pair stands in for WeChat Pay's (微信支付公钥 mode), the APIv3 key encrypts the resource.
 */
const rsaPair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const merchantKeys = rsaPair();
const platformKeys = rsaPair();
const pem = (key: crypto.KeyObject, type: "pkcs8" | "spki") => key.export({ type, format: "pem" } as crypto.KeyExportOptions<"pem">).toString();

const CONFIG: WechatPayConfig = {
  appId: "wx1234567890abcdef",
  mchId: "1900000001",
  privateKey: pem(merchantKeys.privateKey, "pkcs8"),
  serialNo: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  apiV3Key: "0123456789abcdef0123456789ABCDEF",
  platformPublicKey: pem(platformKeys.publicKey, "spki"),
  platformPublicKeyId: "PUB_KEY_ID_0119000000012025010200000000000001",
};
const provider = new WechatPayProvider(CONFIG);

interface NotifyOptions {
  transaction?: Record<string, unknown>;
  eventType?: string;
  signingKey?: crypto.KeyObject;
  encryptionKey?: string;
  serial?: string;
  timestamp?: number;
}

/** A TRANSACTION.SUCCESS notify as WeChat Pay posts it: the resource AES-256-GCM encrypted, the body v3-signed. */
function wechatNotify(outTradeNo: string, options: NotifyOptions = {}) {
  const transaction = {
    mchid: CONFIG.mchId, appid: CONFIG.appId, out_trade_no: outTradeNo, transaction_id: "4200002500202501020000000001",
    trade_type: "NATIVE", trade_state: "SUCCESS", trade_state_desc: "支付成功", bank_type: "OTHERS", attach: "",
    success_time: "2025-01-02T10:00:05+08:00", payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    amount: { total: 3000, payer_total: 3000, currency: "CNY", payer_currency: "CNY" },
    ...options.transaction,
  };
  const nonce = crypto.randomBytes(6).toString("hex");
  const cipher = crypto.createCipheriv("aes-256-gcm", options.encryptionKey ?? CONFIG.apiV3Key, nonce);
  cipher.setAAD(Buffer.from("transaction"));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), "utf8"), cipher.final(), cipher.getAuthTag()]).toString("base64");
  const rawBody = JSON.stringify({
    id: crypto.randomUUID(), create_time: "2025-01-02T10:00:06+08:00", resource_type: "encrypt-resource",
    event_type: options.eventType ?? "TRANSACTION.SUCCESS", summary: "支付成功",
    resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: "transaction", nonce },
  });
  const timestamp = String(options.timestamp ?? now());
  const headerNonce = crypto.randomBytes(16).toString("hex");
  const signature = crypto.createSign("RSA-SHA256").update(`${timestamp}\n${headerNonce}\n${rawBody}\n`).sign(options.signingKey ?? platformKeys.privateKey, "base64");
  const headers = {
    "content-type": "application/json",
    "wechatpay-timestamp": timestamp,
    "wechatpay-nonce": headerNonce,
    "wechatpay-signature": signature,
    "wechatpay-serial": options.serial ?? CONFIG.platformPublicKeyId!,
  };
  return { rawBody, headers };
}

describe("WeChat Pay provider (wechatpay-node-v3, API v3)", () => {
  it("accepts a notify signed by WeChat Pay and decrypts its resource", async () => {
    expect(await provider.verifyNotify(wechatNotify("2501021000000000000002"))).toEqual({
      ok: true, outTradeNo: "2501021000000000000002", tradeNo: "4200002500202501020000000001", amountCents: 3000, paid: true,
    });
    const refundEvent = wechatNotify("1", { eventType: "REFUND.SUCCESS" });
    expect(await provider.verifyNotify(refundEvent)).toMatchObject({ ok: true, paid: false });
  });

  it("rejects a tampered body, another key, an unknown serial, a stale timestamp, a foreign merchant and a wrong APIv3 key", async () => {
    const genuine = wechatNotify("1");
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace("支付成功", "支付成功 ") };
    expect(await provider.verifyNotify(tampered)).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatNotify("1", { signingKey: rsaPair().privateKey }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatNotify("1", { serial: "PUB_KEY_ID_OTHER" }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatNotify("1", { timestamp: now() - 3600 }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatNotify("1", { transaction: { mchid: "1900009999" } }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatNotify("1", { encryptionKey: "ffffffffffffffffffffffffffffffff" }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await provider.verifyNotify({ rawBody: "{}", headers: {} })).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("answers WeChat Pay in JSON: 200 to acknowledge, 4xx with FAIL to be sent again", () => {
    expect(provider.notifyReply(true, "paid")).toEqual({ status: 200, contentType: "application/json; charset=utf-8", body: '{"code":"SUCCESS","message":"成功"}' });
    expect(provider.notifyReply(false, "签名无效")).toMatchObject({ status: 400, body: '{"code":"FAIL","message":"签名无效"}' });
  });
});

describe("WeChat Pay enabled by configuration, notified over its route", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  beforeAll(async () => {
    vi.stubEnv("WECHATPAY_APP_ID", CONFIG.appId);
    vi.stubEnv("WECHATPAY_MCH_ID", CONFIG.mchId);
    vi.stubEnv("WECHATPAY_PRIVATE_KEY", CONFIG.privateKey);
    vi.stubEnv("WECHATPAY_SERIAL_NO", CONFIG.serialNo);
    vi.stubEnv("WECHATPAY_API_V3_KEY", CONFIG.apiV3Key);
    vi.stubEnv("WECHATPAY_PUBLIC_KEY", CONFIG.platformPublicKey!);
    vi.stubEnv("WECHATPAY_PUBLIC_KEY_ID", CONFIG.platformPublicKeyId!);
    t = await startTestApp();
    member = await registerMember(t);
    skuId = await insertThirtyYuanSku(t);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
  });

  const post = (notify: ReturnType<typeof wechatNotify>) => t.app.inject({ method: "POST", url: "/pay/notify/wechatpay", payload: notify.rawBody, headers: notify.headers });

  it("offers WeChat Pay and pays an order on its notify; a forged one is refused and logged", async () => {
    expect((await t.call<PayTypes>("/api/pay/type", {}, { token: member.token })).data.pay_type).toBe("balance,sandbox,wechatpay");
    const order = await unpaidOrder(t, member, skuId);
    const forged = await post(wechatNotify(order.outTradeNo, { signingKey: rsaPair().privateKey }));
    expect([forged.statusCode, forged.json().code]).toEqual([400, "FAIL"]);
    const altered = await post(wechatNotify(order.outTradeNo, { transaction: { amount: { total: 1 } } }));
    expect([altered.statusCode, altered.json().code]).toEqual([400, "FAIL"]);

    const notify = wechatNotify(order.outTradeNo);
    const accepted = await post(notify);
    expect([accepted.statusCode, accepted.json().code]).toEqual([200, "SUCCESS"]);
    expect((await post(notify)).statusCode).toBe(200);
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_type: "wechatpay" });
    expect((await notifyLog(t, order.outTradeNo)).map((row) => [row.verified, row.outcome, row.amount_cents])).toEqual([
      [1, "amount_mismatch", 1],
      [1, "paid", 3000],
      [1, "already_paid", 3000],
    ]);
    // The forged one never named a trade it could be trusted about: logged without one.
    const forgedRows = await t.app.deps.db.selectFrom("pay_notify_log").select(["outcome", "verified"]).where("provider", "=", "wechatpay").where("out_trade_no", "=", "").execute();
    expect(forgedRows).toEqual([{ outcome: "bad_signature", verified: 0 }]);
  });
});
