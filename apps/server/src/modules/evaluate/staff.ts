import { Code } from "@shop/contract/codes";
import { EVALUATE_AUDIT, type Page, type StaffEvaluation } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import type { Row } from "../../db/schema.ts";
import type { StaffCaller } from "../../core/context.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { containsText } from "../store/text-match.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { toOwnEvaluation } from "./order-info.ts";
import { evaluationsChanged } from "./shown.ts";

/** The shop's side (evaluate.manage): review what buyers wrote, reply as 商家, delete. Each action is logged. */


const toStaffEvaluation = (row: Row<"goods_evaluate">): StaffEvaluation => ({
  ...toOwnEvaluation(row),
  order_id: row.order_id,
  order_no: row.order_no,
  order_goods_id: row.order_goods_id,
  goods_id: row.goods_id,
  sku_id: row.sku_id,
  sku_name: row.sku_name,
  sku_image: row.sku_image,
  member_id: row.member_id,
  member_name: row.member_name,
  shop_desccredit: row.shop_desccredit,
  shop_servicecredit: row.shop_servicecredit,
  shop_deliverycredit: row.shop_deliverycredit,
  is_show: row.is_show,
});

export interface StaffEvaluationQuery extends PageRequest {
  /** 0: something waits for review; 1: all approved; -1: something refused */
  is_audit: number | "all" | "";
  goods_id: number;
  explain_type: number;
  keyword: string;
}

export async function listStaffEvaluations(db: Db, query: StaffEvaluationQuery): Promise<Page<StaffEvaluation>> {
  let rows = db.selectFrom("goods_evaluate").selectAll();
  const audit = query.is_audit;
  if (audit === EVALUATE_AUDIT.waiting) {
    rows = rows.where((eb) => eb.or([eb("is_audit", "=", 0), eb.and([eb("again_is_audit", "=", 0), eb("again_time", ">", 0)])]));
  } else if (audit === EVALUATE_AUDIT.refused) {
    rows = rows.where((eb) => eb.or([eb("is_audit", "=", -1), eb("again_is_audit", "=", -1)]));
  } else if (audit === EVALUATE_AUDIT.approved) {
    rows = rows.where("is_audit", "=", 1).where("again_is_audit", "=", 1);
  }
  if (query.goods_id > 0) rows = rows.where("goods_id", "=", query.goods_id);
  if (query.explain_type > 0) rows = rows.where("explain_type", "=", query.explain_type);
  if (query.keyword) {
    const keyword = query.keyword;
    rows = rows.where((eb) => eb.or([containsText("content", keyword), containsText("sku_name", keyword), containsText("member_name", keyword)]));
  }
  const page = await paginate(db, rows.orderBy("create_time", "desc").orderBy("evaluate_id", "desc"), query);
  return mapPage(page, toStaffEvaluation);
}

async function findEvaluation(tx: Db, evaluateId: number): Promise<Row<"goods_evaluate">> {
  return (await tx.selectFrom("goods_evaluate").selectAll().where("evaluate_id", "=", evaluateId).executeTakeFirst()) ?? fail("评价不存在");
}

/** Approves (1) or refuses (-1) the evaluation and/or its follow-up, whichever waits; approving the evaluation shows it. */
export async function auditEvaluation(db: Db, caller: StaffCaller, evaluateId: number, result: number): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const row = await findEvaluation(tx, evaluateId);
    const first = row.is_audit === EVALUATE_AUDIT.waiting;
    const again = row.again_is_audit === EVALUATE_AUDIT.waiting && row.again_time > 0;
    if (!first && !again) fail("该评价没有待审核的内容");
    let update = tx.updateTable("goods_evaluate").where("evaluate_id", "=", evaluateId);
    if (first) update = update.set({ is_audit: result, is_show: result === EVALUATE_AUDIT.approved ? 1 : 0 }).where("is_audit", "=", EVALUATE_AUDIT.waiting);
    if (again) update = update.set({ again_is_audit: result }).where("again_is_audit", "=", EVALUATE_AUDIT.waiting);
    expectAffected(await update.executeTakeFirst(), 1, "评价已被审核，请刷新后重试");
    await logStaffAction(tx, caller, "evaluate.audit", { type: "goods_evaluate", id: evaluateId }, { is_audit: result, first, again });
    const shownNow = first ? result === EVALUATE_AUDIT.approved : row.is_show === 1 && result === EVALUATE_AUDIT.approved;
    if (shownNow) await evaluationsChanged(tx, [row.goods_id], first);
  });
  return null;
}

/** The shop's reply (商家回复) to the evaluation and/or its follow-up; "" takes a reply back. */
export async function replyEvaluation(db: Db, caller: StaffCaller, evaluateId: number, reply: { explain_first?: string; again_explain?: string }): Promise<null> {
  if (reply.explain_first === undefined && reply.again_explain === undefined) fail("请填写回复内容", Code.PARAM);
  await unitOfWork(db, async (tx) => {
    const row = await findEvaluation(tx, evaluateId);
    if (reply.again_explain !== undefined && row.again_time === 0) fail("该评价还没有追评，不能回复追评");
    const changes = {
      ...(reply.explain_first !== undefined ? { explain_first: reply.explain_first } : {}),
      ...(reply.again_explain !== undefined ? { again_explain: reply.again_explain } : {}),
    };
    await tx.updateTable("goods_evaluate").set(changes).where("evaluate_id", "=", evaluateId).execute();
    await logStaffAction(tx, caller, "evaluate.reply", { type: "goods_evaluate", id: evaluateId }, changes);
    if (row.is_show === 1) await evaluationsChanged(tx, [row.goods_id], false);
  });
  return null;
}

/** Removes an evaluation for good (the order stays evaluated: the buyer cannot write it again). */
export async function deleteEvaluation(db: Db, caller: StaffCaller, evaluateId: number): Promise<null> {
  await unitOfWork(db, async (tx) => {
    const row = await findEvaluation(tx, evaluateId);
    expectAffected(await tx.deleteFrom("goods_evaluate").where("evaluate_id", "=", evaluateId).executeTakeFirst(), 1, "评价不存在");
    await logStaffAction(tx, caller, "evaluate.delete", { type: "goods_evaluate", id: evaluateId }, {
      order_id: row.order_id, goods_id: row.goods_id, member_id: row.member_id, content: row.content.slice(0, 100),
    });
    if (row.is_show === 1) await evaluationsChanged(tx, [row.goods_id]);
  });
  return null;
}
