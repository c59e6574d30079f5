import { RefundStatus, type StaffRefundActionName, type StaffRefundDetail, type StaffRefundListItem } from "@shop/contract";
import type { Page } from "@shop/contract/codes";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { StaffContext } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { payTypeName } from "@shop/contract";
import { containsText } from "../store/text-match.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { refundConfig } from "./config.ts";
import { latestRefund, moveRefund, type RefundActor, type ReturnAddress } from "./refund-store.ts";
import { agreeRefund, lockRefund, receiveReturn, transferRefund } from "./settle.ts";
import { refundStatusName } from "./rules.ts";
import { linesWithLatestRefund, refundsById } from "./member.ts";
import { buildRefundDetail, findLine, LINE_COLUMNS, refundFields, toRefundLine } from "./views.ts";
import { loadOrderRefundParts, lineRefundFields } from "./line-state.ts";

/** Who acts: the staff member, from where, on which database (a request's context, or the seed). */
export type StaffCaller = Pick<StaffContext, "db" | "staff" | "ip">;

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

const shop = (ctx: Pick<StaffContext, "staff">): RefundActor => ({ way: 2, id: ctx.staff.staff_id, name: ctx.staff.nickname || ctx.staff.username });

export interface StaffRefundQuery extends PageRequest {
  refund_status: number | "all" | "";
  refund_type: number;
  order_no: string;
  member: string;
  start_time: number;
  end_time: number;
}

function memberCondition(member: string) {
  return (eb: ExpressionBuilder<DB, "order_goods" | "member">) => {
    const exact = [eb("member.username", "=", member), eb("member.mobile", "=", member)];
    if (/^\d{1,9}$/.test(member)) return eb.or([eb("order_goods.member_id", "=", Number(member)), ...exact]);
    return eb.or([...exact, containsText("member.nickname", member)]);
  };
}

export async function listStaffRefunds(db: Db, query: StaffRefundQuery): Promise<Page<StaffRefundListItem>> {
  let lines = linesWithLatestRefund(db)
    .leftJoin("member", "member.member_id", "order_goods.member_id")
    .where("order_goods.refund_status", "!=", RefundStatus.NONE);
  if (typeof query.refund_status === "number") lines = lines.where("order_goods.refund_status", "=", query.refund_status);
  if (query.refund_type) lines = lines.where("order_refund.refund_type", "=", query.refund_type);
  if (query.order_no) lines = lines.where("orders.order_no", "like", `${query.order_no.replace(/[%_\\]/g, "")}%`);
  if (query.member) lines = lines.where(memberCondition(query.member));
  if (query.start_time) lines = lines.where("order_refund.create_time", ">=", query.start_time);
  if (query.end_time) lines = lines.where("order_refund.create_time", "<=", query.end_time);
  const page = await paginate(
    db,
    lines
      .select([...LINE_COLUMNS, "order_refund.refund_id as latest_refund_id", "member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile"])
      .orderBy("order_refund.update_time", "desc")
      .orderBy("order_refund.refund_id", "desc"),
    query,
  );
  const parts = await loadOrderRefundParts(db, page.list);
  const refunds = await refundsById(db, page.list.map((row) => row.latest_refund_id));
  return {
    ...page,
    list: page.list.map((row) => {
      const refund = refundFields(refunds.get(row.latest_refund_id)!, row.pay_type);
      return {
        ...toRefundLine(row),
        refund_id: refund.refund_id,
        refund_no: refund.refund_no,
        refund_type: refund.refund_type,
        refund_type_name: refund.refund_type_name,
        refund_apply_money: refund.refund_apply_money,
        refund_real_money: refund.refund_real_money,
        refund_action_time: refund.refund_action_time,
        refund_action: lineRefundFields(parts, row, row).refund_action,
        member_id: row.member_id,
        member_username: row.member_username || row.member_mobile || "",
        member_nickname: row.member_nickname ?? "",
        staff_actions: staffRefundActions(row.refund_status),
      };
    }),
  };
}

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
  const byBalance = order.pay_type === "balance" || order.pay_type === "";
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

export async function staffAgree(ctx: StaffCaller, orderGoodsId: number, input: { shop_remark: string; refund_address?: ReturnAddress }): Promise<{ refund_status: number }> {
  const refundId = await currentRefundId(ctx.db, orderGoodsId);
  const status = await unitOfWork(ctx.db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const to = await agreeRefund(tx, refund, [RefundStatus.APPLY], shop(ctx), input.refund_address, input.shop_remark);
    await logStaffAction(tx, ctx, "refund.agree", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, refund_status: to });
    return to;
  });
  return { refund_status: status };
}

export async function staffRefuse(ctx: StaffCaller, orderGoodsId: number, reason: string): Promise<null> {
  const refundId = await currentRefundId(ctx.db, orderGoodsId);
  await unitOfWork(ctx.db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const from = [RefundStatus.APPLY, RefundStatus.WAIT_TAKEDELIVERY];
    if (!from.includes(refund.refund_status as 1 | 5)) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能拒绝`);
    await moveRefund(tx, refund, from, RefundStatus.REFUSED, { action: "卖家拒绝退款", actor: shop(ctx), remark: reason }, { refund_refuse_reason: reason, auto_agree_time: 0 });
    await logStaffAction(tx, ctx, "refund.refuse", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, reason });
  });
  return null;
}

export async function staffReceive(ctx: StaffCaller, orderGoodsId: number): Promise<null> {
  const refundId = await currentRefundId(ctx.db, orderGoodsId);
  await unitOfWork(ctx.db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    if (refund.refund_status !== RefundStatus.WAIT_TAKEDELIVERY) fail(`退款当前状态为「${refundStatusName(refund.refund_status)}」，不能确认收货`);
    await receiveReturn(tx, refund, shop(ctx));
    await logStaffAction(tx, ctx, "refund.receive", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId });
  });
  return null;
}

export async function staffTransfer(ctx: StaffCaller, orderGoodsId: number, remark: string): Promise<{ refund_status: number; refund_real_money: string }> {
  const refundId = await currentRefundId(ctx.db, orderGoodsId);
  const result = await unitOfWork(ctx.db, async (tx) => {
    const refund = await lockRefund(tx, refundId);
    const done = await transferRefund(tx, refund, shop(ctx), remark);
    await logStaffAction(tx, ctx, "refund.transfer", { type: "order_refund", id: refund.refund_no }, { order_goods_id: orderGoodsId, refund_real_money: yuan(done.realCents) });
    return done;
  });
  return { refund_status: result.refund_status, refund_real_money: yuan(result.realCents) };
}
