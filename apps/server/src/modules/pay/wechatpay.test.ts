import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PayTypes } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { WechatPayProvider } from "./providers/wechatpay.ts";
import { rsaPair, signedWechatNotify, stubWechatPayEnv, WECHAT_TEST_CONFIG, wechatRefundNotify, type SignOptions } from "./wechatpay-testing.ts";
import { insertThirtyYuanSku, notifyLog, orderRow, unpaidOrder } from "./test-helpers.ts";

/** WeChat Pay v3 verification with locally generated keys (no gateway is reachable here): wechatpay-testing.ts. */
const CONFIG = WECHAT_TEST_CONFIG;
const provider = new WechatPayProvider(CONFIG);

interface NotifyOptions extends SignOptions {
  transaction?: Record<string, unknown>;
  eventType?: string;
}

/** A TRANSACTION.SUCCESS notify as WeChat Pay posts it. */
function wechatNotify(outTradeNo: string, options: NotifyOptions = {}) {
  const transaction = {
    mchid: CONFIG.mchId, appid: CONFIG.appId, out_trade_no: outTradeNo, transaction_id: "4200002500202501020000000001",
    trade_type: "NATIVE", trade_state: "SUCCESS", trade_state_desc: "支付成功", bank_type: "OTHERS", attach: "",
    success_time: "2025-01-02T10:00:05+08:00", payer: { openid: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" },
    amount: { total: 3000, payer_total: 3000, currency: "CNY", payer_currency: "CNY" },
    ...options.transaction,
  };
  return signedWechatNotify({ eventType: options.eventType ?? "TRANSACTION.SUCCESS", summary: "支付成功", originalType: "transaction", resource: transaction }, options);
}

describe("WeChat Pay provider (wechatpay-node-v3, API v3)", () => {
  it("accepts a notify signed by WeChat Pay and decrypts its resource", async () => {
    expect(await provider.verifyNotify(wechatNotify("2501021000000000000002"))).toEqual({
      ok: true, outTradeNo: "2501021000000000000002", tradeNo: "4200002500202501020000000001", amountCents: 3000, paid: true,
    });
    expect(await provider.verifyNotify(wechatNotify("2501021000000000000002", { eventType: "TRANSACTION.CLOSED" }))).toMatchObject({ ok: true, paid: false });
  });

  it("reads a REFUND.* notify as a refund result, verified the same way", async () => {
    const refund = { outRefundNo: "RF2501021034560000001", outTradeNo: "2501021000000000000002", refundCents: 1250, totalCents: 3000 };
    expect(await provider.verifyNotify(wechatRefundNotify(refund))).toEqual({
      ok: true,
      refund: {
        outRefundNo: refund.outRefundNo, outTradeNo: refund.outTradeNo, gatewayRefundNo: "50300002012025010200000000001", amountCents: 1250,
        status: "SUCCESS", receivedAccount: "招商银行信用卡0403",
      },
    });
    expect(await provider.verifyNotify(wechatRefundNotify({ ...refund, status: "ABNORMAL" }))).toMatchObject({ ok: true, refund: { status: "ABNORMAL" } });
    expect(await provider.verifyNotify(wechatRefundNotify({ ...refund, status: "CLOSED" }))).toMatchObject({ ok: true, refund: { status: "CLOSED" } });
    // forged, another merchant, an event that contradicts its resource, no amount
    expect(await provider.verifyNotify(wechatRefundNotify(refund, { signingKey: rsaPair().privateKey }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatRefundNotify(refund, { resource: { mchid: "1900009999" } }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await provider.verifyNotify(wechatRefundNotify(refund, { resource: { refund_status: "ABNORMAL" } }))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await provider.verifyNotify(wechatRefundNotify(refund, { resource: { amount: { total: 3000 } } }))).toMatchObject({ ok: false, reason: "malformed" });
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
    stubWechatPayEnv();
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
