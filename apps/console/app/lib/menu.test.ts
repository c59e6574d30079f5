import { describe, expect, it } from "vitest";
import { firstPageFor, menuFor, pageOf } from "./menu.tsx";

describe("console menu", () => {
  it("shows a staff member only the pages their permissions open, without empty groups", () => {
    const servicer = menuFor(["order.view", "chat.serve"]);
    expect(servicer.map((group) => group.label)).toEqual(["订单", "员工", "客服"]);
    expect(servicer[0]?.pages.map((page) => page.label)).toEqual(["订单列表"]);
    const admin = menuFor(["goods.manage", "content.manage", "setting.manage", "chat.serve"]);
    expect(admin.map((group) => group.label)).toEqual(["商品", "店铺装修", "设置", "员工", "客服"]);
  });

  it("sends each staff member to the first page of their work", () => {
    expect(firstPageFor(["order.view", "chat.serve"])).toBe("/chat");
    expect(firstPageFor(["goods.manage", "chat.serve"])).toBe("/chat");
    expect(firstPageFor(["goods.manage", "content.manage"])).toBe("/goods");
    expect(firstPageFor(["stat.view", "goods.manage", "chat.serve"])).toBe("/overview");
    expect(firstPageFor([])).toBe("/staff/password");
  });

  it("finds the entry of a deeper path (the longest match)", () => {
    expect(pageOf("/goods/edit/12")?.page.label).toBe("商品列表");
    expect(pageOf("/goods/category")?.page.label).toBe("商品分类");
    expect(pageOf("/content/article/edit/3")?.group.label).toBe("店铺装修");
    expect(pageOf("/nowhere")).toBeUndefined();
  });
});
