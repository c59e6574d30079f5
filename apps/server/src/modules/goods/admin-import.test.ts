import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffGoodsInfo } from "@shop/contract/domains/goods-admin";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { staffToken } from "../staff/testing.ts";
import { seededBrand, seededCategoryPath } from "./admin-testing.ts";
import { download, goodsWorkbook, postImport, readWorkbook, type SheetCells } from "./admin-import-testing.ts";

/** The Excel import (/shopapi/goods/importtemplate, /shopapi/goods/import): template, dry run, import, refusals. */
describe("goods Excel import (/shopapi/goods/importtemplate, /shopapi/goods/import)", () => {
  let t: TestApp;
  let admin: string;
  let servicer: string;
  let categoryPath: string;
  let brand: { brand_id: number; brand_name: string };
  const prefix = `导入${process.pid}`;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    admin = await staffToken(t, "admin");
    servicer = await staffToken(t, "servicer");
    const ids = await seededCategoryPath(t);
    const names = await t.app.deps.db.selectFrom("goods_category").select(["category_id", "category_name"]).where("category_id", "in", ids).execute();
    categoryPath = ids.map((id) => names.find((row) => row.category_id === id)!.category_name).join("/");
    brand = await seededBrand(t);
  });
  afterAll(() => t?.close());

  const db = () => t.app.deps.db;
  const goodsNamed = (name: string) => db().selectFrom("goods").select("goods_id").where("goods_name", "=", name).executeTakeFirst();
  const info = async (goodsId: number) => (await t.call<StaffGoodsInfo>("/shopapi/goods/editgetgoodsinfo", { goods_id: goodsId }, { token: admin })).data;

  it("downloads the template (RFC 5987 Chinese file name); its example rows pass a dry run as they are", async () => {
    const file = await download(t, "/shopapi/goods/importtemplate", {}, admin);
    expect(file).toMatchObject({ status: 200, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    expect(file.disposition).toBe(`attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent("商品导入模板.xlsx")}`);
    const workbook = await readWorkbook(file.bytes);
    expect(workbook.sheets).toEqual(["商品", "填写说明", "可选值"]);
    expect(workbook.rows.map((row) => [row.goods_key, row.spec])).toEqual([["A001", "颜色:白色;尺码:M"], ["A001", "颜色:黑色;尺码:M"], ["", ""]]);
    const report = await postImport(t, file.bytes, { token: admin, dryRun: true });
    expect(report).toMatchObject({ code: 0, data: { dry_run: 1, total: 3, valid: 3, goods_valid: 2, imported: 0, errors: [], error_count: 0 } });
  });

  /** 170 goods of one SKU and 10 of three (rows 172–201): 200 rows; rows 11, 61 and 121 (lines) are bad. */
  function twoHundredRows(): SheetCells[] {
    const single = Array.from({ length: 170 }, (_, index): SheetCells => ({
      goods_name: `${prefix}单品${index + 1}`, category: categoryPath, brand: brand.brand_name, price: `${10 + index}.50`, market_price: 300, stock: 100 + index,
      sku_no: `${prefix}-S${index + 1}`, unit: "件", keywords: "导入测试", introduction: "批量导入", weight: 0.5,
    }));
    const multi = Array.from({ length: 10 }, (_, goods) =>
      ["S", "M", "L"].map((size, index): SheetCells => ({
        goods_key: `K${goods + 1}`, ...(index === 0 ? { goods_name: `${prefix}羊毛围巾${goods + 1}`, category: categoryPath, on_sale: "是" } : {}),
        spec: `颜色:灰色;尺码:${size}`, price: 88 + index, stock: 20, stock_alarm: 5, sku_no: `${prefix}-K${goods + 1}${size}`,
      })),
    ).flat();
    const rows = [...single, ...multi];
    rows[9] = { ...rows[9], price: "12.345" };
    rows[59] = { ...rows[59], category: "不存在的分类/某某" };
    rows[119] = { ...rows[119], sku_no: rows[19]!.sku_no };
    return rows;
  }
  const badLines = [
    { line: 11, field: "销售价", reason: "格式不正确" },
    { line: 61, field: "商品分类", reason: "商品分类「不存在的分类/某某」不存在：填名称路径（如 一级/二级/三级）或分类 ID，见模板「可选值」表" },
    { line: 121, field: "SKU编码", reason: `SKU编码「${prefix}-S20」与第 21 行重复` },
  ];

  it("200 rows with 3 bad ones: the dry run names their lines and reasons and saves nothing; the import saves the 177 good goods, none of the bad", async () => {
    const workbook = await goodsWorkbook(twoHundredRows());
    const countOurs = async () => Number((await db().selectFrom("goods").select((eb) => eb.fn.countAll<number>().as("n")).where("goods_name", "like", `${prefix}%`).executeTakeFirstOrThrow()).n);

    const dry = await postImport(t, workbook, { token: admin, dryRun: true });
    expect(dry).toMatchObject({ code: 0, data: { dry_run: 1, total: 200, valid: 197, goods_valid: 177, imported: 0, error_count: 3 } });
    expect(dry.data.errors).toEqual(badLines);
    expect(await countOurs()).toBe(0);

    const done = await postImport(t, workbook, { token: admin });
    expect(done).toMatchObject({ code: 0, data: { dry_run: 0, total: 200, valid: 197, goods_valid: 177, imported: 177, error_count: 3 } });
    expect(done.data.errors).toEqual(badLines);
    expect(await countOurs()).toBe(177);
    for (const bad of [10, 60, 120]) expect(await goodsNamed(`${prefix}单品${bad}`), `row of 单品${bad}`).toBeUndefined();
    const skus = await db().selectFrom("goods_sku").innerJoin("goods", "goods.goods_id", "goods_sku.goods_id").select((eb) => eb.fn.countAll<number>().as("n")).where("goods.goods_name", "like", `${prefix}%`).executeTakeFirstOrThrow();
    expect(Number(skus.n)).toBe(197);

    // As the editor would have saved it: specs, SKUs in row order, the first the default, money in cents.
    const scarf = await info((await goodsNamed(`${prefix}羊毛围巾3`))!.goods_id);
    expect(scarf).toMatchObject({ category_id: await seededCategoryPath(t), goods_state: 1, support_trade_type: "express", is_free_shipping: 1 });
    expect(scarf.sku_list.map((sku) => [sku.spec_name, sku.price, sku.stock, sku.stock_alarm, sku.sku_no, sku.is_default])).toEqual([
      ["灰色 S", "88.00", 20, 5, `${prefix}-K3S`, 1],
      ["灰色 M", "89.00", 20, 5, `${prefix}-K3M`, 0],
      ["灰色 L", "90.00", 20, 5, `${prefix}-K3L`, 0],
    ]);
    const single = await info((await goodsNamed(`${prefix}单品21`))!.goods_id);
    expect(single).toMatchObject({ brand_name: brand.brand_name, unit: "件", keywords: "导入测试", introduction: "批量导入" });
    expect(single.sku_list).toMatchObject([{ price: "30.50", market_price: "300.00", stock: 120, weight: "0.5", sku_no: `${prefix}-S21` }]);

    const logs = await db().selectFrom("staff_log").select(["detail", "target_type"]).where("action", "=", "goods.import").execute();
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.detail)).toEqual({ file_name: "商品导入.xlsx", goods: 177, skus: 197, rows: 200, bad_rows: 3 });

    // Guests find it: the search index was written with the import.
    const found = await t.call<{ list: Array<{ goods_name: string }> }>("/api/goodssku/page", { keyword: `${prefix}羊毛围巾7` });
    expect(found.data.list.map((item) => item.goods_name)).toContain(`${prefix}羊毛围巾7`);

    // Importing the same file again: every SKU number is taken now, nothing is saved twice.
    const again = await postImport(t, workbook, { token: admin, dryRun: true });
    expect(again.data).toMatchObject({ valid: 0, goods_valid: 0 });
    expect(again.data.errors.find((error) => error.line === 22)).toEqual({ line: 22, field: "SKU编码", reason: `SKU编码「${prefix}-S21」已被本店其他商品使用` });
  });

  it("a goods is saved whole or not at all: one bad SKU row keeps its goods out and its other rows say why; the sheet's own words are checked", async () => {
    const goods = (name: string, cells: SheetCells = {}): SheetCells => ({ goods_name: `${prefix}${name}`, category: categoryPath, price: 10, stock: 5, ...cells });
    const picture = (await db().selectFrom("goods").select("goods_image").where("goods_name", "not like", `${prefix}%`).executeTakeFirstOrThrow()).goods_image.split(",")[0]!;
    const template = await db().selectFrom("express_template").select(["template_id", "template_name"]).executeTakeFirstOrThrow();
    const rows: SheetCells[] = [
      goods("整件甲", { goods_key: "W1", spec: "颜色:红" }),
      { goods_key: "W1", spec: "颜色:蓝", price: "x", stock: 5 },
      goods("整件乙", { goods_key: "W2", spec: "颜色:红" }),
      goods("别的名字", { goods_key: "W2", spec: "颜色:蓝" }),
      goods("整件丙", { goods_key: "W3", spec: "颜色:红;尺码:S" }),
      { goods_key: "W3", spec: "颜色:红;尺码:S", price: 10, stock: 5 },
      goods("品牌不明", { brand: "没有这个品牌" }),
      goods("别人的图", { goods_image: "upload/refund/20260101/x.jpg" }),
      goods("上架不明", { on_sale: "也许" }),
      goods("好商品", { goods_image: picture, shipping_template: template.template_name, trade_type: "快递,门店自提", on_sale: "否", market_price: "", cost_price: "" }),
      goods("虚拟好商品", { goods_class: "虚拟" }),
      goods("缺库存", { stock: "" }),
    ];
    const answer = await postImport(t, await goodsWorkbook(rows), { token: admin });
    expect(answer.data.errors).toEqual([
      { line: 2, field: "商品编号", reason: "同一商品的第 3 行有误，整件商品未导入" },
      { line: 3, field: "销售价", reason: "格式不正确" },
      { line: 4, field: "商品编号", reason: "同一商品的第 5 行有误，整件商品未导入" },
      { line: 5, field: "商品名称", reason: "与本商品第 4 行的「商品名称」不一致" },
      { line: 6, field: "商品编号", reason: "同一商品的第 7 行有误，整件商品未导入" },
      { line: 7, field: "规格", reason: "规格组合与第 6 行重复" },
      { line: 8, field: "品牌", reason: "品牌「没有这个品牌」不存在，见模板「可选值」表" },
      { line: 9, field: "商品图片", reason: "图片「upload/refund/20260101/x.jpg」不是本店的商品图片：请先在商品编辑页上传，或留空使用默认商品图" },
      { line: 10, field: "上架", reason: "只能填 是 或 否" },
      { line: 13, field: "库存", reason: "不能为空" },
    ]);
    expect(answer.data).toMatchObject({ total: 12, valid: 2, imported: 2 });
    for (const name of ["整件甲", "整件乙", "整件丙"]) expect(await goodsNamed(`${prefix}${name}`)).toBeUndefined();
    const good = await info((await goodsNamed(`${prefix}好商品`))!.goods_id);
    expect(good).toMatchObject({ goods_image: picture, shipping_template: template.template_id, is_free_shipping: 0, support_trade_type: "express,store", goods_state: 0 });
    const virtual = await info((await goodsNamed(`${prefix}虚拟好商品`))!.goods_id);
    expect(virtual).toMatchObject({ goods_class: 2, support_trade_type: "virtual" });
  });

  it("refuses what is no .xlsx workbook, a sheet without the required columns, too many rows, a JSON body — each with a clear message", async () => {
    const refused = async (bytes: Uint8Array) => (await postImport(t, bytes, { token: admin, dryRun: true })).message;
    expect(await refused(Buffer.from("商品名称,销售价\n衬衫,10\n"))).toBe("请上传 Excel 文件（.xlsx）");
    expect(await refused(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]))).toBe("不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传");
    expect(await refused(Buffer.alloc(0))).toBe("上传的文件是空的");
    expect(await refused(await goodsWorkbook([], { header: ["商品名称", "库存"] }))).toBe("表头缺少必填列：商品分类、销售价（请使用导入模板）");
    expect(await refused(await goodsWorkbook([]))).toBe("表头下没有商品行：请按模板填写后再上传");
    expect(await refused(Buffer.alloc(5 * 1024 * 1024 + 1, 1))).toBe("文件不能超过 5 MB");
    const many = Array.from({ length: 10_001 }, (_, index): SheetCells => ({ goods_name: `多${index}`, category: categoryPath, price: 1, stock: 1 }));
    expect(await refused(await goodsWorkbook(many))).toBe("一次最多导入 10000 行，请分批导入");
    expect(await t.call("/shopapi/goods/import", { dry_run: 1 }, { token: admin })).toMatchObject({ code: -10006, message: "请上传 Excel 文件（multipart/form-data，文件字段 xlsx）" });
    expect(await t.call("/shopapi/goods/import", { dry_run: 2 }, { token: admin })).toMatchObject({ code: -10006, message: "参数 dry_run 不能大于 1" });
  });

  it("refuses a staff member without goods.manage and a guest: template, dry run and import", async () => {
    const workbook = await goodsWorkbook([{ goods_name: `${prefix}客服导入`, category: categoryPath, price: 1, stock: 1 }]);
    expect(await postImport(t, workbook, { token: servicer })).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect(await postImport(t, workbook, { token: servicer, dryRun: true })).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect((await postImport(t, workbook)).code).toBe(-10009);
    expect((await download(t, "/shopapi/goods/importtemplate", {}, servicer)).envelope).toMatchObject({ code: -1, message: "没有执行此操作的权限" });
    expect(await goodsNamed(`${prefix}客服导入`)).toBeUndefined();
  });
});
