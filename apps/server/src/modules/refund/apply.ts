import { ComplainStatus, RefundStatus, RefundType, type RefundApplyResult, type RefundBatchData, type RefundData } from "@shop/contract";
import { Code } from "@shop/contract/codes";
import type { RefundConfig } from "../../core/config-keys.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { recordEvent } from "../../core/events.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { days, now } from "../../core/time.ts";
import { enqueueJob } from "../jobs/queue.ts";
import { lockOrder } from "../order/order-lock.ts";
import { checkMemberImages } from "../upload/ownership.ts";
import { OrderStatus, OrderType } from "../order/state-machine.ts";
import { refundConfig } from "./config.ts";
import { extrasWithLine, lineGoodsLeft, lineOf, loadOrderMoney, type OrderMoney } from "./money.ts";
import { buyerActor, newRefundNo, storedPictures, writeRefundLog } from "./refund-store.ts";
import { CAN_ASK_FROM, orderRefundBlock } from "./rules.ts";
import { REFUND_JOBS } from "./settle.ts";
import { findLine, LINE_COLUMNS, toRefundLine, type LineRow } from "./views.ts";

/**
 * Asking for refunds: what a line (or several) offers, and the request itself. A request covers
 * one or several lines of one order and is all or nothing: every line is checked again inside the
 * unit of work, under the order's row lock, and each line moves to 1 by a conditional update — so
 * two requests for one line open one refund, and what is asked never exceeds what is left.
 */

/** 退货退款 once the goods left the shop (the line shipped, or the order was received/picked up); never for virtual goods. */
export function refundTypesOffered(line: Pick<LineRow, "order_type" | "order_status" | "delivery_status">): number[] {
  if (line.order_type === OrderType.VIRTUAL) return [RefundType.MONEY];
  const received: number[] = [OrderStatus.RECEIVED, OrderStatus.COMPLETE];
  return line.delivery_status === 1 || received.includes(line.order_status) ? [RefundType.MONEY, RefundType.RETURN] : [RefundType.MONEY];
}

/** Why this line cannot ask for a refund now ("" when it can). */
function lineProblem(line: LineRow, money: OrderMoney, config: RefundConfig, at: number): string {
  const block = orderRefundBlock(line, config.after_sale_days, at);
  if (block) return block;
  if (line.refund_status === RefundStatus.COMPLETE) return "该商品已全部退款";
  if (!CAN_ASK_FROM.includes(line.refund_status)) return "该商品已在退款中，请勿重复申请";
  const left = lineGoodsLeft(money, lineOf(money, line.order_goods_id));
  if (left <= 0 && line.real_goods_money_cents > 0) return "该商品已没有可退的金额";
  return "";
}

/** One line: the most it may ask now (its goods money left, plus the order's extras when it is the last of an unshipped order). */
export async function refundData(db: Db, memberId: number, orderGoodsId: number): Promise<RefundData> {
  const line = await findLine(db, orderGoodsId, memberId);
  const config = await refundConfig(db);
  const money = await loadOrderMoney(db, line.order_id);
  const problem = lineProblem(line, money, config, now());
  if (problem) fail(problem);
  const lineMoney = lineOf(money, orderGoodsId);
  const extras = extrasWithLine(money, lineMoney);
  return {
    order_goods_info: toRefundLine(line),
    refund_money: yuan(lineGoodsLeft(money, lineMoney) + extras),
    refund_delivery_money: yuan(extras),
    refund_type: refundTypesOffered(line),
    refund_reason_type: config.refund_reasons,
    refund_images_max: config.max_images,
  };
}

interface PlannedLine {
  line: LineRow;
  goodsCents: number;
  extrasCents: number;
}

/**
 * Each line in full, in order: the last one carries the order's extras when the lines asked
 * leave nothing of an unshipped order (the others are counted as asked before it).
 */
function planFullRefunds(money: OrderMoney, lines: LineRow[]): PlannedLine[] {
  const planned: PlannedLine[] = [];
  const simulated: OrderMoney = { ...money, lines: money.lines.map((line) => ({ ...line })) };
  lines.forEach((line, index) => {
    const lineMoney = lineOf(simulated, line.order_goods_id);
    const goodsCents = lineGoodsLeft(simulated, lineMoney);
    const extrasCents = index === lines.length - 1 ? extrasWithLine(simulated, lineMoney) : 0;
    planned.push({ line, goodsCents, extrasCents });
    lineMoney.openCents += goodsCents;
    simulated.openCents += goodsCents;
  });
  return planned;
}

/** The member's lines of one order, by ids (or every line of `orderId`); a line of another member is 不存在. */
async function memberLines(db: Db, memberId: number, ids: number[] | undefined, orderId: number | undefined): Promise<LineRow[]> {
  let query = db
    .selectFrom("order_goods")
    .innerJoin("orders", "orders.order_id", "order_goods.order_id")
    .select([...LINE_COLUMNS])
    .where("order_goods.member_id", "=", memberId)
    .where("orders.is_delete", "=", 0);
  if (ids) query = query.where("order_goods.order_goods_id", "in", ids);
  if (orderId !== undefined) query = query.where("order_goods.order_id", "=", orderId);
  const lines = await query.orderBy("order_goods.order_goods_id").execute();
  if (lines.length === 0 || (ids && lines.length !== new Set(ids).size)) fail(orderId !== undefined && !ids ? "订单不存在" : "订单商品不存在");
  if (new Set(lines.map((line) => line.order_id)).size > 1) fail("只能同时申请同一订单的商品退款", Code.PARAM);
  return lines;
}

/** Several lines (or a whole order): the ones that may be refunded now in full, and why the others may not. */
export async function refundBatchData(db: Db, memberId: number, input: { order_goods_ids?: number[]; order_id?: number }): Promise<RefundBatchData> {
  const lines = await memberLines(db, memberId, input.order_goods_ids, input.order_goods_ids ? undefined : input.order_id);
  const config = await refundConfig(db);
  const money = await loadOrderMoney(db, lines[0]!.order_id);
  const at = now();
  const skipped: RefundBatchData["skipped"] = [];
  const usable = lines.filter((line) => {
    const problem = lineProblem(line, money, config, at);
    if (problem) skipped.push({ order_goods_id: line.order_goods_id, reason: problem });
    return !problem;
  });
  if (usable.length === 0) fail(skipped[0]?.reason || "没有可以退款的商品");
  const planned = planFullRefunds(money, usable);
  const types = usable.map(refundTypesOffered).reduce((common, offered) => common.filter((type) => offered.includes(type)));
  return {
    order_id: lines[0]!.order_id,
    order_no: lines[0]!.order_no,
    order_goods_list: planned.map(({ line, goodsCents, extrasCents }) => ({ ...toRefundLine(line), refund_money: yuan(goodsCents + extrasCents) })),
    skipped,
    refund_money: yuan(planned.reduce((sum, plan) => sum + plan.goodsCents + plan.extrasCents, 0)),
    refund_delivery_money: yuan(planned.reduce((sum, plan) => sum + plan.extrasCents, 0)),
    refund_type: types,
    refund_reason_type: config.refund_reasons,
    refund_images_max: config.max_images,
  };
}

export interface ApplyInput {
  order_goods_ids?: number[];
  order_goods_id?: number;
  refund_type: 1 | 2;
  refund_reason: string;
  refund_remark: string;
  refund_images: string[];
  /** cents; a single line only */
  refund_money?: number;
}

/** The amount of a single-line request: what was asked, at most its goods money left plus the extras it would carry. */
function planSingle(money: OrderMoney, line: LineRow, askedCents: number | undefined): PlannedLine {
  const lineMoney = lineOf(money, line.order_goods_id);
  const goodsLeft = lineGoodsLeft(money, lineMoney);
  const extras = extrasWithLine(money, lineMoney);
  if (askedCents === undefined) return { line, goodsCents: goodsLeft, extrasCents: extras };
  if (askedCents > goodsLeft + extras) fail(`退款金额不能超过 ${yuan(goodsLeft + extras)} 元`, Code.PARAM);
  // Asking less than the goods money left is a partial refund: the extras stay with the order.
  return askedCents > goodsLeft ? { line, goodsCents: goodsLeft, extrasCents: askedCents - goodsLeft } : { line, goodsCents: askedCents, extrasCents: 0 };
}

export async function applyRefund(db: Db, memberId: number, input: ApplyInput): Promise<RefundApplyResult> {
  const ids = [...new Set(input.order_goods_ids ?? [input.order_goods_id!])];
  if (ids.length > 1 && input.refund_money !== undefined) fail("多个商品一起退款时不能指定退款金额，将按每件商品的可退金额退款", Code.PARAM);
  const config = await refundConfig(db);
  if (!config.refund_reasons.includes(input.refund_reason)) fail("请选择有效的退款原因", Code.PARAM);
  const images = await checkMemberImages(db, memberId, "refund", input.refund_images, config.max_images);
  const first = await memberLines(db, memberId, ids, undefined);
  const actor = await buyerActor(db, memberId);

  return unitOfWork(db, async (tx) => {
    await lockOrder(tx, first[0]!.order_id);
    const lines = await memberLines(tx, memberId, ids, undefined);
    const money = await loadOrderMoney(tx, lines[0]!.order_id);
    const at = now();
    for (const line of lines) {
      const problem = lineProblem(line, money, config, at);
      if (problem) fail(lines.length > 1 ? `「${line.sku_name}」${problem}` : problem);
      if (!refundTypesOffered(line).includes(input.refund_type)) fail(lines.length > 1 ? `「${line.sku_name}」尚未发货，请选择仅退款` : "商品尚未发货，请选择仅退款");
    }
    const planned = lines.length === 1 ? [planSingle(money, lines[0]!, input.refund_money)] : planFullRefunds(money, lines);
    const autoAgreeTime = at + days(config.auto_agree_days);
    const refundIds: number[] = [];
    for (const plan of planned) {
      const opened = await tx
        .updateTable("order_goods")
        .set({ refund_status: RefundStatus.APPLY })
        .where("order_goods_id", "=", plan.line.order_goods_id)
        .where("refund_status", "in", [...CAN_ASK_FROM])
        .executeTakeFirst();
      expectAffected(opened, 1, "该商品已在退款中，请勿重复申请");
      // Asking again after a refusal withdraws a complaint about it still waiting for the platform.
      await tx
        .updateTable("order_complain")
        .set({ complain_status: ComplainStatus.CANCELLED, cancel_time: at })
        .where("order_goods_id", "=", plan.line.order_goods_id)
        .where("complain_status", "=", ComplainStatus.WAITING)
        .execute();
      const refund = await tx
        .insertInto("order_refund")
        .values({
          refund_no: newRefundNo(), order_id: plan.line.order_id, order_goods_id: plan.line.order_goods_id, member_id: memberId,
          refund_type: input.refund_type, refund_status: RefundStatus.APPLY, refund_reason: input.refund_reason,
          refund_remark: input.refund_remark, refund_images: storedPictures(images),
          refund_apply_money_cents: plan.goodsCents, refund_delivery_money_cents: plan.extrasCents, refund_real_money_cents: 0,
          refund_balance_money_cents: 0, refund_pay_money_cents: 0, refund_pay_status: 0, refund_point: 0,
          refund_refuse_reason: "", shop_remark: "", refund_address: "", refund_delivery_name: "", refund_delivery_no: "",
          refund_delivery_remark: "", create_time: at, update_time: at, refund_time: 0, auto_agree_time: autoAgreeTime, delivery_deadline: 0,
        })
        .returning(["refund_id", "order_goods_id"])
        .executeTakeFirstOrThrow();
      const typeName = input.refund_type === RefundType.RETURN ? "退货退款" : "仅退款";
      await writeRefundLog(tx, refund, RefundStatus.APPLY, `买家申请${typeName}`, actor, `${input.refund_reason}，退款 ${yuan(plan.goodsCents + plan.extrasCents)} 元`);
      await enqueueJob(tx, { kind: REFUND_JOBS.autoAgree, payload: { refund_id: refund.refund_id }, runAt: autoAgreeTime, dedupeKey: `${REFUND_JOBS.autoAgree}:${refund.refund_id}` });
      await recordEvent(tx, { name: "refund.applied", id: refund.refund_id, data: { order_goods_id: refund.order_goods_id } });
      refundIds.push(refund.refund_id);
    }
    return { order_goods_ids: planned.map((plan) => plan.line.order_goods_id), refund_ids: refundIds };
  });
}
