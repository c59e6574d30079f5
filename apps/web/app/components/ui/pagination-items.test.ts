import { describe, expect, it } from "vitest";
import { pagerItems, type PagerItem } from "./pagination-items.ts";

/** "1 … 4 [5] 6 … 20" style text of the items, with the current page in brackets. */
const shown = (current: number, pageCount: number) =>
  pagerItems(current, pageCount)
    .map((item: PagerItem) => (item.kind === "page" ? (item.page === current ? `[${item.page}]` : String(item.page)) : item.kind === "jump-prev" ? "«" : "»"))
    .join(" ");

describe("pagerItems", () => {
  it("shows every page up to seven", () => {
    expect(shown(1, 1)).toBe("[1]");
    expect(shown(4, 7)).toBe("1 2 3 [4] 5 6 7");
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it("lays out long runs like antd: ends, two on each side, jumps over the gaps", () => {
    expect(shown(1, 20)).toBe("[1] 2 3 4 5 » 20");
    expect(shown(3, 20)).toBe("1 2 [3] 4 5 » 20");
    expect(shown(4, 20)).toBe("1 2 3 [4] 5 » 20");
    expect(shown(5, 20)).toBe("1 « 4 [5] 6 » 20");
    expect(shown(10, 20)).toBe("1 « 9 [10] 11 » 20");
    expect(shown(17, 20)).toBe("1 « 16 [17] 18 19 20");
    expect(shown(20, 20)).toBe("1 « 16 17 18 19 [20]");
    // The brand wall: 274 brands, 36 a page.
    expect(shown(1, 8)).toBe("[1] 2 3 4 5 » 8");
  });

  it("jumps five pages, not past the ends, and clamps the current page", () => {
    expect(pagerItems(10, 20).filter((item) => item.kind !== "page")).toEqual([
      { kind: "jump-prev", page: 5 },
      { kind: "jump-next", page: 15 },
    ]);
    expect(pagerItems(5, 20)[1]).toEqual({ kind: "jump-prev", page: 1 });
    expect(shown(99, 20)).toBe(shown(20, 20).replace("[20]", "20"));
  });
});
