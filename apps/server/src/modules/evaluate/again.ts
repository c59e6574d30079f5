import { Code } from "@shop/contract/codes";
import { EVALUATE_AUDIT, EVALUATE_IMAGES_MAX, type EvaluateAgainRequest, type EvaluateResult } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { checkMemberImages } from "../upload/ownership.ts";
import { EvaluateStatus, requireEvaluationsOpen } from "./evaluate-rules.ts";
import { expectDistinctLines, findEvaluableOrder } from "./add.ts";
import { evaluationsChanged } from "./shown.ts";

/**
 * /api/goodsevaluate/again: the follow-up (追评) of an evaluated order, once per order as in the
 * reference (so at most once per line: the lines sent get their follow-up, the others never will),
 * within evaluate_config.again_days of the first evaluation. The unit of work starts with
 * `UPDATE orders SET is_evaluate = 2 WHERE is_evaluate = 1`, so two requests cannot both write;
 * each line's `again_time = 0` condition stands behind it.
 */
export async function addAgain(db: Db, memberId: number, request: EvaluateAgainRequest): Promise<EvaluateResult> {
  const settings = await requireEvaluationsOpen(db);
  const order = await findEvaluableOrder(db, memberId, request.order_id);
  if (order.is_evaluate === EvaluateStatus.NONE) fail("订单还没有评价，请先评价");
  if (order.is_evaluate === EvaluateStatus.AGAIN) fail("订单已追评，每笔订单只能追评一次");
  expectDistinctLines(request.goods_evaluate);
  const images: string[][] = [];
  for (const line of request.goods_evaluate) images.push(await checkMemberImages(db, memberId, "evaluate", line.again_images, EVALUATE_IMAGES_MAX));
  const audit = settings.audit ? EVALUATE_AUDIT.waiting : EVALUATE_AUDIT.approved;

  return unitOfWork(db, async (tx) => {
    const claimed = await tx
      .updateTable("orders")
      .set({ is_evaluate: EvaluateStatus.AGAIN })
      .where("order_id", "=", order.order_id)
      .where("member_id", "=", memberId)
      .where("is_evaluate", "=", EvaluateStatus.EVALUATED)
      .executeTakeFirst();
    expectAffected(claimed, 1, "订单已追评，每笔订单只能追评一次");

    const evaluations = await tx
      .selectFrom("goods_evaluate")
      .select(["evaluate_id", "order_goods_id", "goods_id", "sku_id", "sku_name", "is_show", "create_time", "again_time"])
      .where("order_id", "=", order.order_id)
      .where("order_goods_id", ">", 0)
      .execute();
    const at = now();
    const firstTime = Math.min(...evaluations.map((row) => row.create_time));
    if (evaluations.length > 0 && at >= firstTime + settings.againSeconds) {
      fail(`已超过追评期限（评价后 ${Math.round(settings.againSeconds / 86400)} 天内可以追评）`);
    }
    const byLine = new Map(evaluations.map((row) => [row.order_goods_id, row]));
    const written: Array<(typeof evaluations)[number]> = [];
    for (const [index, wanted] of request.goods_evaluate.entries()) {
      const row = byLine.get(wanted.order_goods_id) ?? fail("追评的商品不属于该订单，或还没有评价", Code.PARAM);
      if ((wanted.goods_id !== undefined && wanted.goods_id !== row.goods_id) || (wanted.sku_id !== undefined && wanted.sku_id !== row.sku_id)) {
        fail(`「${row.sku_name}」的商品信息与订单不符`, Code.PARAM);
      }
      const updated = await tx
        .updateTable("goods_evaluate")
        .set({ again_content: wanted.again_content, again_images: images[index]!.join(","), again_time: at, again_is_audit: audit })
        .where("evaluate_id", "=", row.evaluate_id)
        .where("again_time", "=", 0)
        .executeTakeFirst();
      expectAffected(updated, 1, `「${row.sku_name}」已追评`);
      written.push(row);
    }
    // A shown evaluation shows its follow-up at once when nothing is reviewed.
    if (audit === EVALUATE_AUDIT.approved) {
      await evaluationsChanged(tx, written.filter((row) => row.is_show === 1).map((row) => row.goods_id), false);
    }
    return { evaluate_ids: written.map((row) => row.evaluate_id), need_audit: settings.audit ? 1 : 0 };
  });
}
