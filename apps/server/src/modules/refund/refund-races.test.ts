import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_REFUND_STATUSES } from "@shop/contract";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { grantAccount, loginTestStaff } from "../order/test-fixtures.ts";
import { ledgerSum } from "../account/ledger.ts";
import { sendGatewayRefund } from "./jobs.ts";
import { REFUND_JOBS } from "./settle.ts";
import { balanceOf, gatewaysOf, markShipped, paidOrder, RecordingGateway, type PaidOrder } from "./test-fixtures.ts";

/**
 * Refunds under real concurrency (parallel requests; on PostgreSQL each in its own transaction on
 * the pool): one refund per line however many ask at once, money never beyond what a line or the
 * order paid, a transfer or a gateway refund repeated at once happens once, one complaint per refund.
 */
describe(`refunds racing (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;
  const skus: number[] = [];
  const db = () => t.app.deps.db;
  const memberCall = (path: string, body: object) => t.call(path, body, { token: member.token });
  const staffCall = (path: string, body: object) => t.call(path, body, { token: admin });

  /** A small deterministic generator (the same requests on every run). */
  let seed = 20240611;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  beforeAll(async () => {
    t = await startTestApp();
    member = await registerMember(t);
    admin = await loginTestStaff(t, "admin");
    for (const [name, cents] of [["竞速茶杯", 3000], ["竞速茶叶", 5000], ["竞速台灯", 2000]] as const) {
      skus.push((await insertGoods(db(), name, { skus: [{ is_default: 1, discount_price_cents: cents, price_cents: cents, stock: 10_000 }] })).skuIds[0]!);
    }
    await grantAccount(db(), member.member_id, "balance", 1_000_000, `refund-races-${member.member_id}`);
  });
  afterAll(() => t.close());

  const newOrder = (options: { gateway?: string; deliveryCents?: number; balanceCents?: number } = {}): Promise<PaidOrder> =>
    paidOrder(
      db(),
      { memberId: member.member_id, lines: [{ skuId: skus[0]!, num: 2 }, { skuId: skus[1]!, num: 1 }, { skuId: skus[2]!, num: 3 }], balanceCents: options.balanceCents },
      { gateway: options.gateway, deliveryCents: options.deliveryCents },
    );

  /** What the order's refunds add up to, against what it paid (money never beyond a line or the order). */
  async function expectWithinPaid(order: PaidOrder): Promise<void> {
    const paid = await db().selectFrom("orders").select(["order_money_cents", "balance_money_cents", "pay_money_cents"]).where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    const lines = await db().selectFrom("order_goods").select(["order_goods_id", "real_goods_money_cents", "refund_status"]).where("order_id", "=", order.orderId).execute();
    const refunds = await db().selectFrom("order_refund").selectAll().where("order_id", "=", order.orderId).execute();
    const finished = refunds.filter((refund) => refund.refund_status === 3 || refund.refund_status === -3);
    const sum = (rows: typeof refunds, pick: (row: (typeof refunds)[number]) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
    for (const line of lines) {
      const ofLine = finished.filter((refund) => refund.order_goods_id === line.order_goods_id);
      expect(sum(ofLine, (row) => row.refund_apply_money_cents), `line ${line.order_goods_id}`).toBeLessThanOrEqual(Number(line.real_goods_money_cents));
      const open = refunds.filter((refund) => refund.order_goods_id === line.order_goods_id && OPEN_REFUND_STATUSES.includes(refund.refund_status));
      expect(open.length, `open refunds of line ${line.order_goods_id}`).toBeLessThanOrEqual(1);
    }
    expect(sum(finished, (row) => row.refund_real_money_cents)).toBeLessThanOrEqual(Number(paid.order_money_cents));
    expect(sum(finished, (row) => row.refund_real_money_cents)).toBe(sum(finished, (row) => row.refund_balance_money_cents + row.refund_pay_money_cents));
    expect(await ledgerSum(db(), member.member_id, "balance")).toBe(await balanceOf(db(), member.member_id));
  }

  it("ten requests for one line at the same moment open one refund", async () => {
    const order = await newOrder();
    const line = order.lineIds[0]!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => memberCall("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他" })));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.code !== 0).map((answer) => answer.message))).toEqual(new Set(["该商品已在退款中，请勿重复申请"]));
    expect(await db().selectFrom("order_refund").select("refund_id").where("order_goods_id", "=", line).execute()).toHaveLength(1);
  });

  it("rounds of 20 concurrent requests over an order's lines (and doubled staff actions) never refund more than a line or the order paid", async () => {
    const order = await newOrder({ gateway: "sandbox", deliveryCents: 800, balanceCents: 5000 });
    const balanceBefore = await balanceOf(db(), member.member_id);
    for (let round = 0; round < 4; round += 1) {
      const requests = Array.from({ length: 20 }, () => {
        const kind = random();
        if (kind < 0.15) return memberCall("/api/orderrefund/refund", { order_goods_ids: order.lineIds, refund_reason: "其他" });
        if (kind < 0.25) return memberCall("/api/orderrefund/cancel", { order_goods_id: pick(order.lineIds) });
        const money = random() < 0.3 ? undefined : (Math.floor(random() * 6000) + 1) / 100;
        return memberCall("/api/orderrefund/refund", { order_goods_id: pick(order.lineIds), refund_reason: "其他", ...(money ? { refund_money: money } : {}) });
      });
      const answers = await Promise.all(requests);
      expect(answers.filter((answer) => answer.code !== 0 && answer.code !== -1 && answer.code !== -10006)).toEqual([]);
      await expectWithinPaid(order);
      // every open refund: agreed twice at once, then sent twice at once
      const open = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", order.orderId).where("refund_status", "=", 1).execute();
      await Promise.all(open.flatMap((line) => [1, 2].map(() => staffCall("/shopapi/orderrefund/agree", { order_goods_id: line.order_goods_id }))));
      const transfers = await Promise.all(open.flatMap((line) => [1, 2].map(() => staffCall("/shopapi/orderrefund/transfer", { order_goods_id: line.order_goods_id }))));
      expect(transfers.filter((answer) => answer.code === 0)).toHaveLength(open.length);
      await expectWithinPaid(order);
    }
    // finish whatever is left, then the order is refunded to the cent: balance part to the balance, the rest to the gateway
    for (const lineId of order.lineIds) {
      const line = await db().selectFrom("order_goods").select("refund_status").where("order_goods_id", "=", lineId).executeTakeFirstOrThrow();
      if (line.refund_status === 3) continue;
      if (line.refund_status !== 1) expect((await memberCall("/api/orderrefund/refund", { order_goods_id: lineId, refund_reason: "其他" })).code).toBe(0);
      expect((await staffCall("/shopapi/orderrefund/agree", { order_goods_id: lineId })).code).toBe(0);
      expect((await staffCall("/shopapi/orderrefund/transfer", { order_goods_id: lineId })).code).toBe(0);
    }
    await expectWithinPaid(order);
    const refunds = await db().selectFrom("order_refund").selectAll().where("order_id", "=", order.orderId).execute();
    const total = (pick: (row: (typeof refunds)[number]) => number) => refunds.reduce((sum, row) => sum + Number(pick(row)), 0);
    // paid: 60 + 50 + 60 + 8 shipping = 178, of which 50 balance
    expect([total((row) => row.refund_real_money_cents), total((row) => row.refund_balance_money_cents), total((row) => row.refund_pay_money_cents)]).toEqual([17800, 5000, 12800]);
    expect(await balanceOf(db(), member.member_id)).toBe(balanceBefore + 5000);
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).order_status).toBe(-1);
    const logs = await db().selectFrom("order_log").select("action").where("order_id", "=", order.orderId).where("action", "=", "refund_close").execute();
    expect(logs).toHaveLength(1);
  });

  it("the same gateway refund run twice at once (a retry meeting a second instance) refunds once at the gateway", async () => {
    const order = await newOrder({ gateway: "sandbox" });
    const line = order.lineIds[1]!;
    expect((await memberCall("/api/orderrefund/refund", { order_goods_id: line, refund_reason: "其他" })).code).toBe(0);
    expect((await staffCall("/shopapi/orderrefund/agree", { order_goods_id: line })).code).toBe(0);
    const [first, second] = await Promise.all([1, 2].map(() => staffCall("/shopapi/orderrefund/transfer", { order_goods_id: line })));
    expect([first!.code, second!.code].sort()).toEqual([-1, 0]);
    const refund = await db().selectFrom("order_refund").selectAll().where("order_goods_id", "=", line).executeTakeFirstOrThrow();
    expect(await db().selectFrom("job").select("id").where("dedupe_key", "=", `${REFUND_JOBS.gateway}:${refund.refund_no}`).execute()).toHaveLength(1);
    const gateway = new RecordingGateway();
    await Promise.all([1, 2, 3].map(() => sendGatewayRefund(db(), gatewaysOf(gateway), refund.refund_id)));
    await sendGatewayRefund(db(), gatewaysOf(gateway), refund.refund_id);
    // every request the gateway saw carries our refund number and the same amount: it refunds once
    expect(gateway.refundedOnce()).toEqual(new Map([[refund.refund_no, 5000]]));
    expect(gateway.requests.length).toBeLessThanOrEqual(3);
    const logs = await db().selectFrom("order_refund_log").select("action").where("refund_id", "=", refund.refund_id).where("action", "=", "原路退款已提交").execute();
    expect(logs).toHaveLength(1);
  });

  it("two complaints about one refund at once: one is filed; receive and refuse at once: one wins", async () => {
    const order = await newOrder();
    await markShipped(db(), order.orderId);
    const [first, second] = order.lineIds as [number, number];
    await memberCall("/api/orderrefund/refund", { order_goods_id: first, refund_reason: "其他" });
    await staffCall("/shopapi/orderrefund/refuse", { order_goods_id: first, refund_refuse_reason: "不同意" });
    const complaints = await Promise.all([1, 2].map(() => memberCall("/api/ordercomplain/complain", { order_goods_id: first, complain_reason: "其他" })));
    expect(complaints.map((answer) => answer.code).sort()).toEqual([-1, 0]);
    expect(await db().selectFrom("order_complain").select("complain_id").where("order_goods_id", "=", first).execute()).toHaveLength(1);

    await memberCall("/api/orderrefund/refund", { order_goods_id: second, refund_type: 2, refund_reason: "其他" });
    await staffCall("/shopapi/orderrefund/agree", { order_goods_id: second });
    await memberCall("/api/orderrefund/delivery", { order_goods_id: second, refund_delivery_name: "顺丰", refund_delivery_no: "SF9" });
    const stock = Number((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skus[1]!).executeTakeFirstOrThrow()).stock);
    const answers = await Promise.all([
      staffCall("/shopapi/orderrefund/receive", { order_goods_id: second }),
      staffCall("/shopapi/orderrefund/receive", { order_goods_id: second }),
      staffCall("/shopapi/orderrefund/refuse", { order_goods_id: second, refund_refuse_reason: "包装破损" }),
    ]);
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    const after = Number((await db().selectFrom("goods_sku").select("stock").where("sku_id", "=", skus[1]!).executeTakeFirstOrThrow()).stock);
    const status = (await db().selectFrom("order_goods").select("refund_status").where("order_goods_id", "=", second).executeTakeFirstOrThrow()).refund_status;
    expect([status, after - stock]).toEqual(status === 6 ? [6, 1] : [-1, 0]);
  });
});
