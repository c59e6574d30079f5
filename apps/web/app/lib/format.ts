import { centsFromWire, formatYuan } from "@shop/contract/money";

/**
 * SPEC §9: prices are shown with two decimals ("99" → "99.00"). Read as exact cents, never through
 * float arithmetic: what is not an amount ("abc", "1.005", "0x10") shows as "0.00".
 */
export function formatPrice(value: number | string | null | undefined): string {
  return formatYuan(centsFromWire(value));
}

/** The shop's time zone (China Standard Time, UTC+8), in milliseconds. */
const SHOP_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

const TIME_TOKENS = /YYYY|MM|DD|HH|mm|ss/g;
const two = (value: number) => String(value).padStart(2, "0");

/**
 * SPEC §9: a timestamp in unix seconds as "YYYY-MM-DD HH:mm:ss" (tokens YYYY MM DD HH mm ss), in
 * shop time (UTC+8) so the server render and the browser agree whatever their own time zones (no
 * hydration mismatch). 0 / empty → "". No date library: public pages only need this.
 */
export function formatTime(seconds: number | string | null | undefined, pattern = "YYYY-MM-DD HH:mm:ss"): string {
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return "";
  // Shifted by the offset, the UTC fields read as shop time.
  const shop = new Date(value * 1000 + SHOP_UTC_OFFSET_MS);
  const fields: Record<string, string> = {
    YYYY: String(shop.getUTCFullYear()),
    MM: two(shop.getUTCMonth() + 1),
    DD: two(shop.getUTCDate()),
    HH: two(shop.getUTCHours()),
    mm: two(shop.getUTCMinutes()),
    ss: two(shop.getUTCSeconds()),
  };
  return pattern.replace(TIME_TOKENS, (token) => fields[token]!);
}
