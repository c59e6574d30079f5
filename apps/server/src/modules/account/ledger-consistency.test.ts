import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import { usingPostgres } from "../../test/harness.ts";
import type { TestMember } from "../auth/testing.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { sandboxNotify } from "../pay/test-helpers.ts";
import { createRecharge, insertPackage } from "../recharge/test-fixtures.ts";
import { setWithdrawSettings } from "../withdraw/test-fixtures.ts";
import { ledgerSum } from "./ledger.ts";
import { startLedgerRace, type LedgerRace } from "./test-fixtures.ts";

/**
 * The proof that there is one ledger: every way balance moves — a balance payment of an
 * order, a refund back to the balance, a recharge credited on the gateway's notify, a withdrawal
 * applied for (frozen) and refused (given back) — sent 50 at a time across several members and two
 * app instances on one database (on PostgreSQL each request on its own connection). Afterwards
 * every member's balance (and points) equals the sum of its ledger rows, and equals what the
 * operations that succeeded should have made of it; a second round sends each operation twice at
 * once and still moves the money once.
 */
describe(`one ledger under 50 concurrent mixed operations (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  const MEMBERS = 5;
  const GRANT = 50_000;
  const SKU_CENTS = 3_000;
  const FACE_CENTS = 10_000;
  const RECHARGE_POINTS = 30;
  const WITHDRAW_CENTS = 2_000;

  let race: LedgerRace;
  let packageId: number;
  const db = () => race.t.app.deps.db;

  beforeAll(async () => {
    race = await startLedgerRace({ members: MEMBERS, balanceCents: GRANT, skuName: "账本一致性保温杯", subnet: 93 });
    await setWithdrawSettings(db(), { min_cents: 1000 });
    packageId = await insertPackage(race.t, { recharge_name: "账本一致性充值", face_value_cents: FACE_CENTS, buy_price_cents: 9_500, point: RECHARGE_POINTS, growth: 0 });
  }, 120_000);
  afterAll(() => race?.close());

  async function ok<T>(url: string, body: object): Promise<T> {
    const answer = (await race.api(race.t.app, url, body)) as Envelope<T>;
    if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
    return answer.data;
  }

  /** One operation: what it sends, whether it succeeded, and what it does to the balance and points when it does. */
  interface Operation {
    name: string;
    /** may be sent twice at once (an idempotent event); an application is a new one each time */
    repeatable: boolean;
    /** how a repeat is answered: it may be acknowledged again (a paid trade, a notify), or it is refused (a refund sent, a refusal made) */
    repeatAnswer: "may-ok" | "refused";
    send(app: FastifyInstance): Promise<boolean>;
    balance: number;
    point: number;
    member: TestMember;
  }

  /** Ten operations of a member, their preconditions set up one by one beforehand. */
  async function operationsOf(member: TestMember): Promise<Operation[]> {
    const token = member.token;
    const operations: Operation[] = [];
    for (let round = 0; round < 2; round++) {
      // a balance payment of an unpaid order
      const unpaid = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: race.skuId, num: 1 }] });
      operations.push({
        name: "pay", repeatable: true, repeatAnswer: "may-ok", member, balance: -SKU_CENTS, point: 0,
        send: async (app) => (await race.api(app, "/api/pay/pay", { token, out_trade_no: unpaid.outTradeNo, pay_type: "balance" })).code === 0,
      });
      // a refund to the balance of an order paid with it: applied and agreed before, the money sent now
      const paid = await createTestOrder(db(), { memberId: member.member_id, lines: [{ skuId: race.skuId, num: 1 }] });
      await ok("/api/pay/pay", { token, out_trade_no: paid.outTradeNo, pay_type: "balance" });
      const line = await db().selectFrom("order_goods").select("order_goods_id").where("order_id", "=", paid.orderId).executeTakeFirstOrThrow();
      await ok("/api/orderrefund/refund", { token, order_goods_id: line.order_goods_id, refund_reason: "其他" });
      await ok("/shopapi/orderrefund/agree", { token: race.admin, order_goods_id: line.order_goods_id });
      operations.push({
        name: "refund", repeatable: true, repeatAnswer: "refused", member, balance: SKU_CENTS, point: 0,
        send: async (app) => (await race.api(app, "/shopapi/orderrefund/transfer", { token: race.admin, order_goods_id: line.order_goods_id })).code === 0,
      });
      // a recharge whose gateway notify arrives now
      const recharge = await createRecharge(race.t, member, packageId);
      const notify = new URLSearchParams(sandboxNotify(race.t, { outTradeNo: recharge.outTradeNo, totalAmount: "95.00", tradeNo: `SB${recharge.outTradeNo}` })).toString();
      operations.push({
        name: "recharge", repeatable: true, repeatAnswer: "may-ok", member, balance: FACE_CENTS, point: RECHARGE_POINTS,
        send: async (app) => (await race.post(app, "/pay/notify/sandbox", notify)).body === "success",
      });
      // a withdrawal applied for now
      operations.push({
        name: "apply", repeatable: false, repeatAnswer: "refused", member, balance: -WITHDRAW_CENTS, point: 0,
        send: async (app) =>
          (await race.api(app, "/api/memberwithdraw/apply", { token, apply_money: WITHDRAW_CENTS / 100, transfer_type: "alipay", realname: "账本测试", mobile: "13800138000", account_number: "13800138000" })).code === 0,
      });
      // a withdrawal applied for before, refused now
      const pending = await ok<{ id: number }>("/api/memberwithdraw/apply", { token, apply_money: 15, transfer_type: "alipay", realname: "账本测试", mobile: "13800138000", account_number: "13800138000" });
      operations.push({
        name: "refuse", repeatable: true, repeatAnswer: "refused", member, balance: 1_500, point: 0,
        send: async (app) => (await race.api(app, "/shopapi/memberwithdraw/refuse", { token: race.admin, id: pending.id, refuse_reason: "账本一致性测试" })).code === 0,
      });
    }
    return operations;
  }

  async function figures(memberId: number) {
    const row = await db().selectFrom("member").select(["balance_cents", "point"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
    return { balance: Number(row.balance_cents), point: Number(row.point) };
  }

  /** Every member in the database: balance and points equal to the ledger, never below zero. */
  async function expectEveryBalanceEqualsItsLedger(): Promise<void> {
    const rows = await db().selectFrom("member").select(["member_id", "balance_cents", "point"]).execute();
    for (const row of rows) {
      expect(Number(row.balance_cents), `member ${row.member_id}`).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(db(), row.member_id, "balance"), `member ${row.member_id} balance`).toBe(Number(row.balance_cents));
      expect(await ledgerSum(db(), row.member_id, "point"), `member ${row.member_id} points`).toBe(Number(row.point));
    }
  }

  /** Runs the operations at once (each `copies` times when repeatable) and checks the books. */
  async function runRound(copies: 1 | 2): Promise<void> {
    const operations: Operation[] = [];
    for (const member of race.members) operations.push(...(await operationsOf(member)));
    expect(operations).toHaveLength(50);
    const before = new Map<number, { balance: number; point: number }>();
    for (const member of race.members) before.set(member.member_id, await figures(member.member_id));

    const sends = operations.flatMap((operation, index) =>
      Array.from({ length: operation.repeatable ? copies : 1 }, (_, copy) => operation.send((index + copy) % 2 ? race.second : race.t.app).then((passed) => ({ operation, passed }))),
    );
    const results = await Promise.all(sends);

    // every operation passes; a copy is refused, or acknowledged without a second effect (checked by the figures below)
    for (const operation of operations) {
      const passes = results.filter((result) => result.operation === operation && result.passed).length;
      const sent = operation.repeatable ? copies : 1;
      if (operation.repeatAnswer === "refused") expect(passes, operation.name).toBe(1);
      else expect(passes >= 1 && passes <= sent, `${operation.name}: ${passes} of ${sent} acknowledged`).toBe(true);
    }
    await expectEveryBalanceEqualsItsLedger();
    for (const member of race.members) {
      const mine = operations.filter((operation) => operation.member === member);
      const start = before.get(member.member_id)!;
      expect(await figures(member.member_id)).toEqual({
        balance: start.balance + mine.reduce((sum, operation) => sum + operation.balance, 0),
        point: start.point + mine.reduce((sum, operation) => sum + operation.point, 0),
      });
    }
  }

  it("50 operations at once (balance payments, refunds, recharge notifies, withdrawal applies and refusals): every balance equals its ledger", async () => {
    await runRound(1);
  }, 180_000);

  it("the same events each sent twice at once still move the money once", async () => {
    await runRound(2);
    // the first round's withdrawals and refunds: each given back exactly once
    const returns = await db().selectFrom("member_account").select(["from_type", "business_id"]).where("from_type", "in", ["withdraw_return"]).execute();
    expect(new Set(returns.map((row) => row.business_id)).size).toBe(returns.length);
  }, 180_000);
});
