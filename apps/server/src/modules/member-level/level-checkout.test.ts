import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderCalculation, OrderPaymentPreview } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import type { TestMember } from "../auth/testing.ts";
import { setConfig } from "../../core/config-store.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { FEE_BY_COUNT } from "../checkout/freight.ts";
import { insertAddress, registerBuyer, useFreightTemplate } from "../checkout/test-fixtures.ts";
import { addGrowth } from "./growth.ts";
import { insertLadder, type TestLadder } from "./test-fixtures.ts";

/**
 * Checkout applies the buyer's level (checkout/order-lines.ts, delivery.ts): the level's discount
 * on goods prices, its free shipping on express freight; a level reached by growth counts at the
 * next calculation.
 */
describe("member level at checkout", () => {
  let t: TestApp;
  let ladder: TestLadder;
  let skuId: number;
  const db = (): Db => t.app.deps.db;

  const buyerAt = async (levelId: number): Promise<{ member: TestMember; addressId: number }> => {
    const member = await registerBuyer(t);
    await db().updateTable("member").set({ member_level: levelId }).where("member_id", "=", member.member_id).execute();
    return { member, addressId: await insertAddress(db(), member.member_id, "beijing", 1) };
  };
  const quote = async ({ member, addressId }: { member: TestMember; addressId: number }, num = 2) => {
    const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: skuId, num }, { token: member.token });
    expect(preview.code, preview.message).toBe(0);
    const calculation = await t.call<OrderCalculation>(
      "/api/ordercreate/calculate",
      { order_key: preview.data.order_key, delivery: { delivery_type: "express" }, member_address: { id: addressId } },
      { token: member.token },
    );
    expect(calculation.code, calculation.message).toBe(0);
    return { preview: preview.data, calculation: calculation.data };
  };

  beforeAll(async () => {
    t = await startTestApp();
    ladder = await insertLadder(db());
    await useFreightTemplate(db(), FEE_BY_COUNT, [{ region_ids: "", first_unit: 1, first_cents: 1000, continue_unit: 1, continue_cents: 500 }]);
    await setConfig(db(), "express_config", { free_shipping_above_cents: 0 });
    skuId = (await insertGoods(db(), "等级折扣测试杯", { goods: { goods_stock: 100 }, skus: [{ discount_price_cents: 4999, stock: 100 }] })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("charges the default level full price and freight", async () => {
    const { preview, calculation } = await quote(await buyerAt(ladder.normal));
    expect(preview.goods_list[0]).toMatchObject({ discount_price: "49.99", member_price: "49.99", price: "49.99" });
    expect(calculation).toMatchObject({ goods_money: "99.98", delivery_money: "15.00", order_money: "114.98" });
  });

  it("applies the level discount to the price, rounded to the cent", async () => {
    const { preview, calculation } = await quote(await buyerAt(ladder.gold));
    // 49.99 × 95% = 47.4905 → 47.49
    expect(preview.goods_list[0]).toMatchObject({ member_price: "47.49", price: "47.49", goods_money: "94.98" });
    expect(calculation).toMatchObject({ goods_money: "94.98", delivery_money: "15.00", order_money: "109.98" });
  });

  it("ships express for free for a level with free shipping", async () => {
    const { calculation } = await quote(await buyerAt(ladder.diamond));
    // 49.99 × 90% = 44.991 → 44.99
    expect(calculation).toMatchObject({ goods_money: "89.98", delivery_money: "0.00", order_money: "89.98" });
  });

  it("leaves goods out of the level discount when staff switched 会员折扣 off: the SKU page, the list and checkout agree", async () => {
    const { goodsId, skuIds } = await insertGoods(db(), "不参与会员折扣的杯子", {
      goods: { goods_stock: 100, is_consume_discount: 0, virtual_sale: 120, sale_num: 3, brand_id: 9901 },
      skus: [{ discount_price_cents: 4999, stock: 100 }],
    });
    const buyer = await buyerAt(ladder.gold);
    const detail = await t.call<{ goods_sku_detail: { member_price: string; sale_num: number } }>("/api/goodssku/detail", { sku_id: skuIds[0] }, { token: buyer.member.token });
    // 虚拟销量 is shown added to the real sales.
    expect(detail.data.goods_sku_detail).toMatchObject({ member_price: "49.99", sale_num: 123 });
    const list = await t.call<{ list: Array<{ goods_id: number; member_price: string; sale_num: number }> }>("/api/goodssku/page", { brand_id: 9901 }, { token: buyer.member.token });
    expect(list.data.list.find((item) => item.goods_id === goodsId)).toMatchObject({ member_price: "49.99", sale_num: 123 });
    const preview = await t.call<OrderPaymentPreview>("/api/ordercreate/payment", { sku_id: skuIds[0], num: 2 }, { token: buyer.member.token });
    expect(preview.data.goods_list[0]).toMatchObject({ member_price: "49.99", price: "49.99", goods_money: "99.98" });
  });

  it("prices with the level reached by growth at the next calculation", async () => {
    const buyer = await buyerAt(ladder.normal);
    expect((await quote(buyer)).calculation.delivery_money).toBe("15.00");
    await unitOfWork(db(), (tx) => addGrowth(tx, buyer.member.member_id, 10_000, "test", `checkout-${buyer.member.member_id}`));
    expect((await quote(buyer)).calculation).toMatchObject({ goods_money: "89.98", delivery_money: "0.00" });
  });
});
