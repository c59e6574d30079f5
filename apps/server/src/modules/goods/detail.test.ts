import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoodsSkuDetailResult, GoodsSkuInfo, Page, RecommendGoods, SpecFormat, WapQrcode } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertMemberLevel, registerMember } from "../auth/testing.ts";
import { insertCategory, insertGoods } from "./test-fixtures.ts";
import { insertSpecGoods, type SpecGoods } from "./detail-test-fixtures.ts";
import { saveSetting } from "../site/service.ts";

describe("SKU detail", () => {
  let t: TestApp;
  let shirt: SpecGoods;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    await db
      .insertInto("goods_service")
      .values([
        { service_name: "正品保障", desc: "正品行货", icon: "{}", sort: 2 },
        { service_name: "极速发货", desc: "24小时发货", icon: "{}", sort: 1 },
        { service_name: "未用服务", desc: "", icon: "{}", sort: 0 },
      ])
      .execute();
    shirt = await insertSpecGoods(db, {
      goods: {
        goods_service_ids: "1,2,999",
        goods_content: '<p onclick="x()">棉质<script>alert(1)</script><img src="/g/c.jpg" onerror="x()"></p>',
        goods_attr_format: JSON.stringify([{ attr_name: "材质", attr_value_name: "纯棉" }]),
        brand_id: 3, brand_name: "优衣", unit: "件", max_buy: 5, min_buy: 1, sale_num: 42, collect_num: 7, evaluate: 2,
      },
    });
  });
  afterAll(() => t.close());

  const detail = async (body: object, token?: string) => {
    const response = await t.call<GoodsSkuDetailResult>("/api/goodssku/detail", body, { token });
    expect(response.code).toBe(0);
    return response.data;
  };
  const specs = (json: string) => JSON.parse(json) as SpecFormat[];

  it("answers the SKU with its goods in the reference's fields", async () => {
    const { goods_sku_detail: sku, member_info } = await detail({ sku_id: shirt.sku["blue-small"] });
    expect(member_info).toBeNull();
    expect(sku).toMatchObject({
      sku_id: shirt.sku["blue-small"], goods_id: shirt.goodsId, goods_name: "纯棉T恤", sku_name: "纯棉T恤 蓝色 S",
      spec_name: "蓝色 S", price: "119.00", market_price: "199.00", discount_price: "109.00", member_price: "109.00",
      stock: 8, sku_image: "/g/blue.jpg", sku_images: "/g/blue.jpg,/g/back.jpg", goods_image: "/upload/goods/a.jpg,/upload/goods/b.jpg",
      sale_num: 42, collect_num: 7, evaluate: 2, brand_id: 3, brand_name: "优衣", unit: "件", max_buy: 5, min_buy: 1,
      goods_state: 1, is_virtual: 0, introduction: "纯棉T恤 简介", category_id: ",", goods_stock: 10 + 5 + 8 + 3,
    });
    expect(JSON.parse(sku!.sku_spec_format)).toEqual([
      { spec_id: 1, spec_name: "颜色", spec_value_id: 12, spec_value_name: "蓝色" },
      { spec_id: 2, spec_name: "尺码", spec_value_id: 21, spec_value_name: "S" },
    ]);
    expect(JSON.parse(sku!.goods_attr_format)).toEqual([{ attr_name: "材质", attr_value_name: "纯棉" }]);
    expect(sku!.goods_service.map((service) => service.service_name)).toEqual(["极速发货", "正品保障"]);
  });

  it("computes goods_stock from the SKUs, so it follows every change of a SKU's stock", async () => {
    const setStock = (stock: number) => t.app.deps.db.updateTable("goods_sku").set({ stock }).where("sku_id", "=", shirt.sku["blue-medium"]!).execute();
    await setStock(0);
    try {
      const { goods_sku_detail: sku } = await detail({ sku_id: shirt.sku["red-small"] });
      expect(sku!.goods_stock).toBe(10 + 5 + 8);
    } finally {
      await setStock(3);
    }
  });

  it("sanitizes the description", async () => {
    const { goods_sku_detail: sku } = await detail({ sku_id: shirt.sku["red-small"] });
    expect(sku!.goods_content).toBe('<p>棉质<img src="/g/c.jpg" /></p>');
  });

  it("maps every spec value to the SKU it leads to from the current one", async () => {
    const { goods_sku_detail: sku } = await detail({ sku_id: shirt.sku["red-medium"] });
    const [color, size] = specs(sku!.goods_spec_format);
    expect(color!.value.map(({ spec_value_name, sku_id, selected, disabled, image }) => ({ spec_value_name, sku_id, selected, disabled, image }))).toEqual([
      { spec_value_name: "红色", sku_id: shirt.sku["red-medium"], selected: true, disabled: false, image: "/g/red.jpg" },
      { spec_value_name: "蓝色", sku_id: shirt.sku["blue-medium"], selected: false, disabled: false, image: "/g/blue.jpg" },
    ]);
    expect(size!.value.map(({ sku_id, selected }) => ({ sku_id, selected }))).toEqual([
      { sku_id: shirt.sku["red-small"], selected: false },
      { sku_id: shirt.sku["red-medium"], selected: true },
    ]);
  });

  it("disables values whose combination is missing or out of stock", async () => {
    const db = t.app.deps.db;
    const sparse = await insertSpecGoods(db, { combos: [["red", "small", 4], ["red", "medium", 0], ["blue", "small", 2]] });
    const { goods_sku_detail: sku } = await detail({ sku_id: sparse.sku["blue-small"] });
    const [color, size] = specs(sku!.goods_spec_format);
    expect(color!.value.map((value) => [value.spec_value_name, value.disabled])).toEqual([["红色", false], ["蓝色", false]]);
    // blue-M does not exist
    expect(size!.value.map((value) => [value.spec_value_name, value.sku_id, value.disabled])).toEqual([
      ["S", sparse.sku["blue-small"], false],
      ["M", 0, true],
    ]);
    const fromRed = specs((await detail({ sku_id: sparse.sku["red-small"] })).goods_sku_detail!.goods_spec_format);
    // red-M exists with stock 0
    expect(fromRed[1]!.value[1]).toMatchObject({ sku_id: sparse.sku["red-medium"], disabled: true });
  });

  it("takes the default SKU for a goods id", async () => {
    const { goods_sku_detail: sku } = await detail({ goods_id: shirt.goodsId });
    expect(sku!.sku_id).toBe(shirt.sku["red-small"]);
  });

  it("answers null for a missing, off-shelf or deleted SKU", async () => {
    const db = t.app.deps.db;
    const offShelf = await insertGoods(db, "下架商品", { goods: { goods_state: 0 } });
    const deleted = await insertGoods(db, "已删除商品", { goods: { is_delete: 1 } });
    for (const body of [{ sku_id: 999_999 }, { sku_id: offShelf.skuIds[0] }, { goods_id: deleted.goodsId }, { sku_id: deleted.skuIds[0] }]) {
      expect((await detail(body)).goods_sku_detail).toBeNull();
      const info = await t.call("/api/goodssku/info", { sku_id: body.sku_id ?? deleted.skuIds[0] });
      expect(info).toMatchObject({ code: 0, data: null });
    }
  });

  it("switches spec through /api/goodssku/info", async () => {
    const response = await t.call<GoodsSkuInfo>("/api/goodssku/info", { sku_id: String(shirt.sku["blue-medium"]) });
    expect(response.code).toBe(0);
    expect(response.data).toMatchObject({ sku_id: shirt.sku["blue-medium"], spec_name: "蓝色 M", stock: 3, discount_price: "119.00" });
    expect(response.data).not.toHaveProperty("goods_content");
    const selected = specs(response.data.goods_spec_format).map((spec) => spec.value.find((value) => value.selected)?.spec_value_name);
    expect(selected).toEqual(["蓝色", "M"]);
  });

  it("prices for the member's level when logged in", async () => {
    const levelId = await insertMemberLevel(t, { level_name: "黄金会员", is_default: 0 });
    await t.app.deps.db.updateTable("member_level").set({ consume_discount: 95 }).where("level_id", "=", levelId).execute();
    const member = await registerMember(t);
    await t.app.deps.db.updateTable("member").set({ member_level: levelId }).where("member_id", "=", member.member_id).execute();

    const result = await detail({ sku_id: shirt.sku["red-small"] }, member.token);
    // 89.00 × 95% = 84.55
    expect(result.goods_sku_detail).toMatchObject({ discount_price: "89.00", member_price: "84.55" });
    expect(result.member_info).toEqual({ member_id: member.member_id, member_level: levelId, member_level_name: "黄金会员", consume_discount: 95 });
    const info = await t.call<GoodsSkuInfo>("/api/goodssku/info", { sku_id: shirt.sku["blue-medium"] }, { cookie: member.cookie });
    // 119.00 × 95% = 113.05
    expect(info.data.member_price).toBe("113.05");
  });

  it("refuses bad ids with -10006 naming the field", async () => {
    for (const [path, body, field] of [
      ["/api/goodssku/detail", {}, "sku_id"],
      ["/api/goodssku/detail", { sku_id: "abc" }, "sku_id"],
      ["/api/goodssku/detail", { goods_id: -1 }, "goods_id"],
      ["/api/goodssku/info", {}, "sku_id"],
      ["/api/goodssku/info", { sku_id: 0 }, "sku_id"],
      ["/api/goodssku/goodsqrcode", { sku_id: "1x" }, "sku_id"],
      ["/api/goods/modifyclicks", {}, "sku_id"],
      ["/api/goodssku/recommend", { page_size: 500 }, "page_size"],
    ] as const) {
      const response = await t.call(path, body);
      expect(response.code, `${path} ${JSON.stringify(body)}`).toBe(-10006);
      expect(response.message).toContain(field);
    }
  });

  it("draws a real PNG QR code of the page URL, as a file under upload/qrcode/", async () => {
    const response = await t.call<WapQrcode>("/api/goodssku/goodsqrcode", { sku_id: shirt.sku["red-small"] }, { headers: { host: "127.0.0.1:8080" } });
    expect(response.code).toBe(0);
    expect(response.data.path.h5.url).toBe(`http://127.0.0.1:8080/web/sku/${shirt.sku["red-small"]}`);
    expect(response.data.path.h5.img).toMatch(new RegExp(`^upload/qrcode/sku-${shirt.sku["red-small"]}-[0-9a-f]+\\.png$`));
    const png = fs.readFileSync(path.join(t.config.dataDir, response.data.path.h5.img));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect((await t.call("/api/goodssku/goodsqrcode", { sku_id: 999_999 })).code).toBe(-1);
  });

  it("refuses to draw a code for a host it may not name (production, no PUBLIC_ORIGIN)", async () => {
    const production = await startTestApp({ config: { production: true, developmentMode: false } });
    try {
      const { skuIds } = await insertGoods(production.app.deps.db, "二维码测试商品");
      const response = await production.call("/api/goodssku/goodsqrcode", { sku_id: skuIds[0] }, { headers: { host: "evil.example.com" } });
      expect(response).toMatchObject({ code: -1, message: "无法确定商城地址，请稍后再试" });
    } finally {
      await production.close();
    }
  });

  it("answers the shop's evaluation settings in evaluate_config", async () => {
    const { goods_sku_detail: sku } = await detail({ sku_id: shirt.sku["red-small"] });
    expect(sku!.evaluate_config).toEqual({ evaluate_status: 1, evaluate_show: 1, evaluate_audit: 1 });
    await saveSetting(t.app.deps.db, "evaluate_config", { evaluate_status: 0, evaluate_show: 0, evaluate_audit: 1 });
    expect((await detail({ sku_id: shirt.sku["red-small"] })).goods_sku_detail!.evaluate_config).toEqual({ evaluate_status: 0, evaluate_show: 0, evaluate_audit: 1 });
  });

  it("counts clicks without a login", async () => {
    const read = async () =>
      (await t.app.deps.db.selectFrom("goods").select("click_num").where("goods_id", "=", shirt.goodsId).executeTakeFirstOrThrow()).click_num;
    const before = Number(await read());
    await Promise.all([1, 2, 3].map(() => t.call("/api/goods/modifyclicks", { sku_id: shirt.sku["blue-small"] })));
    expect(Number(await read())).toBe(before + 3);
    expect(await t.call("/api/goods/modifyclicks", { sku_id: 999_999 })).toMatchObject({ code: 0, data: null });
  });

  it("answers the after-sale text", async () => {
    const response = await t.call<{ content: string }>("/api/goods/aftersale");
    expect(response.code).toBe(0);
    expect(response.data.content).toContain("七天无理由退换货");
  });
});

describe("recommendations", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    const top = await insertCategory(db, { category_name: "服饰" });
    const sub = await insertCategory(db, { category_name: "上衣", pid: top, level: 2 });
    const leaf = await insertCategory(db, { category_name: "T恤", pid: sub, level: 3 });
    const other = await insertCategory(db, { category_name: "衬衫", pid: sub, level: 3 });
    const inLeaf = { category_id_1: top, category_id_2: sub, category_id_3: leaf };
    const inOther = { category_id_1: top, category_id_2: sub, category_id_3: other };
    ids.current = (await insertGoods(db, "当前T恤", { goods: { ...inLeaf, sale_num: 100 } })).goodsId;
    ids.popular = (await insertGoods(db, "热销T恤", { goods: { ...inLeaf, sale_num: 90 } })).goodsId;
    ids.quiet = (await insertGoods(db, "冷门T恤", { goods: { ...inLeaf, sale_num: 1 } })).goodsId;
    ids.offShelf = (await insertGoods(db, "下架T恤", { goods: { ...inLeaf, sale_num: 500, goods_state: 0 } })).goodsId;
    ids.shirt = (await insertGoods(db, "衬衫", { goods: { ...inOther, sale_num: 50 } })).goodsId;
    ids.elsewhere = (await insertGoods(db, "别的商品", { goods: { sale_num: 1000 } })).goodsId;
  });
  afterAll(() => t.close());

  const recommend = async (body: object) => {
    const response = await t.call<Page<RecommendGoods>>("/api/goodssku/recommend", body);
    expect(response.code).toBe(0);
    return response.data.list.map((goods) => goods.goods_name);
  };

  it("lists the leaf category by sales without the current goods", async () => {
    expect(await recommend({ goods_id: ids.current, page_size: 2 })).toEqual(["热销T恤", "冷门T恤"]);
  });

  it("widens to the parent category when the leaf has too few", async () => {
    expect(await recommend({ goods_id: ids.current, page_size: 3 })).toEqual(["热销T恤", "衬衫", "冷门T恤"]);
  });

  it("answers best sellers without a current goods", async () => {
    expect((await recommend({ page_size: 2 }))[0]).toBe("别的商品");
  });
});
