import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { changeAccount } from "../account/ledger.ts";
import { cancelOpenTrades } from "../pay/trade.ts";
import { OrderStatus, transitionOrder, type Actor } from "./state-machine.ts";

/**
 * Closes an unpaid order and gives back what it took: the stock of each line, the balance and the
 * points it used (ledger rows keyed by the order, so a second close can never give them twice),
 * and cancels its open trades. Returns false when the order was no longer unpaid (already paid,
 * already closed by someone else): nothing is written then.
 */
export async function closeOrder(db: Db, orderId: number, actor: Actor, reason: string): Promise<boolean> {
  return unitOfWork(db, async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .select(["order_id", "member_id", "order_status", "balance_money_cents", "point"])
      .where("order_id", "=", orderId)
      .executeTakeFirst();
    if (!order || order.order_status !== OrderStatus.WAIT_PAY) return false;
    await transitionOrder(tx, orderId, "close", actor, reason, { close_cause: reason.slice(0, 255) });
    const lines = await tx.selectFrom("order_goods").select(["sku_id", "num"]).where("order_id", "=", orderId).execute();
    for (const line of lines) {
      await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "+", line.num) })).where("sku_id", "=", line.sku_id).execute();
    }
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

/** Job kinds of the order module (enqueued by checkout and shipping, handled in order/jobs.ts). */
export const ORDER_JOBS = {
  /** payload {order_id}: close if still unpaid at run_at (the order's auto_close_time) */
  autoClose: "order.auto_close",
  /** payload {order_id}: confirm receipt of a shipped order N days after shipping */
  autoReceive: "order.auto_receive",
} as const;
