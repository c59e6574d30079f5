import { DAY_SECONDS, shopIsoString } from "../../core/time.ts";

/**
 * Sign-in days are the shop's days (Asia/Shanghai, UTC+8 all year): 00:00–23:59 Beijing time,
 * whatever the server's or the shopper's time zone (ADR 0016).
 */
export const shopDate = (seconds: number): string => shopIsoString(seconds).slice(0, 10);

/** The shop day before the day of `seconds`. */
export const shopYesterday = (seconds: number): string => shopDate(seconds - DAY_SECONDS);

/** "2026-05" of the day of `seconds`. */
export const shopMonth = (seconds: number): string => shopIsoString(seconds).slice(0, 7);

/** Days in a month "2026-02" (28). */
export function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}
