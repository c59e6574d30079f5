import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { payMethodsOf } from "../pay/shop-methods.ts";
import { applyRefund, refundBatchData, refundData } from "./apply.ts";
import { cancelRefund, listMemberRefunds, memberRefundDetail, sendReturn } from "./member.ts";
import { staffAgree, staffReceive, staffRefundDetail, staffRefuse, staffTransfer } from "./staff.ts";
import { cancelComplaint, fileComplaint, handleComplaint, listMemberComplaints, listStaffComplaints, memberComplainDetail, staffComplainDetail } from "./complain.ts";
import { registerRefundJobs } from "./jobs.ts";
import { listStaffRefunds } from "./staff-list.ts";

/**
 * Refunds, returns and complaints: the member calls (/api/orderrefund/…, /api/ordercomplain/…),
 * the staff API (/shopapi/orderrefund/… with refund.manage, /shopapi/ordercomplain/… with
 * complaint.manage) and their timers. Docs: docs/api/refund.md; decisions: docs/adr/0012-refunds.md.
 */
export function registerRefundRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  registerRefundJobs(api.deps.jobs, db, payMethodsOf(api.deps), api.deps.config);

  api.member("/api/orderrefund/refundData", (body, ctx) => refundData(ctx.db, ctx.memberId, body.order_goods_id));
  api.member("/api/orderrefund/refundDataBatch", (body, ctx) => refundBatchData(ctx.db, ctx.memberId, body));
  api.member("/api/orderrefund/refund", (body, ctx) => applyRefund(ctx.db, ctx.memberId, body));
  api.member("/api/orderrefund/detail", (body, ctx) => memberRefundDetail(ctx.db, ctx.memberId, body.order_goods_id));
  api.member("/api/orderrefund/delivery", (body, ctx) => sendReturn(ctx.db, ctx.memberId, body.order_goods_id, body));
  api.member("/api/orderrefund/cancel", (body, ctx) => cancelRefund(ctx.db, ctx.memberId, body.order_goods_id));
  api.member("/api/orderrefund/lists", (body, ctx) => listMemberRefunds(ctx.db, ctx.memberId, body));

  api.member("/api/ordercomplain/detail", (body, ctx) => memberComplainDetail(ctx.db, ctx.memberId, body.order_goods_id));
  api.member("/api/ordercomplain/complain", (body, ctx) => fileComplaint(ctx.db, ctx.memberId, body.order_goods_id, body));
  api.member("/api/ordercomplain/cancel", (body, ctx) => cancelComplaint(ctx.db, ctx.memberId, body.order_goods_id));
  api.member("/api/ordercomplain/lists", (body, ctx) => listMemberComplaints(ctx.db, ctx.memberId, body));

  api.staff("/shopapi/orderrefund/lists", "refund.manage", (body, ctx) => listStaffRefunds(ctx.db, body));
  api.staff("/shopapi/orderrefund/detail", "refund.manage", (body, ctx) => staffRefundDetail(ctx.db, body.order_goods_id));
  api.staff("/shopapi/orderrefund/agree", "refund.manage", (body, ctx) => staffAgree(ctx.db, ctx, body.order_goods_id, body));
  api.staff("/shopapi/orderrefund/refuse", "refund.manage", (body, ctx) => staffRefuse(ctx.db, ctx, body.order_goods_id, body.refund_refuse_reason));
  api.staff("/shopapi/orderrefund/receive", "refund.manage", (body, ctx) => staffReceive(ctx.db, ctx, body.order_goods_id));
  api.staff("/shopapi/orderrefund/transfer", "refund.manage", (body, ctx) => staffTransfer(ctx.db, ctx, body.order_goods_id, body.shop_remark));

  api.staff("/shopapi/ordercomplain/lists", "complaint.manage", (body, ctx) => listStaffComplaints(ctx.db, body));
  api.staff("/shopapi/ordercomplain/detail", "complaint.manage", (body, ctx) => staffComplainDetail(ctx.db, body.complain_id));
  api.staff("/shopapi/ordercomplain/handle", "complaint.manage", (body, ctx) => handleComplaint(ctx.db, ctx, body.complain_id, body));
}
