import type { Db } from "../../db/unit-of-work.ts";
import { subscribeInUnit, type DomainEvent } from "../../core/events.ts";
import { addGrowth } from "./growth.ts";
import { getGrowthConfig, orderGrowth } from "./growth-config.ts";

/** Subscribes order growth to the order events (ADR 0030), in the paying unit of work as before. */
export function subscribeOrderGrowth(): void {
  subscribeInUnit("member-level.order-growth", ["order.paid", "order.refund_closed"], applyOrderGrowth);
}

/**
 * Growth side effects of an order's transitions, run in the transition's unit of work (ADR 0016):
 * - pay: the order's amount (order_money, balance part included) earns growth, once per order;
 * - refund_close (every line refunded): the growth that order earned is taken back, once; the
 *   member's level stays. A partial refund keeps the growth: the order was still bought.
 */
async function applyOrderGrowth(tx: Db, event: DomainEvent): Promise<void> {
  const orderId = event.id;
  if (event.name === "order.paid") {
    const order = await tx.selectFrom("orders").select(["member_id", "order_no", "order_money_cents"]).where("order_id", "=", orderId).executeTakeFirst();
    if (!order) return;
    const growth = orderGrowth(order.order_money_cents, await getGrowthConfig(tx));
    if (growth > 0) await addGrowth(tx, order.member_id, growth, "order_pay", String(orderId), `订单${order.order_no}`);
    return;
  }
  if (event.name === "order.refund_closed") {
    const earned = await tx
      .selectFrom("member_growth_log")
      .select(["member_id", "growth"])
      .where("from_type", "=", "order_pay")
      .where("business_id", "=", String(orderId))
      .executeTakeFirst();
    if (!earned || earned.growth <= 0) return;
    const order = await tx.selectFrom("orders").select("order_no").where("order_id", "=", orderId).executeTakeFirst();
    await addGrowth(tx, earned.member_id, -earned.growth, "order_refund", String(orderId), `订单${order?.order_no ?? orderId}全部退款`);
  }
}
