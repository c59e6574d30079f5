import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Floor, FloorBlock } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertCategory, insertGoods } from "../goods/test-fixtures.ts";

type GoodsBlock = Extract<FloorBlock, { type: "goods" }>;
type CategoryBlock = Extract<FloorBlock, { type: "category" }>;

describe("/api/pc/floors", () => {
  let t: TestApp;
  let floors: Floor[];
  const goods: Record<string, { goodsId: number; skuIds: number[] }> = {};
  const categories: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    goods.tea = await insertGoods(db, "龙井茶", {
      goods: { goods_image: "/g/tea1.jpg,/g/tea2.jpg", goods_stock: 50, sale_num: 7 },
      skus: [
        { sku_name: "龙井茶 100g", price_cents: 5900, market_price_cents: 6900, discount_price_cents: 4990 },
        { sku_name: "龙井茶 250g", price_cents: 12900, market_price_cents: 15900, discount_price_cents: 11900, is_default: 1 },
      ],
    });
    goods.cup = await insertGoods(db, "茶杯", { skus: [{ price_cents: 1999, market_price_cents: 0, discount_price_cents: 1999 }] });
    goods.pot = await insertGoods(db, "茶壶");
    goods.offShelf = await insertGoods(db, "下架商品", { goods: { goods_state: 0 } });
    goods.deleted = await insertGoods(db, "已删除商品", { goods: { is_delete: 1 } });
    goods.noSku = await insertGoods(db, "无规格商品", { skus: [] });
    categories.tea = await insertCategory(db, { category_name: "茶叶", short_name: "茶", image: "/c/tea.png", image_adv: "/c/tea-adv.png" });
    categories.ware = await insertCategory(db, { category_name: "茶具" });
    categories.hidden = await insertCategory(db, { category_name: "隐藏", is_show: 0 });

    const floorRows = [
      {
        block_name: "floor-style-3", title: "茶饮", sort: 2, state: 1,
        value: JSON.stringify({
          title: { type: "text", value: { text: "茶饮", link: '{"url":"/list"}', color: "#333" } },
          leftImg: { type: "img", value: { url: "/f/left.png", link: '{"url":""}' } },
          categoryList: { type: "category", value: { category_ids: [categories.ware, categories.hidden, categories.tea] } },
          rightGoodsList: {
            type: "goods",
            value: { goods_ids: [goods.pot!.goodsId, goods.offShelf!.goodsId, goods.tea!.goodsId, goods.deleted!.goodsId, 999_999, goods.noSku!.goodsId, goods.cup!.goodsId] },
          },
          bottomGoodsList: { type: "goods", value: { goods_ids: `${goods.cup!.goodsId},${goods.tea!.goodsId}` } },
        }),
      },
      { block_name: "floor-style-1", title: "首层", sort: 1, state: 1, value: JSON.stringify({ title: { type: "text", value: { text: "首层", link: "", color: "" } } }) },
      { block_name: "floor-style-2", title: "未启用", sort: 0, state: 0, value: "{}" },
      { block_name: "floor-style-4", title: "损坏", sort: 3, state: 1, value: "{not json" },
    ];
    await db.insertInto("pc_floor").values(floorRows).execute();
    const response = await t.call<Floor[]>("/api/pc/floors");
    expect(response.code).toBe(0);
    floors = response.data;
  });
  afterAll(() => t.close());

  it("lists shown floors by sort with their block names and titles", () => {
    expect(floors.map((floor) => [floor.title, floor.block_name, floor.block_title])).toEqual([
      ["首层", "floor-style-1", "楼层样式一"],
      ["茶饮", "floor-style-3", "楼层样式三"],
      ["损坏", "floor-style-4", "楼层样式四"],
    ]);
    expect(floors[2]!.value).toEqual({});
  });

  it("passes text and image blocks through", () => {
    const value = floors[1]!.value;
    expect(value.title).toEqual({ type: "text", value: { text: "茶饮", link: '{"url":"/list"}', color: "#333" } });
    expect(value.leftImg).toEqual({ type: "img", value: { url: "/f/left.png", link: '{"url":""}' } });
  });

  it("fills goods blocks in goods_ids order with goods on sale only", () => {
    const block = floors[1]!.value.rightGoodsList as GoodsBlock;
    expect(block.type).toBe("goods");
    expect(block.value.list.map((item) => item.goods_name)).toEqual(["茶壶", "龙井茶", "茶杯"]);
    expect(block.value.goods_ids).toHaveLength(7);
  });

  it("prices goods from their default SKU with the reference's fields", () => {
    const block = floors[1]!.value.rightGoodsList as GoodsBlock;
    expect(block.value.list[1]).toEqual({
      goods_id: goods.tea!.goodsId,
      sku_id: goods.tea!.skuIds[1],
      goods_name: "龙井茶",
      introduction: "龙井茶 简介",
      goods_image: "/g/tea1.jpg",
      price: "129.00",
      market_price: "159.00",
      discount_price: "119.00",
      goods_stock: 50,
      sale_num: 7,
    });
    expect(block.value.list[2]).toMatchObject({ sku_id: goods.cup!.skuIds[0], price: "19.99", market_price: "0.00" });
  });

  it("accepts goods_ids saved as a comma-separated string", () => {
    const block = floors[1]!.value.bottomGoodsList as GoodsBlock;
    expect(block.value.goods_ids).toEqual([goods.cup!.goodsId, goods.tea!.goodsId]);
    expect(block.value.list.map((item) => item.goods_id)).toEqual([goods.cup!.goodsId, goods.tea!.goodsId]);
  });

  it("fills category blocks in category_ids order with shown categories only", () => {
    const block = floors[1]!.value.categoryList as CategoryBlock;
    expect(block.value.list.map((item) => item.category_name)).toEqual(["茶具", "茶叶"]);
    expect(block.value.list[1]).toMatchObject({
      category_id: categories.tea, category_name: "茶叶", short_name: "茶", level: 1, image: "/c/tea.png",
      image_adv: "/c/tea-adv.png",
    });
  });
});

describe("/api/pc/floors without floors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("answers an empty list", async () => {
    expect(await t.call("/api/pc/floors")).toMatchObject({ code: 0, data: [] });
  });
});
