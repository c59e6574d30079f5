import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import { cents, ZERO_CENTS } from "../money.ts";

/**
 * Coupons (reference addon "coupon": /coupon/api/coupon/*; docs/api/coupon.md, ADR 0019).
 * A coupon type is 满减 (reward: `money` off once the eligible goods reach `at_least`) or 折扣
 * (discount: pay `discount` 折 of the eligible goods, at most `discount_limit` off), for all goods
 * or chosen goods / categories, valid on fixed dates or N days after receipt. Members receive free
 * types in the coupon centre (/goods/coupon) and on SKU pages; reward-only types come with
 * registration, recharges and sign-ins. Checkout uses one coupon per order (/api/ordercreate/*).
 */

export const COUPON_KINDS = { reward: "满减券", discount: "折扣券" } as const;
export type CouponKind = keyof typeof COUPON_KINDS;

/** goods_type: 1 all goods, 2 chosen goods, 3 chosen categories. */
export const COUPON_GOODS_TYPES: Record<number, string> = { 1: "全场通用", 2: "指定商品可用", 3: "指定分类可用" };

/** A member's coupon: 1 未使用, 2 已使用, 3 已过期. */
export const COUPON_STATES = { 1: "未使用", 2: "已使用", 3: "已过期" } as const;
export type CouponStateValue = keyof typeof COUPON_STATES;

/** How a coupon came: received in the centre, or a reward (get_type → name). */
export const COUPON_GET_TYPES: Record<string, string> = {
  receive: "领取", register: "注册赠送", recharge: "充值赠送", signin: "签到奖励", level: "升级礼包", staff: "商家发放",
};

/**
 * What the 领取 button of a type says for the caller: available 领取; limit 已领取 (the member holds
 * as many as allowed: 去使用); sold_out 已领完.
 */
export type CouponReceiveState = "available" | "limit" | "sold_out";

/** The rules of a coupon type, as every coupon answer carries them. */
export interface CouponRuleFields {
  coupon_type_id: number;
  coupon_name: string;
  type: CouponKind;
  /** 满减券 / 折扣券 */
  type_name: string;
  /** 满减: the money off ("20.00"); "0.00" for 折扣 */
  money: string;
  /** 折扣: "8.5" (8.5折: pay 85%); "0" for 满减 */
  discount: string;
  /** 折扣: the most it takes off, "0.00" = no cap */
  discount_limit: string;
  /** eligible goods money needed, "0.00" = 无门槛 */
  at_least: string;
  /** 1 all goods, 2 chosen goods, 3 chosen categories */
  goods_type: number;
  goods_type_name: string;
  /** 0 fixed dates, 1 fixed_term days after receipt */
  validity_type: number;
  /** where 去使用 leads in the storefront: "/goods/list", "/sku/12", "/goods/list?category_id=3&level=2" or "/goods/list?coupon=7" */
  use_url: string;
}

/** A type in the coupon centre and on a SKU page. */
export interface CouponTypeItem extends CouponRuleFields {
  /** fixed dates: valid from / until (unix seconds); 0 for validity_type 1 */
  start_time: number;
  end_time: number;
  /** validity_type 1: days after receipt */
  fixed_term: number;
  /** per member, 0 = unlimited */
  max_fetch: number;
  /** coupons that exist, 0 = unlimited */
  count: number;
  /** coupons given out */
  lead_count: number;
  /** percent given out, 0–100 (0 when unlimited) */
  lead_percent: number;
  /** the caller's coupons of this type (0 for a guest) */
  received_num: number;
  receive_state: CouponReceiveState;
}

/** A member's coupon (/coupon/api/coupon/memberpage). */
export interface MemberCoupon extends CouponRuleFields {
  coupon_id: number;
  /** 1 未使用, 2 已使用, 3 已过期 */
  state: CouponStateValue;
  state_name: string;
  get_type: string;
  get_type_name: string;
  fetch_time: number;
  /** usable from start_time until end_time (unix seconds) */
  start_time: number;
  end_time: number;
  use_time: number;
  /** the order that used it, 0 when unused */
  use_order_id: number;
}

/** The caller's coupons by state (/coupon/api/coupon/num). */
export interface CouponCounts {
  unused: number;
  used: number;
  expired: number;
}

/** What receive answers: the coupon and what the button says now. */
export interface CouponReceiveResult {
  coupon_id: number;
  coupon_type_id: number;
  /** until when it can be used */
  end_time: number;
  received_num: number;
  receive_state: CouponReceiveState;
}

/** A type as staff see it. */
export interface StaffCouponType extends Omit<CouponTypeItem, "received_num" | "receive_state"> {
  is_show: number;
  /** 1 running, -1 closed */
  status: number;
  /** 进行中 / 已领完 / 已过期 / 已关闭 */
  status_name: string;
  /** coupons of the type used on orders */
  used_count: number;
  /** coupons given out and never used before their end */
  expired_count: number;
  /** the money of the orders that used one ("0.00") */
  used_order_money: string;
  /** what the used ones took off those orders */
  used_coupon_money: string;
  goods_ids: number[];
  category_ids: number[];
  sort: number;
  create_time: number;
  update_time: number;
}

// ---- request fields -------------------------------------------------------------------------

/** The state tab of /member/coupon: 1 unused, 2 used, 3 expired. */
export const couponStateInput = z.coerce
  .number({ error: "优惠券状态无效" })
  .int("优惠券状态无效")
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "优惠券状态无效" }));

/** Ids as an array or the reference's "1,2" (at most 200; [] allowed). */
const idArray = (message: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === ""
        ? []
        : typeof value === "string"
          ? value.split(",").map((part) => part.trim()).filter((part) => part !== "")
          : typeof value === "number"
            ? [value]
            : value,
    z.array(id, { error: message }).max(200, message),
  );

/** 折扣 as the shop types it: 0.1–9.9 折, one decimal ("8.5" → pay 85%). */
const discountInput = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^\d(\.\d)?$/.test(text) || Number(text) < 0.1 || Number(text) > 9.9) {
      ctx.addIssue({ code: "custom", message: "折扣须在 0.1 到 9.9 折之间，最多一位小数" });
      return z.NEVER;
    }
    return Math.round(Number(text) * 10);
  });

/** Unix seconds between 2000 and 2100. */
const unixTime = z.coerce.number({ error: "时间格式不正确" }).int("时间格式不正确").min(946_684_800, "时间格式不正确").max(4_102_444_800, "时间格式不正确");

/** The most days a 领取后 N 天 validity may have. */
export const MAX_COUPON_TERM_DAYS = 3650;
/** The most coupons one type may have. */
export const MAX_COUPON_COUNT = 10_000_000;

const couponTypeFields = z.object({
  coupon_name: z.string({ error: "请填写优惠券名称" }).trim().min(1, "请填写优惠券名称").max(30, "优惠券名称不能超过 30 个字"),
  type: z.enum(["reward", "discount"], { error: "优惠券类型只能是 reward（满减）或 discount（折扣）" }),
  /** 满减: the money off */
  money: yuanInput({ min: cents(1) }).optional(),
  /** 折扣: "8.5" */
  discount: discountInput.optional(),
  discount_limit: yuanInput().default(ZERO_CENTS),
  at_least: yuanInput().default(ZERO_CENTS),
  goods_type: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "适用商品类型无效" })).default(1),
  goods_ids: idArray("商品 ID 无效"),
  category_ids: idArray("分类 ID 无效"),
  validity_type: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: "有效期类型无效" })).default(1),
  start_time: unixTime.optional(),
  end_time: unixTime.optional(),
  fixed_term: z.coerce.number({ error: "请填写有效天数" }).int("有效天数须为整数").min(1, "有效天数至少 1 天").max(MAX_COUPON_TERM_DAYS, `有效天数不能超过 ${MAX_COUPON_TERM_DAYS} 天`).optional(),
  max_fetch: z.coerce.number({ error: "每人限领数量无效" }).int("每人限领数量须为整数").min(0, "每人限领数量不能为负数").max(999, "每人限领不能超过 999 张").default(1),
  count: z.coerce.number({ error: "发放总量无效" }).int("发放总量须为整数").min(0, "发放总量不能为负数").max(MAX_COUPON_COUNT, "发放总量太大").default(0),
  is_show: z.coerce.number().int().min(0).max(1).default(1),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});

export type CouponTypeInput = z.output<typeof couponTypeFields>;

/** The rules a type's fields must agree with (each problem names its field, in Chinese). */
function checkTypeRules(body: CouponTypeInput, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", message, path: [path] });
  if (body.type === "reward" && body.money === undefined) issue("money", "请填写满减金额");
  if (body.type === "reward" && body.money !== undefined && body.at_least > 0 && body.money > body.at_least) issue("money", "满减金额不能大于使用门槛");
  if (body.type === "discount" && body.discount === undefined) issue("discount", "请填写折扣");
  if (body.goods_type === 2 && body.goods_ids.length === 0) issue("goods_ids", "请选择适用的商品");
  if (body.goods_type === 3 && body.category_ids.length === 0) issue("category_ids", "请选择适用的分类");
  if (body.validity_type === 0) {
    if (body.start_time === undefined || body.end_time === undefined) issue("end_time", "请填写有效期的开始和结束时间");
    else if (body.end_time <= body.start_time) issue("end_time", "有效期结束时间须晚于开始时间");
  }
  if (body.validity_type === 1 && body.fixed_term === undefined) issue("fixed_term", "请填写领取后的有效天数");
}

export const couponTypeBody = couponTypeFields.superRefine(checkTypeRules);

const couponTypeId = { coupon_type_id: id };

export const couponEndpoints = {
  // ---- shoppers ----
  /** the coupon centre: types free to receive, running and not expired, available first (public; the caller's state when logged in) */
  "/coupon/api/coupon/typepagelists": endpoint<Page<CouponTypeItem>>()(z.object({ ...paging })),
  /** receives one coupon of a free type (member; limits: the type's total and the member's max_fetch) */
  "/coupon/api/coupon/receive": endpoint<CouponReceiveResult>()(z.object(couponTypeId)),
  /** the free types usable on a goods (SKU page; public, the caller's state when logged in) */
  "/coupon/api/coupon/goodsCoupon": endpoint<CouponTypeItem[]>()(z.object({ goods_id: id })),
  /** the caller's coupons of a state, newest first (unused: ending soonest first) */
  "/coupon/api/coupon/memberpage": endpoint<Page<MemberCoupon>>()(z.object({ ...paging, state: couponStateInput.default(1) })),
  /** the caller's coupons counted by state */
  "/coupon/api/coupon/num": endpoint<CouponCounts>()(noBody),

  // ---- staff (shop.manage) ----
  "/shopapi/coupon/lists": endpoint<Page<StaffCouponType>>()(
    z.object({
      ...paging,
      /** all | running | closed */
      status: z.enum(["all", "running", "closed"], { error: "状态只能是 all、running 或 closed" }).default("all"),
      keyword: text(30).default(""),
    }),
  ),
  "/shopapi/coupon/detail": endpoint<StaffCouponType>()(z.object(couponTypeId)),
  "/shopapi/coupon/add": endpoint<{ coupon_type_id: number }>()(couponTypeBody),
  /** edits a type; once coupons were given out only the name, the counts, is_show and sort may change */
  "/shopapi/coupon/edit": endpoint<{ coupon_type_id: number }>()(couponTypeFields.extend(couponTypeId).superRefine(checkTypeRules)),
  /** closes a type: no more are given; coupons already held stay valid until their end */
  "/shopapi/coupon/close": endpoint<null>()(z.object(couponTypeId)),
  /** the registration pack: the types every new member gets (a type listed twice gives two) */
  "/shopapi/coupon/registerpack": endpoint<{ coupon_type_ids: number[]; list: StaffCouponType[] }>()(noBody),
  "/shopapi/coupon/setregisterpack": endpoint<{ coupon_type_ids: number[] }>()(z.object({ coupon_type_ids: idArray("优惠券类型 ID 无效") })),
};
