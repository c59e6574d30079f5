import { describe, expect, it } from "vitest";
import { endpoints } from "../endpoints.ts";
import { cartQuantityProblem, cartQuantityRange, MAX_CART_NUM } from "./cart.ts";

describe("cart quantity rules", () => {
  const limits = (stock: number, max_buy = 0, min_buy = 0) => ({ stock, max_buy, min_buy });

  it("allows quantities within stock, max_buy and min_buy", () => {
    expect(cartQuantityProblem(limits(10), 10)).toBeNull();
    expect(cartQuantityProblem(limits(10, 3, 2), 2)).toBeNull();
    expect(cartQuantityProblem(limits(10, 3, 2), 3)).toBeNull();
  });

  it("names the limit that refuses", () => {
    expect(cartQuantityProblem(limits(10), 11)).toBe("库存不足，最多可购买 10 件");
    expect(cartQuantityProblem(limits(10, 3), 4)).toBe("每人限购 3 件");
    // max_buy above the stock: the stock is what binds
    expect(cartQuantityProblem(limits(2, 3), 3)).toBe("库存不足，最多可购买 2 件");
    expect(cartQuantityProblem(limits(10, 0, 3), 2)).toBe("3 件起购");
    expect(cartQuantityProblem(limits(10), 0)).toBe("购买数量不能少于 1 件");
    expect(cartQuantityProblem(limits(0), 1)).toBe("商品库存不足");
    expect(cartQuantityProblem(limits(2, 0, 3), 3)).toBe("商品库存不足");
    expect(cartQuantityProblem(limits(10 * MAX_CART_NUM), MAX_CART_NUM + 1)).toBe(`单个商品最多购买 ${MAX_CART_NUM} 件`);
  });

  it("gives the range the stepper moves in", () => {
    expect(cartQuantityRange(limits(10, 3, 2))).toEqual({ min: 2, max: 3 });
    expect(cartQuantityRange(limits(10))).toEqual({ min: 1, max: 10 });
    expect(cartQuantityRange(limits(0))).toEqual({ min: 1, max: 0 });
  });

  it("reads delete's cart_id as a list of distinct ids", () => {
    const schema = endpoints["/api/cart/delete"].body;
    expect(schema.parse({ cart_id: "3,1,3" })).toEqual({ cart_id: [3, 1] });
    expect(schema.parse({ cart_id: 7 })).toEqual({ cart_id: [7] });
    for (const cart_id of ["", "0", "1,", ",1", "1 2", "x", "2147483648"]) expect(schema.safeParse({ cart_id }).success, cart_id).toBe(false);
  });
});
