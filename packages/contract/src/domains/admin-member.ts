import { z } from "zod";
import { endpoint, id, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import type { Cents } from "../money.ts";
import { ledgerPageBody, type AccountRecord } from "./account.ts";
import type { MemberAddress } from "./address.ts";
import type { MemberCoupon } from "./coupon.ts";
import type { ChatDialogPage } from "./chat.ts";
import type { GrowthRecord } from "./member-level.ts";

/**
 * 会员 in the console (reference admin-php/app/shop/controller/Member.php, Memberlabel.php):
 * the member list and one member's detail, staff adjustments of balance / points / growth through
 * the ledgers (a reason each time), level, status (a disabled member is logged out and may not log
 * in), and member labels. Reading needs member.view, writing member.manage.
 */

/** member.status: 1 正常, 0 已禁用 (login refused, sessions ended). */
export const MEMBER_STATUS_NAMES: Record<number, string> = { 1: "正常", 0: "已禁用" };

export interface MemberLabelTag {
  label_id: number;
  label_name: string;
}

/** One row of /shopapi/member/memberlist. */
export interface StaffMemberRow {
  member_id: number;
  username: string;
  nickname: string;
  mobile: string;
  headimg: string;
  member_level: number;
  member_level_name: string;
  /** yuan, "12.30" */
  balance: string;
  point: number;
  growth: number;
  status: number;
  reg_time: number;
  last_login_time: number;
  labels: MemberLabelTag[];
}

/** /shopapi/member/detail: the profile and a summary of what the member has. */
export interface StaffMemberDetail extends StaffMemberRow {
  realname: string;
  sex: number;
  birthday: string;
  email: string;
  last_login_ip: string;
  /** orders placed (all states) and those paid, with what was paid (yuan) */
  order_count: number;
  paid_order_count: number;
  paid_money: string;
  address_count: number;
  unused_coupon_count: number;
}

/** One order in the member's 订单 tab. */
export interface StaffMemberOrder {
  order_id: number;
  order_no: string;
  order_name: string;
  order_money: string;
  pay_status: number;
  order_status: number;
  create_time: number;
}

export interface StaffMemberLabel {
  label_id: number;
  label_name: string;
  remark: string;
  sort: number;
  member_count: number;
  create_time: number;
}

export const MEMBER_SORT_FIELDS = ["reg_time", "last_login_time", "balance", "point", "growth"] as const;

const optionalInt = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().min(0).optional());
/** A unix time (seconds) or nothing. */
const optionalTime = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().min(0).max(4_102_444_800).optional());

export const memberListBody = z
  .object({
    ...paging,
    /** over nickname, username and mobile */
    search_text: text(50).default(""),
    level_id: optionalInt,
    label_id: optionalInt,
    status: z.preprocess((value) => (value === "" || value === null ? undefined : value), z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: "状态无效" })).optional()),
    start_time: optionalTime,
    end_time: optionalTime,
    order_field: z.enum(MEMBER_SORT_FIELDS, { error: "排序字段无效" }).default("reg_time"),
    order_dir: z.enum(["asc", "desc"], { error: "排序方向无效" }).default("desc"),
  })
  .refine((body) => body.start_time === undefined || body.end_time === undefined || body.start_time <= body.end_time, {
    message: "开始时间不能晚于结束时间",
    path: ["start_time"],
  });
export type MemberListQuery = z.output<typeof memberListBody>;

/** The reason of an adjustment (required: it is the ledger row's remark). */
export const adjustReason = z.string({ error: "请填写调整原因" }).trim().min(1, "请填写调整原因").max(100, "调整原因不能超过 100 个字");

/** The most one staff adjustment may move: ¥1,000,000.00 of balance, 100,000,000 points or growth. */
export const MAX_ADJUST_BALANCE_CENTS = 100_000_000;
export const MAX_ADJUST_COUNT = 100_000_000;

/** Signed yuan with at most two decimals ("-12.5", 30) as signed cents, never 0. */
export const signedYuanInput = z
  .union([z.string(), z.number()], { error: "请填写调整数额" })
  .transform((value, ctx): Cents => {
    const textValue = String(value).trim();
    const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(textValue);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "调整金额须为最多两位小数的数字" });
      return z.NEVER;
    }
    const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
    return (match[1] === "-" ? -cents : cents) as Cents;
  })
  .refine((cents) => cents !== 0, "调整金额不能为 0")
  .refine((cents) => Math.abs(cents) <= MAX_ADJUST_BALANCE_CENTS, "单次调整不能超过 1000000 元");

export const signedCount = (label: string) =>
  z.coerce
    .number({ error: `请填写调整${label}` })
    .int(`调整${label}须为整数`)
    .min(-MAX_ADJUST_COUNT, `调整${label}超出范围`)
    .max(MAX_ADJUST_COUNT, `调整${label}超出范围`)
    .refine((value) => value !== 0, `调整${label}不能为 0`);

const memberIds = z
  .array(id, { error: "请选择会员" })
  .min(1, "请选择会员")
  .max(500, "一次最多选择 500 个会员");

export const memberLabelFields = z.object({
  label_name: z.string({ error: "请填写标签名称" }).trim().min(1, "请填写标签名称").max(20, "标签名称不能超过 20 个字"),
  remark: text(100).default(""),
  sort: z.coerce.number({ error: "排序须为数字" }).int("排序须为整数").min(0, "排序不能为负数").max(10_000, "排序不能超过 10000").default(0),
});
export type MemberLabelInput = z.output<typeof memberLabelFields>;

const memberPage = z.object({ ...paging, member_id: id });

export const memberAdminEndpoints = {
  "/shopapi/member/memberlist": endpoint<Page<StaffMemberRow>>()(memberListBody),
  "/shopapi/member/detail": endpoint<StaffMemberDetail>()(z.object({ member_id: id })),
  /** the member's balance or point ledger, newest first (the storefront's filters) */
  "/shopapi/member/accountlist": endpoint<Page<AccountRecord>>()(
    ledgerPageBody.and(z.object({ member_id: id })),
  ),
  "/shopapi/member/growthlist": endpoint<Page<GrowthRecord>>()(memberPage),
  "/shopapi/member/orderlist": endpoint<Page<StaffMemberOrder>>()(memberPage),
  "/shopapi/member/addresslist": endpoint<Page<MemberAddress>>()(memberPage),
  "/shopapi/member/couponlist": endpoint<Page<MemberCoupon>>()(
    memberPage.extend({ state: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "优惠券状态无效" })).default(1) }),
  ),
  "/shopapi/member/chatlist": endpoint<ChatDialogPage>()(z.object({ member_id: id, page: paging.page, limit: z.coerce.number().int().min(1).max(50).default(20) })),
  /** adjust_num in yuan, signed; never below zero */
  "/shopapi/member/adjustbalance": endpoint<{ balance: string }>()(z.object({ member_id: id, adjust_num: signedYuanInput, remark: adjustReason })),
  "/shopapi/member/adjustpoint": endpoint<{ point: number }>()(z.object({ member_id: id, adjust_num: signedCount("积分"), remark: adjustReason })),
  /** the same as /shopapi/memberlevel/adjustgrowth: a rise may upgrade the member */
  "/shopapi/member/adjustgrowth": endpoint<{ growth: number; level_id: number }>()(
    z.object({ member_id: id, adjust_num: signedCount("成长值"), remark: adjustReason }),
  ),
  "/shopapi/member/modifylevel": endpoint<{ level_id: number }>()(z.object({ member_id: id, level_id: id })),
  /** 0 disables (the members' sessions end, login is refused), 1 enables */
  "/shopapi/member/modifystatus": endpoint<{ changed: number }>()(
    z.object({ member_ids: memberIds, status: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: "状态无效" })) }),
  ),
  /** sets the labels of the chosen members (replacing theirs) */
  "/shopapi/member/modifylabel": endpoint<{ changed: number }>()(
    z.object({ member_ids: memberIds, label_ids: z.array(id, { error: "标签无效" }).max(20, "最多 20 个标签") }),
  ),

  "/shopapi/memberlabel/lists": endpoint<StaffMemberLabel[]>()(z.object({})),
  "/shopapi/memberlabel/add": endpoint<{ label_id: number }>()(memberLabelFields),
  "/shopapi/memberlabel/edit": endpoint<{ label_id: number }>()(memberLabelFields.extend({ label_id: id })),
  /** removes the label from its members too */
  "/shopapi/memberlabel/delete": endpoint<null>()(z.object({ label_id: id })),
};
