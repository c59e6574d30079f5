import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertMemberLevel, registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";

const CART_PATHS = ["/api/cart/add", "/api/cart/edit", "/api/cart/delete", "/api/cart/clearinvalid", "/api/cart/goodslists", "/api/cart/count"];

describe("cart", () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    [member, other] = [await registerMember(t), await registerMember(t)];
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const call = <T = number>(path: string, body: object = {}, who: TestMember = member) => t.call<T>(path, body, { token: who.token });
  const lines = async (who: TestMember = member) => (await call<CartLine[]>("/api/cart/goodslists", {}, who)).data;
  const count = async (who: TestMember = member) => (await call("/api/cart/count", {}, who)).data;
  /** A goods with one SKU; stock and limits as given. */
  const goodsWith = async (name: string, options: { stock?: number; max_buy?: number; min_buy?: number; goods_state?: number } = {}) => {
    const { skuIds } = await insertGoods(db(), name, {
      goods: { max_buy: options.max_buy ?? 0, min_buy: options.min_buy ?? 0, goods_state: options.goods_state ?? 1 },
      skus: [{ is_default: 1, stock: options.stock ?? 50, sku_name: `${name} 红色 XL` }],
    });
    return skuIds[0]!;
  };

  it("is for logged-in members only", async () => {
    for (const path of CART_PATHS) {
      expect((await t.call(path, { sku_id: 1, num: 1, cart_id: "1" })).code, path).toBe(-10009);
    }
  });

  it("adds a line, raises its quantity when the SKU is added again, and lists it with the reference's fields", async () => {
    const who = await registerMember(t);
    const levelId = await insertMemberLevel(t, { level_name: "黄金会员", is_default: 0 });
    await db().updateTable("member_level").set({ consume_discount: 95 }).where("level_id", "=", levelId).execute();
    await db().updateTable("member").set({ member_level: levelId }).where("member_id", "=", who.member_id).execute();
    const { skuIds } = await insertGoods(db(), "保温杯", {
      goods: { goods_image: "/upload/goods/cup.jpg,/upload/goods/cup2.jpg", unit: "只" },
      skus: [{ is_default: 1, sku_name: "保温杯 白色", price_cents: 12900, discount_price_cents: 9999, stock: 30, sku_spec_format: '[{"spec_id":1,"spec_name":"颜色","spec_value_id":2,"spec_value_name":"白色"}]' }],
    });
    const skuId = skuIds[0]!;

    const first = await call("/api/cart/add", { sku_id: skuId, num: 2, site_id: 0 }, who);
    expect(first.code).toBe(0);
    expect(first.data).toBeGreaterThan(0);
    const again = await call("/api/cart/add", { sku_id: String(skuId), num: "3" }, who);
    expect(again).toMatchObject({ code: 0, data: first.data });

    const list = await lines(who);
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      cart_id: first.data, site_id: 0, sku_id: skuId, goods_id: expect.any(Number), num: 5, sku_name: "保温杯 白色", goods_name: "保温杯",
      price: "129.00", discount_price: "99.99", member_price: "94.99", stock: 30, goods_state: 1, is_delete: 0,
      sku_image: "/upload/goods/cup.jpg", sku_spec_format: expect.stringContaining("白色"), unit: "只", max_buy: 0, min_buy: 0, invalid_type: "",
    });
    expect(await count(who)).toBe(5);
  });

  it("lists the latest added lines first", async () => {
    const who = await registerMember(t);
    const [a, b, c] = [await goodsWith("甲"), await goodsWith("乙"), await goodsWith("丙")];
    for (const skuId of [a, b, c]) await call("/api/cart/add", { sku_id: skuId, num: 1 }, who);
    await call("/api/cart/add", { sku_id: a, num: 1 }, who);
    expect((await lines(who)).map((line) => line.sku_id)).toEqual([c, b, a]);
  });

  it("refuses quantities beyond stock or max_buy and below min_buy, counting what is already in the cart", async () => {
    const who = await registerMember(t);
    const scarce = await goodsWith("限量款", { stock: 5 });
    expect(await call("/api/cart/add", { sku_id: scarce, num: 6 }, who)).toMatchObject({ code: -1, message: "库存不足，最多可购买 5 件" });
    expect((await call("/api/cart/add", { sku_id: scarce, num: 3 }, who)).code).toBe(0);
    expect(await call("/api/cart/add", { sku_id: scarce, num: 3 }, who)).toMatchObject({
      code: -1, message: "库存不足，最多可购买 5 件（购物车中已有 3 件）",
    });
    expect((await call("/api/cart/add", { sku_id: scarce, num: 2 }, who)).code).toBe(0);

    const limited = await goodsWith("限购款", { stock: 100, max_buy: 4 });
    expect(await call("/api/cart/add", { sku_id: limited, num: 5 }, who)).toMatchObject({ code: -1, message: "每人限购 4 件" });
    expect((await call("/api/cart/add", { sku_id: limited, num: 4 }, who)).code).toBe(0);
    expect((await call("/api/cart/add", { sku_id: limited, num: 1 }, who)).message).toBe("每人限购 4 件（购物车中已有 4 件）");

    const bulk = await goodsWith("起购款", { stock: 100, min_buy: 3 });
    expect(await call("/api/cart/add", { sku_id: bulk, num: 2 }, who)).toMatchObject({ code: -1, message: "3 件起购" });
    expect((await call("/api/cart/add", { sku_id: bulk, num: 3 }, who)).code).toBe(0);

    const soldOut = await goodsWith("售罄款", { stock: 0 });
    expect(await call("/api/cart/add", { sku_id: soldOut, num: 1 }, who)).toMatchObject({ code: -1, message: "商品库存不足" });

    const quantities = Object.fromEntries((await lines(who)).map((line) => [line.sku_id, line.num]));
    expect(quantities).toEqual({ [scarce]: 5, [limited]: 4, [bulk]: 3 });
  });

  it("refuses SKUs that are missing, deleted or off shelf", async () => {
    const offShelf = await goodsWith("下架款", { goods_state: 0 });
    const deleted = await goodsWith("删除款");
    await db().updateTable("goods").set({ is_delete: 1 }).where("goods_id", "=", (eb) => eb.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", deleted)).execute();
    expect(await call("/api/cart/add", { sku_id: offShelf, num: 1 })).toMatchObject({ code: -1, message: "商品已下架" });
    expect(await call("/api/cart/add", { sku_id: deleted, num: 1 })).toMatchObject({ code: -1, message: "商品已下架" });
    expect(await call("/api/cart/add", { sku_id: 99_999_999, num: 1 })).toMatchObject({ code: -1, message: "商品不存在" });
  });

  it("edits a quantity within the same limits", async () => {
    const who = await registerMember(t);
    const skuId = await goodsWith("可编辑", { stock: 10, max_buy: 8, min_buy: 2 });
    const cartId = (await call("/api/cart/add", { sku_id: skuId, num: 2 }, who)).data;
    expect(await call("/api/cart/edit", { cart_id: cartId, num: 6 }, who)).toMatchObject({ code: 0, data: 1 });
    expect(await call("/api/cart/edit", { cart_id: cartId, num: 9 }, who)).toMatchObject({ code: -1, message: "每人限购 8 件" });
    expect(await call("/api/cart/edit", { cart_id: cartId, num: 1 }, who)).toMatchObject({ code: -1, message: "2 件起购" });
    await db().updateTable("goods_sku").set({ stock: 4 }).where("sku_id", "=", skuId).execute();
    expect(await call("/api/cart/edit", { cart_id: cartId, num: 5 }, who)).toMatchObject({ code: -1, message: "库存不足，最多可购买 4 件" });
    expect((await lines(who))[0]!.num).toBe(6);
    expect((await call("/api/cart/edit", { cart_id: cartId, num: 0 }, who)).code).toBe(-10006);
  });

  it("deletes one or several of the member's lines, all or nothing", async () => {
    const who = await registerMember(t);
    const ids: number[] = [];
    for (const name of ["删一", "删二", "删三"]) ids.push((await call("/api/cart/add", { sku_id: await goodsWith(name), num: 1 }, who)).data);
    const othersLine = (await call("/api/cart/add", { sku_id: await goodsWith("别人的"), num: 1 }, other)).data;

    expect(await call("/api/cart/delete", { cart_id: `${ids[0]},${othersLine}` }, who)).toMatchObject({ code: -1, message: "购物车商品不存在" });
    expect(await lines(who)).toHaveLength(3);
    expect(await call("/api/cart/delete", { cart_id: `${ids[0]},${ids[1]},${ids[0]}` }, who)).toMatchObject({ code: 0, data: 2 });
    expect(await call("/api/cart/delete", { cart_id: ids[2] }, who)).toMatchObject({ code: 0, data: 1 });
    expect(await call("/api/cart/delete", { cart_id: String(ids[2]) }, who)).toMatchObject({ code: -1, message: "购物车商品不存在" });
    expect(await lines(who)).toEqual([]);
    expect(await lines(other)).toHaveLength(1);

    for (const cartId of ["", "1,,2", "1;2", "a", " ,1", "-1", "1.5", Array.from({ length: 201 }, (_, index) => index + 1).join(","), "99999999999"]) {
      expect((await call("/api/cart/delete", { cart_id: cartId }, who)).code, JSON.stringify(cartId)).toBe(-10006);
    }
  });

  it("never shows or touches another member's lines (not found for every call)", async () => {
    const skuId = await goodsWith("隐私款", { stock: 10 });
    const theirs = (await call("/api/cart/add", { sku_id: skuId, num: 2 }, other)).data;
    const intruder = await registerMember(t);
    expect(await call("/api/cart/edit", { cart_id: theirs, num: 3 }, intruder)).toMatchObject({ code: -1, message: "购物车商品不存在" });
    expect(await call("/api/cart/delete", { cart_id: String(theirs) }, intruder)).toMatchObject({ code: -1, message: "购物车商品不存在" });
    await db().updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", (eb) => eb.selectFrom("goods_sku").select("goods_id").where("sku_id", "=", skuId)).execute();
    expect(await call("/api/cart/clearinvalid", {}, intruder)).toMatchObject({ code: 0, data: 0 });
    expect(await lines(intruder)).toEqual([]);
    expect(await count(intruder)).toBe(0);
    const line = (await lines(other)).find((item) => item.cart_id === theirs);
    expect(line).toMatchObject({ num: 2, invalid_type: "off_shelf" });
  });

  it("flags lines that cannot be bought, leaves them out of the count and clears them", async () => {
    const who = await registerMember(t);
    const names = ["正常", "将下架", "将删除", "将售罄", "起购不足"];
    const skus = await Promise.all(names.map((name) => goodsWith(name, { stock: 10, min_buy: name === "起购不足" ? 3 : 0 })));
    for (const skuId of skus) await call("/api/cart/add", { sku_id: skuId, num: 3 }, who);
    const goodsOf = (skuId: number) => db().selectFrom("goods_sku").select("goods_id").where("sku_id", "=", skuId);
    await db().updateTable("goods").set({ goods_state: 0 }).where("goods_id", "=", goodsOf(skus[1]!)).execute();
    await db().updateTable("goods").set({ is_delete: 1 }).where("goods_id", "=", goodsOf(skus[2]!)).execute();
    await db().updateTable("goods_sku").set({ stock: 0 }).where("sku_id", "=", skus[3]!).execute();
    await db().updateTable("goods_sku").set({ stock: 2 }).where("sku_id", "=", skus[4]!).execute();

    const byName = Object.fromEntries((await lines(who)).map((line) => [line.goods_name, line.invalid_type]));
    expect(byName).toEqual({ 正常: "", 将下架: "off_shelf", 将删除: "deleted", 将售罄: "no_stock", 起购不足: "no_stock" });
    expect(await count(who)).toBe(3);
    expect((await call("/api/cart/edit", { cart_id: (await lines(who)).find((line) => line.goods_name === "将下架")!.cart_id, num: 1 }, who)).message).toBe("商品已下架");

    expect(await call("/api/cart/clearinvalid", {}, who)).toMatchObject({ code: 0, data: 4 });
    expect((await lines(who)).map((line) => line.goods_name)).toEqual(["正常"]);
    expect(await call("/api/cart/clearinvalid", {}, who)).toMatchObject({ code: 0, data: 0 });
  });

  it("lists a line whose SKU no longer exists as deleted", async () => {
    const who = await registerMember(t);
    const skuId = await goodsWith("消失款");
    await call("/api/cart/add", { sku_id: skuId, num: 1 }, who);
    await db().deleteFrom("goods_sku").where("sku_id", "=", skuId).execute();
    expect(await lines(who)).toEqual([expect.objectContaining({ sku_id: skuId, invalid_type: "deleted", is_delete: 1, goods_name: "" })]);
    expect(await count(who)).toBe(0);
  });

  it("refuses malformed bodies with -10006", async () => {
    for (const body of [{}, { sku_id: 1 }, { sku_id: 1, num: 0 }, { sku_id: 1, num: 1.5 }, { sku_id: 1, num: 100_000 }, { sku_id: "x", num: 1 }]) {
      expect((await call("/api/cart/add", body)).code, JSON.stringify(body)).toBe(-10006);
    }
    expect((await call("/api/cart/edit", { cart_id: 1 })).code).toBe(-10006);
  });
});
