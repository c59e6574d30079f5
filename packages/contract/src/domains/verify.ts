import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";

/**
 * Verification of pickup and virtual-goods codes (reference: api/controller/Verify.php, PC client
 * api/order/verification.js). A paid pickup order (type 2) carries a pickup code, a paid virtual
 * order (type 4) a verification code (orders.verify_code, shown with a QR code on the order). Members
 * granted the verifier role by staff look a code up (verifyInfo) and use it (verify) exactly once;
 * each use writes a record the verifier can list (lists, detail). Staff verify through
 * /shopapi/order/verify, which goes through the same service and writes the same record.
 */

/** The kinds of code (reference getVerifyType). */
export const VERIFY_TYPES = { pickup: "订单自提", virtualgoods: "虚拟商品" } as const;
export type VerifyType = keyof typeof VERIFY_TYPES;
export const VERIFY_TYPE_KEYS = Object.keys(VERIFY_TYPES) as VerifyType[];

/** verify_status of a code on the shopper's order detail and in verifyInfo. */
export const VerifyStatus = { UNUSED: 0, USED: 1, EXPIRED: 2 } as const;

/** One goods line as it was when the code was looked up or used (reference item_array). */
export interface VerifyItem {
  /** the SKU's picture (relative path) */
  img: string;
  name: string;
  /** unit price paid, "99.00" */
  price: string;
  num: number;
}

/** A labelled line about the order (reference remark_array): 订单编号, 提货门店, 联系人… */
export interface VerifyRemark {
  title: string;
  value: string;
}

/** The caller's verifier identity (checkisverifier). */
export interface VerifierIdentity {
  verifier_id: number;
  verifier_name: string;
}

/** What a code is for, without using it (verifyInfo). */
export interface VerifyCodeInfo {
  verify_code: string;
  verify_type: VerifyType;
  verify_type_name: string;
  order_id: number;
  order_no: string;
  order_status: number;
  order_status_name: string;
  /** the buyer, masked: "李***娜", "138****8000" */
  buyer_name: string;
  buyer_mobile: string;
  /** pickup orders: the store (as at order time) and the pickup time the buyer asked for */
  store_name: string;
  store_address: string;
  pickup_time: string;
  pay_time: number;
  /** virtual codes: when the code expires (unix seconds), 0 = never */
  expire_time: number;
  /** 0 can be used, 1 used, 2 expired */
  verify_status: number;
  verify_status_name: string;
  /** 1 once used (reference is_verify) */
  is_verify: number;
  /** who used it and when (used codes), else "" / 0 */
  verifier_name: string;
  verify_time: number;
  item_array: VerifyItem[];
  remark_array: VerifyRemark[];
}

/** A verification record: a used code, with the goods as they were then. */
export interface VerifyRecord {
  id: number;
  verify_code: string;
  verify_type: VerifyType;
  verify_type_name: string;
  order_id: number;
  order_no: string;
  verifier_name: string;
  verify_time: number;
  store_name: string;
  /** virtual codes: when it would have expired, 0 = never */
  expire_time: number;
  /** always 1: a record is a used code (reference is_verify) */
  is_verify: number;
  item_array: VerifyItem[];
  remark_array: VerifyRemark[];
}

/** The answer of verify: the record written and the order's new status. */
export interface VerifyOutcome {
  /** the record's id (/order/verification_detail?id=) */
  id: number;
  order_id: number;
  order_no: string;
  order_status: number;
  order_status_name: string;
  verify_time: number;
}

/** The code fields of a pickup / virtual order's detail (/api/order/detail). */
export interface OrderVerifyState {
  /** 0 usable, 1 used (已提货 / 已使用), 2 expired; 0 when the order shows no code */
  verify_status: number;
  /** 待提货 / 已提货, 待使用 / 已使用 / 已过期; "" without a code */
  verify_status_name: string;
  /** virtual orders: when the code expires (pay time + the goods' validity days), 0 = never */
  verify_expire_time: number;
  /** when the code was used, 0 if not */
  verify_time: number;
}

/** A member holding the verifier role (staff list). */
export interface VerifierRow {
  verifier_id: number;
  verifier_name: string;
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
  create_time: number;
  /** codes this verifier has used */
  verify_count: number;
}

/** A code as typed or scanned: spaces are dropped ("1234 5678 9012"); a number is taken as its digits. */
export const verifyCodeField = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : typeof value === "string" ? value.replace(/\s+/g, "") : value),
  z.string({ error: "请输入核销码" }).min(1, "请输入核销码").max(32, "核销码无效"),
);

const verifyCode = { verify_code: verifyCodeField };

/** Days a virtual goods' code stays valid after payment: 0 = never expires, at most 10 years. */
export const MAX_VIRTUAL_INDATE_DAYS = 3650;

export const verifyEndpoints = {
  // ---- members (verifiers only: others get -1 您不是核销员) ----
  /** the caller's verifier identity, or -1 您不是核销员 */
  "/api/verify/checkisverifier": endpoint<VerifierIdentity>()(noBody),
  /** the kinds of code: {pickup: {name: "订单自提"}, virtualgoods: {name: "虚拟商品"}} (public) */
  "/api/verify/getVerifyType": endpoint<Record<VerifyType, { name: string }>>()(noBody),
  /** what a code is for, without using it */
  "/api/verify/verifyInfo": endpoint<VerifyCodeInfo>()(z.object(verifyCode)),
  /** uses the code, once: 待提货 → 已提货, 待使用 → 已使用, and writes the record */
  "/api/verify/verify": endpoint<VerifyOutcome>()(z.object(verifyCode)),
  /** the caller's own records, newest first */
  "/api/verify/lists": endpoint<Page<VerifyRecord>>()(
    z.object({
      ...paging,
      verify_type: z.enum(["all", ...VERIFY_TYPE_KEYS] as ["all", ...VerifyType[]], { error: "核销类型无效" }).default("all"),
    }),
  ),
  /** one of the caller's own records */
  "/api/verify/detail": endpoint<VerifyRecord>()(z.object({ id })),

  // ---- staff (verifier.manage; shop.manage for the goods' validity) ----
  "/shopapi/verifier/lists": endpoint<Page<VerifierRow>>()(
    z.object({ ...paging, /** verifier name, username, nickname or mobile */ search: text(50).default("") }),
  ),
  /** grants the role to a member given by id or by username / mobile */
  "/shopapi/verifier/add": endpoint<{ verifier_id: number }>()(
    z
      .object({
        member_id: id.optional(),
        /** the member's username or mobile, when member_id is not given */
        account: text(30).default(""),
        verifier_name: z.string({ error: "请填写核销员名称" }).trim().min(1, "请填写核销员名称").max(20, "核销员名称不能超过 20 个字"),
      })
      .refine((body) => body.member_id !== undefined || body.account !== "", { message: "请指定会员（会员 ID、用户名或手机号）", path: ["account"] }),
  ),
  "/shopapi/verifier/delete": endpoint<null>()(z.object({ verifier_id: id })),
  /** a virtual goods' validity in days after payment (0 = never expires) */
  "/shopapi/goods/editvirtualindate": endpoint<{ goods_id: number }>()(
    z.object({
      goods_id: id,
      virtual_indate: z.coerce
        .number({ error: "请填写有效期天数" })
        .int("有效期天数须为整数")
        .min(0, "有效期天数不能为负数")
        .max(MAX_VIRTUAL_INDATE_DAYS, `有效期天数不能超过 ${MAX_VIRTUAL_INDATE_DAYS} 天`),
    }),
  ),
};
