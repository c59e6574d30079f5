import { RefundStatus, RefundType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { inUnitOfWork } from "../../db/unit-of-work.ts";
import { days, now } from "../../core/time.ts";
import { changeAccount } from "../account/ledger.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { lockOrder } from "../order/order-lock.ts";
import { purgeStockStateChanges } from "../goods/goods-cache.ts";
import { transitionOrder, type Actor } from "../order/state-machine.ts";
import { shipIfNothingLeft } from "../order/ship.ts";
import { refundConfig } from "./config.ts";
import { lineNeverLeft, lineOf, loadOrderMoney, orderUnshipped, splitRefund, type LineMoney, type OrderMoney } from "./money.ts";
import { findRefund, moveRefund, REFUND_WAY_ROLES, type RefundActor, type RefundRow, type ReturnAddress } from "./refund-store.ts";
import { refundStatusName } from "./rules.ts";
import { fail } from "../../core/errors.ts";
import { returnOrderCoupons as giveBackOrderCoupons } from "../coupon/order-coupons.ts";
import { promotionOfOrder } from "../promotion/registry.ts";

/**
 * The steps that move money and goods, shared by staff, the platform (complaints) and the timers:
 * agreeing, receiving returned goods, and sending the money (transfer). Each runs inside the
 * caller's unit of work and takes the order's row lock first.
 */
export const REFUND_JOBS = {
  /** payload {refund_id}: agree a refund still unanswered at run_at (仅退款: and send the money) */
  autoAgree: "refund.auto_agree",
  /** payload {refund_id}: close a return the buyer has not shipped by run_at */
  returnClose: "refund.return_close",
  /** payload {refund_id}: send the gateway part back through the payment provider */
  gateway: "refund.gateway",
} as const;

/** The refund, locked with its order (the caller is in a unit of work). */
export async function lockRefund(tx: Db, refundId: number): Promise<RefundRow> {
  if (!inUnitOfWork(tx)) throw new Error("refund changes must run inside a unit of work");
  const first = await findRefund(tx, refundId);
  if (!first) return fail("退款信息不存在");
  await lockOrder(tx, first.order_id);
  return (await findRefund(tx, refundId))!;
}

function orderActor(actor: RefundActor): Actor {
  const role = REFUND_WAY_ROLES[actor.way];
  return { type: role === "platform" ? "system" : role, id: actor.id, name: actor.name };
}

/**
 * Agrees a refund (status 1, or -1 when the platform sides with the buyer after a complaint):
 * 仅退款 → 2 awaiting the money; 退货退款 → 4, the buyer to send the goods to `address` within
 * return_close_days (a timer closes it otherwise).
 */
export async function agreeRefund(tx: Db, refund: RefundRow, from: readonly number[], actor: RefundActor, address: ReturnAddress | undefined, remark: string, action = "卖家同意退款"): Promise<number> {
  if (!from.includes(refund.refund_status)) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能同意`);
  if (refund.refund_type === RefundType.MONEY) {
    await moveRefund(tx, refund, from, RefundStatus.CONFIRM, { action, actor, remark }, { shop_remark: remark, auto_agree_time: 0, refund_refuse_reason: "" });
    return RefundStatus.CONFIRM;
  }
  const config = await refundConfig(tx);
  const returnTo = address ?? config.return_address;
  const deadline = now() + days(config.return_close_days);
  await moveRefund(
    tx, refund, from, RefundStatus.WAIT_DELIVERY,
    { action: `${action}，请买家退货`, actor, remark: `退货地址：${returnTo.name} ${returnTo.mobile} ${returnTo.address}` },
    { shop_remark: remark, auto_agree_time: 0, refund_refuse_reason: "", refund_address: JSON.stringify(returnTo), delivery_deadline: deadline },
  );
  await enqueueJob(tx, { kind: REFUND_JOBS.returnClose, payload: { refund_id: refund.refund_id }, runAt: deadline, dedupeKey: `${REFUND_JOBS.returnClose}:${refund.refund_id}` });
  return RefundStatus.WAIT_DELIVERY;
}

/**
 * The platform sides with the buyer on a refused refund (a complaint upheld): the refund goes on
 * from where the shop refused it. Refused at 5 (the goods already on their way back) it waits for
 * the shop to receive them again — the buyer does not send them twice; refused at 1 it is agreed as
 * the shop would have (仅退款 → 2, 退货退款 → 4 with the configured address).
 */
export async function resumeRefusedRefund(tx: Db, refund: RefundRow, actor: RefundActor, remark: string): Promise<number> {
  const resumeAt: number[] = [RefundStatus.WAIT_TAKEDELIVERY, RefundStatus.TAKEDELIVERY];
  if (refund.refund_status === RefundStatus.REFUSED && resumeAt.includes(refund.refused_from)) {
    await moveRefund(tx, refund, [RefundStatus.REFUSED], refund.refused_from, { action: "平台介入，同意退款，请卖家处理退回的商品", actor, remark }, { refund_refuse_reason: "" });
    return refund.refused_from;
  }
  return agreeRefund(tx, refund, [RefundStatus.REFUSED], actor, undefined, remark, "平台介入，同意退款");
}

/** Gives a line's goods back to stock (they never left, or came back), purging pages whose stock state changed. */
async function restock(tx: Db, line: LineMoney): Promise<void> {
  await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "+", line.num) })).where("sku_id", "=", line.sku_id).execute();
  await purgeStockStateChanges(tx, [{ skuId: line.sku_id, taken: -line.num }]);
}

/** 5 → 6: the returned goods arrived; they go back to stock. */
export async function receiveReturn(tx: Db, refund: RefundRow, actor: RefundActor): Promise<void> {
  await moveRefund(tx, refund, [RefundStatus.WAIT_TAKEDELIVERY], RefundStatus.TAKEDELIVERY, { action: "卖家确认收到退货", actor });
  const money = await loadOrderMoney(tx, refund.order_id);
  await restock(tx, lineOf(money, refund.order_goods_id));
}

/**
 * The coupon the order used goes back to the member when the whole order is refunded (once: the
 * order closes with this refund, and a coupon used by it is given back only while still used).
 */
async function returnOrderCoupons(tx: Db, orderId: number): Promise<void> {
  await giveBackOrderCoupons(tx, orderId);
}

/** A promotion that says so (PromotionCheckout.giveBackOnWholeRefund) gets its pool and the member's count back with a whole refund. */
async function returnOrderPromotion(tx: Db, money: OrderMoney): Promise<void> {
  const order = await tx.selectFrom("orders").select(["promotion_type", "promotion_id"]).where("order_id", "=", money.order_id).executeTakeFirstOrThrow();
  const hooks = promotionOfOrder(order.promotion_type);
  if (!hooks?.giveBackOnWholeRefund) return;
  await hooks.giveBack(tx, { order_id: money.order_id, member_id: money.member_id, promotion_id: order.promotion_id }, money.lines.map((line) => ({ sku_id: line.sku_id, num: line.num })));
}

/** Every other line of the order is refunded in full. */
const othersRefunded = (money: OrderMoney, line: LineMoney): boolean =>
  money.lines.every((other) => other.order_goods_id === line.order_goods_id || other.refund_status === RefundStatus.COMPLETE);

/** The money a transfer sends: the goods asked, plus the order's extras when it empties an unshipped order. */
function transferAmount(money: OrderMoney, line: LineMoney, goodsCents: number): { totalCents: number; extrasCents: number; lineComplete: boolean } {
  const lineComplete = line.refundedCents + goodsCents >= line.real_goods_money_cents;
  const orderComplete = lineComplete && othersRefunded(money, line);
  const left = Math.max(0, money.paidCents - money.sentCents);
  const totalCents = orderComplete && orderUnshipped(money) ? left : Math.min(goodsCents, left);
  return { totalCents, extrasCents: Math.max(0, totalCents - goodsCents), lineComplete };
}

export interface TransferResult {
  refund_status: number;
  realCents: number;
}

/**
 * 2 or 6 → 3 (the line refunded in full) or -3 (partly): the balance part goes back through the
 * ledger now (keyed by the refund number: once), the gateway part through the provider by a job
 * (the refund number is the provider's refund number: once). A 仅退款 refunding in full a line whose
 * goods never left the shop (not shipped, picked up nor used) puts them back in stock; a 退货退款's
 * goods went back at receipt, and goods the buyer keeps never do. When every line of the order is refunded, the order closes (state machine, logged)
 * and the points it used come back (ledger, keyed by the order: once).
 */
export async function transferRefund(tx: Db, refund: RefundRow, actor: RefundActor, remark: string): Promise<TransferResult> {
  const from = [RefundStatus.CONFIRM, RefundStatus.TAKEDELIVERY];
  if (!from.includes(refund.refund_status as 2 | 6)) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能退款`);
  const money = await loadOrderMoney(tx, refund.order_id);
  const line = lineOf(money, refund.order_goods_id);
  // The refund in progress is counted as open; as it finishes it is counted as refunded instead.
  const settled = { ...line, openCents: line.openCents - refund.refund_apply_money_cents };
  const { totalCents, extrasCents, lineComplete } = transferAmount(money, settled, refund.refund_apply_money_cents);
  const { balanceCents, gatewayCents } = splitRefund(money, totalCents);
  const status = lineComplete ? RefundStatus.COMPLETE : RefundStatus.PARTIAL;
  const orderComplete = lineComplete && othersRefunded(money, line);
  const point = orderComplete ? money.point : 0;
  await moveRefund(
    tx, refund, from, status,
    { action: status === RefundStatus.COMPLETE ? "退款完成" : "部分退款完成", actor, remark: `退款 ${(totalCents / 100).toFixed(2)} 元，原路退回${remark ? `；${remark}` : ""}` },
    {
      refund_real_money_cents: totalCents, refund_delivery_money_cents: extrasCents, refund_balance_money_cents: balanceCents,
      refund_pay_money_cents: gatewayCents, refund_pay_status: gatewayCents > 0 ? 1 : 0, refund_point: point, refund_time: now(),
      shop_remark: remark || refund.shop_remark,
    },
  );
  if (balanceCents > 0) {
    await changeAccount(tx, {
      memberId: money.member_id, accountType: "balance", amount: balanceCents, fromType: "order_refund", businessId: refund.refund_no,
      typeName: "订单退款", remark: `退款 ${refund.refund_no}`,
    });
  }
  if (gatewayCents > 0) {
    await enqueueJob(tx, { kind: REFUND_JOBS.gateway, payload: { refund_id: refund.refund_id }, dedupeKey: `${REFUND_JOBS.gateway}:${refund.refund_no}` });
  }
  // Stock comes back once: here only for goods that never left the shop; returned goods came back at receipt.
  if (lineComplete && refund.refund_type === RefundType.MONEY && lineNeverLeft(money, line)) await restock(tx, line);
  if (lineComplete && !orderComplete) await shipIfNothingLeft(tx, money.order_id, orderActor(actor));
  if (orderComplete) {
    await transitionOrder(tx, money.order_id, "refund_close", orderActor(actor), "订单商品已全部退款", { close_cause: "订单商品已全部退款" });
    if (point > 0) {
      await changeAccount(tx, {
        memberId: money.member_id, accountType: "point", amount: point, fromType: "order_refund_point", businessId: money.order_id,
        typeName: "订单退款退回", remark: "订单全部退款，退回积分",
      });
    }
    await returnOrderCoupons(tx, money.order_id);
    await returnOrderPromotion(tx, money);
  }
  return { refund_status: status, realCents: totalCents };
}
