import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryInfo, CategoryNode } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertCategory } from "./test-fixtures.ts";

describe("goods categories", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    // Sorts deliberately differ from insertion order.
    ids.appliances = await insertCategory(db, { category_name: "家用电器", sort: 2, image: "/c/1.png" });
    ids.phones = await insertCategory(db, { category_name: "手机数码", short_name: "手机", sort: 1 });
    ids.hiddenTop = await insertCategory(db, { category_name: "隐藏", sort: 0, is_show: 0 });
    ids.tv = await insertCategory(db, { category_name: "电视", pid: ids.appliances, level: 2, sort: 5 });
    ids.fridge = await insertCategory(db, { category_name: "冰箱", pid: ids.appliances, level: 2, sort: 1 });
    ids.underHidden = await insertCategory(db, { category_name: "隐藏之下", pid: ids.hiddenTop, level: 2 });
    ids.oled = await insertCategory(db, {
      category_name: "OLED 电视", pid: ids.tv, level: 3, category_full_name: "家用电器/电视/OLED 电视", keywords: "oled",
      description: "大屏",
    });
    ids.lcd = await insertCategory(db, { category_name: "液晶电视", pid: ids.tv, level: 3, sort: 0 });
    ids.hiddenLeaf = await insertCategory(db, { category_name: "停售", pid: ids.tv, level: 3, is_show: 0 });
  });
  afterAll(() => t.close());

  const tree = async (body: object) => {
    const response = await t.call<CategoryNode[]>("/api/goodscategory/tree", body);
    expect(response.code).toBe(0);
    return response.data;
  };
  const names = (nodes: CategoryNode[]) => nodes.map((node) => node.category_name);

  it("nests three levels, shown categories only, by sort then id", async () => {
    const roots = await tree({ level: 3 });
    expect(names(roots)).toEqual(["手机数码", "家用电器"]);
    const appliances = roots[1]!;
    expect(names(appliances.child_list)).toEqual(["冰箱", "电视"]);
    expect(names(appliances.child_list[1]!.child_list)).toEqual(["OLED 电视", "液晶电视"]);
    expect(appliances.child_list[1]!.child_list[0]!.child_list).toEqual([]);
    expect(roots[0]!.child_list).toEqual([]);
  });

  it("answers the reference's node fields", async () => {
    const [, appliances] = await tree({});
    expect(appliances).toEqual({
      category_id: ids.appliances, category_name: "家用电器", short_name: "", pid: 0, level: 1, image: "/c/1.png",
      image_adv: "", link_url: "", icon: "", child_list: expect.any(Array),
    });
  });

  it("stops at the asked level", async () => {
    const levelOne = await tree({ level: 1, template: 2 });
    expect(levelOne.every((node) => node.child_list.length === 0)).toBe(true);
    const levelTwo = await tree({ level: "2" });
    expect(names(levelTwo[1]!.child_list)).toEqual(["冰箱", "电视"]);
    expect(levelTwo[1]!.child_list[1]!.child_list).toEqual([]);
  });

  it("refuses a level outside 1..3", async () => {
    for (const level of [0, 4, "x"]) {
      const response = await t.call("/api/goodscategory/tree", { level });
      expect(response.code).toBe(-10006);
      expect(response.message).toContain("level");
    }
  });

  it("answers info with the full name and id path", async () => {
    const response = await t.call<CategoryInfo>("/api/goodscategory/info", { category_id: ids.oled });
    expect(response.code).toBe(0);
    expect(response.data).toEqual({
      category_id: ids.oled, category_name: "OLED 电视", short_name: "", pid: ids.tv, level: 3, image: "", image_adv: "",
      link_url: "", icon: "", category_full_name: "家用电器/电视/OLED 电视",
      category_id_path: `,${ids.appliances},${ids.tv},${ids.oled},`, keywords: "oled", description: "大屏",
      category_id_1: ids.appliances, category_id_2: ids.tv, category_id_3: ids.oled, child_list: [],
    });
  });

  it("answers the path ids by level and the shown sub-tree, as the reference's list page reads them", async () => {
    const top = (await t.call<CategoryInfo>("/api/goodscategory/info", { category_id: ids.appliances })).data;
    expect([top.category_id_1, top.category_id_2, top.category_id_3]).toEqual([ids.appliances, 0, 0]);
    expect(names(top.child_list)).toEqual(["冰箱", "电视"]);
    expect(names(top.child_list[1]!.child_list)).toEqual(["OLED 电视", "液晶电视"]);
    const middle = (await t.call<CategoryInfo>("/api/goodscategory/info", { category_id: ids.tv })).data;
    expect([middle.category_id_1, middle.category_id_2, middle.category_id_3]).toEqual([ids.appliances, ids.tv, 0]);
    expect(names(middle.child_list)).toEqual(["OLED 电视", "液晶电视"]);
    expect(middle.child_list[0]).toEqual({
      category_id: ids.oled, category_name: "OLED 电视", short_name: "", pid: ids.tv, level: 3, image: "", image_adv: "",
      link_url: "", icon: "", child_list: [],
    });
  });

  it("answers -1 分类不存在 for a missing or hidden category", async () => {
    for (const category_id of [ids.hiddenLeaf, 999_999]) {
      const response = await t.call("/api/goodscategory/info", { category_id });
      expect(response).toMatchObject({ code: -1, message: "分类不存在" });
    }
  });

  it("refuses a bad category_id naming the field", async () => {
    for (const body of [{}, { category_id: "abc" }, { category_id: -1 }]) {
      const response = await t.call("/api/goodscategory/info", body);
      expect(response.code).toBe(-10006);
      expect(response.message).toContain("category_id");
    }
  });
});

describe("category info of a hidden branch", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
  });
  afterAll(() => t.close());

  it("answers -1 分类不存在 for a shown category under a hidden parent", async () => {
    const db = t.app.deps.db;
    const leaf = await db.selectFrom("goods_category").select(["category_id", "pid"]).where("level", "=", 3).executeTakeFirstOrThrow();
    expect((await t.call("/api/goodscategory/info", { category_id: leaf.category_id })).code).toBe(0);
    await db.updateTable("goods_category").set({ is_show: 0 }).where("category_id", "=", leaf.pid).execute();
    expect(await t.call("/api/goodscategory/info", { category_id: leaf.category_id })).toMatchObject({ code: -1, message: "分类不存在" });
  });
});
