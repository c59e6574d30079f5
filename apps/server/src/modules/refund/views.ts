import {
  COMPLAIN_STATUS_NAMES, REFUND_PAY_STATUS_NAMES, REFUND_TYPE_NAMES, RefundPayStatus, RefundStatus,
  type ComplainInfo, type RefundDetail, type RefundLine, type RefundListItem, type RefundLogEntry,
} from "@shop/contract";
import type { Selectable } from "kysely";
import type { Db } from "../../db/unit-of-work.ts";
import type { OrderComplainTable } from "../../db/schema-refund.ts";
import { yuan } from "../../core/money.ts";
import { payTypeName } from "@shop/contract";
import { fail } from "../../core/errors.ts";
import { FINISHED_STATUSES, lineRefundFields, loadOrderRefundParts, type OrderRefundParts } from "./line-state.ts";
import { memberRefundActions, orderRefundBlock, refundStatusName } from "./rules.ts";
import { parseAddress, pictureList, REFUND_WAY_ROLES, type RefundActor, type RefundRow } from "./refund-store.ts";
import { ACTOR_ROLES } from "../order/state-machine.ts";
import { lineGoodsFields, type OrderGoodsRow, type OrderSummaryRow } from "../order/order-view.ts";
import { lineGoodsLeft, lineOf, loadOrderMoney } from "./money.ts";
import { refundConfig } from "./config.ts";
import { now } from "../../core/time.ts";

/** How refunds look on the wire: lines, refunds with their timelines, complaints. */

/** The columns of an order line and its order that every refund view shows. */
export const LINE_COLUMNS = [
  "order_goods.order_goods_id", "order_goods.order_id", "orders.order_no", "order_goods.goods_id", "order_goods.sku_id",
  "order_goods.sku_name", "order_goods.sku_image", "order_goods.goods_name", "order_goods.spec_name", "order_goods.price_cents",
  "order_goods.num", "order_goods.real_goods_money_cents", "order_goods.delivery_status", "order_goods.refund_status",
  "order_goods.member_id", "orders.order_status", "orders.order_type", "orders.sign_time", "orders.pay_type",
] as const;

/** An order line (order-view's row) with what refunds read of its order. */
export interface LineRow
  extends Pick<
      OrderGoodsRow,
      | "order_goods_id" | "order_id" | "goods_id" | "sku_id" | "sku_name" | "sku_image" | "goods_name" | "spec_name"
      | "price_cents" | "num" | "real_goods_money_cents" | "delivery_status" | "refund_status"
    >,
    Pick<OrderSummaryRow, "order_no" | "order_status" | "order_type" | "sign_time"> {
  /** the line's member (order_goods.member_id) */
  member_id: number;
  pay_type: string;
}

/** A line with its order; `memberId` scopes it to that member (another member's line is 不存在, like a missing one). */
export async function findLine(db: Db, orderGoodsId: number, memberId?: number): Promise<LineRow> {
  let query = db
    .selectFrom("order_goods")
    .innerJoin("orders", "orders.order_id", "order_goods.order_id")
    .select([...LINE_COLUMNS])
    .where("order_goods.order_goods_id", "=", orderGoodsId);
  if (memberId !== undefined) query = query.where("order_goods.member_id", "=", memberId).where("orders.is_delete", "=", 0);
  const line = await query.executeTakeFirst();
  return line ?? fail("订单商品不存在");
}

export function toRefundLine(row: LineRow): RefundLine {
  return {
    order_goods_id: row.order_goods_id,
    order_id: row.order_id,
    order_no: row.order_no,
    ...lineGoodsFields(row),
    real_goods_money: yuan(row.real_goods_money_cents),
    delivery_status: row.delivery_status,
    refund_status: row.refund_status,
    refund_status_name: refundStatusName(row.refund_status),
  };
}

export type Viewer = "member" | "staff";

export async function refundTimeline(db: Db, refundId: number, viewer: Viewer): Promise<RefundLogEntry[]> {
  const rows = await db.selectFrom("order_refund_log").selectAll().where("refund_id", "=", refundId).orderBy("action_time").orderBy("id").execute();
  return rows.map((row) => ({
    refund_status: row.refund_status,
    refund_status_name: refundStatusName(row.refund_status),
    action: row.action,
    action_way: row.action_way,
    actor_name: viewer === "staff" ? row.actor_name : (ACTOR_ROLES[REFUND_WAY_ROLES[row.action_way as RefundActor["way"]]] ?? ""),
    remark: row.remark,
    action_time: row.action_time,
  }));
}

export function toComplainInfo(row: Selectable<OrderComplainTable>): ComplainInfo {
  return {
    complain_id: row.complain_id,
    order_goods_id: row.order_goods_id,
    refund_id: row.refund_id,
    complain_status: row.complain_status,
    complain_status_name: COMPLAIN_STATUS_NAMES[row.complain_status] ?? "",
    complain_reason: row.complain_reason,
    complain_remark: row.complain_remark,
    complain_images: pictureList(row.complain_images),
    handle_remark: row.handle_remark,
    refund_agreed: row.refund_agreed,
    create_time: row.create_time,
    handle_time: row.handle_time,
    cancel_time: row.cancel_time,
  };
}

export async function complaintOf(db: Db, refundId: number): Promise<ComplainInfo | null> {
  const row = await db.selectFrom("order_complain").selectAll().where("refund_id", "=", refundId).executeTakeFirst();
  return row ? toComplainInfo(row) : null;
}

/** How the money goes back, in words: 原路退回（余额 ¥x；微信支付 ¥y 退款中）. */
function refundWayName(refund: RefundRow, payType: string): string {
  if (refund.refund_time === 0) return "原路退回";
  const parts: string[] = [];
  if (refund.refund_balance_money_cents > 0) parts.push(`余额 ¥${yuan(refund.refund_balance_money_cents)}`);
  if (refund.refund_pay_money_cents > 0) {
    parts.push(`${payTypeName(payType)} ¥${yuan(refund.refund_pay_money_cents)}${refund.refund_pay_status === RefundPayStatus.ARRIVED ? "" : `（${refund.refund_pay_status < 0 ? REFUND_PAY_STATUS_NAMES[refund.refund_pay_status] : "退款处理中"}）`}`);
  }
  return parts.length ? `原路退回：${parts.join("，")}` : "原路退回";
}

/** The refund's fields on the wire (detail and lists share them). */
export function refundFields(refund: RefundRow, payType: string) {
  return {
    refund_id: refund.refund_id,
    refund_no: refund.refund_no,
    refund_type: refund.refund_type,
    refund_type_name: REFUND_TYPE_NAMES[refund.refund_type] ?? "",
    refund_reason: refund.refund_reason,
    refund_remark: refund.refund_remark,
    refund_images: pictureList(refund.refund_images),
    refund_apply_money: yuan(refund.refund_apply_money_cents + refund.refund_delivery_money_cents),
    refund_real_money: yuan(refund.refund_real_money_cents),
    refund_balance_money: yuan(refund.refund_balance_money_cents),
    refund_pay_money: yuan(refund.refund_pay_money_cents),
    refund_pay_status: refund.refund_pay_status,
    refund_pay_status_name: REFUND_PAY_STATUS_NAMES[refund.refund_pay_status] ?? "",
    refund_delivery_money: yuan(refund.refund_delivery_money_cents),
    refund_point: refund.refund_point,
    refund_way_name: refundWayName(refund, payType),
    refund_refuse_reason: refund.refund_refuse_reason,
    shop_remark: refund.shop_remark,
    refund_address: refund.refund_type === 2 ? parseAddress(refund.refund_address) : null,
    refund_delivery_name: refund.refund_delivery_name,
    refund_delivery_no: refund.refund_delivery_no,
    refund_delivery_remark: refund.refund_delivery_remark,
    refund_action_time: refund.create_time,
    refund_time: refund.refund_time,
    auto_agree_time: refund.refund_status === RefundStatus.APPLY ? refund.auto_agree_time : 0,
    delivery_deadline: refund.refund_status === RefundStatus.WAIT_DELIVERY ? refund.delivery_deadline : 0,
  };
}

/** Whether a new refund may be asked for the line now (the order takes refunds, money is left). */
export async function lineCanAsk(db: Db, line: LineRow): Promise<boolean> {
  const { after_sale_days } = await refundConfig(db);
  if (orderRefundBlock(line, after_sale_days, now()) !== "") return false;
  const money = await loadOrderMoney(db, line.order_id);
  const left = lineGoodsLeft(money, lineOf(money, line.order_goods_id));
  return left > 0 || (line.real_goods_money_cents === 0 && line.refund_status === RefundStatus.NONE);
}

/** The line's latest refund in full, with its timeline and what the viewer's member may do. */
export async function buildRefundDetail(db: Db, line: LineRow, refund: RefundRow, viewer: Viewer): Promise<RefundDetail> {
  const complain = await complaintOf(db, refund.refund_id);
  const finished = await db
    .selectFrom("order_refund")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("refund_real_money_cents"), eb.lit(0)).as("total"))
    .where("order_goods_id", "=", line.order_goods_id)
    .where("refund_status", "in", [...FINISHED_STATUSES])
    .executeTakeFirstOrThrow();
  const canAsk = await lineCanAsk(db, line);
  return {
    ...toRefundLine(line),
    ...refundFields(refund, line.pay_type),
    refund_total_real_money: yuan(Number(finished.total)),
    refund_log: await refundTimeline(db, refund.refund_id, viewer),
    refund_action: memberRefundActions({ refund_status: line.refund_status, has_complaint: complain !== null }, canAsk),
    complain,
  };
}

/** A list row: a line (with its order) and the id of its latest refund. */
export type RefundListRow = LineRow & { latest_refund_id: number };

/** What a page of refund list rows needs beside the rows: their latest refunds and the lines' refund state. */
export interface RefundListParts {
  refunds: Map<number, RefundRow>;
  lines: OrderRefundParts;
}

export async function loadRefundListParts(db: Db, rows: RefundListRow[]): Promise<RefundListParts> {
  const ids = rows.map((row) => row.latest_refund_id);
  const refunds = ids.length ? await db.selectFrom("order_refund").selectAll().where("refund_id", "in", ids).execute() : [];
  return { refunds: new Map(refunds.map((row) => [row.refund_id, row])), lines: await loadOrderRefundParts(db, rows) };
}

/** One entry of the 退款/售后 lists (the member's, and the staff's before its own fields). */
export function toRefundListItem(row: RefundListRow, parts: RefundListParts): RefundListItem {
  const refund = refundFields(parts.refunds.get(row.latest_refund_id)!, row.pay_type);
  return {
    ...toRefundLine(row),
    refund_id: refund.refund_id,
    refund_no: refund.refund_no,
    refund_type: refund.refund_type,
    refund_type_name: refund.refund_type_name,
    refund_apply_money: refund.refund_apply_money,
    refund_real_money: refund.refund_real_money,
    refund_action_time: refund.refund_action_time,
    refund_action: lineRefundFields(parts.lines, row, row).refund_action,
  };
}
