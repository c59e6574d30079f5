import { describe, expect, it } from "vitest";
import type { TestApp } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { NOTIFY_RATE_LIMIT } from "./routes.ts";
import { orderRow, postForm, sandboxNotify, unpaidOrder, withPayTestApp } from "./test-helpers.ts";

const NOTIFY = "/pay/notify/sandbox";

/**
 * Anyone can post to the notify routes. What a post that fails verification may cost the shop is
 * bounded: a short sample of its body in the log, and a per-IP budget of posts that a gateway's
 * normal volume never reaches.
 */
describe("limits on unauthenticated notifies", () => {
  let t: TestApp;
  let member: TestMember;
  let skuId: number;
  withPayTestApp((ready) => ({ t, member, skuId } = ready));

  const rawOf = async (outTradeNo: string) =>
    (await t.app.deps.db.selectFrom("pay_notify_log").select(["verified", "raw"]).where("out_trade_no", "=", outTradeNo).orderBy("id").execute());

  it("keeps a 1 KB sample of a notify that fails verification, and the whole body of a verified one", async () => {
    const order = await unpaidOrder(t, member, skuId);
    const valid = sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" });
    const junk = `out_trade_no=${order.outTradeNo}&sign=x&junk=${"中".repeat(20_000)}`;
    expect((await postForm(t, NOTIFY, junk, { ip: "198.51.100.7" })).body).toBe("fail");
    expect((await postForm(t, NOTIFY, valid, { ip: "198.51.100.7" })).body).toBe("success");

    const [rejected, verified] = await rawOf(order.outTradeNo);
    expect(rejected!.verified).toBe(0);
    expect(Buffer.byteLength(rejected!.raw)).toBeLessThanOrEqual(1024);
    expect(junk.startsWith(rejected!.raw)).toBe(true);
    expect(rejected!.raw.length).toBeGreaterThan(300);
    expect(verified).toEqual({ verified: 1, raw: new URLSearchParams(valid).toString() });
  });

  it("answers 429 past the per-IP budget; other senders, a real gateway among them, are still heard", async () => {
    const flooder = "203.0.113.9";
    const statuses: number[] = [];
    for (let index = 0; index < NOTIFY_RATE_LIMIT.max; index += 1) {
      statuses.push((await postForm(t, NOTIFY, `out_trade_no=${index}&sign=forged`, { ip: flooder })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await postForm(t, NOTIFY, "out_trade_no=1&sign=forged", { ip: flooder });
    expect(limited.status).toBe(429);
    const logged = await t.app.deps.db.selectFrom("pay_notify_log").select((eb) => eb.fn.countAll<number>().as("rows")).where("raw", "like", "%sign=forged%").executeTakeFirstOrThrow();
    expect(Number(logged.rows)).toBe(NOTIFY_RATE_LIMIT.max);

    const order = await unpaidOrder(t, member, skuId);
    const gateway = await postForm(t, NOTIFY, sandboxNotify(t, { outTradeNo: order.outTradeNo, totalAmount: "30.00" }), { ip: "198.51.100.20" });
    expect([gateway.status, gateway.body]).toEqual([200, "success"]);
    expect((await orderRow(t, order.orderId)).order_status).toBe(OrderStatus.WAIT_SEND);
  });
});
