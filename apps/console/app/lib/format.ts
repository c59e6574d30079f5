import dayjs, { type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);

/** A picture path as the console links it (packages/contract picture-path.ts). */
export { pictureUrl } from "@shop/contract/picture-path";

/** The shop's time zone: China Standard Time (UTC+8, no daylight saving), whatever the browser's. */
const SHOP_UTC_OFFSET_MINUTES = 8 * 60;

/** A unix time in shop time. */
function shopTime(unixSeconds: number): Dayjs {
  return dayjs.unix(unixSeconds).utcOffset(SHOP_UTC_OFFSET_MINUTES);
}

/** A message's time: 14:05 today, 昨天 14:05, 11-20 14:05 this year, else 2025-11-20 14:05 (shop time). */
export function messageTime(unixSeconds: number, now: Date = new Date()): string {
  const time = shopTime(unixSeconds);
  const today = shopTime(now.getTime() / 1000).startOf("day");
  if (!time.isBefore(today) && time.isBefore(today.add(1, "day"))) return time.format("HH:mm");
  if (!time.isBefore(today.subtract(1, "day")) && time.isBefore(today)) return time.format("昨天 HH:mm");
  return time.format(time.year() === today.year() ? "MM-DD HH:mm" : "YYYY-MM-DD HH:mm");
}

/** A list row's time: 14:05 today, else 11-20 (or 2025-11-20 in another year). */
export function listTime(unixSeconds: number, now: Date = new Date()): string {
  if (!unixSeconds) return "";
  const time = shopTime(unixSeconds);
  const today = shopTime(now.getTime() / 1000);
  if (time.isSame(today, "day")) return time.format("HH:mm");
  return time.format(time.year() === today.year() ? "MM-DD" : "YYYY-MM-DD");
}

/** A full date and time (an order's): 2026-11-20 14:05. */
export function fullTime(unixSeconds: number): string {
  return unixSeconds ? shopTime(unixSeconds).format("YYYY-MM-DD HH:mm") : "";
}
