import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategorySummary } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertCategory } from "./test-fixtures.ts";

describe("/api/goodscategory/lists {pid}", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    ids.appliances = await insertCategory(db, { category_name: "家用电器", sort: 2 });
    ids.phones = await insertCategory(db, { category_name: "手机数码", sort: 1 });
    ids.hiddenTop = await insertCategory(db, { category_name: "隐藏", is_show: 0 });
    ids.tv = await insertCategory(db, { category_name: "电视", pid: ids.appliances, level: 2, sort: 5 });
    ids.fridge = await insertCategory(db, { category_name: "冰箱", pid: ids.appliances, level: 2, sort: 1 });
    ids.hiddenSub = await insertCategory(db, { category_name: "停售", pid: ids.appliances, level: 2, is_show: 0 });
    ids.underHidden = await insertCategory(db, { category_name: "隐藏之下", pid: ids.hiddenTop, level: 2 });
    ids.leafUnderHidden = await insertCategory(db, { category_name: "更深", pid: ids.underHidden, level: 3 });
  });
  afterAll(() => t.close());

  const lists = async (body: object) => {
    const response = await t.call<CategorySummary[]>("/api/goodscategory/lists", body);
    expect(response.code, response.message).toBe(0);
    return response.data.map((category) => category.category_name);
  };

  it("answers the shown level-1 categories for pid 0 (the default), by sort", async () => {
    expect(await lists({ pid: 0 })).toEqual(["手机数码", "家用电器"]);
    expect(await lists({})).toEqual(["手机数码", "家用电器"]);
  });

  it("answers a category's shown children with the summary fields", async () => {
    expect(await lists({ pid: ids.appliances })).toEqual(["冰箱", "电视"]);
    const response = await t.call<CategorySummary[]>("/api/goodscategory/lists", { pid: String(ids.appliances) });
    expect(response.data[0]).toEqual({
      category_id: ids.fridge, category_name: "冰箱", short_name: "", pid: ids.appliances, level: 2, image: "", image_adv: "",
      link_url: "", icon: "",
    });
  });

  it("answers [] under a leaf, a missing, a hidden category or a hidden ancestor", async () => {
    for (const pid of [ids.tv, 999_999, ids.hiddenTop, ids.underHidden]) expect(await lists({ pid })).toEqual([]);
  });

  it("refuses a bad pid naming it", async () => {
    for (const pid of [-1, "x", 1.5]) {
      const response = await t.call("/api/goodscategory/lists", { pid });
      expect(response.code).toBe(-10006);
      expect(response.message).toContain("pid");
    }
  });
});
