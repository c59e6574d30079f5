import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { seededBrand, seededCategoryPath } from "./admin-testing.ts";
import { download, goodsWorkbook, postImport, readWorkbook, type SheetCells } from "./admin-import-testing.ts";

/** The Excel export (/shopapi/goods/exportgoods): the goods list's filters, one row per SKU, and an export imports again. */
describe("goods Excel export (/shopapi/goods/exportgoods)", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let categoryIds: number[];
  let categoryPath: string;
  let brand: { brand_id: number; brand_name: string };
  const prefix = `导出${process.pid}`;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
    categoryIds = await seededCategoryPath(t);
    const names = await t.app.deps.db.selectFrom("goods_category").select(["category_id", "category_name"]).where("category_id", "in", categoryIds).execute();
    categoryPath = categoryIds.map((id) => names.find((row) => row.category_id === id)!.category_name).join("/");
    brand = await seededBrand(t);
    const template = await t.app.deps.db.selectFrom("express_template").select("template_name").executeTakeFirstOrThrow();
    const rows: SheetCells[] = [
      { goods_key: "C1", goods_name: `${prefix}衬衫`, category: categoryPath, brand: brand.brand_name, spec: "颜色:白色;尺码:M", price: "99.90", market_price: 199, cost_price: 40, stock: 12, stock_alarm: 3, sku_no: `${prefix}-C1W`, weight: 0.3, volume: 0.002, unit: "件", keywords: "衬衫", introduction: "免烫", trade_type: "快递,门店自提", free_shipping: "否", shipping_template: template.template_name },
      { goods_key: "C1", spec: "颜色:蓝色;尺码:M", price: "109.90", market_price: 199, cost_price: 40, stock: 0, stock_alarm: 3, sku_no: `${prefix}-C1B`, weight: 0.3, volume: 0.002 },
      { goods_name: `${prefix}仓库中的杯子`, category: categoryPath, price: 25, stock: 50, sku_no: `${prefix}-CUP`, on_sale: "否" },
      { goods_name: `${prefix}电子卡`, goods_class: "虚拟", category: categoryIds[0]!, price: 50, stock: 999 },
    ];
    const imported = await postImport(t, await goodsWorkbook(rows), { token: admin });
    expect(imported.data).toMatchObject({ imported: 3, error_count: 0 });
  });
  afterAll(() => t?.close());

  const exported = async (filter: object) => {
    const file = await download(t, "/shopapi/goods/exportgoods", filter, admin);
    expect(file.status).toBe(200);
    expect(file.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(file.disposition).toMatch(/^attachment; filename="[\w.-]+\.xlsx"; filename\*=UTF-8''%E5%95%86%E5%93%81%E5%AF%BC%E5%87%BA-\d{8}-\d{6}\.xlsx$/);
    return (await readWorkbook(file.bytes)).rows;
  };
  const names = (rows: Array<Record<string, string>>) => [...new Set(rows.map((row) => row.goods_name))];

  it("exports one row per SKU in the template's columns, for the list's filters", async () => {
    const ours = await exported({ search_text: prefix });
    expect(ours.map((row) => [row.goods_name, row.spec, row.price, row.stock, row.sku_no])).toEqual([
      [`${prefix}衬衫`, "颜色:白色;尺码:M", "99.9", "12", `${prefix}-C1W`],
      [`${prefix}衬衫`, "颜色:蓝色;尺码:M", "109.9", "0", `${prefix}-C1B`],
      [`${prefix}仓库中的杯子`, "", "25", "50", `${prefix}-CUP`],
      [`${prefix}电子卡`, "", "50", "999", ""],
    ]);
    expect(ours[0]).toMatchObject({ goods_class: "实物", category: categoryPath, brand: brand.brand_name, trade_type: "快递,门店自提", free_shipping: "否", on_sale: "是", weight: "0.3", volume: "0.002" });
    expect(ours[0]!.goods_key).toBe(ours[1]!.goods_key);
    expect(ours[3]).toMatchObject({ goods_class: "虚拟", trade_type: "无需物流", category: categoryPath.split("/")[0] });

    expect(names(await exported({ search_text: prefix, goods_state: 0 }))).toEqual([`${prefix}仓库中的杯子`]);
    expect(names(await exported({ search_text: prefix, goods_class: 2 }))).toEqual([`${prefix}电子卡`]);
    expect(names(await exported({ search_text: prefix, brand_id: brand.brand_id }))).toEqual([`${prefix}衬衫`]);
    expect(names(await exported({ search_text: prefix, category_id: categoryIds[2] }))).toEqual([`${prefix}衬衫`, `${prefix}仓库中的杯子`]);
    expect(names(await exported({ search_text: prefix, stockalarm: 1 }))).toEqual([`${prefix}衬衫`]);
    expect(names(await exported({ search_text: `${prefix}-CUP` }))).toEqual([`${prefix}仓库中的杯子`]);
    expect(await exported({ search_text: "没有这样的商品" })).toEqual([]);
    const all = await exported({});
    const skus = await t.app.deps.db.selectFrom("goods_sku").innerJoin("goods", "goods.goods_id", "goods_sku.goods_id").select((eb) => eb.fn.countAll<number>().as("n")).where("goods.is_delete", "=", 0).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(skus.n));
  });

  it("an export imports again as the same goods (round trip), once the originals are deleted for good", async () => {
    const file = await download(t, "/shopapi/goods/exportgoods", { search_text: prefix }, admin);
    const ids = (await t.app.deps.db.selectFrom("goods").select("goods_id").where("goods_name", "like", `${prefix}%`).orderBy("goods_id").execute()).map((row) => row.goods_id);
    const info = async (goodsId: number) => (await t.call<StaffGoodsInfo>("/shopapi/goods/editgetgoodsinfo", { goods_id: goodsId }, { token: admin })).data;
    const comparable = (goods: StaffGoodsInfo) => {
      const { goods_id: _id, sku_list, goods_content: _content, ...rest } = goods;
      return { ...rest, sku_list: sku_list.map(({ sku_id: _sku, ...sku }) => sku) };
    };
    const before = await Promise.all(ids.map(async (goodsId) => comparable(await info(goodsId))));

    // The same numbers cannot be imported while the originals hold them (the recycle bin's too).
    expect((await postImport(t, file.bytes, { token: admin, dryRun: true })).data).toMatchObject({ valid: 1, goods_valid: 1 });
    expect(await t.call("/shopapi/goods/deletegoods", { goods_ids: ids }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call("/shopapi/goods/deleterecyclegoods", { goods_ids: ids }, { token: admin })).toMatchObject({ code: 0 });

    const again = await postImport(t, file.bytes, { token: admin });
    expect(again.data).toMatchObject({ total: 4, valid: 4, imported: 3, error_count: 0 });
    const newIds = (await t.app.deps.db.selectFrom("goods").select("goods_id").where("goods_name", "like", `${prefix}%`).orderBy("goods_id").execute()).map((row) => row.goods_id);
    expect(await Promise.all(newIds.map(async (goodsId) => comparable(await info(goodsId))))).toEqual(before);
  });

  it("refuses a staff member without goods.manage and bad filters, as envelopes", async () => {
    expect((await download(t, "/shopapi/goods/exportgoods", {}, servicer)).envelope).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect((await download(t, "/shopapi/goods/exportgoods", { goods_state: 5 }, admin)).envelope).toMatchObject({ code: -10006, message: "参数 goods_state 不能大于 1" });
    expect((await download(t, "/shopapi/goods/exportgoods", {}, "not-a-token")).envelope?.code).toBe(-10009);
  });
});
