import type { OrderEvaluateInfo, OrderEvaluateLine, OwnEvaluation } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { findMemberOrder } from "../order/member-orders.ts";
import { refundAllowsEvaluation } from "../refund/rules.ts";
import { EVALUABLE_STATUSES, EvaluateStatus, requireEvaluationsOpen } from "./evaluate-rules.ts";

/** /api/order/evluateinfo: what /order/evaluate shows for an order, in first-evaluation or follow-up mode. */

export const toOwnEvaluation = (row: Row<"goods_evaluate">): OwnEvaluation => ({
  evaluate_id: row.evaluate_id,
  content: row.content,
  images: row.images,
  scores: row.scores,
  explain_type: row.explain_type,
  explain_first: row.explain_first,
  is_anonymous: row.is_anonymous,
  create_time: row.create_time,
  is_audit: row.is_audit,
  again_content: row.again_content,
  again_images: row.again_images,
  again_explain: row.again_explain,
  again_time: row.again_time,
  again_is_audit: row.again_is_audit,
});

/**
 * The member's received order (else 订单不存在 / 订单尚未收货…), with:
 * - not evaluated yet: the lines that may be evaluated (no refund, or a refused or closed one);
 *   none left → an error, as there is nothing to write;
 * - evaluated: the evaluated lines with their evaluations, and until when the follow-up is open.
 */
export async function orderEvaluateInfo(db: Db, memberId: number, orderId: number): Promise<OrderEvaluateInfo> {
  const order = await findMemberOrder(db, memberId, orderId);
  if (!EVALUABLE_STATUSES.includes(order.order_status)) fail("订单尚未收货，暂不能评价");
  const settings = await requireEvaluationsOpen(db);
  const [lines, evaluations] = await Promise.all([
    db
      .selectFrom("order_goods")
      .select(["order_goods_id", "goods_id", "sku_id", "sku_name", "sku_image", "spec_name", "price_cents", "num", "refund_status", "is_evaluate"])
      .where("order_id", "=", orderId)
      .orderBy("order_goods_id")
      .execute(),
    db.selectFrom("goods_evaluate").selectAll().where("order_id", "=", orderId).where("order_goods_id", ">", 0).execute(),
  ]);
  const byLine = new Map(evaluations.map((row) => [row.order_goods_id, row]));
  const firstTime = Math.min(...evaluations.map((row) => row.create_time));
  const evaluated = order.is_evaluate !== EvaluateStatus.NONE;
  const shown = evaluated
    ? lines.filter((line) => byLine.has(line.order_goods_id))
    : lines.filter((line) => line.is_evaluate === 0 && refundAllowsEvaluation(line.refund_status));
  if (!evaluated && shown.length === 0) fail("订单中没有可以评价的商品（退款中或已退款的商品不能评价）");
  const list: OrderEvaluateLine[] = shown.map((line) => {
    const row = byLine.get(line.order_goods_id);
    return {
      order_goods_id: line.order_goods_id,
      order_no: order.order_no,
      goods_id: line.goods_id,
      sku_id: line.sku_id,
      sku_name: line.sku_name,
      sku_image: line.sku_image,
      spec_name: line.spec_name,
      price: yuan(line.price_cents),
      num: line.num,
      evaluation: row ? toOwnEvaluation(row) : null,
    };
  });
  return {
    evaluate_status: order.is_evaluate,
    list,
    order_id: order.order_id,
    order_no: order.order_no,
    order_type: order.order_type,
    again_end_time: evaluated && evaluations.length > 0 ? firstTime + settings.againSeconds : 0,
    evaluate_audit: settings.audit ? 1 : 0,
  };
}
