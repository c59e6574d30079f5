import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { grantAccount, loginTestStaff, untilFinishedOrWaitingOn } from "../order/test-fixtures.ts";
import { OrderStatus } from "../order/state-machine.ts";
import { applyRefund } from "../refund/apply.ts";
import { markShipped, paidOrder } from "../refund/test-fixtures.ts";
import { CODE_MESSAGES } from "./verify-service.ts";
import { codeOrder } from "./test-fixtures.ts";

/**
 * A refund being opened while a code is used, or while the member confirms receipt: the second
 * unit reads the order's lines only after taking the order's row lock (ADR 0012), so it sees the
 * refund the first one opened. Set up so the two always meet (the refund's unit stays open until
 * the other call waits for its lock: untilFinishedOrWaitingOn; on SQLite one unit at a time anyway).
 */
describe(`refunds opened while the order moves on (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let buyer: TestMember;
  let sku: number;
  const db = () => t.app.deps.db;
  const statusOf = async (orderId: number) =>
    (await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    buyer = await registerMember(t);
    sku = (await insertGoods(db(), "并发退款自提茶", { skus: [{ is_default: 1, discount_price_cents: 1000, price_cents: 1000, stock: 1000 }] })).skuIds[0]!;
    await grantAccount(db(), buyer.member_id, "balance", 100_000, `verify-refund-${buyer.member_id}`);
  });
  afterAll(() => t.close());

  it("a code used while a refund of its order is being opened: the verification waits, then refuses (退款正在处理)", async () => {
    const order = await codeOrder(t, buyer.member_id, sku);
    const [line] = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).execute();
    let verify!: Promise<Envelope<unknown>>;
    await unitOfWork(db(), async (tx) => {
      await applyRefund(tx, buyer.member_id, { order_goods_id: line!.order_goods_id, refund_type: 1, refund_reason: "协商一致退款", refund_remark: "", refund_images: [] });
      verify = t.call("/shopapi/order/verify", { verify_code: order.code }, { token: admin });
      await untilFinishedOrWaitingOn(tx, verify);
    });
    expect(await verify).toMatchObject({ code: -1, message: CODE_MESSAGES.refunding });
    expect(await statusOf(order.orderId)).toBe(OrderStatus.WAIT_PICKUP);
    expect(await db().selectFrom("verify_record").select("id").where("order_id", "=", order.orderId).execute()).toEqual([]);
  });

  it("receipt confirmed while a refund of the order is being opened: the receipt waits, then refuses (正在退款中)", async () => {
    const order = await paidOrder(db(), { memberId: buyer.member_id, lines: [{ skuId: sku, num: 1 }] });
    await markShipped(db(), order.orderId);
    let receive!: Promise<Envelope<unknown>>;
    await unitOfWork(db(), async (tx) => {
      await applyRefund(tx, buyer.member_id, { order_goods_id: order.lineIds[0]!, refund_type: 1, refund_reason: "协商一致退款", refund_remark: "", refund_images: [] });
      receive = t.call("/api/order/takedelivery", { order_id: order.orderId }, { token: buyer.token });
      await untilFinishedOrWaitingOn(tx, receive);
    });
    expect(await receive).toMatchObject({ code: -1, message: "订单有商品正在退款中，请等待退款处理完成后再确认收货" });
    expect(await statusOf(order.orderId)).toBe(OrderStatus.SHIPPED);
  });
});
