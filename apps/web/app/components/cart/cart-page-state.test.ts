import { describe, expect, it } from "vitest";
import type { CartLine } from "@shop/contract";
import { checkoutPath, isSelectable, lineProblem, specText, splitLines, syncSelection } from "./cart-page-state.ts";

const line = (cartId: number, fields: Partial<CartLine> = {}): CartLine => ({
  cart_id: cartId, site_id: 0, sku_id: cartId, goods_id: cartId, num: 1, sku_name: "商品", goods_name: "商品", price: "10.00",
  discount_price: "10.00", member_price: "10.00", stock: 10, goods_state: 1, is_delete: 0, sku_image: "", sku_spec_format: "[]",
  unit: "件", max_buy: 0, min_buy: 0, invalid_type: "", ...fields,
});

describe("cart page state", () => {
  it("splits invalid lines apart", () => {
    const lines = [line(1), line(2, { invalid_type: "off_shelf" }), line(3)];
    const { valid, invalid } = splitLines(lines);
    expect(valid.map((item) => item.cart_id)).toEqual([1, 3]);
    expect(invalid.map((item) => item.cart_id)).toEqual([2]);
  });

  it("does not let a line whose quantity no longer fits be selected", () => {
    expect(lineProblem(line(1, { num: 8, stock: 5 }))).toBe("库存不足，最多可购买 5 件");
    expect(isSelectable(line(1, { num: 8, stock: 5 }))).toBe(false);
    expect(isSelectable(line(1, { num: 1, min_buy: 2 }))).toBe(false);
    expect(isSelectable(line(1, { invalid_type: "no_stock", stock: 0 }))).toBe(false);
    expect(isSelectable(line(1, { num: 5, stock: 5, max_buy: 5 }))).toBe(true);
  });

  it("keeps ticks, ticks new lines and drops lines gone or no longer selectable", () => {
    const lines = [line(1), line(2), line(3, { num: 9, stock: 2 }), line(4)];
    const next = syncSelection(new Set([1, 3]), new Set([1, 2, 3]), lines);
    expect([...next].sort()).toEqual([1, 4]);
  });

  it("builds the checkout query the payment page reads", () => {
    expect(checkoutPath([3, 1, 2])).toBe("/order/payment?cart_ids=3,1,2");
  });

  it("reads the spec values, tolerating junk", () => {
    expect(specText('[{"spec_name":"颜色","spec_value_name":"白色"},{"spec_name":"尺码","spec_value_name":"XL"}]')).toBe("颜色：白色；尺码：XL");
    expect(specText("")).toBe("");
    expect(specText("{oops")).toBe("");
    expect(specText('{"a":1}')).toBe("");
  });
});
