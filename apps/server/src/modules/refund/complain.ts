import { recordEvent } from "../../core/events.ts";
import {
  ComplainStatus, RefundStatus,
  type ComplainDetail, type ComplainListItem, type StaffComplainDetail, type StaffComplainListItem,
} from "@shop/contract";
import { Code, type Page } from "@shop/contract/codes";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { expectAffected, isUniqueViolation } from "../../db/conditional.ts";
import type { StaffCaller } from "../../core/context.ts";
import { fail } from "../../core/errors.ts";
import { mapPage, paginate, type PageRequest } from "../../core/paging.ts";
import { now } from "../../core/time.ts";
import { checkMemberImages } from "../upload/ownership.ts";
import { logStaffAction } from "../staff/staff-log.ts";
import { refundConfig } from "./config.ts";
import { buyerActor, findRefund, storedPictures, writeRefundLog } from "./refund-store.ts";
import { lockRefund, resumeRefusedRefund } from "./settle.ts";
import { memberRefund } from "./member.ts";
import { staffRefundDetail } from "./staff.ts";
import { refundFields, toComplainInfo, toRefundLine } from "./views.ts";

/**
 * Complaints (ours: the reference has none). A buyer whose refund the shop refused asks the
 * platform to step in, once per refund (unique per refund_id); the platform answers with
 * permission complaint.manage and may side with the buyer, which agrees the refund as the shop
 * would have. Calls by order_goods_id like the refund calls; IDOR answers like a missing line.
 */

export async function memberComplainDetail(db: Db, memberId: number, orderGoodsId: number): Promise<ComplainDetail> {
  const { line, refund } = await memberRefund(db, memberId, orderGoodsId);
  const row = await db.selectFrom("order_complain").selectAll().where("refund_id", "=", refund.refund_id).executeTakeFirst();
  const config = await refundConfig(db);
  const fields = refundFields(refund, line.pay_type);
  const { order_id, order_no, sku_id, sku_name, sku_image, spec_name, price, num, real_goods_money, refund_status_name } = toRefundLine(line);
  return {
    refund: {
      refund_id: refund.refund_id, refund_no: refund.refund_no, order_goods_id: line.order_goods_id, order_id, order_no, sku_id, sku_name, sku_image,
      spec_name, price, num, real_goods_money,
      refund_type_name: fields.refund_type_name, refund_status: line.refund_status, refund_status_name, refund_apply_money: fields.refund_apply_money,
      refund_reason: refund.refund_reason, refund_refuse_reason: refund.refund_refuse_reason,
    },
    can_complain: !row && refund.refund_status === RefundStatus.REFUSED,
    complain: row ? toComplainInfo(row) : null,
    complain_reason_type: config.complain_reasons,
    complain_images_max: config.max_images,
  };
}

export interface ComplainInput {
  complain_reason: string;
  complain_remark: string;
  complain_images: string[];
}

export async function fileComplaint(db: Db, memberId: number, orderGoodsId: number, input: ComplainInput): Promise<{ complain_id: number }> {
  const { refund } = await memberRefund(db, memberId, orderGoodsId);
  const config = await refundConfig(db);
  if (!config.complain_reasons.includes(input.complain_reason)) fail("请选择有效的投诉原因", Code.PARAM);
  const images = await checkMemberImages(db, memberId, "complain", input.complain_images, config.max_images);
  const actor = await buyerActor(db, memberId);
  try {
    return await unitOfWork(db, async (tx) => {
      const current = await lockRefund(tx, refund.refund_id);
      if (current.refund_status !== RefundStatus.REFUSED) fail("只有被商家拒绝的退款才能申请平台介入");
      const existing = await tx.selectFrom("order_complain").select("complain_id").where("refund_id", "=", current.refund_id).executeTakeFirst();
      if (existing) fail("该退款已投诉过，每笔退款只能投诉一次");
      const at = now();
      const { complain_id } = await tx
        .insertInto("order_complain")
        .values({
          refund_id: current.refund_id, order_goods_id: current.order_goods_id, order_id: current.order_id, member_id: memberId,
          complain_status: ComplainStatus.WAITING, complain_reason: input.complain_reason, complain_remark: input.complain_remark,
          complain_images: storedPictures(images), handle_remark: "", refund_agreed: 0, staff_id: 0, create_time: at, handle_time: 0, cancel_time: 0,
        })
        .returning("complain_id")
        .executeTakeFirstOrThrow();
      await writeRefundLog(tx, current, current.refund_status, "买家申请平台介入", actor, input.complain_reason);
      await recordEvent(tx, { name: "complaint.created", id: complain_id, data: { order_goods_id: current.order_goods_id } });
      return { complain_id };
    });
  } catch (error) {
    // PostgreSQL: a concurrent complaint about the same refund committed first (unique refund_id).
    if (isUniqueViolation(error)) fail("该退款已投诉过，每笔退款只能投诉一次");
    throw error;
  }
}

export async function cancelComplaint(db: Db, memberId: number, orderGoodsId: number): Promise<null> {
  const { refund } = await memberRefund(db, memberId, orderGoodsId);
  const actor = await buyerActor(db, memberId);
  await unitOfWork(db, async (tx) => {
    const current = await lockRefund(tx, refund.refund_id);
    const row = await tx.selectFrom("order_complain").select(["complain_id", "complain_status"]).where("refund_id", "=", current.refund_id).executeTakeFirst();
    if (!row) return fail("投诉不存在");
    if (row.complain_status !== ComplainStatus.WAITING) fail("投诉已处理或已撤销，不能撤销");
    const cancelled = await tx
      .updateTable("order_complain")
      .set({ complain_status: ComplainStatus.CANCELLED, cancel_time: now() })
      .where("complain_id", "=", row.complain_id)
      .where("complain_status", "=", ComplainStatus.WAITING)
      .executeTakeFirst();
    expectAffected(cancelled, 1, "投诉状态已变化，请刷新后重试");
    await writeRefundLog(tx, current, current.refund_status, "买家撤销投诉", actor);
  });
  return null;
}

const complaintsWithLines = (db: Db) =>
  db
    .selectFrom("order_complain")
    .innerJoin("order_goods", "order_goods.order_goods_id", "order_complain.order_goods_id")
    .innerJoin("orders", "orders.order_id", "order_complain.order_id")
    .selectAll("order_complain")
    .select(["orders.order_no", "order_goods.sku_name", "order_goods.sku_image", "order_goods.spec_name", "order_goods.num"]);

type ComplainRowWithLine = Awaited<ReturnType<ReturnType<typeof complaintsWithLines>["execute"]>>[number];

const toListItem = (row: ComplainRowWithLine): ComplainListItem => ({
  ...toComplainInfo(row), order_no: row.order_no, sku_name: row.sku_name, sku_image: row.sku_image, spec_name: row.spec_name, num: row.num,
});

export async function listMemberComplaints(db: Db, memberId: number, paging: PageRequest): Promise<Page<ComplainListItem>> {
  const query = complaintsWithLines(db).where("order_complain.member_id", "=", memberId).orderBy("order_complain.complain_id", "desc");
  return mapPage(await paginate(db, query, paging), toListItem);
}

// ---- the platform (staff with complaint.manage) ----

export async function listStaffComplaints(db: Db, query: PageRequest & { complain_status: number | "all" | "" }): Promise<Page<StaffComplainListItem>> {
  let rows = complaintsWithLines(db)
    .leftJoin("member", "member.member_id", "order_complain.member_id")
    .select(["member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile"]);
  if (typeof query.complain_status === "number") rows = rows.where("order_complain.complain_status", "=", query.complain_status);
  const page = await paginate(db, rows.orderBy("order_complain.complain_status", "desc").orderBy("order_complain.complain_id", "desc"), query);
  return mapPage(page, (row) => ({
    ...toListItem(row),
    member_id: row.member_id,
    member_username: row.member_username || row.member_mobile || "",
    member_nickname: row.member_nickname ?? "",
  }));
}

export async function staffComplainDetail(db: Db, complainId: number): Promise<StaffComplainDetail> {
  const row = await db.selectFrom("order_complain").selectAll().where("complain_id", "=", complainId).executeTakeFirst();
  if (!row) return fail("投诉不存在");
  const refund = await staffRefundDetail(db, row.order_goods_id);
  return { ...toComplainInfo(row), member_id: row.member_id, member_username: refund.member_username, member_nickname: refund.member_nickname, refund };
}

/**
 * The platform's answer (1 → 2). Siding with the buyer (agree_refund 1) resumes the refused refund
 * where the shop refused it (resumeRefusedRefund), if it is still refused.
 */
export async function handleComplaint(db: Db, caller: StaffCaller, complainId: number, input: { handle_remark: string; agree_refund: 0 | 1 }): Promise<{ complain_status: number; refund_status: number }> {
  const row = await db.selectFrom("order_complain").select(["refund_id"]).where("complain_id", "=", complainId).executeTakeFirst();
  if (!row) return fail("投诉不存在");
  return unitOfWork(db, async (tx) => {
    const refund = await lockRefund(tx, row.refund_id);
    const handled = await tx
      .updateTable("order_complain")
      .set({ complain_status: ComplainStatus.HANDLED, handle_remark: input.handle_remark, refund_agreed: input.agree_refund, staff_id: caller.staff.staff_id, handle_time: now() })
      .where("complain_id", "=", complainId)
      .where("complain_status", "=", ComplainStatus.WAITING)
      .executeTakeFirst();
    expectAffected(handled, 1, "投诉已处理或已撤销");
    const platform = { way: 4 as const, id: caller.staff.staff_id, name: caller.staff.nickname || caller.staff.username };
    let status = refund.refund_status;
    if (input.agree_refund === 1) {
      if (refund.refund_status !== RefundStatus.REFUSED) fail("退款已不是被拒绝状态，不能由平台同意");
      status = await resumeRefusedRefund(tx, refund, platform, input.handle_remark);
    } else {
      await writeRefundLog(tx, refund, refund.refund_status, "平台处理投诉", platform, input.handle_remark);
    }
    await logStaffAction(tx, caller, "complaint.handle", { type: "order_complain", id: complainId }, { agree_refund: input.agree_refund, refund_no: refund.refund_no });
    return { complain_status: ComplainStatus.HANDLED, refund_status: (await findRefund(tx, refund.refund_id))?.refund_status ?? status };
  });
}
