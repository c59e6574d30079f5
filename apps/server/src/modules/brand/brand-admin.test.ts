import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandItem, GoodsSkuItem, Page } from "@shop/contract";
import type { AdminBrand } from "@shop/contract/domains/admin-catalog";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { reindexGoods } from "../search/search-index.ts";
import { insertGoods } from "../goods/test-fixtures.ts";

/** /shopapi/goodsbrand/*: brands kept in the back office, the brand wall and search following at once. */
describe("back office: brands", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { dataCache: true } });
    admin = await staffToken(t, "admin");
  });
  afterAll(() => t.close());

  const staffCall = async <T>(path: string, body: object) => {
    const response = await t.call<T>(path, body, { token: admin });
    expect(response.code, `${path}: ${response.message}`).toBe(0);
    return response.data;
  };
  const addBrand = async (brand_name: string, extra: object = {}) =>
    (await staffCall<{ brand_id: number }>("/shopapi/goodsbrand/addbrand", { brand_name, image_url: "upload/goods/logo.png", ...extra })).brand_id;
  const wall = async () => (await t.call<Page<BrandItem>>("/api/goodsbrand/page", { page_size: 100 })).data.list.map((brand) => brand.brand_name);

  it("adds a brand (its initial from the name unless given) that the storefront shows at once", async () => {
    const id = await addBrand("华为");
    expect((await t.call<BrandItem>("/api/goodsbrand/info", { brand_id: id })).data).toMatchObject({ brand_name: "华为", brand_initial: "H", image_url: "upload/goods/logo.png" });
    const apple = await addBrand("Apple", { brand_initial: "", is_recommend: 1, sort: 2 });
    expect((await t.call<BrandItem>("/api/goodsbrand/info", { brand_id: apple })).data).toMatchObject({ brand_initial: "A", is_recommend: 1 });
    // The wall lists brands with goods on sale: a brand appears there once it has some.
    expect(await wall()).not.toContain("华为");
    await insertGoods(t.app.deps.db, "Mate 手机", { goods: { brand_id: id, brand_name: "华为" } });
    await staffCall("/shopapi/goodsbrand/modifysort", { brand_id: id, sort: 1 });
    expect(await wall()).toContain("华为");
    expect((await t.call("/shopapi/goodsbrand/addbrand", { brand_name: "华为" }, { token: admin })).message).toBe("已有名为「华为」的品牌");
  });

  it("lists brands with search, paging and goods counts", async () => {
    for (const name of ["测试牌一", "测试牌二", "测试牌三"]) await addBrand(name);
    const page = await staffCall<Page<AdminBrand>>("/shopapi/goodsbrand/lists", { search_text: "测试牌", page: 1, page_size: 2 });
    expect(page.count).toBe(3);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({ brand_name: "测试牌一", goods_count: 0 });
    const huawei = await staffCall<Page<AdminBrand>>("/shopapi/goodsbrand/lists", { search_text: "华为" });
    expect(huawei.list[0]!.goods_count).toBe(1);
    // One brand by id: how a picker names the brand already chosen.
    const one = await staffCall<Page<AdminBrand>>("/shopapi/goodsbrand/lists", { brand_id: page.list[1]!.brand_id });
    expect(one.list.map((brand) => brand.brand_name)).toEqual(["测试牌二"]);
  });

  it("renames a brand onto its goods: lists, brand page and search show the new name", async () => {
    const id = await addBrand("旧牌子");
    const { goodsId } = await insertGoods(t.app.deps.db, "保温杯", { goods: { brand_id: id, brand_name: "旧牌子" } });
    await reindexGoods(t.app.deps.db, t.app.deps.dialect, [goodsId]);
    const byKeyword = async (keyword: string) => (await t.call<Page<GoodsSkuItem>>("/api/goodssku/page", { keyword })).data.list.map((item) => item.goods_id);
    expect(await byKeyword("新潮牌")).toEqual([]);
    await staffCall("/shopapi/goodsbrand/editbrand", { brand_id: id, brand_name: "新潮牌", brand_initial: "x" });
    expect(await byKeyword("新潮牌")).toEqual([goodsId]);
    expect((await t.call<BrandItem>("/api/goodsbrand/info", { brand_id: id })).data).toMatchObject({ brand_name: "新潮牌", brand_initial: "X" });
    const goods = await t.app.deps.db.selectFrom("goods").select("brand_name").where("goods_id", "=", goodsId).executeTakeFirstOrThrow();
    expect(goods.brand_name).toBe("新潮牌");
  });

  it("refuses to delete a brand its goods use, deletes an unused one", async () => {
    const used = await addBrand("在用牌");
    await insertGoods(t.app.deps.db, "在用商品", { goods: { brand_id: used, brand_name: "在用牌", is_delete: 1 } });
    expect((await t.call("/shopapi/goodsbrand/deletebrand", { brand_id: used }, { token: admin })).message).toBe(
      "还有 1 个商品（含回收站）属于该品牌，请先修改这些商品的品牌",
    );
    const unused = await addBrand("闲置牌");
    expect((await t.call("/api/goodsbrand/info", { brand_id: unused })).code).toBe(0);
    await staffCall("/shopapi/goodsbrand/deletebrand", { brand_id: unused });
    expect((await t.call("/api/goodsbrand/info", { brand_id: unused })).message).toBe("品牌不存在");
    const logs = await t.app.deps.db.selectFrom("staff_log").select("action").where("target_type", "=", "goods_brand").where("target_id", "=", String(unused)).execute();
    expect(logs.map((log) => log.action)).toEqual(["goodsbrand.add", "goodsbrand.delete"]);
  });

  it("validates with messages naming the field, and refuses a servicer", async () => {
    expect((await t.call("/shopapi/goodsbrand/addbrand", { brand_name: "" }, { token: admin })).message).toBe("参数 brand_name 不能为空");
    expect((await t.call("/shopapi/goodsbrand/addbrand", { brand_name: "牌", brand_initial: "长" }, { token: admin })).message).toBe("参数 brand_initial 格式不正确");
    expect((await t.call("/shopapi/goodsbrand/addbrand", { brand_name: "牌", sort: -1 }, { token: admin })).message).toBe("参数 sort 不能小于 0");
    const servicer = await staffToken(t, "servicer");
    expect((await t.call("/shopapi/goodsbrand/addbrand", { brand_name: "客服牌" }, { token: servicer })).message).toBe("没有执行此操作的权限");
    expect((await t.call("/shopapi/goodsbrand/lists", {}, { token: servicer })).message).toBe("没有执行此操作的权限");
  });
});
