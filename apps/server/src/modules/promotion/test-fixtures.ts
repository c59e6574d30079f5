import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { seedBuyers } from "../../test/proofs/buyers.ts";
import { createTestOrder, loginTestStaff, payTestOrder, type TestOrder } from "../order/test-fixtures.ts";

/**
 * The ground of a promotion's sales test for staff (seckill, group buy, combo): a test app with an
 * administrator signed in, started before the describe's tests and closed after them, and orders of
 * one buyer bought at a promotion — unpaid, or paid as a gateway's notify would. Call it inside the
 * describe. Not imported by production code.
 */
export function promotionSalesGround() {
  let t: TestApp;
  let admin: string;
  let buyerId: number | undefined;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await loginTestStaff(t, "admin");
  });
  afterAll(() => t?.close());

  const db = () => t.app.deps.db;
  /** An order of the buyer for these lines, marked as bought at the promotion. */
  const orderAt = async (promotion: { type: string; id: number }, lines: Array<{ skuId: number; num: number }>, options: { paid?: boolean } = {}): Promise<TestOrder> => {
    buyerId ??= (await seedBuyers(db(), 1))[0]!.memberId;
    const order = await createTestOrder(db(), { memberId: buyerId, lines });
    await db().updateTable("orders").set({ promotion_type: promotion.type, promotion_id: promotion.id }).where("order_id", "=", order.orderId).execute();
    if (options.paid) await payTestOrder(db(), order);
    return order;
  };
  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    db,
    orderAt,
  };
}
