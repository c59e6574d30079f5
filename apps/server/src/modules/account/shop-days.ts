import { DAY_SECONDS, SHOP_UTC_OFFSET_SECONDS, shopIsoString } from "../../core/time.ts";

/**
 * Shop days (Asia/Shanghai, UTC+8 all year) as members see them: the ledger's date filters and the
 * footprints' grouping. A day is "YYYY-MM-DD" on the wire and [start, start + 86400) in unix seconds.
 */

/** The shop day of a unix time: "2026-01-05". */
export const shopDateOf = (seconds: number): string => shopIsoString(seconds).slice(0, 10);

/** Unix seconds at 00:00 shop time of a calendar date "YYYY-MM-DD" (checked by the contract). */
export function shopDayStart(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 1000 - SHOP_UTC_OFFSET_SECONDS;
}

/** [from, to) in unix seconds covering the shop days `first` … `last`, both included. */
export function shopDaysRange(first: string, last: string = first): { from: number; to: number } {
  return { from: shopDayStart(first), to: shopDayStart(last) + DAY_SECONDS };
}
