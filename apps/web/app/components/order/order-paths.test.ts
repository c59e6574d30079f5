import { describe, expect, it } from "vitest";
import { orderDetailPath, orderListHref, parseOrderListQuery } from "./order-paths.ts";

describe("order paths", () => {
  it("sends each order type to its detail route", () => {
    expect(orderDetailPath(7, 1)).toBe("/member/order_detail?order_id=7");
    expect(orderDetailPath(7, 2)).toBe("/member/order_detail_pickup?order_id=7");
    expect(orderDetailPath(7, 3)).toBe("/member/order_detail_local_delivery?order_id=7");
    expect(orderDetailPath(7, 4)).toBe("/member/order_detail_virtual?order_id=7");
    expect(orderDetailPath(7, 99)).toBe("/member/order_detail?order_id=7");
  });

  it("reads the list URL, falling back on junk", () => {
    const query = (search: string) => parseOrderListQuery(new URL(`http://shop/web/member/order_list${search}`));
    expect(query("")).toEqual({ status: "all", search: "", page: 1 });
    expect(query("?status=waitpay&search=%20%E8%8C%B6%20&page=3")).toEqual({ status: "waitpay", search: "茶", page: 3 });
    expect(query("?status=nope&page=-2")).toEqual({ status: "all", search: "", page: 1 });
    expect(query("?page=1.5")).toMatchObject({ page: 1 });
  });

  it("builds tab links without defaults", () => {
    expect(orderListHref("all")).toBe("/member/order_list");
    expect(orderListHref("waitsend", "龙井")).toBe("/member/order_list?status=waitsend&search=%E9%BE%99%E4%BA%95");
  });
});
