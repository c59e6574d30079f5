import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { changeAccount } from "../account/ledger.ts";
import { BizError } from "../../core/errors.ts";
import { cancelOpenTrades, PayStatus } from "../pay/trade.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { OrderStatus, transitionOrder, type Actor } from "./state-machine.ts";
import { purgeStockStateChanges } from "../goods/goods-cache.ts";
import { returnOrderCoupons } from "../coupon/order-coupons.ts";
import { promotionOfOrder } from "../promotion/registry.ts";

/**
 * Closes an unpaid order and gives back what it took: the stock of each line, its promotion's pool
 * and the member's count there (PromotionCheckout.giveBack), its coupon, the
 * balance and the points it used (ledger rows keyed by the order, so a second close can never give them twice),
 * and cancels its open trades. Returns false when the order was no longer unpaid (already paid,
 * already closed by someone else, even one closing it at this very moment): nothing is written then.
 */
export async function closeOrder(db: Db, orderId: number, actor: Actor, reason: string): Promise<boolean> {
  return unitOfWork(db, async (tx) => {
    await lockOpenTrades(tx, orderId);
    const order = await tx
      .selectFrom("orders")
      .select(["order_id", "member_id", "order_status", "balance_money_cents", "point", "promotion_type", "promotion_id"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!order || order.order_status !== OrderStatus.WAIT_PAY) return false;
    try {
      await transitionOrder(tx, orderId, "close", actor, reason, { close_cause: reason.slice(0, 255) });
    } catch (error) {
      // A concurrent close or payment moved the order after our read (PostgreSQL): not ours to close.
      // The refused transition wrote nothing, so answering false leaves nothing half done.
      if (error instanceof BizError && (await orderStatus(tx, orderId)) !== OrderStatus.WAIT_PAY) return false;
      throw error;
    }
    // Ascending SKU order, so two units giving back or taking the same SKUs lock them in one order.
    const lines = await tx.selectFrom("order_goods").select(["sku_id", "num"]).where("order_id", "=", orderId).orderBy("sku_id").execute();
    for (const line of lines) {
      await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "+", line.num) })).where("sku_id", "=", line.sku_id).execute();
    }
    await purgeStockStateChanges(tx, lines.map((line) => ({ skuId: line.sku_id, taken: -line.num })));
    // The promotion's pool and the member's count come back too (after the SKUs: the lock order of create).
    await promotionOfOrder(order.promotion_type)?.giveBack(tx, order, lines);
    await returnOrderCoupons(tx, orderId);
    if (order.balance_money_cents > 0) {
      await changeAccount(tx, {
        memberId: order.member_id, accountType: "balance", amount: order.balance_money_cents,
        fromType: "order_close", businessId: orderId, typeName: "订单关闭退回", remark: `订单关闭，退回余额`,
      });
    }
    if (order.point > 0) {
      await changeAccount(tx, {
        memberId: order.member_id, accountType: "point", amount: order.point,
        fromType: "order_close", businessId: orderId, typeName: "订单关闭退回", remark: `订单关闭，退回积分`,
      });
    }
    await cancelOpenTrades(tx, orderId);
    return true;
  });
}

/**
 * Takes the row locks of the order's open trades before the order's own (PostgreSQL; SQLite's
 * IMMEDIATE unit already holds the one write lock). settleTrade locks a trade and then its orders:
 * closing (or adjusting the price) in the opposite order deadlocked when a payment met it. Changes no value.
 */
export async function lockOpenTrades(tx: Db, orderId: number): Promise<void> {
  await tx
    .updateTable("pay")
    .set((eb) => ({ pay_status: eb.ref("pay_status") }))
    .where("order_ids", "like", `%,${orderId},%`)
    .where("pay_status", "in", [PayStatus.PENDING, PayStatus.PAYING])
    .execute();
}

async function orderStatus(tx: Db, orderId: number): Promise<number | undefined> {
  return (await tx.selectFrom("orders").select("order_status").where("order_id", "=", orderId).executeTakeFirst())?.order_status;
}

/** Job kinds of the order module (enqueued by checkout and shipping, handled in order/jobs.ts). */
export const ORDER_JOBS = {
  /** payload {order_id}: close if still unpaid at run_at (the order's auto_close_time) */
  autoClose: "order.auto_close",
  /** payload {order_id}: confirm receipt of a shipped order N days after shipping */
  autoReceive: "order.auto_receive",
  /** payload {order_id}: complete a received / picked-up / used order N days after it was (order/jobs.ts) */
  autoComplete: "order.auto_complete",
} as const;

/**
 * Enqueues the auto-close of a new unpaid order, in the unit of work that creates it (checkout).
 * The dedupe key makes a second enqueue for the same order a no-op.
 */
export async function enqueueAutoClose(tx: Db, orderId: number, autoCloseTime: number): Promise<void> {
  await enqueueJob(tx, { kind: ORDER_JOBS.autoClose, payload: { order_id: orderId }, runAt: autoCloseTime, dedupeKey: `${ORDER_JOBS.autoClose}:${orderId}` });
}
