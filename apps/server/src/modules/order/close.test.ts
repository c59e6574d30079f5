import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { ledgerSum } from "../account/ledger.ts";
import { PayStatus, settleTrade } from "../pay/trade.ts";
import { closeOrder } from "./close.ts";
import { OrderStatus, SYSTEM, type Actor } from "./state-machine.ts";
import { createTestOrder, grantAccount } from "./test-fixtures.ts";

describe(`closing an unpaid order (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let skuIds: number[];
  beforeAll(async () => {
    t = await startTestApp();
    ({ skuIds } = await insertGoods(t.app.deps.db, "关闭测试商品", { skus: [{ is_default: 1, stock: 100 }, { stock: 100 }] }));
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const stocks = async () => (await db().selectFrom("goods_sku").select("stock").where("sku_id", "in", skuIds).orderBy("sku_id").execute()).map((row) => row.stock);
  const account = (memberId: number) => db().selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
  const closeRows = (orderId: number) =>
    db().selectFrom("member_account").select(["account_type", "account_data"]).where("from_type", "=", "order_close").where("business_id", "=", String(orderId)).orderBy("account_type").execute();

  /** A member holding ¥100 and 50 points, with an unpaid order (2 + 3 items) that used ¥20 and 20 points. */
  async function memberWithUnpaidOrder() {
    const { member_id: memberId } = await registerMember(t);
    await grantAccount(db(), memberId, "balance", 10_000, `close-test-${memberId}`);
    await grantAccount(db(), memberId, "point", 50, `close-test-${memberId}`);
    const order = await createTestOrder(db(), { memberId, lines: [{ skuId: skuIds[0]!, num: 2 }, { skuId: skuIds[1]!, num: 3 }], balanceCents: 2_000, point: 20 });
    return { memberId, ...order };
  }

  it("gives back the stock of each line, the balance and the points, cancels the open trade, and logs who closed it and why", async () => {
    const stocksBefore = await stocks();
    const { memberId, orderId, outTradeNo } = await memberWithUnpaidOrder();
    expect(await stocks()).toEqual([stocksBefore[0]! - 2, stocksBefore[1]! - 3]);
    expect(await account(memberId)).toEqual({ balance_cents: 8_000, point: 30 });

    const member: Actor = { type: "member", id: memberId, name: "买家" };
    expect(await closeOrder(db(), orderId, member, "不想要了")).toBe(true);

    expect(await stocks()).toEqual(stocksBefore);
    expect(await account(memberId)).toEqual({ balance_cents: 10_000, point: 50 });
    expect(await closeRows(orderId)).toEqual([
      { account_type: "balance", account_data: 2_000 },
      { account_type: "point", account_data: 20 },
    ]);
    expect(await ledgerSum(db(), memberId, "balance")).toBe(10_000);
    expect(await ledgerSum(db(), memberId, "point")).toBe(50);
    const order = await db().selectFrom("orders").select(["order_status", "close_cause", "close_time"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ order_status: OrderStatus.CLOSED, close_cause: "不想要了" });
    expect(order.close_time).toBeGreaterThan(0);
    const trade = await db().selectFrom("pay").select("pay_status").where("out_trade_no", "=", outTradeNo).executeTakeFirstOrThrow();
    expect(trade.pay_status).toBe(PayStatus.CANCELLED);
    const logs = await db().selectFrom("order_log").select(["action", "from_status", "to_status", "actor_type", "actor_id", "remark"]).where("order_id", "=", orderId).execute();
    expect(logs).toEqual([{ action: "close", from_status: 0, to_status: -1, actor_type: "member", actor_id: memberId, remark: "不想要了" }]);
  });

  it("a second close answers false and gives nothing back twice", async () => {
    const { memberId, orderId } = await memberWithUnpaidOrder();
    expect(await closeOrder(db(), orderId, SYSTEM, "超时未支付")).toBe(true);
    const stocksAfterFirst = await stocks();
    expect(await closeOrder(db(), orderId, SYSTEM, "超时未支付")).toBe(false);
    expect(await stocks()).toEqual(stocksAfterFirst);
    expect(await account(memberId)).toEqual({ balance_cents: 10_000, point: 50 });
    expect(await closeRows(orderId)).toHaveLength(2);
  });

  it("ten concurrent closes of one order: one closes it, nine answer false, everything comes back exactly once", async () => {
    const stocksBefore = await stocks();
    const { memberId, orderId } = await memberWithUnpaidOrder();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => closeOrder(db(), orderId, SYSTEM, "超时未支付").catch((error: unknown) => String(error))));
    expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(9);
    expect(await stocks()).toEqual(stocksBefore);
    expect(await account(memberId)).toEqual({ balance_cents: 10_000, point: 50 });
    expect(await closeRows(orderId)).toHaveLength(2);
    expect(await db().selectFrom("order_log").select("id").where("order_id", "=", orderId).where("action", "=", "close").execute()).toHaveLength(1);
  });

  it("does not close a paid order (false, nothing given back)", async () => {
    const { memberId, orderId, outTradeNo, payMoneyCents } = await memberWithUnpaidOrder();
    await unitOfWork(db(), (tx) => settleTrade(tx, outTradeNo, { payType: "sandbox", tradeNo: "T1", amountCents: payMoneyCents, actor: SYSTEM }));
    const stocksPaid = await stocks();
    expect(await closeOrder(db(), orderId, SYSTEM, "超时未支付")).toBe(false);
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status).toBe(OrderStatus.WAIT_SEND);
    expect(await stocks()).toEqual(stocksPaid);
    expect(await account(memberId)).toEqual({ balance_cents: 8_000, point: 30 });
    expect(await closeRows(orderId)).toEqual([]);
  });

  it("a close racing a payment: exactly one of them happens", async () => {
    for (let round = 0; round < 5; round++) {
      const stocksBefore = await stocks();
      const { memberId, orderId, outTradeNo, payMoneyCents } = await memberWithUnpaidOrder();
      const [closed, paid] = await Promise.all([
        closeOrder(db(), orderId, SYSTEM, "超时未支付"),
        unitOfWork(db(), (tx) => settleTrade(tx, outTradeNo, { payType: "sandbox", tradeNo: `R${round}`, amountCents: payMoneyCents, actor: SYSTEM })),
      ]);
      const status = (await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status;
      if (closed) {
        expect(paid).toBe("late"); // money came in for a closed order: flagged for refund
        expect(status).toBe(OrderStatus.CLOSED);
        expect(await stocks()).toEqual(stocksBefore);
        expect(await account(memberId)).toEqual({ balance_cents: 10_000, point: 50 });
      } else {
        expect(paid).toBe("paid");
        expect(status).toBe(OrderStatus.WAIT_SEND);
        expect(await account(memberId)).toEqual({ balance_cents: 8_000, point: 30 });
      }
    }
  });

  it("answers false for an order that does not exist, and rolls back with a caller's unit that fails", async () => {
    expect(await closeOrder(db(), 9_999_999, SYSTEM, "x")).toBe(false);
    const stocksBefore = await stocks();
    const { memberId, orderId } = await memberWithUnpaidOrder();
    await expect(
      unitOfWork(db(), async (tx) => {
        expect(await closeOrder(tx, orderId, SYSTEM, "x")).toBe(true);
        throw new Error("the caller fails afterwards");
      }),
    ).rejects.toThrow("the caller fails afterwards");
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirstOrThrow()).order_status).toBe(OrderStatus.WAIT_PAY);
    expect(await stocks()).toEqual([stocksBefore[0]! - 2, stocksBefore[1]! - 3]);
    expect(await account(memberId)).toEqual({ balance_cents: 8_000, point: 30 });
  });
});
