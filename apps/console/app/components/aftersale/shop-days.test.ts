import { describe, expect, it } from "vitest";
import { shopDayBound } from "./shop-days.ts";

describe("shopDayBound", () => {
  it("reads a day in China Standard Time, whatever the machine's zone", () => {
    // 2026-12-07 00:00 +08:00 = 2026-12-06 16:00 UTC
    expect(shopDayBound("2026-12-07", "start")).toBe(Date.UTC(2026, 11, 6, 16) / 1000);
    expect(shopDayBound("2026-12-07", "end")).toBe(Date.UTC(2026, 11, 7, 15, 59, 59) / 1000);
  });
  it("is 0 (an open end) for an empty or malformed day", () => {
    expect(shopDayBound(undefined, "start")).toBe(0);
    expect(shopDayBound("", "end")).toBe(0);
    expect(shopDayBound("07-12-2026", "start")).toBe(0);
  });
});
