import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { registerMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder, grantAccount } from "../order/test-fixtures.ts";
import { SYSTEM, transitionOrder } from "../order/state-machine.ts";
import { closeOrder } from "../order/close.ts";
import { paidOrder } from "../refund/test-fixtures.ts";
import { setOwnConfig } from "./own-config.ts";
import { insertLadder, LADDER_GIFTS, memberState, type TestLadder } from "./test-fixtures.ts";

/**
 * Growth from orders (ADR 0016): paying earns 1 growth per whole yuan of the order (rate set by
 * staff), once; a whole refund (refund_close) takes it back, the level stays; an unpaid order that
 * closes earns nothing.
 */
describe("growth from orders", () => {
  let t: TestApp;
  let ladder: TestLadder;
  let skuId: number;
  const db = (): Db => t.app.deps.db;
  const buyer = async () => {
    const member = await registerMember(t);
    await db().updateTable("member").set({ member_level: ladder.normal }).where("member_id", "=", member.member_id).execute();
    await grantAccount(db(), member.member_id, "balance", 1_000_000, `order-growth-${member.member_id}`);
    return member.member_id;
  };
  const growthLog = (memberId: number) =>
    db().selectFrom("member_growth_log").select(["growth", "growth_after", "from_type", "type_name"]).where("member_id", "=", memberId).orderBy("id").execute();

  beforeAll(async () => {
    t = await startTestApp();
    ladder = await insertLadder(db());
    // ¥123.45 a piece: 5 pieces = ¥617.25 → 617 growth.
    skuId = (await insertGoods(db(), "成长值测试商品", { skus: [{ is_default: 1, discount_price_cents: 12345, price_cents: 12345, stock: 1000 }] })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("earns growth per whole yuan when the order is paid, and upgrades the buyer", async () => {
    const memberId = await buyer();
    const order = await paidOrder(db(), { memberId, lines: [{ skuId, num: 5 }] });
    expect(await growthLog(memberId)).toEqual([{ growth: 617, growth_after: 617, from_type: "order_pay", type_name: "订单消费" }]);
    const remark = await db().selectFrom("member_growth_log").select(["business_id", "remark"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
    expect(remark).toEqual({ business_id: String(order.orderId), remark: `订单${order.orderNo}` });
    expect(await memberState(db(), memberId)).toMatchObject({ growth: 617, member_level: ladder.silver });
  });

  it("takes the order's growth back when every line is refunded, keeping the level and its gifts", async () => {
    const memberId = await buyer();
    const order = await paidOrder(db(), { memberId, lines: [{ skuId, num: 5 }] });
    const before = await memberState(db(), memberId);
    await unitOfWork(db(), (tx) => transitionOrder(tx, order.orderId, "refund_close", SYSTEM, "订单商品已全部退款"));
    expect(await growthLog(memberId)).toEqual([
      { growth: 617, growth_after: 617, from_type: "order_pay", type_name: "订单消费" },
      { growth: -617, growth_after: 0, from_type: "order_refund", type_name: "订单退款" },
    ]);
    expect(await memberState(db(), memberId)).toMatchObject({ growth: 0, member_level: ladder.silver, point: before.point });
    expect(before.point).toBe(LADDER_GIFTS.silver.point);
  });

  it("gives nothing for an unpaid order that closes, and follows the staff's rate", async () => {
    const memberId = await buyer();
    const unpaid = await createTestOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    await closeOrder(db(), unpaid.orderId, SYSTEM, "测试关闭");
    expect(await growthLog(memberId)).toEqual([]);

    await setOwnConfig(db(), "member_growth_config", { order_growth_per_yuan: 0 });
    await paidOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    expect(await growthLog(memberId)).toEqual([]);
    await setOwnConfig(db(), "member_growth_config", { order_growth_per_yuan: 2 });
    await paidOrder(db(), { memberId, lines: [{ skuId, num: 1 }] });
    expect(await growthLog(memberId)).toEqual([expect.objectContaining({ growth: 246, from_type: "order_pay" })]);
    await setOwnConfig(db(), "member_growth_config", { order_growth_per_yuan: 1 });
  });
});
