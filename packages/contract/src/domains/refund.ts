import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import {
  REFUND_LIST_FILTERS,
  type ComplainDetail, type ComplainListItem, type RefundApplyResult, type RefundBatchData, type RefundData, type RefundDetail, type RefundListPage,
  type StaffComplainDetail, type StaffComplainListItem, type StaffRefundDetail, type StaffRefundListItem,
} from "./refund-shapes.ts";
import { yuanInput } from "../money-input.ts";
import { cents } from "../money.ts";

/**
 * Refunds, returns and complaints (issue 9): the member's calls (/api/orderrefund/…,
 * /api/ordercomplain/…) and the staff's (/shopapi/orderrefund/…, /shopapi/ordercomplain/…).
 *
 * A refund belongs to one order line (order_goods_id) — the reference keys every call by the line.
 * A line has at most one open refund at a time; a line partly refunded (-3) may ask again for the
 * rest. Money is a string with two decimals ("99.00"); times are unix seconds (0 = not yet).
 * Docs: docs/api/refund.md; decisions (money split, shipping, stock, timers): docs/adr/0012-refunds.md.
 * Statuses and the shapes answered: refund-shapes.ts (re-exported here).
 */

export * from "./refund-shapes.ts";

// ---- request fields -------------------------------------------------------------------------

const orderGoodsId = { order_goods_id: id };

/** Ids as an array ([1, 2]) or the reference's comma-separated string ("1,2"). */
const idList = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : typeof value === "number" ? [value] : value),
    z.array(id, { error: message }).min(1, message).max(100),
  );

/** Picture paths (from /api/upload/refundimg or complainimg) as an array or a comma-separated string. */
const imageList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
  z.array(z.string({ error: "图片无效，请重新上传" }).trim().min(1, "图片无效，请重新上传").max(255), { error: "图片无效，请重新上传" }).max(20, "图片太多"),
);

const unixTime = z.coerce.number().int().min(0).max(4_102_444_800);

const refundTypeInput = z.coerce.number({ error: "请选择退款方式" }).int().pipe(
  z.union([z.literal(1), z.literal(2)], { error: "请选择退款方式" }),
);

const deliveryText = (field: string, max: number) =>
  z.string({ error: `请填写${field}` }).trim().min(1, `请填写${field}`).max(max, `${field}最多${max}个字`);

export const refundEndpoints = {
  // ---- member: refunds ----
  /** one line: the most that may be asked, the types and reasons offered (IDOR: another's line = 不存在) */
  "/api/orderrefund/refundData": endpoint<RefundData>()(z.object(orderGoodsId)),
  /** several lines of one order (order_goods_ids), or every refundable line of an order (order_id) */
  "/api/orderrefund/refundDataBatch": endpoint<RefundBatchData>()(
    z.object({
      order_goods_ids: idList("请选择要退款的商品").optional(),
      order_id: id.optional(),
    }).refine((body) => body.order_goods_ids !== undefined || body.order_id !== undefined, { message: "请选择要退款的商品", path: ["order_goods_ids"] }),
  ),
  /**
   * Ask for a refund of one or several lines of one order. `order_goods_id` (one line, the v4
   * clients) is accepted too. refund_money only for a single line: ≤ its refundable money, default
   * all of it; several lines are each refunded in full. Refused with -1 when a line already has an
   * open refund, is fully refunded, or the order cannot be refunded (unpaid, closed).
   */
  "/api/orderrefund/refund": endpoint<RefundApplyResult>()(
    z.object({
      order_goods_ids: idList("请选择要退款的商品").optional(),
      order_goods_id: id.optional(),
      refund_type: refundTypeInput.default(1),
      refund_reason: z.string({ error: "请选择退款原因" }).trim().min(1, "请选择退款原因").max(50, "退款原因最多50个字"),
      refund_remark: text(200).default(""),
      refund_images: imageList,
      refund_money: yuanInput({ min: cents(1) }).optional(),
    }).refine((body) => body.order_goods_ids !== undefined || body.order_goods_id !== undefined, { message: "请选择要退款的商品", path: ["order_goods_ids"] }),
  ),
  /** the line's latest refund with its timeline and what the buyer may do now */
  "/api/orderrefund/detail": endpoint<RefundDetail>()(z.object(orderGoodsId)),
  /** status 4 → 5: the buyer sent the goods back */
  "/api/orderrefund/delivery": endpoint<null>()(
    z.object({
      ...orderGoodsId,
      refund_delivery_name: deliveryText("物流公司", 50),
      refund_delivery_no: deliveryText("物流单号", 50).regex(/^[A-Za-z0-9-]+$/, "物流单号只能包含字母、数字和横线"),
      refund_delivery_remark: text(200).default(""),
    }),
  ),
  /** the buyer withdraws an open refund (1, 4) or gives up a refused one (-1): → -2 */
  "/api/orderrefund/cancel": endpoint<null>()(z.object(orderGoodsId)),
  /** the member's lines with refunds, newest first; refund_status picks a tab */
  "/api/orderrefund/lists": endpoint<RefundListPage>()(
    z.object({ ...paging, refund_status: z.enum(REFUND_LIST_FILTERS, { error: "退款状态无效" }).default("all") }),
  ),

  // ---- member: complaints (ours; the reference has none) ----
  /** the refused refund of the line and its complaint */
  "/api/ordercomplain/detail": endpoint<ComplainDetail>()(z.object(orderGoodsId)),
  /** once per refund, only while the line's refund is refused (-1) */
  "/api/ordercomplain/complain": endpoint<{ complain_id: number }>()(
    z.object({
      ...orderGoodsId,
      complain_reason: z.string({ error: "请选择投诉原因" }).trim().min(1, "请选择投诉原因").max(50, "投诉原因最多50个字"),
      complain_remark: text(500).default(""),
      complain_images: imageList,
    }),
  ),
  /** withdraw a complaint the platform has not handled yet (no new one for that refund afterwards) */
  "/api/ordercomplain/cancel": endpoint<null>()(z.object(orderGoodsId)),
  "/api/ordercomplain/lists": endpoint<Page<ComplainListItem>>()(z.object({ ...paging })),

  // ---- staff (permission refund.manage; every action logged) ----
  "/shopapi/orderrefund/lists": endpoint<Page<StaffRefundListItem>>()(
    z.object({
      ...paging,
      /** a status number, or "all" (every line with a refund) */
      refund_status: z.union([z.literal("all"), z.literal(""), z.coerce.number().int().min(-3).max(6)]).default("all"),
      /** 0 any, 1 仅退款, 2 退货退款 */
      refund_type: z.coerce.number().int().min(0).max(2).default(0),
      order_no: text(40).default(""),
      /** member id, username, nickname or mobile */
      member: text(50).default(""),
      /** part of the goods (SKU) name */
      sku_name: text(50).default(""),
      /** 1: only what waits for the shop — applied (1), goods sent back (5), agreed or received and awaiting the money (2, 6) */
      todo: z.coerce.number().int().min(0).max(1).default(0),
      /** sort column ("" = latest activity first) and its direction */
      order: z.enum(["", "refund_action_time", "refund_apply_money"]).default(""),
      sort: z.enum(["asc", "desc"]).default("desc"),
      /** range of refund_action_time, the time the refund was applied for (order_refund.create_time); 0 = open */
      start_time: unixTime.default(0),
      end_time: unixTime.default(0),
    }),
  ),
  "/shopapi/orderrefund/detail": endpoint<StaffRefundDetail>()(z.object(orderGoodsId)),
  /**
   * 1 → 2 for 仅退款; 1 → 4 for 退货退款 (the buyer is asked to send the goods to refund_address,
   * default: the configured return address).
   */
  "/shopapi/orderrefund/agree": endpoint<{ refund_status: number }>()(
    z.object({
      ...orderGoodsId,
      shop_remark: text(200).default(""),
      refund_address: z.object({
        name: z.string({ error: "请填写收件人" }).trim().min(1, "请填写收件人").max(30),
        mobile: z.string({ error: "请填写联系电话" }).trim().min(1, "请填写联系电话").max(20),
        address: z.string({ error: "请填写退货地址" }).trim().min(1, "请填写退货地址").max(200),
      }).optional(),
    }),
  ),
  /** 1 or 5 → -1 with a reason the buyer sees (not once the platform upheld a complaint about it) */
  "/shopapi/orderrefund/refuse": endpoint<null>()(
    z.object({
      ...orderGoodsId,
      refund_refuse_reason: z.string({ error: "请填写拒绝原因" }).trim().min(1, "请填写拒绝原因").max(200, "拒绝原因最多200个字"),
    }),
  ),
  /** 5 → 6: the returned goods arrived (stock goes back) */
  "/shopapi/orderrefund/receive": endpoint<null>()(z.object(orderGoodsId)),
  /**
   * 2 or 6 → 3 (or -3 when less than the line's paid money): the balance part goes back to the
   * balance now, the gateway part through the provider's refund (a job; refund_no is the provider's
   * refund number, so it refunds once).
   */
  "/shopapi/orderrefund/transfer": endpoint<{ refund_status: number; refund_real_money: string }>()(
    z.object({ ...orderGoodsId, shop_remark: text(200).default("") }),
  ),

  // ---- staff: complaints (permission complaint.manage) ----
  "/shopapi/ordercomplain/lists": endpoint<Page<StaffComplainListItem>>()(
    z.object({ ...paging, complain_status: z.union([z.literal("all"), z.literal(""), z.coerce.number().int().min(-1).max(2)]).default("all") }),
  ),
  "/shopapi/ordercomplain/detail": endpoint<StaffComplainDetail>()(z.object({ complain_id: id })),
  /**
   * The platform answers (1 → 2). agree_refund 1 sides with the buyer: the refused refund goes on
   * from where the shop refused it — refused at 5 (goods on their way back) it waits at 5 for the
   * shop to receive them; refused at 1 as if the shop had agreed (仅退款 → 2, 退货退款 → 4 with the
   * configured return address). The shop may not refuse it again.
   */
  "/shopapi/ordercomplain/handle": endpoint<{ complain_status: number; refund_status: number }>()(
    z.object({
      complain_id: id,
      handle_remark: z.string({ error: "请填写处理结果" }).trim().min(1, "请填写处理结果").max(500, "处理结果最多500个字"),
      agree_refund: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)])).default(0),
    }),
  ),
};
