import { Code } from "@shop/contract/codes";
import { EVALUATE_AUDIT, EVALUATE_IMAGES_MAX, explainTypeFor, type EvaluateAddRequest, type EvaluateResult } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { findMemberOrder } from "../order/member-orders.ts";
import { checkMemberImages } from "../upload/ownership.ts";
import { EVALUABLE_REFUND_STATUSES, refundAllowsEvaluation } from "../refund/rules.ts";
import { EVALUABLE_STATUSES, EvaluateStatus, evaluatorName, requireEvaluationsOpen } from "./evaluate-rules.ts";
import { evaluationsChanged } from "./shown.ts";

/**
 * /api/goodsevaluate/add: the first evaluation of a received order, every line that may be
 * evaluated at once (stars, text, pictures), with the shop scores and the anonymous choice.
 *
 * Once per order, whatever the timing: the unit of work starts with `UPDATE orders SET
 * is_evaluate = 1 WHERE is_evaluate = 0 AND <evaluable status>`; a second request (or a double
 * click) finds no row to change and writes nothing. Each line is then taken with its own
 * conditional update (not evaluated, no refund in progress or done), and a unique index on
 * goods_evaluate.order_goods_id stands behind both.
 */

const lineLabel = (line: { sku_name: string }) => `「${line.sku_name}」`;

/** The same line twice in one request is a client error, not two evaluations. */
export function expectDistinctLines(lines: ReadonlyArray<{ order_goods_id: number }>): void {
  const ids = lines.map((line) => line.order_goods_id);
  if (new Set(ids).size !== ids.length) fail("同一商品不能重复提交", Code.PARAM);
}

/** The member's received order, or the reason it cannot be evaluated now. */
export async function findEvaluableOrder(db: Db, memberId: number, orderId: number) {
  const order = await findMemberOrder(db, memberId, orderId);
  if (!EVALUABLE_STATUSES.includes(order.order_status)) fail("订单尚未收货，暂不能评价");
  return order;
}

export async function addEvaluation(db: Db, memberId: number, request: EvaluateAddRequest): Promise<EvaluateResult> {
  const settings = await requireEvaluationsOpen(db);
  const order = await findEvaluableOrder(db, memberId, request.order_id);
  if (order.is_evaluate !== EvaluateStatus.NONE) fail("订单已评价，请勿重复提交");
  expectDistinctLines(request.goods_evaluate);
  const images: string[][] = [];
  for (const line of request.goods_evaluate) images.push(await checkMemberImages(db, memberId, "evaluate", line.images, EVALUATE_IMAGES_MAX));
  const member = await db.selectFrom("member").select(["member_id", "nickname", "username", "mobile", "headimg"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();
  const audit = settings.audit ? EVALUATE_AUDIT.waiting : EVALUATE_AUDIT.approved;

  return unitOfWork(db, async (tx) => {
    const claimed = await tx
      .updateTable("orders")
      .set({ is_evaluate: EvaluateStatus.EVALUATED })
      .where("order_id", "=", order.order_id)
      .where("member_id", "=", memberId)
      .where("is_delete", "=", 0)
      .where("is_evaluate", "=", EvaluateStatus.NONE)
      .where("order_status", "in", [...EVALUABLE_STATUSES])
      .executeTakeFirst();
    expectAffected(claimed, 1, "订单已评价，请勿重复提交");

    const lines = await tx
      .selectFrom("order_goods")
      .select(["order_goods_id", "goods_id", "sku_id", "sku_name", "sku_image", "price_cents", "refund_status", "is_evaluate"])
      .where("order_id", "=", order.order_id)
      .orderBy("order_goods_id")
      .execute();
    const byId = new Map(lines.map((line) => [line.order_goods_id, line]));
    const evaluable = (line: (typeof lines)[number]) => line.is_evaluate === 0 && refundAllowsEvaluation(line.refund_status);
    const chosen = request.goods_evaluate.map((wanted) => {
      const line = byId.get(wanted.order_goods_id) ?? fail("评价的商品不属于该订单", Code.PARAM);
      if ((wanted.goods_id !== undefined && wanted.goods_id !== line.goods_id) || (wanted.sku_id !== undefined && wanted.sku_id !== line.sku_id)) {
        fail(`${lineLabel(line)}的商品信息与订单不符`, Code.PARAM);
      }
      if (line.is_evaluate !== 0) fail(`${lineLabel(line)}已评价`);
      if (!refundAllowsEvaluation(line.refund_status)) fail(`${lineLabel(line)}正在退款或已退款，不能评价`);
      return { wanted, line };
    });
    const left = lines.filter((line) => evaluable(line) && !request.goods_evaluate.some((wanted) => wanted.order_goods_id === line.order_goods_id));
    if (left.length > 0) fail(`请为订单中的每件商品评分：${left.map(lineLabel).join("、")}`, Code.PARAM);

    for (const { line } of chosen) {
      const taken = await tx
        .updateTable("order_goods")
        .set({ is_evaluate: 1 })
        .where("order_goods_id", "=", line.order_goods_id)
        .where("is_evaluate", "=", 0)
        .where("refund_status", "in", [...EVALUABLE_REFUND_STATUSES])
        .executeTakeFirst();
      expectAffected(taken, 1, `${lineLabel(line)}的状态已变化，请刷新后重试`);
    }
    const at = now();
    const rows = await tx
      .insertInto("goods_evaluate")
      .values(
        chosen.map(({ wanted, line }, index) => ({
          order_id: order.order_id, order_no: order.order_no, order_goods_id: line.order_goods_id, goods_id: line.goods_id, sku_id: line.sku_id,
          sku_name: line.sku_name, sku_price_cents: line.price_cents, sku_image: line.sku_image, content: wanted.content,
          images: images[index]!.join(","), scores: wanted.scores, explain_type: explainTypeFor(wanted.scores), explain_first: "",
          member_id: memberId, member_name: evaluatorName(member), member_headimg: member.headimg, is_anonymous: request.is_anonymous,
          again_content: "", again_images: "", again_explain: "", again_time: 0, is_show: audit === EVALUATE_AUDIT.approved ? 1 : 0,
          create_time: at, shop_desccredit: request.shop_desccredit, shop_servicecredit: request.shop_servicecredit,
          shop_deliverycredit: request.shop_deliverycredit, is_audit: audit, again_is_audit: EVALUATE_AUDIT.approved,
        })),
      )
      .returning("evaluate_id")
      .execute();
    if (audit === EVALUATE_AUDIT.approved) await evaluationsChanged(tx, chosen.map(({ line }) => line.goods_id));
    return { evaluate_ids: rows.map((row) => row.evaluate_id), need_audit: settings.audit ? 1 : 0 };
  });
}
