import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderDetail, OrderListPage, Page, TokenResult, VerifyRecord } from "@shop/contract";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { solvedCaptcha } from "../modules/auth/testing.ts";
import { now } from "../core/time.ts";
import { OrderStatus } from "../modules/order/state-machine.ts";
import { SEED_CUSTOMER_ID, SEED_VOUCHER_VALIDITY_DAYS } from "./verify.ts";

/** The seeded verification: the demo member is a verifier with records, and the vouchers carry a validity. */
describe("seeded verification", () => {
  let t: TestApp;
  let token: string;
  const call = <T>(path: string, body: Record<string, unknown> = {}) => t.call<T>(path, body, { token });

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    token = (await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) })).data.token;
  });
  afterAll(() => t.close());

  it("makes the demo member a verifier with three records of a customer's codes, newest first, in the past", async () => {
    expect(await call("/api/verify/checkisverifier")).toMatchObject({ code: 0, data: { verifier_name: "演示核销员" } });
    const records = await call<Page<VerifyRecord>>("/api/verify/lists");
    expect(records.data.list.map((record) => record.verify_type)).toEqual(["pickup", "virtualgoods", "pickup"]);
    const times = records.data.list.map((record) => record.verify_time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((time) => time < now() - 3600)).toBe(true);
    for (const record of records.data.list) {
      expect(record.item_array.length).toBeGreaterThan(0);
      expect(record.remark_array).toContainEqual({ title: "订单编号", value: record.order_no });
    }
    const voucher = records.data.list[1]!;
    const order = await t.app.deps.db.selectFrom("orders").select(["member_id", "order_status", "pay_time", "sign_time", "order_no"]).where("order_id", "=", voucher.order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ member_id: SEED_CUSTOMER_ID, order_status: OrderStatus.USED, sign_time: voucher.verify_time, order_no: voucher.order_no });
    expect(voucher.expire_time).toBe(order.pay_time + SEED_VOUCHER_VALIDITY_DAYS * 86400);
  });

  it("leaves the demo member's own codes to verify, the voucher showing its expiry", async () => {
    const orders = (await call<OrderListPage>("/api/order/lists", { page_size: 50 })).data.list;
    const pickup = orders.find((order) => order.order_status === OrderStatus.WAIT_PICKUP)!;
    const voucher = (await call<OrderDetail>("/api/order/detail", { order_id: orders.find((order) => order.order_status === OrderStatus.WAIT_USE)!.order_id })).data;
    expect(voucher).toMatchObject({ verify_status: 0, verify_status_name: "待使用", verify_expire_time: voucher.pay_time + SEED_VOUCHER_VALIDITY_DAYS * 86400 });
    const pickupDetail = (await call<OrderDetail>("/api/order/detail", { order_id: pickup.order_id })).data;
    expect(await call("/api/verify/verifyInfo", { verify_code: pickupDetail.verify_code })).toMatchObject({ code: 0, data: { verify_status: 0, order_id: pickup.order_id } });
  });
});
