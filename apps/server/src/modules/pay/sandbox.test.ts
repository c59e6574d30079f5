import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayStart } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { now } from "../../core/time.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { signSandboxRequest } from "./providers/sandbox.ts";
import { SANDBOX_NOTIFY_JOB } from "./sandbox-gateway.ts";
import { appSandboxSecret, insertThirtyYuanSku, notifyLog, orderRow, postForm, unpaidOrder } from "./test-helpers.ts";

/** A port nothing listens on yet (the shop starts listening on it later in the test). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the sandbox gateway, end to end", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    skuId = await insertThirtyYuanSku(t);
    port = await freePort();
  });
  afterAll(() => t.close());

  const notifyJobs = () => t.app.deps.db.selectFrom("job").select(["status", "attempts", "last_error", "payload"]).where("kind", "=", SANDBOX_NOTIFY_JOB).execute();

  /** /api/pay/pay as the shop at http://127.0.0.1:{port} is asked it: the gateway URL's query. */
  async function startSandboxPayment(outTradeNo: string): Promise<URL> {
    const response = await t.request<PayStart>("/api/pay/pay", { out_trade_no: outTradeNo, pay_type: "sandbox" }, { token: member.token, headers: { host: `127.0.0.1:${port}` } });
    expect(response.body.code).toBe(0);
    return new URL((response.body.data as { data: string }).data);
  }

  it("pay → gateway page → 确认支付 → the notify job delivers over HTTP, retried until the shop answers → paid", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const gatewayUrl = await startSandboxPayment(order.outTradeNo);
    expect(gatewayUrl.origin).toBe(`http://127.0.0.1:${port}`);

    const page = await t.app.inject({ method: "GET", url: gatewayUrl.pathname + gatewayUrl.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("¥30.00");
    expect(page.body).toContain("<svg");
    expect(page.body).toContain("确认支付");
    expect(page.body).toContain("取消支付");
    expect(page.body).not.toContain("<script");
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");

    // The page refuses a request whose amount was changed on the way.
    const tampered = new URL(gatewayUrl);
    tampered.searchParams.set("total_amount", "0.01");
    expect((await t.app.inject({ method: "GET", url: tampered.pathname + tampered.search })).statusCode).toBe(400);

    const fields = Object.fromEntries(gatewayUrl.searchParams);
    const confirmed = await postForm(t, "/sandbox-gateway/confirm", fields);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`http://127.0.0.1:${port}/web/pay/result?code=${order.outTradeNo}`);
    // A second click: the gateway collects once.
    await postForm(t, "/sandbox-gateway/confirm", fields);
    expect(await notifyJobs()).toHaveLength(1);

    // The shop is not listening yet: delivery fails and the job waits for its retry.
    await t.app.deps.jobs.runDue();
    const [failed] = await notifyJobs();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.last_error).not.toBe("");
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_PAY);

    await t.app.listen({ port, host: "127.0.0.1" });
    await t.app.deps.jobs.runDue(now() + 31);
    expect(await notifyJobs()).toEqual([expect.objectContaining({ status: "done", attempts: 2 })]);
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_status: OrderStatus.WAIT_SEND, pay_type: "sandbox" });
    expect(await notifyLog(t, order.outTradeNo)).toEqual([{ provider: "sandbox", verified: 1, outcome: "paid", amount_cents: 3000 }]);
  });

  it("取消支付 takes the shopper back to the cashier and sends nothing", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const gatewayUrl = await startSandboxPayment(order.outTradeNo);
    const cancelled = await postForm(t, "/sandbox-gateway/cancel", Object.fromEntries(gatewayUrl.searchParams));
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`http://127.0.0.1:${port}/web/pay?code=${order.outTradeNo}`);
    const jobs = await notifyJobs();
    expect(jobs.filter((job) => job.payload.includes(order.outTradeNo))).toHaveLength(0);
  });

  it("refuses to collect after the trade's time limit", async () => {
    const secret = appSandboxSecret(t);
    const request = signSandboxRequest(
      {
        out_trade_no: "20000000000000000001", total_amount: "30.00", subject: "过期的交易", notify_url: `http://127.0.0.1:${port}/pay/notify/sandbox`,
        return_url: `http://127.0.0.1:${port}/web/pay/result`, quit_url: `http://127.0.0.1:${port}/web/pay`, time_expire: String(now() - 1),
        timestamp: String(now()), sign_type: "HMAC-SHA256",
      },
      secret,
    );
    const page = await t.app.inject({ method: "GET", url: `/sandbox-gateway/pay?${new URLSearchParams({ ...request })}` });
    expect(page.body).toContain("交易已关闭");
    const confirmed = await postForm(t, "/sandbox-gateway/confirm", { ...request });
    expect(confirmed.body).toContain("未扣款");
    expect((await notifyJobs()).filter((job) => job.payload.includes("20000000000000000001"))).toHaveLength(0);
  });
});
