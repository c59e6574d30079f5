import type { GiftCoupon, SigninAward } from "@shop/contract";

/** What the sign-in page computes from the API's answers (pure, so it is tested without a browser). */

export const SIGNIN_PATH = "/member/signin";
export const SIGNIN_RECORDS_PAGE_SIZE = 10;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface SigninQuery {
  /** "2026-05", or undefined for the current month */
  month: string | undefined;
  page: number;
}

/** ?month=&page= of /member/signin; a malformed month is the current one, a bad page 1. */
export function parseSigninQuery(url: URL): SigninQuery {
  const month = url.searchParams.get("month") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1");
  const valid = MONTH.exec(month);
  return {
    month: valid && Number(valid[1]) >= 2000 && Number(valid[1]) <= 2100 ? month : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

/** "2026-05" moved by `delta` months ("2026-01", -1 → "2025-12"). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** "2026年5月" */
export const monthLabel = (month: string): string => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`;

export const WEEKDAYS = ["一", "二", "三", "四", "五", "六", "日"];

/** The month as weeks of 7 cells, Monday first: day numbers, null before the 1st and after the last. */
export function monthGrid(month: string): Array<Array<number | null>> {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const leading = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [...Array<null>(leading).fill(null), ...Array.from({ length: days }, (_, index) => index + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<number | null>> = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

export interface DayReward {
  day: number;
  point: number;
  growth: number;
  coupons: GiftCoupon[];
  /** a streak reward is given on this day, beyond the daily one */
  bonus: boolean;
}

/** What each day of the cycle gives: the daily reward plus that day's streak reward. */
export function cycleRewards(award: SigninAward): DayReward[] {
  return Array.from({ length: award.cycle_days }, (_, index) => {
    const day = index + 1;
    const streak = award.rewards.find((reward) => reward.day === day);
    return {
      day,
      point: award.daily_point + (streak?.point ?? 0),
      growth: award.daily_growth + (streak?.growth ?? 0),
      coupons: streak?.coupons ?? [],
      bonus: Boolean(streak),
    };
  });
}

/** "5积分、2成长值、优惠券「新人券」"; "无" when nothing. */
export function rewardText(reward: { point: number; growth: number; coupons: Array<Pick<GiftCoupon, "coupon_name">> }): string {
  const parts: string[] = [];
  if (reward.point > 0) parts.push(`${reward.point}积分`);
  if (reward.growth > 0) parts.push(`${reward.growth}成长值`);
  for (const coupon of reward.coupons) parts.push(`优惠券「${coupon.coupon_name}」`);
  return parts.length ? parts.join("、") : "无";
}

/** The calendar's link to another month (the current month without ?month=). */
export const monthHref = (month: string, currentMonth: string): string => (month === currentMonth ? SIGNIN_PATH : `${SIGNIN_PATH}?month=${month}`);
