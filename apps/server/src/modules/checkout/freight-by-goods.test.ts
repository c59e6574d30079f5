import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { goodsExpressFee } from "./freight-by-goods.ts";
import type { PricedLine } from "./order-lines.ts";

/** Checkout's express fee by each goods' own freight template, the default for the others. */
describe("express freight by the goods' own templates", () => {
  let t: TestApp;
  let byCount = 0;
  let jiangZheHu = 0;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.deps.db;
    const template = async (template_name: string, fee_type: number, is_default: number, rules: Array<[string, number, number, number, number]>) => {
      const { template_id } = await db.insertInto("express_template").values({ template_name, fee_type, is_default }).returning("template_id").executeTakeFirstOrThrow();
      for (const [region_ids, first_unit, first_cents, continue_unit, continue_cents] of rules) {
        await db.insertInto("express_template_item").values({ template_id, region_ids, first_unit, first_cents, continue_unit, continue_cents }).execute();
      }
      return template_id;
    };
    // Default: ¥10 for the first item, ¥2 each further, everywhere.
    byCount = await template("默认按件", 2, 1, [["", 1, 1000, 1, 200]]);
    // Own: by weight, only 江浙沪, ¥5 for the first kilogram, ¥1 per further 500 g.
    jiangZheHu = await template("江浙沪按重", 1, 0, [[",310000,320000,330000,", 1000, 500, 500, 100]]);
  });
  afterAll(() => t.close());

  const line = async (shippingTemplate: number, num: number, weight: number, isFreeShipping = false): Promise<PricedLine> => {
    const { goodsId } = await insertGoods(t.app.deps.db, `运费商品${shippingTemplate}-${num}`, { goods: { shipping_template: shippingTemplate } });
    return { goodsId, num, weight, isFreeShipping } as PricedLine;
  };

  it("charges each template's goods by their template and adds the fees up", async () => {
    const own = await line(jiangZheHu, 2, 800); // 1600 g: 5 + ceil(600 / 500) × 1 = ¥7
    const plain = await line(0, 3, 0); // 10 + 2 × 2 = ¥14
    expect(await goodsExpressFee(t.app.deps.db, 310000, [own, plain])).toEqual({ deliverable: true, fee: 2100 });
    expect(await goodsExpressFee(t.app.deps.db, 310000, [plain])).toEqual({ deliverable: true, fee: 1400 });
  });

  it("refuses a province the goods' own template does not deliver to, even when the default would", async () => {
    const own = await line(jiangZheHu, 1, 500);
    expect(await goodsExpressFee(t.app.deps.db, 440000, [own])).toEqual({ deliverable: false });
    expect(await goodsExpressFee(t.app.deps.db, 440000, [await line(0, 1, 500)])).toEqual({ deliverable: true, fee: 1000 });
  });

  it("uses the default for goods whose template is gone, and charges nothing for free-shipping lines", async () => {
    const orphan = await line(999_999, 2, 0);
    expect(await goodsExpressFee(t.app.deps.db, 440000, [orphan])).toEqual({ deliverable: true, fee: 1200 });
    const free = await line(jiangZheHu, 5, 1000, true);
    expect(await goodsExpressFee(t.app.deps.db, 440000, [free])).toEqual({ deliverable: true, fee: 0 });
    expect(byCount).toBeGreaterThan(0);
  });
});
