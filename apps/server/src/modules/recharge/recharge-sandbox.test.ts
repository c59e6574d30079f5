import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayInfo, PayStart, RechargeOrder } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { ledgerSum } from "../account/ledger.ts";
import { notifyLog, postForm } from "../pay/test-helpers.ts";
import { createRecharge, insertPackage, memberFigures } from "./test-fixtures.ts";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A recharge paid as a shopper pays it: cashier → sandbox gateway page → 确认支付 → the notify over HTTP → credited. */
describe("recharge through the sandbox gateway, end to end", () => {
  let t: TestApp;
  let member: TestMember;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    port = await freePort();
    await t.app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("credits the balance once the gateway's notify arrives; the result page's trade shows it paid", async () => {
    const packageId = await insertPackage(t, { face_value_cents: 5000, buy_price_cents: 4800, point: 0, growth: 0 });
    const before = await memberFigures(t, member.member_id);
    const { outTradeNo } = await createRecharge(t, member, packageId);
    const started = await t.request<PayStart>(
      "/api/pay/pay",
      { out_trade_no: outTradeNo, pay_type: "sandbox", return_url: "/web/pay/result" },
      { token: member.token, headers: { host: `127.0.0.1:${port}` } },
    );
    expect(started.body.code).toBe(0);
    const gatewayUrl = new URL((started.body.data as { data: string }).data);
    const page = await t.app.inject({ method: "GET", url: gatewayUrl.pathname + gatewayUrl.search });
    expect(page.body).toContain("¥48.00");
    expect(page.body).toContain("会员充值");

    const confirmed = await postForm(t, "/sandbox-gateway/confirm", Object.fromEntries(gatewayUrl.searchParams));
    expect(confirmed.headers.location).toBe(`http://127.0.0.1:${port}/web/pay/result?code=${outTradeNo}`);
    await t.app.deps.jobs.runDue();

    expect(await notifyLog(t, outTradeNo)).toEqual([{ provider: "sandbox", verified: 1, outcome: "paid", amount_cents: 4800 }]);
    const after = await memberFigures(t, member.member_id);
    expect(after.balance - before.balance).toBe(5000);
    expect(await ledgerSum(t.app.deps.db, member.member_id, "balance")).toBe(after.balance);
    const info = await t.call<PayInfo>("/api/pay/info", { out_trade_no: outTradeNo }, { token: member.token });
    expect(info.data).toMatchObject({ pay_status: 2, pay_type: "sandbox", pay_type_name: "演示支付", trade_kind: "recharge" });
    expect(info.data.recharge).toMatchObject({ status: 1, status_name: "已支付", pay_type_name: "演示支付", auto_close_time: 0 });
    const detail = await t.call<RechargeOrder>("/memberrecharge/api/order/detail", { order_id: info.data.recharge!.order_id }, { token: member.token });
    expect(detail.data.pay_time).toBeGreaterThan(0);
  });
});
