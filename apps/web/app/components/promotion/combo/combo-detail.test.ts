import { describe, expect, it } from "vitest";
import type { BundlingGoods } from "@shop/contract";
import { chosenSkuIds, comboBlocker, comboTotals, defaultChoice } from "./combo-detail.ts";

const goods = (goods_id: number, num: number, skus: Array<[sku_id: number, price: string, stock: number]>, goods_state = 1): BundlingGoods => ({
  goods_id,
  goods_name: `商品${goods_id}`,
  num,
  sku_id: skus[0]![0],
  sku_name: "",
  sku_image: "",
  price: skus[0]![1],
  promotion_price: "0.00",
  stock: skus[0]![2],
  unit: "件",
  goods_state,
  goods_spec_format: "[]",
  sku_list: skus.map(([sku_id, price, stock]) => ({ sku_id, sku_name: "", spec_name: "", sku_spec_format: "[]", sku_image: "", price, stock })),
});

const detail = {
  bl_price: "491.00",
  status: 2 as const,
  status_name: "进行中",
  bundling_goods: [goods(1, 1, [[11, "269.00", 158], [12, "299.00", 3]]), goods(2, 2, [[21, "154.50", 40]])],
};

describe("combo totals", () => {
  it("adds the chosen SKUs' prices × num and saves the difference, to the cent", () => {
    const choice = defaultChoice(detail.bundling_goods);
    expect(comboTotals(detail, choice)).toEqual({ original: 57_800, saving: 8_700, packages: 20 });
    // The dearer SKU of the first goods: more saved, and its stock of 3 caps the packages.
    expect(comboTotals(detail, { ...choice, 1: 12 })).toEqual({ original: 60_800, saving: 11_700, packages: 3 });
    expect(chosenSkuIds(detail.bundling_goods, { ...choice, 1: 12 })).toEqual([12, 21]);
  });

  it("never saves below zero, ignores a SKU of another goods", () => {
    const dear = { ...detail, bl_price: "999.00" };
    expect(comboTotals(dear, { 1: 21 }).saving).toBe(0);
    expect(chosenSkuIds(detail.bundling_goods, { 1: 21 })).toEqual([11, 21]);
  });

  it("says why buying is off", () => {
    const totals = comboTotals(detail, defaultChoice(detail.bundling_goods));
    expect(comboBlocker(detail, totals)).toBe("");
    expect(comboBlocker({ ...detail, status: 1, status_name: "未开始" }, totals)).toBe("套餐未开始");
    expect(comboBlocker({ ...detail, status: 3, status_name: "已结束" }, totals)).toBe("已结束");
    expect(comboBlocker(detail, { ...totals, packages: 0 })).toBe("库存不足");
    expect(comboBlocker({ ...detail, bundling_goods: [goods(1, 1, [[11, "1.00", 1]], 0)] }, totals)).toBe("套餐商品已下架");
  });
});
