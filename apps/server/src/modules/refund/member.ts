import { ComplainStatus, OPEN_REFUND_STATUSES, REFUND_LIST_FILTERS, RefundStatus, type RefundDetail, type RefundListFilter, type RefundListItem, type RefundListPage } from "@shop/contract";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { buyerActor, latestRefund, moveRefund, type RefundRow } from "./refund-store.ts";
import { lockRefund } from "./settle.ts";
import { refundStatusName } from "./rules.ts";
import { buildRefundDetail, findLine, LINE_COLUMNS, loadRefundListParts, toRefundListItem, type LineRow } from "./views.ts";

/**
 * The member's side after asking: the refund's detail, sending returned goods back, withdrawing,
 * and the 退款/售后 list. Every call finds the line among the member's own: another member's line
 * answers 订单商品不存在, exactly like a line that does not exist.
 */

/** The member's line and its latest refund, or 不存在 (a line without refunds has no refund to show). */
export async function memberRefund(db: Db, memberId: number, orderGoodsId: number): Promise<{ line: LineRow; refund: RefundRow }> {
  const line = await findLine(db, orderGoodsId, memberId);
  const refund = await latestRefund(db, orderGoodsId);
  if (!refund || line.refund_status === RefundStatus.NONE) fail("退款信息不存在");
  return { line, refund: refund! };
}

export async function memberRefundDetail(db: Db, memberId: number, orderGoodsId: number): Promise<RefundDetail> {
  const { line, refund } = await memberRefund(db, memberId, orderGoodsId);
  return buildRefundDetail(db, line, refund, "member");
}

export interface ReturnDelivery {
  refund_delivery_name: string;
  refund_delivery_no: string;
  refund_delivery_remark: string;
}

/** 4 → 5: the buyer sent the goods back with this company and tracking number. */
export async function sendReturn(db: Db, memberId: number, orderGoodsId: number, delivery: ReturnDelivery): Promise<null> {
  const { refund } = await memberRefund(db, memberId, orderGoodsId);
  const actor = await buyerActor(db, memberId);
  await unitOfWork(db, async (tx) => {
    const current = await lockRefund(tx, refund.refund_id);
    if (current.refund_status !== RefundStatus.WAIT_DELIVERY) fail(`退款当前状态为「${refundStatusName(current.refund_status)}」，不能填写退货物流`);
    await moveRefund(
      tx, current, [RefundStatus.WAIT_DELIVERY], RefundStatus.WAIT_TAKEDELIVERY,
      { action: "买家已退货", actor, remark: `${delivery.refund_delivery_name}：${delivery.refund_delivery_no}${delivery.refund_delivery_remark ? `（${delivery.refund_delivery_remark}）` : ""}` },
      { ...delivery, delivery_deadline: 0 },
    );
  });
  return null;
}

/** The buyer withdraws a refund before the shop acted on it (1), before sending goods back (4), or gives up a refused one (-1): → -2. */
export async function cancelRefund(db: Db, memberId: number, orderGoodsId: number): Promise<null> {
  const { refund } = await memberRefund(db, memberId, orderGoodsId);
  const actor = await buyerActor(db, memberId);
  const from = [RefundStatus.APPLY, RefundStatus.WAIT_DELIVERY, RefundStatus.REFUSED];
  await unitOfWork(db, async (tx) => {
    const current = await lockRefund(tx, refund.refund_id);
    if (!from.includes(current.refund_status as 1 | 4 | -1)) fail(`退款当前状态为「${refundStatusName(current.refund_status)}」，不能撤销`);
    await moveRefund(tx, current, from, RefundStatus.CLOSED, { action: "买家撤销退款申请", actor }, { auto_agree_time: 0, delivery_deadline: 0 });
    // A complaint still waiting for the platform has nothing left to decide.
    await tx.updateTable("order_complain").set({ complain_status: ComplainStatus.CANCELLED, cancel_time: now() }).where("refund_id", "=", current.refund_id).where("complain_status", "=", ComplainStatus.WAITING).execute();
  });
  return null;
}

/** The statuses of each /member/activist tab. */
export const LIST_FILTER_STATUSES: Record<Exclude<RefundListFilter, "all">, readonly number[]> = {
  doing: OPEN_REFUND_STATUSES,
  refused: [RefundStatus.REFUSED],
  finished: [RefundStatus.COMPLETE, RefundStatus.PARTIAL],
  closed: [RefundStatus.CLOSED],
};

export function refundFilter(filter: RefundListFilter) {
  return (eb: ExpressionBuilder<DB, "order_goods">) =>
    filter === "all" ? eb("order_goods.refund_status", "!=", RefundStatus.NONE) : eb("order_goods.refund_status", "in", [...LIST_FILTER_STATUSES[filter]]);
}

/** Lines with their latest refund (a line shows once, however often it asked). */
export function linesWithLatestRefund(db: Db) {
  return db
    .selectFrom("order_goods")
    .innerJoin("orders", "orders.order_id", "order_goods.order_id")
    .innerJoin("order_refund", (join) =>
      join.onRef("order_refund.order_goods_id", "=", "order_goods.order_goods_id").on((eb) =>
        eb("order_refund.refund_id", "=", eb.selectFrom("order_refund as newer").select((inner) => inner.fn.max("newer.refund_id").as("latest")).whereRef("newer.order_goods_id", "=", "order_goods.order_goods_id")),
      ),
    );
}

export async function listMemberRefunds(db: Db, memberId: number, query: PageRequest & { refund_status: RefundListFilter }): Promise<RefundListPage> {
  const base = linesWithLatestRefund(db).where("order_goods.member_id", "=", memberId).where("orders.is_delete", "=", 0);
  const page = await paginate(
    db,
    base.where(refundFilter(query.refund_status)).select([...LINE_COLUMNS, "order_refund.refund_id as latest_refund_id"]).orderBy("order_refund.create_time", "desc").orderBy("order_refund.refund_id", "desc"),
    query,
  );
  const parts = await loadRefundListParts(db, page.list);
  const list: RefundListItem[] = page.list.map((row) => toRefundListItem(row, parts));
  const counts = Object.fromEntries(
    await Promise.all(
      REFUND_LIST_FILTERS.map(async (filter) => {
        const row = await base.where(refundFilter(filter)).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
        return [filter, Number(row?.count ?? 0)] as const;
      }),
    ),
  ) as RefundListPage["counts"];
  return { ...page, list, counts };
}
