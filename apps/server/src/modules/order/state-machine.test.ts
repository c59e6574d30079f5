import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { createTestOrder } from "./test-fixtures.ts";
import {
  OrderStatus, OrderType, SYSTEM, canTransition, logOrderEvent, orderStatusName, transitionOrder, type Actor, type OrderEvent, type TransitionResult,
} from "./state-machine.ts";

const EVENTS: OrderEvent[] = ["pay", "ship", "take_delivery", "verify", "complete", "close", "refund_close"];
const STATUSES = Object.values(OrderStatus);

/**
 * The transitions the issue and the reference allow, written out here on their own (not derived
 * from the code under test): "event from→to" per order type. Everything else must be refused.
 */
const ALLOWED: Record<number, string[]> = {
  [OrderType.EXPRESS]: ["pay 0→1", "ship 1→3", "take_delivery 3→4", "complete 4→10", "close 0→-1", "refund_close 1→-1", "refund_close 3→-1", "refund_close 4→-1", "refund_close 10→-1"],
  [OrderType.LOCAL]: ["pay 0→1", "ship 1→3", "take_delivery 3→4", "complete 4→10", "close 0→-1", "refund_close 1→-1", "refund_close 3→-1", "refund_close 4→-1", "refund_close 10→-1"],
  [OrderType.PICKUP]: ["pay 0→2", "verify 2→4", "complete 4→10", "close 0→-1", "refund_close 2→-1", "refund_close 4→-1", "refund_close 10→-1"],
  [OrderType.VIRTUAL]: ["pay 0→11", "verify 11→12", "complete 12→10", "close 0→-1", "refund_close 11→-1", "refund_close 12→-1", "refund_close 10→-1"],
};

const TIME_COLUMNS = ["pay_time", "delivery_time", "sign_time", "finish_time", "close_time"] as const;
const STAMPED: Record<OrderEvent, (typeof TIME_COLUMNS)[number]> = {
  pay: "pay_time", ship: "delivery_time", take_delivery: "sign_time", verify: "sign_time", complete: "finish_time", close: "close_time",
  refund_close: "close_time",
};

const staff: Actor = { type: "staff", id: 3, name: "仓库小王" };

describe(`order state machine (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let memberId: number;
  let skuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    memberId = (await registerMember(t)).member_id;
    skuId = (await insertGoods(t.app.deps.db, "状态机商品", { skus: [{ is_default: 1, stock: 10_000 }] })).skuIds[0]!;
  });
  afterAll(() => t.close());

  const newOrder = async (orderType: number) => (await createTestOrder(t.app.deps.db, { memberId, orderType, lines: [{ skuId, num: 1 }] })).orderId;

  const orderRow = (orderId: number) =>
    t.app.deps.db.selectFrom("orders").select(["order_status", "pay_type", ...TIME_COLUMNS]).where("order_id", "=", orderId).executeTakeFirstOrThrow();

  const logRows = (orderId: number) =>
    t.app.deps.db
      .selectFrom("order_log")
      .select(["action", "from_status", "to_status", "actor_type", "actor_id", "actor_name", "remark", "create_time"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute();

  /** Puts the order in `status` directly (test setup), with no time stamped yet. */
  const placeIn = (orderId: number, status: number) =>
    t.app.deps.db
      .updateTable("orders")
      .set({ order_status: status, pay_type: "", pay_time: 0, delivery_time: 0, sign_time: 0, finish_time: 0, close_time: 0 })
      .where("order_id", "=", orderId)
      .execute();

  it.each([
    ["express", OrderType.EXPRESS],
    ["local delivery", OrderType.LOCAL],
    ["pickup", OrderType.PICKUP],
    ["virtual", OrderType.VIRTUAL],
  ])("%s orders: exactly the allowed transitions happen, each logged; every other one is a -1 error that writes nothing", async (_name, orderType) => {
    const orderId = await newOrder(orderType);
    const happened: string[] = [];
    const problems: string[] = [];
    for (const from of STATUSES) {
      for (const event of EVENTS) {
        await placeIn(orderId, from);
        const logsBefore = (await logRows(orderId)).length;
        const startedAt = now();
        let outcome: TransitionResult | undefined;
        let refusal: unknown;
        try {
          outcome = await unitOfWork(t.app.deps.db, (tx) => transitionOrder(tx, orderId, event, staff, `测试${event}`, { pay_type: "marker" }));
        } catch (error) {
          refusal = error;
        }
        const row = await orderRow(orderId);
        const logs = await logRows(orderId);
        const label = `${event} ${from}`;
        if (refusal instanceof BizError) {
          if (refusal.code !== Code.ERROR) problems.push(`${label}: code ${refusal.code}`);
          const expected = `订单当前状态为「${orderStatusName(from, orderType)}」，不能`;
          if (!refusal.message.startsWith(expected)) problems.push(`${label}: message "${refusal.message}"`);
          if (row.order_status !== from || row.pay_type !== "" || TIME_COLUMNS.some((column) => row[column] !== 0)) problems.push(`${label}: refused but the order changed`);
          if (logs.length !== logsBefore) problems.push(`${label}: refused but logged`);
          if (canTransition(event, orderType, from)) problems.push(`${label}: refused though canTransition says yes`);
          continue;
        }
        if (!outcome) {
          problems.push(`${label}: ${String(refusal)}`);
          continue;
        }
        happened.push(`${event} ${outcome.from}→${outcome.to}`);
        if (outcome.from !== from) problems.push(`${label}: from ${outcome.from}`);
        if (row.order_status !== outcome.to) problems.push(`${label}: status ${row.order_status}, not ${outcome.to}`);
        if (row.pay_type !== "marker") problems.push(`${label}: extra columns not written`);
        if (row[STAMPED[event]] < startedAt) problems.push(`${label}: ${STAMPED[event]} not stamped`);
        if (!canTransition(event, orderType, from)) problems.push(`${label}: happened though canTransition says no`);
        const log = logs.at(-1);
        if (logs.length !== logsBefore + 1 || !log) {
          problems.push(`${label}: ${logs.length - logsBefore} log rows`);
          continue;
        }
        expect(log).toMatchObject({ action: event, from_status: from, to_status: outcome.to, actor_type: "staff", actor_id: 3, actor_name: "仓库小王", remark: `测试${event}` });
        expect(log.create_time).toBeGreaterThanOrEqual(startedAt);
      }
    }
    expect(problems).toEqual([]);
    expect(happened.sort()).toEqual([...ALLOWED[orderType]!].sort());
  });

  it("names statuses in Chinese, pickup orders their own way", () => {
    expect(orderStatusName(OrderStatus.WAIT_PAY, OrderType.EXPRESS)).toBe("待支付");
    expect(orderStatusName(OrderStatus.SHIPPED, OrderType.EXPRESS)).toBe("已发货");
    expect(orderStatusName(OrderStatus.CLOSED, OrderType.VIRTUAL)).toBe("已关闭");
    expect(orderStatusName(OrderStatus.WAIT_PICKUP, OrderType.PICKUP)).toBe("待提货");
    expect(orderStatusName(OrderStatus.RECEIVED, OrderType.PICKUP)).toBe("已提货");
    expect(orderStatusName(OrderStatus.WAIT_USE, OrderType.VIRTUAL)).toBe("待使用");
    expect(orderStatusName(99, OrderType.EXPRESS)).toBe("未知状态");
  });

  it("answers a clear error for an order that does not exist, and refuses to run outside a unit of work", async () => {
    await expect(unitOfWork(t.app.deps.db, (tx) => transitionOrder(tx, 987_654, "pay", SYSTEM))).rejects.toMatchObject({ message: "订单不存在", code: Code.ERROR });
    const orderId = await newOrder(OrderType.EXPRESS);
    await expect(transitionOrder(t.app.deps.db, orderId, "close", SYSTEM)).rejects.toThrow(/inside a unit of work/);
    expect((await orderRow(orderId)).order_status).toBe(OrderStatus.WAIT_PAY);
  });

  it("two concurrent transitions of one order: exactly one wins, the other is a -1 error; one log row", async () => {
    for (let round = 0; round < 10; round++) {
      const orderId = await newOrder(OrderType.EXPRESS);
      const member: Actor = { type: "member", id: memberId, name: "买家" };
      const events: OrderEvent[] = round % 2 === 0 ? ["pay", "close"] : ["close", "close"];
      const outcomes = await Promise.allSettled(
        events.map((event) => unitOfWork(t.app.deps.db, (tx) => transitionOrder(tx, orderId, event, event === "pay" ? SYSTEM : member, "并发"))),
      );
      const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(BizError);
      expect(lost[0]!.reason).toMatchObject({ code: Code.ERROR });
      const logs = await logRows(orderId);
      expect(logs).toHaveLength(1);
      expect((await orderRow(orderId)).order_status).toBe(logs[0]!.to_status);
    }
  });

  it("logOrderEvent records an event that changes no status", async () => {
    const orderId = await newOrder(OrderType.EXPRESS);
    await unitOfWork(t.app.deps.db, (tx) => logOrderEvent(tx, orderId, "adjust_price", OrderStatus.WAIT_PAY, staff, "改价：99.00 → 88.00"));
    expect(await logRows(orderId)).toEqual([
      expect.objectContaining({ action: "adjust_price", from_status: 0, to_status: 0, actor_type: "staff", actor_name: "仓库小王", remark: "改价：99.00 → 88.00" }),
    ]);
  });
});
