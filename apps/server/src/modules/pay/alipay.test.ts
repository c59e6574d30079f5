import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PayStart, PayTypes } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { AlipaySdk } from "alipay-sdk";
import { AlipayProvider } from "./providers/alipay.ts";
import { insertThirtyYuanSku, notifyLog, orderRow, postForm, unpaidOrder } from "./test-helpers.ts";

/**
 * Alipay's signing and verification with locally generated keys (no gateway is reachable here):
 * the app's key pair signs our requests, a second pair stands in for Alipay's.
 */
const rsaPair = () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const appKeys = rsaPair();
const alipayKeys = rsaPair();
const APP_ID = "2021000000000001";
const pem = (key: crypto.KeyObject, type: "pkcs1" | "pkcs8" | "spki") =>
  key.export({ type, format: "pem" } as crypto.KeyExportOptions<"pem">).toString();

const provider = new AlipayProvider({
  appId: APP_ID,
  privateKey: pem(appKeys.privateKey, "pkcs1"),
  alipayPublicKey: pem(alipayKeys.publicKey, "spki"),
  keyType: "PKCS1",
  gateway: "https://openapi.alipay.com/gateway.do",
  endpoint: "https://openapi.alipay.com",
});

/** A trade_status_sync notify as Alipay posts it: every field but sign and sign_type, sorted, signed RSA2. */
function alipayNotify(fields: Record<string, string>, signingKey = alipayKeys.privateKey): Record<string, string> {
  const params: Record<string, string> = {
    gmt_create: "2025-01-02 10:00:00", charset: "utf-8", seller_email: "shop@example.com", subject: "测试保温杯 500ml",
    buyer_id: "2088102177846880", invoice_amount: "30.00", notify_id: crypto.randomUUID(),
    fund_bill_list: '[{"amount":"30.00","fundChannel":"ALIPAYACCOUNT"}]', notify_type: "trade_status_sync", trade_status: "TRADE_SUCCESS",
    receipt_amount: "30.00", app_id: APP_ID, buyer_pay_amount: "30.00", version: "1.0", notify_time: "2025-01-02 10:00:05",
    trade_no: "2025010222001446880500000001", total_amount: "30.00", point_amount: "0.00", auth_app_id: APP_ID,
    ...fields,
  };
  const content = Object.keys(params).sort().map((key) => `${key}=${params[key]}`).join("&");
  const sign = crypto.createSign("RSA-SHA256").update(content, "utf8").sign(signingKey, "base64");
  return { ...params, sign, sign_type: "RSA2" };
}

const asRequest = (fields: Record<string, string>) => ({ rawBody: new URLSearchParams(fields).toString(), headers: {} });

describe("Alipay provider (alipay-sdk, RSA2)", () => {
  it("signs the page-pay link with the app's private key", async () => {
    const started = await provider.createPayment(
      { outTradeNo: "2501021000000000000001", amountCents: 3000, subject: "测试保温杯 500ml", expireTime: 1_735_783_200 },
      { origin: "https://shop.example", notifyUrl: "https://shop.example/pay/notify/alipay", returnUrl: "https://shop.example/web/pay/result?code=1", quitUrl: "", clientIp: "1.2.3.4" },
    );
    expect(started.type).toBe("url");
    const url = new URL((started as { data: string }).data);
    expect(url.origin + url.pathname).toBe("https://openapi.alipay.com/gateway.do");
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ method: "alipay.trade.page.pay", app_id: APP_ID, sign_type: "RSA2", notify_url: "https://shop.example/pay/notify/alipay" });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: "2501021000000000000001", product_code: "FAST_INSTANT_TRADE_PAY", total_amount: "30.00", subject: "测试保温杯 500ml",
      time_expire: "2025-01-02 10:00:00",
    });
    const { sign, ...signed } = params;
    const content = Object.keys(signed).sort().map((key) => `${key}=${signed[key]}`).join("&");
    expect(crypto.createVerify("RSA-SHA256").update(content, "utf8").verify(appKeys.publicKey, sign!, "base64")).toBe(true);
  });

  it("accepts a notify signed by Alipay and reads it", async () => {
    const verdict = await provider.verifyNotify(asRequest(alipayNotify({ out_trade_no: "2501021000000000000001" })));
    expect(verdict).toEqual({ ok: true, outTradeNo: "2501021000000000000001", tradeNo: "2025010222001446880500000001", amountCents: 3000, paid: true });
    const waiting = await provider.verifyNotify(asRequest(alipayNotify({ out_trade_no: "1", trade_status: "WAIT_BUYER_PAY" })));
    expect(waiting).toMatchObject({ ok: true, paid: false });
  });

  it("rejects a tampered notify, another key's signature, another app's notify and an unsigned one", async () => {
    const tampered = { ...alipayNotify({ out_trade_no: "1" }), total_amount: "0.01" };
    expect(await provider.verifyNotify(asRequest(tampered))).toMatchObject({ ok: false, reason: "bad_signature" });
    const otherKey = alipayNotify({ out_trade_no: "1" }, rsaPair().privateKey);
    expect(await provider.verifyNotify(asRequest(otherKey))).toMatchObject({ ok: false, reason: "bad_signature" });
    const otherApp = alipayNotify({ out_trade_no: "1", app_id: "2021999999999999" });
    expect(await provider.verifyNotify(asRequest(otherApp))).toMatchObject({ ok: false, reason: "bad_signature" });
    const { sign: _sign, ...unsigned } = alipayNotify({ out_trade_no: "1" });
    expect(await provider.verifyNotify(asRequest(unsigned))).toMatchObject({ ok: false, reason: "malformed" });
    expect(await provider.verifyNotify({ rawBody: "%%%garbage", headers: {} })).toMatchObject({ ok: false });
  });

  it("answers Alipay in plain text", () => {
    expect(provider.notifyReply(true)).toMatchObject({ status: 200, body: "success" });
    expect(provider.notifyReply(false)).toMatchObject({ status: 200, body: "fail" });
  });
});

describe("Alipay enabled by configuration, notified over its route", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  beforeAll(async () => {
    vi.stubEnv("ALIPAY_APP_ID", APP_ID);
    vi.stubEnv("ALIPAY_PRIVATE_KEY", pem(appKeys.privateKey, "pkcs8"));
    vi.stubEnv("ALIPAY_PUBLIC_KEY", pem(alipayKeys.publicKey, "spki"));
    t = await startTestApp();
    member = await registerMember(t);
    skuId = await insertThirtyYuanSku(t);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t.close();
  });

  it("offers Alipay and pays an order on its notify, once", async () => {
    expect((await t.call<PayTypes>("/api/pay/type", {}, { token: member.token })).data.pay_type).toBe("balance,sandbox,alipay");
    const order = await unpaidOrder(t, member, skuId);
    const started = await t.call<PayStart>("/api/pay/pay", { out_trade_no: order.outTradeNo, pay_type: "alipay" }, { token: member.token });
    expect(started.data.type).toBe("url");
    expect((started.data as { data: string }).data).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);

    const notify = alipayNotify({ out_trade_no: order.outTradeNo });
    expect((await postForm(t, "/pay/notify/alipay", { ...notify, total_amount: "0.30" })).body).toBe("fail");
    expect((await postForm(t, "/pay/notify/alipay", notify)).body).toBe("success");
    expect((await postForm(t, "/pay/notify/alipay", notify)).body).toBe("success");
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_type: "alipay" });
    expect((await notifyLog(t, order.outTradeNo)).map((row) => [row.provider, row.verified, row.outcome])).toEqual([
      ["alipay", 0, "bad_signature"],
      ["alipay", 1, "paid"],
      ["alipay", 1, "already_paid"],
    ]);
  });
});

describe("Alipay refunds: the answer is the result (no refund notify)", () => {
  const request = { outTradeNo: "2501021000000000000002", tradeNo: "2025010222001446880500000001", refundCents: 1250, totalCents: 3000, outRefundNo: "RF2501021034560000001", reason: "订单退款" };
  afterAll(() => vi.restoreAllMocks());
  const answers = (...data: object[]) => {
    const curl = vi.spyOn(AlipaySdk.prototype, "curl");
    for (const body of data) curl.mockResolvedValueOnce({ data: body, responseHttpStatus: 200, traceId: "t" });
    return curl;
  };

  it("fund_change Y: refunded now", async () => {
    const curl = answers({ fund_change: "Y", trade_no: request.tradeNo });
    expect(await provider.refund(request)).toEqual({ status: "SUCCESS", gatewayRefundNo: request.tradeNo });
    expect(curl.mock.calls[0]!.slice(0, 2)).toEqual(["POST", "/v3/alipay/trade/refund"]);
    expect(curl.mock.calls[0]![2]).toMatchObject({ body: { out_request_no: request.outRefundNo, refund_amount: "12.50" } });
    curl.mockRestore();
  });

  it("fund_change N: the refund query decides — REFUND_SUCCESS is the result, anything else throws so the job asks again", async () => {
    let curl = answers({ fund_change: "N" }, { refund_status: "REFUND_SUCCESS", trade_no: request.tradeNo });
    expect(await provider.refund(request)).toMatchObject({ status: "SUCCESS" });
    expect(curl.mock.calls[1]!.slice(0, 2)).toEqual(["POST", "/v3/alipay/trade/fastpay/refund/query"]);
    curl.mockRestore();
    curl = answers({ fund_change: "N" }, {});
    await expect(provider.refund(request)).rejects.toThrow("支付宝退款未完成");
    curl.mockRestore();
  });
});
