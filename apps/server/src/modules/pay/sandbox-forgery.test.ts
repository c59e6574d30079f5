import { describe, expect, it } from "vitest";
import type { PayStart } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { canonicalText, sandboxSign, SANDBOX_SIGN_TYPE } from "./providers/sandbox.ts";
import { appSandboxSecret, notifyLog, orderRow, postForm, sandboxNotify, tradeRow, unpaidOrder, withPayTestApp } from "./test-helpers.ts";
import { PayStatus } from "./trade.ts";

const NOTIFY = "/pay/notify/sandbox";

/**
 * The shop signs the sandbox pay request the shopper carries to the gateway, and the gateway signs
 * the notify it posts back. A shopper holding a signed request (with a return_url they chose) must
 * not be able to turn it into a notify that marks their order paid.
 */
describe("sandbox notifies cannot be forged from a signed pay request", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  withPayTestApp((ready) => ({ t, member, skuId } = ready));

  /** /api/pay/pay with the sandbox, as the shop at 127.0.0.1:3000: the gateway URL's fields. */
  async function payRequest(outTradeNo: string, returnUrl: string): Promise<Record<string, string>> {
    const response = await t.request<PayStart>("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox", return_url: returnUrl }, { token: member.token, headers: { host: "127.0.0.1:3000" } });
    expect(response.body.code).toBe(0);
    return Object.fromEntries(new URL((response.body.data as { data: string }).data).searchParams);
  }

  it("refuses a notify re-split from a signed pay request whose return_url carries notify fields; the order stays unpaid", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const T = order.outTradeNo;
    const injected = `a=1&out_trade_no=${T}&total_amount=30.00&trade_status=TRADE_SUCCESS&z=`;
    const request = await payRequest(T, `/web/x?${injected}`);
    // The old signed text was "k=v&k=v" unescaped: the same characters split at other "&"s read as a
    // notify of out_trade_no, total_amount, trade_status — with the request's signature.
    const ru = request.return_url!;
    const cut = ru.indexOf("&out_trade_no=");
    const forged = {
      notify_url: `${request.notify_url}&out_trade_no=${request.out_trade_no}&quit_url=${request.quit_url}&return_url=${ru.slice(0, cut)}`,
      out_trade_no: T,
      total_amount: "30.00",
      trade_status: "TRADE_SUCCESS",
      z: `&${ru.slice(ru.indexOf("&z=") + 4)}&sign_type=${request.sign_type}&subject=${request.subject}&time_expire=${request.time_expire}&timestamp=${request.timestamp}&total_amount=${request.total_amount}`,
      sign: request.sign!,
    };
    expect((await postForm(t, NOTIFY, forged)).body).toBe("fail");
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);
    expect((await tradeRow(t, T)).pay_status).not.toBe(PayStatus.PAID);
    expect(await notifyLog(t, T)).toEqual([expect.objectContaining({ verified: 0 })]);
  });

  it("keeps only the path of the shopper's return_url: their query string never reaches the signed request", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const request = await payRequest(order.outTradeNo, `/web/x?a=1&out_trade_no=${order.outTradeNo}&trade_status=TRADE_SUCCESS#frag`);
    expect(request.return_url).toBe(`http://127.0.0.1:3000/web/x?code=${order.outTradeNo}`);
    // Absolute URLs of our own origin are kept the same way; other sites and non-storefront paths are not followed.
    expect((await payRequest(order.outTradeNo, "http://127.0.0.1:3000/web/pay/resultall?code=1")).return_url).toBe(`http://127.0.0.1:3000/web/pay/resultall?code=${order.outTradeNo}`);
    for (const elsewhere of ["https://evil.example/web/pay/result", "//evil.example/web/x", "/api/pay/pay", "javascript:alert(1)"]) {
      expect((await payRequest(order.outTradeNo, elsewhere)).return_url, elsewhere).toBe(`http://127.0.0.1:3000/web/pay/result?code=${order.outTradeNo}`);
    }
  });

  it("accepts a notify only with exactly its fields, each once, signed with the notify key", async () => {
    const secret = appSandboxSecret(t);
    const order = await unpaidOrder(t, member, skuId);
    const valid = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" });
    const { sign: _sign, ...unsigned } = valid;

    const withExtra = { ...unsigned, return_url: "/web/x" };
    expect((await postForm(t, NOTIFY, { ...withExtra, sign: sandboxSign(withExtra, secret, "notify") })).body).toBe("fail");
    const { notify_id: _id, ...missing } = unsigned;
    expect((await postForm(t, NOTIFY, { ...missing, sign: sandboxSign(missing, secret, "notify") })).body).toBe("fail");
    // A field repeated (even with the same value) is not a notify the gateway sends.
    expect((await postForm(t, NOTIFY, `${new URLSearchParams(valid)}&trade_status=TRADE_SUCCESS`)).body).toBe("fail");
    // The request key (what the shop signs pay requests with) does not sign notifies.
    expect((await postForm(t, NOTIFY, { ...unsigned, sign: sandboxSign(unsigned, secret, "request") })).body).toBe("fail");
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);
    expect((await notifyLog(t, order.outTradeNo)).map((row) => [row.verified, row.outcome])).toEqual([
      [0, "malformed"], [0, "malformed"], [0, "malformed"], [0, "bad_signature"],
    ]);

    expect((await postForm(t, NOTIFY, valid)).body).toBe("success");
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_SEND);
  });

  it("signs an unambiguous text: a value holding & and = is not the fields it imitates", () => {
    const secret = "a-secret";
    const split = { a: "1", b: "2", sign_type: SANDBOX_SIGN_TYPE };
    const joined = { a: "1&b=2", sign_type: SANDBOX_SIGN_TYPE };
    expect(canonicalText(joined)).not.toBe(canonicalText(split));
    expect(sandboxSign(joined, secret, "notify")).not.toBe(sandboxSign(split, secret, "notify"));
    expect(canonicalText({ "k=": "v&", b: "%26" })).toBe("b=%2526&k%3D=v%26");
    // The two purposes never share a signature.
    expect(sandboxSign(split, secret, "request")).not.toBe(sandboxSign(split, secret, "notify"));
  });
});
