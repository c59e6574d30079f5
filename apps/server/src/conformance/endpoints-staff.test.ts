import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffOrderListItem } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { unitOfWork } from "../db/unit-of-work.ts";
import { settleTrade } from "../modules/pay/trade.ts";
import { OrderStatus, OrderType } from "../modules/order/state-machine.ts";
import { createTestOrder, payTestOrder } from "../modules/order/test-fixtures.ts";
import { ReferenceClient } from "./reference-client.ts";
import { physicalSkus, placeOrder, signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The staff API (docs/api/staff.md; ours: the reference has no such API), called the same way —
 * POST, JSON, the staff token as `token` in the body — and checked for the fields the docs promise.
 */
describe("conformance: staff API", () => {
  let t: TestApp;
  let staff: ReferenceClient;
  let member: ReferenceClient & { memberId: number };
  let skuIds: number[];
  beforeAll(async () => {
    t = await startReferenceShop();
    const login = await new ReferenceClient(t).reads<{ token: string }>("/shopapi/login/login", { username: "admin", password: "admin123456" });
    staff = new ReferenceClient(t, login.token);
    member = await signedInClient(t);
    skuIds = await physicalSkus(t, 2);
  });
  afterAll(() => t.close());

  it("/shopapi/staff/info, /shopapi/express/companies and the order list and detail answer the console's fields", async () => {
    const { orderId } = await placeOrder(t, member, skuIds[0]!);
    await staff.reads("/shopapi/staff/info");
    await staff.reads("/shopapi/express/companies");
    const orders = await staff.reads<Page<StaffOrderListItem>>("/shopapi/order/lists", { page: 1, page_size: 10, order_status: "all" });
    expect(orders.list.map((order) => order.order_id)).toContain(orderId);
    await staff.reads("/shopapi/order/detail", { order_id: orderId });
  });

  it("/shopapi/order/adjustprice, /shopapi/order/close answer for an unpaid order; /shopapi/order/delivery ships a paid one", async () => {
    const unpaid = await placeOrder(t, member, skuIds[0]!);
    await staff.reads("/shopapi/order/adjustprice", { order_id: unpaid.orderId, adjust_money: "-1.00" });
    await staff.reads("/shopapi/order/close", { order_id: unpaid.orderId, reason: "顾客要求" });

    const paid = await createTestOrder(t.app.deps.db, { memberId: member.memberId, lines: [{ skuId: skuIds[1]!, num: 1 }] });
    await payTestOrder(t.app.deps.db, paid);
    const lines = await t.app.deps.db.selectFrom("order_goods").select("order_goods_id").where("order_id", "=", paid.orderId).execute();
    const shipped = await staff.reads<{ order_status: number }>("/shopapi/order/delivery", {
      order_id: paid.orderId, packages: [{ delivery_type: 0, order_goods_ids: lines.map((line) => line.order_goods_id) }],
    });
    expect(shipped.order_status).toBe(OrderStatus.SHIPPED);
  });

  it("/shopapi/order/verify confirms a paid pickup order's code", async () => {
    const pickup = await createTestOrder(t.app.deps.db, {
      memberId: member.memberId, lines: [{ skuId: skuIds[0]!, num: 1 }], orderType: OrderType.PICKUP, verifyCode: "123456789012",
    });
    await payTestOrder(t.app.deps.db, pickup);
    expect(await staff.reads("/shopapi/order/verify", { verify_code: "123456789012" })).toMatchObject({ order_id: pickup.orderId });
  });

  it("/shopapi/pay/refunds lists a payment that came after its order closed, /shopapi/pay/refund queues it", async () => {
    const late = await createTestOrder(t.app.deps.db, { memberId: member.memberId, lines: [{ skuId: skuIds[0]!, num: 1 }] });
    await staff.data("/shopapi/order/close", { order_id: late.orderId });
    await unitOfWork(t.app.deps.db, (tx) =>
      settleTrade(tx, late.outTradeNo, { payType: "sandbox", tradeNo: "SANDBOX-LATE", amountCents: late.payMoneyCents, actor: { type: "system", id: 0, name: "测试" } }),
    );
    const refunds = await staff.reads<Page<{ out_trade_no: string }>>("/shopapi/pay/refunds", { page: 1, page_size: 10 });
    expect(refunds.list.map((row) => row.out_trade_no)).toContain(late.outTradeNo);
    await staff.reads("/shopapi/pay/refund", { out_trade_no: late.outTradeNo });
  });

  it("/shopapi/goods/editskuprice, editskustock and editgoodsstate answer the catalogue changes", async () => {
    await staff.reads("/shopapi/goods/editskuprice", { sku_id: skuIds[0], price: "99.00", market_price: "129.00" });
    await staff.reads("/shopapi/goods/editskustock", { sku_id: skuIds[0], stock: 50 });
    const goods = await t.app.deps.db.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", skuIds[0]!).executeTakeFirstOrThrow();
    expect(await staff.reads("/shopapi/goods/editgoodsstate", { goods_ids: [goods.goods_id], goods_state: 0 })).toEqual({ changed: 1 });
  });

  it("/shopapi/login/logout ends the staff session (then TOKEN_ERROR)", async () => {
    const login = await new ReferenceClient(t).data<{ token: string }>("/shopapi/login/login", { username: "admin", password: "admin123456" });
    const session = new ReferenceClient(t, login.token);
    await session.reads("/shopapi/login/logout");
    expect((await session.refused("/shopapi/staff/info", {}, -10009)).error_code).toBe("TOKEN_ERROR");
  });
});
