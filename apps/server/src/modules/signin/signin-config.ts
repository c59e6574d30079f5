import type { SigninConfig } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { getOwnConfig } from "../member-level/own-config.ts";

/** Until staff set it: on, a 7-day cycle, 5 points and 1 growth a day, more on days 3 and 7. */
export const DEFAULT_SIGNIN_CONFIG: SigninConfig = {
  is_enable: 1,
  cycle_days: 7,
  daily_point: 5,
  daily_growth: 1,
  rewards: [
    { day: 3, point: 10, growth: 5, coupon_type_ids: [] },
    { day: 7, point: 30, growth: 20, coupon_type_ids: [] },
  ],
};

export async function getSigninConfig(db: Db): Promise<SigninConfig> {
  const config = await getOwnConfig(db, "signin_config", DEFAULT_SIGNIN_CONFIG);
  return { ...config, rewards: [...config.rewards].sort((a, b) => a.day - b.day) };
}

/** Day of the cycle a streak of `streak` days is on: day cycle_days + 1 starts the cycle again at 1. */
export const cycleDayOf = (streak: number, cycleDays: number): number => ((Math.max(1, streak) - 1) % Math.max(1, cycleDays)) + 1;

export interface SigninReward {
  point: number;
  growth: number;
  couponTypeIds: number[];
}

/** What a sign-in on `cycleDay` gives: the daily reward plus that day's streak reward. */
export function rewardOf(config: SigninConfig, cycleDay: number): SigninReward {
  const streak = config.rewards.find((reward) => reward.day === cycleDay);
  return {
    point: config.daily_point + (streak?.point ?? 0),
    growth: config.daily_growth + (streak?.growth ?? 0),
    couponTypeIds: streak?.coupon_type_ids ?? [],
  };
}
