import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { registerMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";

/**
 * Concurrent adds of one SKU by one member (a double click, two tabs): one line, the right total,
 * limits never exceeded. On PostgreSQL the requests truly interleave (a pool of connections);
 * SQLite serializes them on its one connection.
 */
describe("cart under concurrency", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const skuWith = async (name: string, stock: number, maxBuy = 0) =>
    (await insertGoods(t.app.deps.db, name, { goods: { max_buy: maxBuy }, skus: [{ is_default: 1, stock }] })).skuIds[0]!;

  it("30 concurrent adds of the same SKU end with one line holding the sum", async () => {
    const member = await registerMember(t);
    const skuId = await skuWith("并发款", 1000);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => t.call<number>("/api/cart/add", { sku_id: skuId, num: (index % 3) + 1 }, { token: member.token })),
    );
    expect(responses.map((response) => response.code)).toEqual(responses.map(() => 0));
    expect(new Set(responses.map((response) => response.data)).size).toBe(1);
    const lines = (await t.call<CartLine[]>("/api/cart/goodslists", {}, { token: member.token })).data;
    expect(lines).toHaveLength(1);
    expect(lines[0]!.num).toBe(10 * (1 + 2 + 3));
  });

  it("concurrent adds beyond the stock stop exactly at the stock", async () => {
    const member = await registerMember(t);
    const skuId = await skuWith("少量款", 7);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.call<number>("/api/cart/add", { sku_id: skuId, num: 1 }, { token: member.token })),
    );
    expect(responses.filter((response) => response.code === 0)).toHaveLength(7);
    for (const refused of responses.filter((response) => response.code !== 0)) {
      expect(refused.message).toBe("库存不足，最多可购买 7 件（购物车中已有 7 件）");
    }
    const rows = await t.app.deps.db.selectFrom("cart").select("num").where("member_id", "=", member.member_id).execute();
    expect(rows).toEqual([{ num: 7 }]);
  });

  it("concurrent adds of two members keep their lines apart", async () => {
    const [first, second] = [await registerMember(t), await registerMember(t)];
    const skuId = await skuWith("共享款", 1000, 50);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => t.call("/api/cart/add", { sku_id: skuId, num: 2 }, { token: (index % 2 ? first : second).token })),
    );
    const rows = await t.app.deps.db.selectFrom("cart").select(["member_id", "num"]).where("sku_id", "=", skuId).orderBy("member_id").execute();
    expect(rows).toEqual([
      { member_id: first.member_id, num: 20 },
      { member_id: second.member_id, num: 20 },
    ]);
  });
});
