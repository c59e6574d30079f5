import { RefundStatus, type StaffRefundActionName, type StaffRefundDetail } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { payTypeName } from "@shop/contract";
import { logStaffAction } from "../staff/staff-log.ts";
import { refundConfig } from "./config.ts";
import { latestRefund, moveRefund, type RefundActor, type ReturnAddress } from "./refund-store.ts";
import { agreeRefund, lockRefund, receiveReturn, transferRefund } from "./settle.ts";
import { refundStatusName } from "./rules.ts";
import { tradeByBalance } from "./money.ts";
import { buildRefundDetail, findLine } from "./views.ts";

/**
 * The staff API of refunds (permission refund.manage): read every refund, and act on one —
 * agree, refuse, receive the returned goods, send the money. Each action is one unit of work with
 * its staff log line, its refund timeline line, and the order's row lock taken first.
 */

/** What staff may do with a refund in this status (the reference's `action`). */
export function staffRefundActions(status: number): StaffRefundActionName[] {
  switch (status) {
    case RefundStatus.APPLY:
      return ["agree", "refuse"];
    case RefundStatus.CONFIRM:
    case RefundStatus.TAKEDELIVERY:
      return ["transfer"];
    case RefundStatus.WAIT_TAKEDELIVERY:
      return ["receive", "refuse"];
    default:
      return [];
  }
}

const shop = (caller: StaffCaller): RefundActor => ({ way: 2, id: caller.staff.staff_id, name: caller.staff.nickname || caller.staff.username });

export async function staffRefundDetail(db: Db, orderGoodsId: number): Promise<StaffRefundDetail> {
  const line = await findLine(db, orderGoodsId);
  const refund = await latestRefund(db, orderGoodsId);
  if (!refund || line.refund_status === RefundStatus.NONE) return fail("退款信息不存在");
  const order = await db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .select(["orders.pay_type", "orders.order_money_cents", "orders.balance_money_cents", "orders.pay_money_cents", "member.username", "member.nickname", "member.mobile"])
    .where("orders.order_id", "=", line.order_id)
    .executeTakeFirstOrThrow();
  const byBalance = tradeByBalance(order.pay_type);
  return {
    ...(await buildRefundDetail(db, line, refund, "staff")),
    member_id: line.member_id,
    member_username: order.username || order.mobile || "",
    member_nickname: order.nickname ?? "",
    pay_type: order.pay_type,
    pay_type_name: payTypeName(order.pay_type),
    order_money: yuan(order.order_money_cents),
    order_balance_money: yuan(order.balance_money_cents + (byBalance ? order.pay_money_cents : 0)),
    order_pay_money: yuan(byBalance ? 0 : order.pay_money_cents),
    staff_actions: staffRefundActions(refund.refund_status),
    default_refund_address: (await refundConfig(db)).return_address,
  };
}

/** The line's latest refund id (the one staff act on), or 不存在. */
async function currentRefundId(db: Db, orderGoodsId: number): Promise<number> {
  const line = await findLine(db, orderGoodsId);
  const refund = await latestRefund(db, orderGoodsId);
  if (!refund || line.refund_status === RefundStatus.NONE) return fail("退款信息不存在");
  return refund.refund_id;
}

export async function staffAgree(db: Db, caller: StaffCaller, orderGoodsId: number, input: { shop_remark: string; refund_address?: ReturnAddress }): Promise<{ refund_status: number }> {
  const refundId = await currentRefundId(db, orderGoodsId);
  const status = await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const to = await agreeRefund(tx, refund, [RefundStatus.APPLY], shop(caller), input.refund_address, input.shop_remark);
    await logStaffAction(tx, caller, "refund.agree", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, refund_status: to });
    return to;
  });
  return { refund_status: status };
}

export async function staffRefuse(db: Db, caller: StaffCaller, orderGoodsId: number, reason: string): Promise<null> {
  const refundId = await currentRefundId(db, orderGoodsId);
  await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const from = [RefundStatus.APPLY, RefundStatus.WAIT_TAKEDELIVERY];
    if (!from.includes(refund.refund_status as 1 | 5)) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能拒绝`);
    const upheld = await tx.selectFrom("order_complain").select("complain_id").where("refund_id", "=", refund.refund_id).where("refund_agreed", "=", 1).executeTakeFirst();
    if (upheld) fail("平台已介入并同意该退款，商家不能再拒绝");
    await moveRefund(
      tx, refund, from, RefundStatus.REFUSED, { action: "卖家拒绝退款", actor: shop(caller), remark: reason },
      { refund_refuse_reason: reason, auto_agree_time: 0, refused_from: refund.refund_status },
    );
    await logStaffAction(tx, caller, "refund.refuse", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, reason });
  });
  return null;
}

export async function staffReceive(db: Db, caller: StaffCaller, orderGoodsId: number): Promise<null> {
  const refundId = await currentRefundId(db, orderGoodsId);
  await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (refund.refund_status !== RefundStatus.WAIT_TAKEDELIVERY) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能确认收货`);
    await receiveReturn(tx, refund, shop(caller));
    await logStaffAction(tx, caller, "refund.receive", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId });
  });
  return null;
}

export async function staffTransfer(db: Db, caller: StaffCaller, orderGoodsId: number, remark: string): Promise<{ refund_status: number; refund_real_money: string }> {
  const refundId = await currentRefundId(db, orderGoodsId);
  const result = await unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const done = await transferRefund(tx, refund, shop(caller), remark);
    await logStaffAction(tx, caller, "refund.transfer", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, refund_real_money: yuan(done.realCents) });
    return done;
  });
  return { refund_status: result.refund_status, refund_real_money: yuan(result.realCents) };
}
