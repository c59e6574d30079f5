import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { yuanInput } from "../money-input.ts";
import type { Cents } from "../money.ts";

/**
 * Member levels and growth (reference /api/memberlevel/lists; docs/api/member-level.md, ADR 0016).
 * A level is reached by growth (成长值): paid orders earn it (1 per whole yuan by default), so do
 * recharges and sign-ins; crossing a level's threshold upgrades the member at once and gives that
 * level's gifts (points, balance, coupons) once. A level's discount (consume_discount, percent) is
 * applied to goods prices at checkout, its free shipping to express freight. Levels never go down
 * by themselves: a whole refund takes its order's growth back, the level stays.
 */

/** A coupon type a level or a sign-in reward gives, as the pages show it. */
export interface GiftCoupon {
  coupon_type_id: number;
  coupon_name: string;
  /** reward 满减 | discount 折扣 */
  type: string;
  /** 满减: money off, "20.00" */
  money: string;
  /** 折扣: "8.5" (8.5折) */
  discount: string;
  /** threshold, "0.00" = 无门槛 */
  at_least: string;
}

/** One level of the ladder (/api/memberlevel/lists). */
export interface MemberLevelItem {
  level_id: number;
  level_name: string;
  /** growth needed (the default level: 0) */
  growth: number;
  remark: string;
  /** percent of the price paid: 95 = 9.5折, 100 = no discount */
  consume_discount: number;
  /** 1: express orders ship free */
  is_free_shipping: number;
  /** gifts on reaching the level: points, balance ("10.00"), coupons */
  send_point: number;
  send_balance: string;
  send_coupon: GiftCoupon[];
  /** 1: the level new members get */
  is_default: number;
  sort: number;
}

/** The caller's place on the ladder (/api/memberlevel/info). */
export interface MemberLevelState {
  member_id: number;
  growth: number;
  level_id: number;
  level_name: string;
  consume_discount: number;
  is_free_shipping: number;
  /** the next level up, null at the top */
  next_level: { level_id: number; level_name: string; growth: number } | null;
  /** growth still needed for the next level (0 at the top) */
  growth_to_next: number;
  /** 0–100: the way from this level's threshold to the next one's */
  progress_percent: number;
  /** levels reached so far (their gifts were given), oldest first */
  reached: Array<{ level_id: number; level_name: string; create_time: number }>;
  /** how paid orders earn growth now (the rule shown on the page) */
  order_growth_per_yuan: number;
}

/** One change of the caller's growth (/api/memberlevel/growthrecords). */
export interface GrowthRecord {
  id: number;
  /** signed */
  growth: number;
  growth_after: number;
  /** order_pay, order_refund, recharge, signin, staff_adjust */
  from_type: string;
  type_name: string;
  remark: string;
  create_time: number;
}

/** A level as staff see it: with how many members hold it. */
export interface StaffMemberLevel extends MemberLevelItem {
  member_count: number;
}

/** How paid orders earn growth. */
export interface GrowthConfig {
  /** growth per whole yuan of an order (0 = none) */
  order_growth_per_yuan: number;
}

/** The most growth a level may need, and the most one staff adjustment may change. */
export const MAX_LEVEL_GROWTH = 100_000_000;
/** A level gives at most ¥10,000.00 of balance. */
export const MAX_LEVEL_BALANCE_CENTS = 1_000_000 as Cents;

const count = (label: string, max: number) =>
  z.coerce
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过 ${max}`);

/** Coupon type ids as an array or "1,2" (at most 10; [] allowed). */
export const giftCouponIds = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ""
      ? []
      : typeof value === "string"
        ? value.split(",").map((part) => part.trim()).filter((part) => part !== "")
        : typeof value === "number"
          ? [value]
          : value,
  z
    .array(z.unknown(), { error: "优惠券类型 ID 无效" })
    .max(10, "最多赠送 10 种优惠券")
    .transform((items, ctx) => {
      const ids = items.map((item) => (typeof item === "number" || typeof item === "string" ? Number(item) : Number.NaN));
      if (ids.every((value) => Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647)) return ids;
      ctx.addIssue({ code: "custom", message: "优惠券类型 ID 无效" });
      return z.NEVER;
    }),
);

export const memberLevelFields = z.object({
  level_name: z.string({ error: "请填写等级名称" }).trim().min(1, "请填写等级名称").max(20, "等级名称不能超过 20 个字"),
  growth: count("所需成长值", MAX_LEVEL_GROWTH),
  remark: text(100).default(""),
  consume_discount: z.coerce
    .number({ error: "请填写折扣" })
    .int("折扣须为整数百分比（如 95 表示 9.5 折）")
    .min(10, "折扣不能低于 1 折")
    .max(100, "折扣不能超过 100（不打折）"),
  is_free_shipping: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: "包邮设置无效" })).default(0),
  send_point: count("赠送积分", 1_000_000).default(0),
  send_balance: yuanInput()
    .refine((amount) => amount <= MAX_LEVEL_BALANCE_CENTS, "赠送余额不能超过 10000 元")
    .default(0 as Cents),
  send_coupon: giftCouponIds,
  sort: count("排序", 10_000).default(0),
});
export type MemberLevelInput = z.output<typeof memberLevelFields>;

export const memberLevelEndpoints = {
  /** the ladder, lowest threshold first (public: the reference's clients show it before login) */
  "/api/memberlevel/lists": endpoint<MemberLevelItem[]>()(noBody),
  /** the caller's level, growth and the way to the next level */
  "/api/memberlevel/info": endpoint<MemberLevelState>()(noBody),
  /** the caller's growth records, newest first */
  "/api/memberlevel/growthrecords": endpoint<Page<GrowthRecord>>()(z.object(paging)),

  // ---- staff (shop.manage) ----
  "/shopapi/memberlevel/lists": endpoint<StaffMemberLevel[]>()(noBody),
  "/shopapi/memberlevel/add": endpoint<{ level_id: number }>()(memberLevelFields),
  /** a level's settings; the default level keeps threshold 0 */
  "/shopapi/memberlevel/edit": endpoint<{ level_id: number }>()(memberLevelFields.extend({ level_id: id })),
  /** only a level no member holds, and never the default level */
  "/shopapi/memberlevel/delete": endpoint<null>()(z.object({ level_id: id })),
  "/shopapi/memberlevel/growthconfig": endpoint<GrowthConfig>()(noBody),
  "/shopapi/memberlevel/setgrowthconfig": endpoint<GrowthConfig>()(
    z.object({ order_growth_per_yuan: count("每元成长值", 100) }),
  ),
  /** adds (or with a negative number takes) growth of a member, with a reason; may upgrade it */
  "/shopapi/memberlevel/adjustgrowth": endpoint<{ growth: number; level_id: number }>()(
    z.object({
      member_id: id,
      growth: z.coerce
        .number({ error: "请填写成长值" })
        .int("成长值须为整数")
        .min(-MAX_LEVEL_GROWTH, "成长值超出范围")
        .max(MAX_LEVEL_GROWTH, "成长值超出范围")
        .refine((value) => value !== 0, "成长值不能为 0"),
      remark: z.string({ error: "请填写调整原因" }).trim().min(1, "请填写调整原因").max(100, "调整原因不能超过 100 个字"),
    }),
  ),
};
