/** The dashboard's periods: today, the last 7 days, the last 30 days (each ends with today). */
export const PERIODS = [
  { value: "today", label: "今日", days: 1 },
  { value: "7", label: "近7天", days: 7 },
  { value: "30", label: "近30天", days: 30 },
] as const;
export type PeriodValue = (typeof PERIODS)[number]["value"];

const DAY = 86_400;
/** The shop's clock is Beijing time (UTC+8), whatever the browser's. */
const SHOP_OFFSET = 8 * 3600;

export function periodOf(value: string | null): (typeof PERIODS)[number] {
  return PERIODS.find((period) => period.value === value) ?? PERIODS[0];
}

/** [start_time, end_time) of the `days` shop days ending with today, in unix seconds (the stat calls' range). */
export function lastDays(days: number, nowMs: number = Date.now()): { start_time: number; end_time: number } {
  const todayStart = Math.floor((nowMs / 1000 + SHOP_OFFSET) / DAY) * DAY - SHOP_OFFSET;
  return { start_time: todayStart - (days - 1) * DAY, end_time: todayStart + DAY };
}
