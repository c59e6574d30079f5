import dayjs, { type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

/** The shop's days are China Standard Time (UTC+8), whatever the browser's zone. */
const SHOP_UTC_OFFSET_MINUTES = 8 * 60;

/** A day as the URL holds it ("2026-12-07") → the unix seconds of its first (or last) second in shop time; 0 when empty or invalid. */
export function shopDayBound(day: string | undefined, edge: "start" | "end"): number {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return 0;
  const start = dayjs.utc(day).subtract(SHOP_UTC_OFFSET_MINUTES, "minute");
  if (!start.isValid()) return 0;
  return start.unix() + (edge === "end" ? 86_399 : 0);
}

/** The RangePicker's value of two URL days (null for an open end). */
export function dayRangeValue(start: string | undefined, end: string | undefined): [Dayjs | null, Dayjs | null] | null {
  if (!start && !end) return null;
  return [start ? dayjs(start) : null, end ? dayjs(end) : null];
}

/** The URL days of a RangePicker's value. */
export function dayRangeFilters(range: [Dayjs | null, Dayjs | null] | null | undefined): { start_date: string; end_date: string } {
  return { start_date: range?.[0]?.format("YYYY-MM-DD") ?? "", end_date: range?.[1]?.format("YYYY-MM-DD") ?? "" };
}
