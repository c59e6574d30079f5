import { describe, expect, it } from "vitest";
import type { MemberLevelItem } from "@shop/contract";
import { levelProgress } from "./level-progress.ts";

const level = (level_id: number, level_name: string, growth: number) => ({ level_id, level_name, growth }) as MemberLevelItem;
const LADDER = [level(3, "黄金会员", 2000), level(1, "普通会员", 0), level(2, "白银会员", 500), level(4, "钻石会员", 10000)];

describe("level progress", () => {
  it("finds the next level and the growth left, whatever order the ladder comes in", () => {
    expect(levelProgress(LADDER, { member_level: 1, member_level_name: "普通会员", growth: 120 })).toEqual({
      levelName: "普通会员",
      next: { name: "白银会员", growth: 500 },
      toNext: 380,
      percent: 24,
    });
    expect(levelProgress(LADDER, { member_level: 2, member_level_name: "白银会员", growth: 1250 })).toMatchObject({ next: { name: "黄金会员" }, toNext: 750, percent: 50 });
  });

  it("is at the top on the highest level, and copes with a level given by staff above the growth", () => {
    expect(levelProgress(LADDER, { member_level: 4, member_level_name: "钻石会员", growth: 12000 })).toEqual({ levelName: "钻石会员", next: null, toNext: 0, percent: 100 });
    expect(levelProgress(LADDER, { member_level: 3, member_level_name: "黄金会员", growth: 100 })).toMatchObject({ next: { name: "钻石会员" }, toNext: 9900, percent: 0 });
  });

  it("falls back to the growth, then to the name the info gave, without a ladder", () => {
    expect(levelProgress(LADDER, { member_level: 99, member_level_name: "", growth: 600 })).toMatchObject({ levelName: "白银会员", next: { name: "黄金会员" } });
    expect(levelProgress([], { member_level: 1, member_level_name: "普通会员", growth: 5 })).toEqual({ levelName: "普通会员", next: null, toNext: 0, percent: 100 });
  });
});
