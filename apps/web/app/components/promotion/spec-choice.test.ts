import { describe, expect, it } from "vitest";
import { specChoice, type OfferedSku } from "./spec-choice.ts";

const goodsSpecs = JSON.stringify([
  {
    spec_id: 1,
    spec_name: "颜色",
    value: [
      { spec_id: 1, spec_name: "颜色", spec_value_id: 1, spec_value_name: "黑", image: "a.jpg" },
      { spec_id: 1, spec_name: "颜色", spec_value_id: 2, spec_value_name: "白", image: "b.jpg" },
      { spec_id: 1, spec_name: "颜色", spec_value_id: 3, spec_value_name: "金", image: "" },
    ],
  },
  {
    spec_id: 2,
    spec_name: "版本",
    value: [
      { spec_id: 2, spec_name: "版本", spec_value_id: 7, spec_value_name: "128G" },
      { spec_id: 2, spec_name: "版本", spec_value_id: 8, spec_value_name: "256G" },
    ],
  },
]);

const sku = (sku_id: number, color: [number, string], version: [number, string], stock = 10): OfferedSku => ({
  sku_id,
  stock,
  sku_spec_format: JSON.stringify([
    { spec_id: 1, spec_name: "颜色", spec_value_id: color[0], spec_value_name: color[1] },
    { spec_id: 2, spec_name: "版本", spec_value_id: version[0], spec_value_name: version[1] },
  ]),
});

const skus = [sku(11, [1, "黑"], [7, "128G"]), sku(12, [1, "黑"], [8, "256G"]), sku(13, [2, "白"], [7, "128G"], 0)];

describe("specChoice", () => {
  it("marks the current SKU's values and leads each other value to the SKU keeping the rest", () => {
    const rows = specChoice(goodsSpecs, skus, 11);
    expect(rows.map((row) => row.spec_name)).toEqual(["颜色", "版本"]);
    const [colour, version] = rows;
    // 白's SKU is sold out in the promotion, 金 is not offered by it: both shown, disabled.
    expect(colour!.value.map((value) => [value.spec_value_name, value.sku_id, value.selected, value.disabled])).toEqual([
      ["黑", 11, true, false],
      ["白", 13, false, true],
      ["金", 0, false, true],
    ]);
    expect(colour!.value[0]!.image).toBe("a.jpg");
    expect(version!.value.map((value) => [value.spec_value_name, value.sku_id, value.selected])).toEqual([
      ["128G", 11, true],
      ["256G", 12, false],
    ]);
  });

  it("leads a value whose combination is not offered (or sold out) to another offered SKU with it, so each can be reached", () => {
    const [colour, version] = specChoice(goodsSpecs, [sku(11, [1, "黑"], [7, "128G"]), sku(14, [2, "白"], [8, "256G"])], 11);
    expect(version!.value.find((value) => value.spec_value_name === "256G")).toMatchObject({ sku_id: 14, disabled: false });
    expect(colour!.value.find((value) => value.spec_value_name === "白")).toMatchObject({ sku_id: 14, disabled: false });
    // 黑 256G offered but sold out: 256G leads to 白 256G, which has stock.
    const [, withSoldOut] = specChoice(goodsSpecs, [sku(11, [1, "黑"], [7, "128G"]), sku(12, [1, "黑"], [8, "256G"], 0), sku(14, [2, "白"], [8, "256G"])], 11);
    expect(withSoldOut!.value.find((value) => value.spec_value_name === "256G")).toMatchObject({ sku_id: 14, disabled: false });
  });

  it("gathers rows from the SKUs when the goods' format is missing, and is empty without specs", () => {
    expect(specChoice("", skus, 12).map((row) => row.value.map((value) => value.spec_value_name))).toEqual([["黑", "白"], ["128G", "256G"]]);
    expect(specChoice("[]", [{ sku_id: 5, sku_spec_format: "[]", stock: 3 }], 5)).toEqual([]);
    expect(specChoice(goodsSpecs, skus, 99)).toEqual([]);
  });
});
