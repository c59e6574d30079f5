import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CategoryNode, GoodsSkuItem, Page } from "@shop/contract";
import type { AdminCategoryNode } from "@shop/contract/domains/admin-catalog";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { reindexGoods } from "../search/search-index.ts";
import { insertGoods } from "./test-fixtures.ts";

/** /shopapi/goodscategory/*: the tree a shop owner keeps, and the storefront following it on the next request. */
describe("back office: goods categories", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // The data cache on: the storefront's answers are cached, so a change shows only if it is purged.
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  const staffCall = async <T>(path: string, body: object, token = admin) => {
    const response = await t.call<T>(path, body, { token });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };
  const add = async (category_name: string, pid = 0) =>
    (await staffCall<{ category_id: number }>("/shopapi/goodscategory/addcategory", { category_name, pid, is_show: 1 })).category_id;
  const row = (id: number) =>
    t.app.deps.db.selectFrom("goods_category").selectAll().where("category_id", "=", id).executeTakeFirstOrThrow();
  const tree = async () => (await t.call<CategoryNode[]>("/api/goodscategory/tree", { level: 3 })).data;
  const findNode = (nodes: CategoryNode[], name: string): CategoryNode | undefined =>
    nodes.flatMap((node) => [node, ...(findNode(node.child_list, name) ? [findNode(node.child_list, name)!] : [])]).find((node) => node.category_name === name);
  const search = async (keyword: string) => (await t.call<Page<GoodsSkuItem>>("/api/goodssku/page", { keyword, page_size: 20 })).data.list.map((item) => item.goods_name);

  it("adds three levels with their paths and full names, and refuses a fourth", async () => {
    const top = await add("户外运动");
    const mid = await add("登山装备", top);
    const leaf = await add("登山杖", mid);
    expect(await row(leaf)).toMatchObject({ level: 3, pid: mid, category_id_path: `,${top},${mid},${leaf},`, category_full_name: "户外运动/登山装备/登山杖" });
    const refused = await t.call("/shopapi/goodscategory/addcategory", { category_name: "第四级", pid: leaf }, { token: admin });
    expect(refused).toMatchObject({ code: -1, message: "商品分类最多 3 级，不能放在三级分类下" });
    const twin = await t.call("/shopapi/goodscategory/addcategory", { category_name: "登山杖", pid: mid }, { token: admin });
    expect(twin.message).toBe("同一上级下已有名为「登山杖」的分类");
    const log = await t.app.deps.db.selectFrom("staff_log").selectAll().where("action", "=", "goodscategory.add").where("target_id", "=", String(leaf)).execute();
    expect(log).toHaveLength(1);
  });

  it("answers the whole tree to staff, hidden categories and goods counts included", async () => {
    const top = await add("后台树");
    const hidden = await add("隐藏子类", top);
    await staffCall("/shopapi/goodscategory/modifyshow", { category_id: hidden, is_show: 0 });
    await insertGoods(t.app.deps.db, "树下商品", { goods: { category_id: `,${top},${hidden},`, category_id_1: top, category_id_2: hidden } });
    const nodes = await staffCall<AdminCategoryNode[]>("/shopapi/goodscategory/lists", {});
    const node = nodes.find((candidate) => candidate.category_id === top)!;
    expect(node.goods_count).toBe(1);
    expect(node.child_list).toEqual([expect.objectContaining({ category_id: hidden, is_show: 0, goods_count: 1 })]);
  });

  it("shows a new, renamed, hidden or re-sorted category in the storefront's menu on the next request", async () => {
    expect(findNode(await tree(), "新品上市")).toBeUndefined(); // cached now
    const top = await add("新品上市");
    expect(findNode(await tree(), "新品上市")).toBeDefined();
    await staffCall("/shopapi/goodscategory/editcategory", { category_id: top, category_name: "新品首发", pid: 0, is_show: 1, sort: 3 });
    expect(findNode(await tree(), "新品首发")).toBeDefined();
    await staffCall("/shopapi/goodscategory/modifyshow", { category_id: top, is_show: 0 });
    expect(findNode(await tree(), "新品首发")).toBeUndefined();
    const other = await add("排序甲");
    await staffCall("/shopapi/goodscategory/modifysort", { category_sort_array: [{ category_id: other, sort: 0 }] });
    const beta = await add("排序乙");
    await staffCall("/shopapi/goodscategory/modifysort", { category_sort_array: [{ category_id: beta, sort: 0 }, { category_id: other, sort: 1 }] });
    const names = (await tree()).map((node) => node.category_name);
    expect(names.indexOf("排序乙")).toBeLessThan(names.indexOf("排序甲"));
  });

  it("moves a sub-tree: paths, levels, full names and its goods' category ids follow, in the list and search", async () => {
    const clothes = await add("服饰");
    const winter = await add("冬季专区", clothes);
    const scarf = await add("暖冬围巾", winter);
    const gifts = await add("礼品");
    const { goodsId } = await insertGoods(t.app.deps.db, "羊毛长款", {
      goods: { category_id: `,${clothes},${winter},${scarf},`, category_id_1: clothes, category_id_2: winter, category_id_3: scarf },
    });
    await reindexGoods(t.app.deps.db, t.app.deps.dialect, [goodsId]);
    const inGifts = () => t.call<Page<GoodsSkuItem>>("/api/goodssku/page", { category_id: gifts, category_level: 1 });
    expect((await inGifts()).data.count).toBe(0);

    // 冬季专区 (level 2 with a level-3 child) under 礼品 (level 1): still three levels.
    await staffCall("/shopapi/goodscategory/editcategory", { category_id: winter, category_name: "冬季专区", pid: gifts, is_show: 1 });
    expect(await row(winter)).toMatchObject({ pid: gifts, level: 2, category_id_path: `,${gifts},${winter},` });
    expect(await row(scarf)).toMatchObject({ level: 3, category_id_path: `,${gifts},${winter},${scarf},`, category_full_name: "礼品/冬季专区/暖冬围巾" });
    const goods = await t.app.deps.db.selectFrom("goods").selectAll().where("goods_id", "=", goodsId).executeTakeFirstOrThrow();
    expect(goods).toMatchObject({ category_id: `,${gifts},${winter},${scarf},`, category_id_1: gifts, category_id_2: winter, category_id_3: scarf });
    expect((await inGifts()).data.list.map((item) => item.goods_name)).toEqual(["羊毛长款"]);

    // A rename of the leaf: the goods are found by the new name (category names are in their search documents).
    expect(await search("披肩")).toEqual([]);
    await staffCall("/shopapi/goodscategory/editcategory", { category_id: scarf, category_name: "羊绒披肩", pid: winter, is_show: 1 });
    expect(await search("披肩")).toEqual(["羊毛长款"]);
    expect((await row(scarf)).category_full_name).toBe("礼品/冬季专区/羊绒披肩");
  });

  it("refuses moves that would break the tree: under itself, under its own child, or deeper than three levels", async () => {
    const a = await add("甲类");
    const b = await add("乙类", a);
    const c = await add("丙类", b);
    const d = await add("丁类");
    const move = (category_id: number, category_name: string, pid: number) =>
      t.call("/shopapi/goodscategory/editcategory", { category_id, category_name, pid }, { token: admin });
    expect((await move(a, "甲类", b)).message).toBe("不能把分类移到它自己或它的子分类下");
    expect((await move(a, "甲类", a)).message).toBe("不能把分类移到它自己或它的子分类下");
    expect((await move(b, "乙类", (await add("戊类", d)))).message).toBe("移动后将超过 3 级分类，请选择更高一级的上级分类");
    expect((await move(c, "丙类", c)).code).toBe(-1);
    expect(await row(b)).toMatchObject({ pid: a, level: 2 });
  });

  it("refuses to delete a category with sub-categories or goods, and deletes an empty one", async () => {
    const top = await add("待删除");
    const child = await add("有商品的子类", top);
    await insertGoods(t.app.deps.db, "回收站里的", { goods: { category_id: `,${top},${child},`, category_id_1: top, category_id_2: child, is_delete: 1 } });
    expect((await t.call("/shopapi/goodscategory/deletecategory", { category_id: top }, { token: admin })).message).toBe(
      "分类「待删除」下还有子分类，请先删除或移走子分类",
    );
    expect((await t.call("/shopapi/goodscategory/deletecategory", { category_id: child }, { token: admin })).message).toBe(
      "分类「有商品的子类」下还有商品（含回收站），请先把商品移到其他分类",
    );
    const empty = await add("空分类");
    expect(findNode(await tree(), "空分类")).toBeDefined();
    await staffCall("/shopapi/goodscategory/deletecategory", { category_id: empty });
    expect(findNode(await tree(), "空分类")).toBeUndefined();
    expect((await t.call("/shopapi/goodscategory/deletecategory", { category_id: empty }, { token: admin })).message).toBe("商品分类不存在");
  });

  it("validates with messages naming the field, and refuses a servicer", async () => {
    const blank = await t.call("/shopapi/goodscategory/addcategory", { category_name: "  " }, { token: admin });
    expect(blank).toMatchObject({ code: -10006, message: "参数 category_name 不能为空" });
    const long = await t.call("/shopapi/goodscategory/addcategory", { category_name: "名".repeat(51) }, { token: admin });
    expect(long.message).toBe("参数 category_name 长度不能超过 50");
    const script = await t.call("/shopapi/goodscategory/addcategory", { category_name: "图", image: "javascript:alert(1)" }, { token: admin });
    expect(script.message).toBe("图片地址不正确");
    const missingParent = await t.call("/shopapi/goodscategory/addcategory", { category_name: "孤儿", pid: 999999 }, { token: admin });
    expect(missingParent.message).toBe("上级分类不存在");
    const servicer = await staffToken(t, "servicer");
    for (const [path, body] of [
      ["/shopapi/goodscategory/lists", {}],
      ["/shopapi/goodscategory/addcategory", { category_name: "客服加的" }],
    ] as const) {
      expect((await t.call(path, body, { token: servicer })).message).toBe("没有执行此操作的权限");
    }
    const rows = await t.app.deps.db.selectFrom("goods_category").select("category_id").where("category_name", "=", "客服加的").execute();
    expect(rows).toEqual([]);
  });
});
