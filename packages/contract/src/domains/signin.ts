import { z } from "zod";
import { endpoint, id, noBody, paging, text } from "../endpoint.ts";
import type { Page } from "../codes.ts";
import { giftCouponIds, type GiftCoupon } from "./member-level.ts";

/**
 * Daily sign-in (reference /api/membersignin/*; docs/api/signin.md, ADR 0016). A member signs in
 * once per shop day (Asia/Shanghai, midnight to midnight Beijing time); each sign-in gives the
 * daily reward, plus the streak reward of its day in the cycle: the streak counts consecutive
 * days, and day `cycle_days + 1` of a streak is day 1 of the next cycle. Missing a day starts over.
 */

/** A reward given on one day of the cycle (1 … cycle_days), on top of the daily reward. */
export interface SigninStreakReward {
  day: number;
  point: number;
  growth: number;
  coupons: GiftCoupon[];
}

/** The sign-in rules as members see them (/api/membersignin/award). */
export interface SigninAward {
  /** 0: sign-in is switched off (signin answers -1) */
  is_enable: number;
  /** streak rewards repeat every cycle_days days */
  cycle_days: number;
  /** given on every sign-in */
  daily_point: number;
  daily_growth: number;
  /** by day of the cycle, ascending */
  rewards: SigninStreakReward[];
}

/** The sign-in settings as staff edit them: coupons by id. */
export interface SigninConfig {
  is_enable: number;
  cycle_days: number;
  daily_point: number;
  daily_growth: number;
  rewards: Array<{ day: number; point: number; growth: number; coupon_type_ids: number[] }>;
}

/** What one sign-in gave (/api/membersignin/signin, and each record). */
export interface SigninRecord {
  id: number;
  /** the shop day, "2026-05-14" */
  sign_date: string;
  /** consecutive days up to this one */
  streak: number;
  /** its day in the reward cycle, 1 … cycle_days */
  cycle_day: number;
  point: number;
  growth: number;
  coupons: GiftCoupon[];
  create_time: number;
}

/** The caller's sign-in month (/api/membersignin/getSignStatus). */
export interface SigninStatus {
  /** today, the shop's day: "2026-05-14" */
  today: string;
  /** the month shown, "2026-05" */
  month: string;
  /** days of that month the caller signed (1 … 31) */
  signed_days: number[];
  /** 1 when the caller signed today */
  is_sign: number;
  /** the running streak: today's, else yesterday's (still alive), else 0 */
  streak: number;
  /** day of the cycle the next sign-in is (1 … cycle_days) */
  next_cycle_day: number;
  /** points and growth the next sign-in gives (daily + that day's streak reward) */
  next_point: number;
  next_growth: number;
  /** sign-ins in all */
  total_days: number;
  is_enable: number;
  cycle_days: number;
}

/** A sign-in as staff list it. */
export interface StaffSigninRecord extends SigninRecord {
  member_id: number;
  nickname: string;
  username: string;
}

/** "2026-05": a month of the shop's calendar. */
export const signinMonth = z
  .string({ error: "月份格式应为 YYYY-MM" })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "月份格式应为 YYYY-MM")
  .refine((value) => Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100, "月份超出范围");

/** The longest cycle staff may set. */
export const MAX_SIGNIN_CYCLE_DAYS = 31;

const amount = (label: string, max: number) =>
  z.coerce
    .number({ error: `请填写${label}` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能超过 ${max}`);

export const signinConfigBody = z
  .object({
    is_enable: z.coerce.number().int().pipe(z.union([z.literal(0), z.literal(1)], { error: "开关设置无效" })),
    cycle_days: z.coerce
      .number({ error: "请填写签到周期天数" })
      .int("签到周期须为整数天")
      .min(1, "签到周期至少 1 天")
      .max(MAX_SIGNIN_CYCLE_DAYS, `签到周期不能超过 ${MAX_SIGNIN_CYCLE_DAYS} 天`),
    daily_point: amount("每日积分", 10_000).default(0),
    daily_growth: amount("每日成长值", 10_000).default(0),
    rewards: z
      .array(
        z.object({
          day: z.coerce.number({ error: "请填写连续签到天数" }).int("连续签到天数须为整数").min(1, "连续签到天数至少为 1"),
          point: amount("奖励积分", 100_000).default(0),
          growth: amount("奖励成长值", 100_000).default(0),
          coupon_type_ids: giftCouponIds,
        }),
        { error: "奖励设置格式不正确" },
      )
      .max(MAX_SIGNIN_CYCLE_DAYS, `奖励最多 ${MAX_SIGNIN_CYCLE_DAYS} 条`)
      .default([]),
  })
  .superRefine((config, ctx) => {
    const days = new Set<number>();
    config.rewards.forEach((reward, index) => {
      if (reward.day > config.cycle_days) {
        ctx.addIssue({ code: "custom", path: ["rewards", index, "day"], message: `第 ${reward.day} 天超出了 ${config.cycle_days} 天的签到周期` });
      }
      if (days.has(reward.day)) ctx.addIssue({ code: "custom", path: ["rewards", index, "day"], message: `第 ${reward.day} 天的奖励重复设置` });
      days.add(reward.day);
      if (reward.point === 0 && reward.growth === 0 && reward.coupon_type_ids.length === 0) {
        ctx.addIssue({ code: "custom", path: ["rewards", index], message: `第 ${reward.day} 天的奖励为空` });
      }
    });
  });

export const signinEndpoints = {
  /** 1 when the caller signed in today (shop day), else 0 */
  "/api/membersignin/issign": endpoint<number>()(noBody),
  /** signs the caller in for today, once: -1 今日已签到 on a second call (however many race) */
  "/api/membersignin/signin": endpoint<SigninRecord>()(noBody),
  /** the rules: daily reward, cycle and streak rewards (public) */
  "/api/membersignin/award": endpoint<SigninAward>()(noBody),
  /** the caller's sign-ins, newest first; `month` ("2026-05") keeps one month */
  "/api/membersignin/getSignRecords": endpoint<Page<SigninRecord>>()(z.object({ ...paging, month: signinMonth.optional() })),
  /** the caller's month: signed days, today's state, streak, next reward */
  "/api/membersignin/getSignStatus": endpoint<SigninStatus>()(z.object({ month: signinMonth.optional() })),

  // ---- staff (shop.manage) ----
  "/shopapi/membersignin/config": endpoint<SigninConfig>()(noBody),
  "/shopapi/membersignin/setconfig": endpoint<SigninConfig>()(signinConfigBody),
  /** every member's sign-ins, newest first; filter by member and month */
  "/shopapi/membersignin/records": endpoint<Page<StaffSigninRecord>>()(
    z.object({ ...paging, member_id: id.optional(), month: signinMonth.optional(), search: text(50).default("") }),
  ),
};
