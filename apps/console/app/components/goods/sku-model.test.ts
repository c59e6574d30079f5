import { describe, expect, it } from "vitest";
import { combineRows, fillRows, skuTableProblem, specPayload, type Spec } from "./sku-model.ts";

const color: Spec = { spec_id: 1, spec_name: "颜色", values: [{ spec_value_id: 11, spec_value_name: "红" }, { spec_value_id: 12, spec_value_name: "蓝" }] };
const size: Spec = { spec_id: 2, spec_name: "尺码", values: [{ spec_value_id: 21, spec_value_name: "S" }, { spec_value_id: 22, spec_value_name: "M" }] };

describe("the goods editor's SKU table", () => {
  it("makes one row per combination, the first the default, and keeps typed rows when a value is added", () => {
    const rows = combineRows([color, size], []);
    expect(rows.map((row) => [row.key, row.is_default])).toEqual([["11:21", 1], ["11:22", 0], ["12:21", 0], ["12:22", 0]]);
    const priced = fillRows(rows, "price", "9.9");
    const more = combineRows([{ ...color, values: [...color.values, { spec_value_id: 13, spec_value_name: "绿" }] }, size], priced);
    expect(more.map((row) => row.price)).toEqual(["9.9", "9.9", "9.9", "9.9", "", ""]);
    expect(combineRows([], [])).toHaveLength(1);
  });

  it("names the first problem, and sends the reference's JSON strings", () => {
    const rows = fillRows(combineRows([color], []), "price", "5");
    expect(skuTableProblem([color], rows)).toBe("请填写「红」的库存");
    const stocked = fillRows(rows, "stock", 3);
    expect(skuTableProblem([color], stocked)).toBeNull();
    const payload = specPayload([color], stocked);
    expect(JSON.parse(payload.goods_sku_data)).toMatchObject([{ price: "5", stock: 3, is_default: 1, sku_spec_format: [{ spec_id: 1, spec_value_id: 11 }] }, { is_default: 0 }]);
  });
});
