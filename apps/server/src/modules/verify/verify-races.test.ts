import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope, VerifyOutcome } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { loginTestStaff, untilFinishedOrWaitingOn } from "../order/test-fixtures.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";
import { codeOrder, grantVerifier, type CodeOrder } from "./test-fixtures.ts";
import { useCode } from "./verify-service.ts";

/**
 * A code is used exactly once when verifiers (and staff) try it at the same moment: real parallel
 * requests (on PostgreSQL each on its own connection), and a race set up so the two always meet
 * (the first unit stays open while the second reaches the order's row: untilFinishedOrWaitingOn).
 */
describe(`a code used once under concurrency (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: string;
  let buyer: TestMember;
  let verifiers: TestMember[];
  let sku: number;

  const db = () => t.app.deps.db;
  const verify = (member: TestMember, code: string) => t.call<VerifyOutcome>("/api/verify/verify", { verify_code: code }, { token: member.token });

  /** Exactly one answer succeeded, every other said 核销码已使用; one record, one verify step in the order's log. */
  async function expectUsedOnce(order: CodeOrder, answers: Array<Envelope<unknown>>, status: number): Promise<void> {
    const winners = answers.filter((answer) => answer.code === Code.SUCCESS);
    expect(winners, JSON.stringify(answers.map((answer) => answer.message))).toHaveLength(1);
    for (const loser of answers.filter((answer) => answer.code !== Code.SUCCESS)) expect(loser).toMatchObject({ code: Code.ERROR, message: "核销码已使用" });
    expect(await db().selectFrom("verify_record").select("id").where("order_id", "=", order.orderId).execute()).toHaveLength(1);
    const steps = await db().selectFrom("order_log").select("to_status").where("order_id", "=", order.orderId).where("action", "=", "verify").execute();
    expect(steps).toEqual([{ to_status: status }]);
    expect((await db().selectFrom("orders").select("order_status").where("order_id", "=", order.orderId).executeTakeFirstOrThrow()).order_status).toBe(status);
  }

  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
    buyer = await registerMember(t);
    verifiers = [await registerMember(t), await registerMember(t)];
    for (const [index, member] of verifiers.entries()) await grantVerifier(t, admin, member.member_id, `并发核销员${index + 1}`);
    sku = (await insertGoods(db(), "并发提货口红", { goods: { goods_stock: 1000 } })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("two verifiers sending the same pickup code at once: one succeeds, the other is told 核销码已使用 (10 rounds)", async () => {
    for (let round = 0; round < 10; round++) {
      const order = await codeOrder(t, buyer.member_id, sku);
      const answers = await Promise.all(verifiers.map((member) => verify(member, order.code)));
      await expectUsedOnce(order, answers, OrderStatus.RECEIVED);
    }
  });

  it("20 parallel requests on one virtual code, from two verifiers and staff: one use", async () => {
    const order = await codeOrder(t, buyer.member_id, sku, { orderType: OrderType.VIRTUAL });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 5 === 4 ? t.call("/shopapi/order/verify", { verify_code: order.code }, { token: admin }) : verify(verifiers[index % 2]!, order.code),
      ),
    );
    await expectUsedOnce(order, answers, OrderStatus.USED);
  });

  it("a second verifier reaching the order while the first one's unit is still open waits, then is told 核销码已使用", async () => {
    const order = await codeOrder(t, buyer.member_id, sku);
    let second!: Promise<Envelope<VerifyOutcome>>;
    const first = await unitOfWork(db(), async (tx) => {
      const outcome = await useCode(tx, { kind: "member", memberId: verifiers[0]!.member_id }, order.code);
      second = verify(verifiers[1]!, order.code);
      await untilFinishedOrWaitingOn(tx, second);
      return outcome;
    });
    expect(first).toMatchObject({ order_id: order.orderId, order_status: OrderStatus.RECEIVED });
    await expectUsedOnce(order, [{ code: 0, message: "", data: first, timestamp: 0 }, await second], OrderStatus.RECEIVED);
  });
});
