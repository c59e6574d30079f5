import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { checkStaffToken } from "../staff/tokens.ts";
import { settleWithBalance } from "../pay/balance.ts";
import { PayStatus } from "../pay/trade.ts";
import { ORDER_JOBS } from "./close.ts";
import { shipOrder } from "./ship.ts";
import { OrderStatus } from "./state-machine.ts";
import { createTestOrder, grantAccount, insertExpressCompany, loginTestStaff, payTestOrder, untilFinishedOrWaitingOn, type TestOrder } from "./test-fixtures.ts";

/**
 * Staff actions meeting another request on the same order at the same moment. Each race is set up
 * so the two always meet: the first unit stays open while the second starts and reaches the database
 * (see untilFinishedOrWaitingOn); on SQLite the units simply run one after the other.
 */
describe(`staff order actions racing (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  let cupSku: number;
  let teaSku: number;
  let sf: number;

  const db = () => t.app.deps.db;
  const staffCall = <T>(path: string, body: object) => t.call<T>(path, body, { token: admin });
  const orderRow = (target: TestOrder) =>
    db().selectFrom("orders").select(["order_status", "pay_money_cents", "out_trade_no"]).where("order_id", "=", target.orderId).executeTakeFirstOrThrow();
  const lineIds = async (target: TestOrder) =>
    (await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", target.orderId).orderBy("order_goods_id").execute()).map((row) => row.order_goods_id);
  const balanceOf = async () => (await db().selectFrom("member").select("balance_cents").where("member_id", "=", member.member_id).executeTakeFirstOrThrow()).balance_cents;

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    cupSku = (await insertGoods(db(), "竞速茶杯", { goods: { price_cents: 1000, goods_stock: 1000 } })).skuIds[0]!;
    teaSku = (await insertGoods(db(), "竞速茶叶", { goods: { price_cents: 2000, goods_stock: 1000 } })).skuIds[0]!;
    sf = await insertExpressCompany(db(), "顺丰速运", "SF");
    await grantAccount(db(), member.member_id, "balance", 1_000_000, `races-${member.member_id}`);
  });
  afterAll(() => t.close());

  it("two staff shipping different lines of one order at once: the last one moves it to 已发货 and starts the auto-receive timer", async () => {
    const target = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: cupSku, num: 1 }, { skuId: teaSku, num: 1 }] });
    await payTestOrder(db(), target);
    const [cupLine, teaLine] = await lineIds(target);
    const check = await checkStaffToken(db(), admin);
    if (!check.ok) throw new Error("staff token");
    const firstStaff = { staff: check.staff, ip: "192.0.2.1" };

    let second!: Promise<Awaited<ReturnType<typeof staffCall<{ order_status: number }>>>>;
    const first = await unitOfWork(db(), async (tx) => {
      const shipped = await shipOrder(tx, firstStaff, target.orderId, [{ delivery_type: 1, express_company_id: sf, delivery_no: "SF-A", order_goods_ids: [cupLine!], trace: [] }]);
      second = staffCall("/shopapi/order/delivery", { order_id: target.orderId, packages: [{ express_company_id: sf, delivery_no: "SF-B", order_goods_ids: [teaLine] }] });
      await untilFinishedOrWaitingOn(tx, second);
      return shipped;
    });
    const secondResponse = await second;

    expect(first.order_status).toBe(OrderStatus.WAIT_SEND);
    expect(secondResponse.code, secondResponse.message).toBe(0);
    expect(secondResponse.data.order_status).toBe(OrderStatus.SHIPPED);
    expect((await orderRow(target)).order_status).toBe(OrderStatus.SHIPPED);
    const packages = await db().selectFrom("order_package").select(["package_name", "delivery_no"]).where("order_id", "=", target.orderId).orderBy("package_id").execute();
    expect(packages).toEqual([{ package_name: "包裹1", delivery_no: "SF-A" }, { package_name: "包裹2", delivery_no: "SF-B" }]);
    const logs = await db().selectFrom("order_log").select("action").where("order_id", "=", target.orderId).orderBy("id").execute();
    expect(logs.map((log) => log.action)).toEqual(["pay", "ship_package", "ship"]);
    const job = await db().selectFrom("job").select("status").where("dedupe_key", "=", `${ORDER_JOBS.autoReceive}:${target.orderId}`).executeTakeFirst();
    expect(job?.status).toBe("pending");
    // and the member can confirm receipt
    expect((await t.call("/api/order/takedelivery", { order_id: target.orderId }, { token: member.token })).code).toBe(0);
  });

  it("a price adjustment meeting a balance payment in progress waits for it (no deadlock) and is then refused: the order is paid", async () => {
    const target = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: cupSku, num: 1 }] });
    const balanceBefore = await balanceOf();
    const payer = { type: "member" as const, id: member.member_id, name: member.username };

    let adjust!: ReturnType<typeof staffCall>;
    await unitOfWork(db(), async (tx) => {
      // As the cashier's unit does: the trade is taken (marked 支付中) first, then settled with the balance.
      await tx.updateTable("pay").set({ pay_status: PayStatus.PAYING, pay_type: "balance" }).where("out_trade_no", "=", target.outTradeNo).execute();
      adjust = staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-1.00" });
      await untilFinishedOrWaitingOn(tx, adjust);
      await settleWithBalance(tx, { outTradeNo: target.outTradeNo, amountCents: target.payMoneyCents }, payer);
    });
    expect(await adjust).toMatchObject({ code: -1, message: "订单当前状态为「待发货」，不能调整价格" });

    expect(await orderRow(target)).toEqual({ order_status: OrderStatus.WAIT_SEND, pay_money_cents: 1000, out_trade_no: target.outTradeNo });
    const trades = await db().selectFrom("pay").select(["out_trade_no", "pay_status", "refund_status"]).where("order_ids", "like", `%,${target.orderId},%`).execute();
    expect(trades).toEqual([{ out_trade_no: target.outTradeNo, pay_status: PayStatus.PAID, refund_status: 0 }]);
    expect(await balanceOf()).toBe(balanceBefore - 1000);
  });

  it("adjustments racing balance payments over HTTP: never a system error, and money always matches the order", async () => {
    for (let round = 0; round < 10; round++) {
      const target = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: cupSku, num: 1 }] });
      const balanceBefore = await balanceOf();
      const [adjusted, paid] = await Promise.all([
        staffCall("/shopapi/order/adjustprice", { order_id: target.orderId, adjust_money: "-1.00" }),
        t.call("/api/pay/pay", { out_trade_no: target.outTradeNo, pay_type: "balance" }, { token: member.token }),
      ]);
      expect([Code.SUCCESS, Code.ERROR], adjusted.message).toContain(adjusted.code);
      expect([Code.SUCCESS, Code.ERROR], paid.message).toContain(paid.code);
      const order = await orderRow(target);
      const paidTrades = await db().selectFrom("pay").select(["out_trade_no", "pay_money_cents"]).where("order_ids", "like", `%,${target.orderId},%`).where("pay_status", "=", PayStatus.PAID).execute();
      if (paid.code === Code.SUCCESS) {
        // paid at the amount it had when it was paid: the old one, or the adjusted one when the cashier saw the change
        expect(order.order_status).toBe(OrderStatus.WAIT_SEND);
        expect(paidTrades).toEqual([{ out_trade_no: order.out_trade_no, pay_money_cents: order.pay_money_cents }]);
        expect(await balanceOf()).toBe(balanceBefore - order.pay_money_cents);
      } else {
        expect(adjusted.code, adjusted.message).toBe(Code.SUCCESS);
        expect(order).toMatchObject({ order_status: OrderStatus.WAIT_PAY, pay_money_cents: 900 });
        expect(paidTrades).toEqual([]);
        expect(await balanceOf()).toBe(balanceBefore);
      }
    }
  });
});
