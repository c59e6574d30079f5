import { describe, expect, it } from "vitest";
import { lastDays, periodOf } from "./stat-range.ts";

describe("dashboard periods", () => {
  it("today is the Beijing day, whatever the browser's zone: 2026-12-07 23:30 UTC is already the 8th in Beijing", () => {
    const beijingEighth = Date.UTC(2026, 11, 8) / 1000 - 8 * 3600;
    expect(lastDays(1, Date.UTC(2026, 11, 7, 23, 30))).toEqual({ start_time: beijingEighth, end_time: beijingEighth + 86_400 });
    expect(lastDays(1, Date.UTC(2026, 11, 7, 15, 59, 59))).toEqual({ start_time: beijingEighth - 86_400, end_time: beijingEighth });
  });

  it("7 and 30 days end with today", () => {
    const range = lastDays(7, Date.UTC(2026, 11, 7, 12));
    expect((range.end_time - range.start_time) / 86_400).toBe(7);
    expect(lastDays(30, Date.UTC(2026, 11, 7, 12)).end_time).toBe(range.end_time);
  });

  it("an unknown period is today", () => {
    expect(periodOf("7").days).toBe(7);
    expect(periodOf("x").value).toBe("today");
    expect(periodOf(null).value).toBe("today");
  });
});
