import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine, GoodsSkuItem, Page } from "@shop/contract";
import type { TestApp } from "../test/harness.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The cart as the reference's header, mini-cart and cart page call it (docs/api/cart.md, SPEC §7:
 * add {site_id, num, sku_id}, delete {cart_id} sent as a string, edit {num, cart_id}).
 */
describe("conformance: cart", () => {
  let t: TestApp;
  let member: ReferenceClient;
  let skuIds: number[];
  beforeAll(async () => {
    t = await startReferenceShop();
    member = await signedInClient(t);
    const goods = await new ReferenceClient(t).data<Page<GoodsSkuItem>>("/api/goodssku/page", { page: 1, page_size: 3 });
    skuIds = goods.list.map((item) => item.sku_id);
  });
  afterAll(() => t.close());

  it("/api/cart/add answers a number > 0, /api/cart/count the quantities, /api/cart/goodslists the lines", async () => {
    for (const skuId of skuIds) expect(await member.reads<number>("/api/cart/add", { site_id: 0, num: 2, sku_id: skuId })).toBeGreaterThan(0);
    expect(await member.reads("/api/cart/count")).toBe(2 * skuIds.length);
    const lines = await member.reads<CartLine[]>("/api/cart/goodslists");
    expect(lines.map((line) => line.sku_id).sort()).toEqual([...skuIds].sort());
  });

  it("/api/cart/edit, /api/cart/delete (\"1,2\") and /api/cart/clearinvalid change the lines", async () => {
    const lines = await member.data<CartLine[]>("/api/cart/goodslists");
    await member.reads("/api/cart/edit", { num: 1, cart_id: lines[0]!.cart_id });
    await member.reads("/api/cart/delete", { cart_id: lines.slice(1).map((line) => line.cart_id).join(",") });
    expect(await member.data("/api/cart/count")).toBe(1);
    expect(await member.reads("/api/cart/clearinvalid")).toBe(0);
  });

  it("a refused quantity answers a message the cart page shows", async () => {
    const refusal = await member.refused("/api/cart/add", { site_id: 0, num: 99_999, sku_id: skuIds[0] }, -1);
    expect(refusal.message).toMatch(/库存不足|限购/);
  });

  it("cart calls without a session answer TOKEN_ERROR, which sends a reference client to login", async () => {
    expect((await new ReferenceClient(t).refused("/api/cart/count", {}, -10009)).error_code).toBe("TOKEN_ERROR");
  });
});
