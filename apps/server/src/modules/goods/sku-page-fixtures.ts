import type { GoodsSkuItem, Page } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { rebuildSearchIndex } from "../search/search-index.ts";
import { insertCategory, insertGoods } from "./test-fixtures.ts";

/**
 * A small catalog for goods-list tests (no seed): two departments, three brands, goods with
 * distinct prices, sales and dates, plus goods that must never be listed.
 *
 *   数码 › 手机通讯 › 手机      A 华为手机 3999 (sold 100, free shipping), B 小米手机 1999 (300)
 *   数码 › 影音 › 耳机          C 华为蓝牙耳机 299 (200, free shipping), H 华为充电器 (intro mentions 手机)
 *   家电 › 大家电 › 冰箱        D 海尔冰箱 2999 (50), G 小米冰箱 (two SKUs, the second is the default)
 *   not listed                  E off shelf, F deleted
 */
export interface ListCatalog {
  categories: Record<"digital" | "phones" | "phone" | "audio" | "earphone" | "appliances" | "big" | "fridge", number>;
  brands: Record<"huawei" | "xiaomi" | "haier", number>;
  goods: Record<"A" | "B" | "C" | "D" | "E" | "F" | "G" | "H", number>;
  /** the default SKU of G */
  defaultSkuOfG: number;
}

export async function insertListCatalog(t: TestApp): Promise<ListCatalog> {
  const db = t.app.deps.db;
  const digital = await insertCategory(db, { category_name: "数码", sort: 1 });
  const phones = await insertCategory(db, { category_name: "手机通讯", pid: digital, level: 2 });
  const phone = await insertCategory(db, { category_name: "手机", pid: phones, level: 3 });
  const audio = await insertCategory(db, { category_name: "影音", pid: digital, level: 2 });
  const earphone = await insertCategory(db, { category_name: "耳机", pid: audio, level: 3 });
  const appliances = await insertCategory(db, { category_name: "家电", sort: 2 });
  const big = await insertCategory(db, { category_name: "大家电", pid: appliances, level: 2 });
  const fridge = await insertCategory(db, { category_name: "冰箱", pid: big, level: 3 });

  const brand = async (brand_name: string, sort: number) =>
    (
      await db
        .insertInto("goods_brand")
        .values({ brand_name, brand_initial: "", image_url: `/b/${sort}.png`, banner: "", brand_desc: "", is_recommend: 0, sort })
        .returning("brand_id")
        .executeTakeFirstOrThrow()
    ).brand_id;
  const brands = { huawei: await brand("华为", 1), xiaomi: await brand("小米", 2), haier: await brand("海尔", 3) };

  const path = (ids: number[]) => ({ category_id: `,${ids.join(",")},`, category_id_1: ids[0]!, category_id_2: ids[1]!, category_id_3: ids[2]! });
  const inPhone = path([digital, phones, phone]);
  const inEarphone = path([digital, audio, earphone]);
  const inFridge = path([appliances, big, fridge]);
  const goods = async (name: string, fields: Parameters<typeof insertGoods>[2] = {}) => (await insertGoods(db, name, fields)).goodsId;

  const A = await goods("华为 Mate 手机", {
    goods: { ...inPhone, brand_id: brands.huawei, brand_name: "华为", price_cents: 399900, sale_num: 100, is_free_shipping: 1, create_time: 1000 },
  });
  const B = await goods("小米 Civi 手机", { goods: { ...inPhone, brand_id: brands.xiaomi, brand_name: "小米", price_cents: 199900, sale_num: 300, create_time: 3000 } });
  const C = await goods("华为 蓝牙耳机", {
    goods: { ...inEarphone, brand_id: brands.huawei, brand_name: "华为", price_cents: 29900, sale_num: 200, is_free_shipping: 1, create_time: 2000 },
  });
  const D = await goods("海尔 冰箱", { goods: { ...inFridge, brand_id: brands.haier, brand_name: "海尔", price_cents: 299900, sale_num: 50, create_time: 4000 } });
  const E = await goods("下架 手机", { goods: { ...inPhone, goods_state: 0, sale_num: 999 } });
  const F = await goods("删除 手机", { goods: { ...inPhone, is_delete: 1, sale_num: 999 } });
  const gGoods = { ...inFridge, brand_id: brands.xiaomi, brand_name: "小米", price_cents: 159900, sale_num: 10, create_time: 5000, unit: "台", label_name: "新品" };
  const g = await insertGoods(db, "小米 冰箱", {
    goods: gGoods,
    skus: [
      { sku_name: "小米 冰箱 218升", price_cents: 129900, discount_price_cents: 129900, stock: 3 },
      { sku_name: "小米 冰箱 306升", price_cents: 159900, market_price_cents: 199900, discount_price_cents: 149900, stock: 7, sku_image: "/g/306.jpg", is_default: 1 },
    ],
  });
  const H = await goods("华为 充电器", {
    goods: { ...inEarphone, brand_id: brands.huawei, brand_name: "华为", introduction: "兼容各种手机", price_cents: 9900, sale_num: 5000, create_time: 6000 },
  });
  await rebuildSearchIndex(db, t.app.deps.dialect);
  return {
    categories: { digital, phones, phone, audio, earphone, appliances, big, fridge },
    brands,
    goods: { A, B, C, D, E, F, G: g.goodsId, H },
    defaultSkuOfG: g.skuIds[1]!,
  };
}

/** Calls /api/goodssku/page and returns the data, failing the test on a non-zero code. */
export async function skuPage(t: TestApp, body: object, options: { token?: string; cookie?: string } = {}): Promise<Page<GoodsSkuItem>> {
  const response = await t.call<Page<GoodsSkuItem>>("/api/goodssku/page", body, options);
  if (response.code !== 0) throw new Error(`/api/goodssku/page ${JSON.stringify(body)}: ${response.code} ${response.message}`);
  return response.data;
}

export const idsOf = (page: Page<GoodsSkuItem>) => page.list.map((item) => item.goods_id);
