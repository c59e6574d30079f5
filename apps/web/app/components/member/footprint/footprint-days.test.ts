import { describe, expect, it } from "vitest";
import type { BrowseItem } from "@shop/contract";
import { dayLabel, groupByDay } from "./footprint-days.ts";

const item = (id: number, browse_date: string) => ({ id, browse_date }) as BrowseItem;

describe("footprints by day", () => {
  it("groups a page by day in order, with each day's whole count", () => {
    const groups = groupByDay([item(1, "2026-11-27"), item(2, "2026-11-27"), item(3, "2026-11-25")], [{ date: "2026-11-27", count: 2 }, { date: "2026-11-25", count: 9 }]);
    expect(groups.map((group) => [group.date, group.count, group.items.map((entry) => entry.id)])).toEqual([
      ["2026-11-27", 2, [1, 2]],
      ["2026-11-25", 9, [3]],
    ]);
  });

  it("names days against the shop's today", () => {
    expect(dayLabel("2026-11-27", "2026-11-27")).toBe("今天");
    expect(dayLabel("2026-11-26", "2026-11-27")).toBe("昨天");
    expect(dayLabel("2026-11-20", "2026-11-27")).toBe("11月20日 周五");
    expect(dayLabel("2025-12-31", "2026-01-02")).toBe("2025年12月31日 周三");
  });
});
