import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/**
 * Notifications (issue 23, ADR 0030): the buyer's SMS per order/refund/withdrawal event, with
 * templates named by the reference's message keywords (addon message: ORDER_PAY, ORDER_DELIVERY,
 * …), each switchable and editable in 设置 › 消息通知 with its send log; and the staff console's
 * live notices (the header bell).
 */

/** The buyer SMS templates: keywords → title, the default text and the variables it may use. */
export const NOTIFY_TEMPLATES = {
  ORDER_PAY: { title: "订单支付成功", content: "您的订单{order_no}已支付成功，金额{order_money}元，我们将尽快为您发货。", vars: ["order_no", "order_money"] },
  ORDER_DELIVERY: { title: "订单发货", content: "您的订单{order_no}已发货，请注意查收。", vars: ["order_no"] },
  ORDER_REFUND_AGREE: { title: "退款申请已同意", content: "您的订单{order_no}的退款申请商家已同意。", vars: ["order_no"] },
  ORDER_REFUND_REFUSE: { title: "退款申请被拒绝", content: "您的订单{order_no}的退款申请被商家拒绝，如有疑问请联系客服。", vars: ["order_no"] },
  ORDER_REFUND_SUCCESS: { title: "退款已到账", content: "您的订单{order_no}已退款{refund_money}元，请注意查收。", vars: ["order_no", "refund_money"] },
  USER_WITHDRAWAL_AGREE: { title: "提现审核通过", content: "您的提现申请{withdraw_no}已审核通过，金额{money}元，请等待转账。", vars: ["withdraw_no", "money"] },
  USER_WITHDRAWAL_REFUSE: { title: "提现被拒绝", content: "您的提现申请{withdraw_no}未通过审核，{money}元已退回余额。", vars: ["withdraw_no", "money"] },
  USER_WITHDRAWAL_SUCCESS: { title: "提现已到账", content: "您的提现{withdraw_no}已转账，金额{money}元。", vars: ["withdraw_no", "money"] },
} as const;
export type NotifyKeywords = keyof typeof NOTIFY_TEMPLATES;
export const NOTIFY_KEYWORDS = Object.keys(NOTIFY_TEMPLATES) as NotifyKeywords[];

export interface NotifyTemplateItem {
  keywords: NotifyKeywords;
  title: string;
  /** 1 sent, 0 switched off */
  is_open: 0 | 1;
  content: string;
  /** the variables the text may use, as {name} */
  vars: readonly string[];
}

/** Send log statuses: 发送中 (claimed by a job), 已发送, 发送失败 (retried with backoff). */
export const NOTIFY_SMS_STATUS = { sending: "发送中", sent: "已发送", failed: "发送失败" } as const;
export type NotifySmsStatus = keyof typeof NOTIFY_SMS_STATUS;

export interface NotifySmsLogItem {
  id: number;
  keywords: string;
  title: string;
  mobile: string;
  content: string;
  status: NotifySmsStatus;
  status_name: string;
  attempts: number;
  error: string;
  create_time: number;
  send_time: number;
}

/** Kinds of staff notices and the permission each needs. */
export const STAFF_NOTICE_KINDS = {
  order_paid: { label: "新订单", permission: "order.view" },
  refund_applied: { label: "退款申请", permission: "refund.manage" },
  complaint_created: { label: "交易投诉", permission: "complaint.manage" },
} as const;
export type StaffNoticeKind = keyof typeof STAFF_NOTICE_KINDS;

export interface StaffNoticeItem {
  id: number;
  kind: StaffNoticeKind;
  title: string;
  content: string;
  /** the console page it opens (path under /console) */
  link: string;
  create_time: number;
  is_read: 0 | 1;
}

export interface StaffNoticeState {
  unread: number;
  /** newest first */
  list: StaffNoticeItem[];
}

/**
 * The staff notices' websocket (ADR 0031), under the chat's /wss prefix that deployments proxy as
 * websockets; authenticated by the staff cookie. The server sends JSON frames, the client only "ping".
 */
export const STAFF_NOTICE_SOCKET_PATH = "/wss/staffnotice";

export type StaffNoticeFrame =
  /** on connect (the client_id names the socket in logs and tests) */
  | { type: "init"; data: { client_id: string } }
  /** a notice stored just now that this staff member's permissions cover (unread) */
  | { type: "notice"; data: StaffNoticeItem }
  /** notices may have been missed (an instance was cut off from the others): reload the list */
  | { type: "catchup"; data: Record<string, never> };

/** The send log's mobile filter: a whole number (11 digits) or part of one. */
export const SMS_LOG_MOBILE_PATTERN = /^\d{0,11}$/;

const keywords = z.enum(NOTIFY_KEYWORDS as [NotifyKeywords, ...NotifyKeywords[]], { error: "消息模板不存在" });

export const notifyEndpoints = {
  "/shopapi/message/lists": endpoint<NotifyTemplateItem[]>()(noBody),
  "/shopapi/message/edit": endpoint<{ update_time: number }>()(
    z.object({
      keywords,
      is_open: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: "开关只能为 0 或 1" })),
      content: text(300).min(1, { error: "请填写短信内容" }),
    }),
  ),
  "/shopapi/message/smslog": endpoint<Page<NotifySmsLogItem>>()(
    z.object({ ...paging, status: z.enum(["", "sending", "sent", "failed"], { error: "状态无效" }).default(""), mobile: z.string().trim().refine((mobile) => SMS_LOG_MOBILE_PATTERN.test(mobile), "手机号只能是数字（最多 11 位）").default("") }),
  ),
  "/shopapi/staffnotice/lists": endpoint<StaffNoticeState>()(noBody),
  /** id 0: every notice the caller sees */
  "/shopapi/staffnotice/read": endpoint<null>()(z.object({ id: z.union([z.literal(0), id]).default(0) })),
};
