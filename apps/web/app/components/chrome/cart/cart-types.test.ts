import { describe, expect, it } from "vitest";
import { formatYuan } from "@shop/contract";
import { lineTotalCents, specName, sumLines, unitPriceCents } from "./cart-types.ts";

const line = (discount: string, member: string, num = 1) => ({ discount_price: discount, member_price: member, num });

describe("cart money", () => {
  it("takes the lower of the discount and member prices", () => {
    expect(formatYuan(unitPriceCents(line("99.00", "94.05")))).toBe("94.05");
    expect(formatYuan(unitPriceCents(line("99.00", "0.00")))).toBe("99.00");
    expect(formatYuan(unitPriceCents(line("99.00", "120.00")))).toBe("99.00");
  });

  it("adds in cents, where floats would drift", () => {
    // 0.1 + 0.2 and 19.99 × 3 are the classic float errors.
    expect(formatYuan(sumLines([line("0.10", "0.10"), line("0.20", "0.20")]))).toBe("0.30");
    expect(formatYuan(lineTotalCents(line("19.99", "19.99", 3)))).toBe("59.97");
    expect(formatYuan(sumLines([line("1.15", "1.15", 7), line("33.33", "33.33", 3)]))).toBe("108.04");
    expect(sumLines([])).toBe(0);
  });

  it("names a line by its spec part", () => {
    expect(specName({ sku_name: "保温杯 白色 500ml", goods_name: "保温杯" })).toBe("白色 500ml");
    expect(specName({ sku_name: "保温杯", goods_name: "保温杯" })).toBe("保温杯");
    expect(specName({ sku_name: "别名", goods_name: "" })).toBe("别名");
  });
});
