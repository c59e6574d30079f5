import { describe, expect, it } from "vitest";
import { MEMBER_MENU, activeMenuPath } from "./member-menu.ts";

describe("member menu", () => {
  it("has the three SPEC groups", () => {
    expect(MEMBER_MENU.map((group) => [group.title, group.items.length])).toEqual([
      ["会员中心", 6],
      ["交易中心", 2],
      ["账户中心", 5],
    ]);
  });

  it("highlights the page's own item", () => {
    expect(activeMenuPath("/member")).toBe("/member");
    expect(activeMenuPath("/member/")).toBe("/member");
    expect(activeMenuPath("/member/coupon")).toBe("/member/coupon");
  });

  it("highlights the parent item of detail and edit pages", () => {
    expect(activeMenuPath("/member/order_detail")).toBe("/member/order_list");
    expect(activeMenuPath("/member/address_edit")).toBe("/member/delivery_address");
    expect(activeMenuPath("/member/security/security")).toBe("/member/security");
    expect(activeMenuPath("/member/account_edit")).toBe("/member/account_list");
    expect(activeMenuPath("/member/withdrawal_detail")).toBe("/member/withdrawal");
  });

  it("highlights the welcome item on the level and sign-in pages (reached from the welcome page)", () => {
    expect(activeMenuPath("/member/level")).toBe("/member");
    expect(activeMenuPath("/member/signin/")).toBe("/member");
  });

  it("highlights nothing for pages outside the menu", () => {
    expect(activeMenuPath("/member/no_such_page")).toBeNull();
    expect(activeMenuPath("/goods/cart")).toBeNull();
  });
});
