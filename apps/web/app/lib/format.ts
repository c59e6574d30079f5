import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { centsFromWire, formatYuan } from "@shop/contract";

dayjs.extend(utc);

/**
 * SPEC §9: prices are shown with two decimals ("99" → "99.00"). Read as exact cents, never through
 * float arithmetic: what is not an amount ("abc", "1.005", "0x10") shows as "0.00".
 */
export function formatPrice(value: number | string | null | undefined): string {
  return formatYuan(centsFromWire(value));
}

/** The shop's time zone (China Standard Time, UTC+8), in minutes. */
const SHOP_UTC_OFFSET_MINUTES = 8 * 60;

/**
 * SPEC §9: a timestamp in unix seconds as "YYYY-MM-DD HH:mm:ss", in shop time (UTC+8) so the
 * server render and the browser agree whatever their own time zones (no hydration mismatch).
 * 0 / empty → "".
 */
export function formatTime(seconds: number | string | null | undefined, pattern = "YYYY-MM-DD HH:mm:ss"): string {
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return "";
  return dayjs.unix(value).utcOffset(SHOP_UTC_OFFSET_MINUTES).format(pattern);
}
