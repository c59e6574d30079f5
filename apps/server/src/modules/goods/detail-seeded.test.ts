import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvaluationCounts, GoodsSkuDetailResult, SkuSpecValue, SpecFormat } from "@shop/contract";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { buildEvaluations } from "../../seed/evaluations.ts";

/** The SKU page over the seeded catalog, with the seeded evaluations. */
describe("SKU detail on the seeded catalog", () => {
  let t: TestApp;
  let written: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: 200 });
    // The seed writes the evaluations itself (seed/index.ts → seedEvaluations).
    const row = await t.app.deps.db.selectFrom("goods_evaluate").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    written = Number(row.count);
  });
  afterAll(() => t.close());

  it("maps each spec value to a SKU that has it and keeps the other values", async () => {
    const db = t.app.deps.db;
    const skus = await db.selectFrom("goods_sku").select(["sku_id", "goods_id", "sku_spec_format"]).orderBy("sku_id").execute();
    const specOf = new Map(skus.map((sku) => [sku.sku_id, JSON.parse(sku.sku_spec_format) as SkuSpecValue[]]));
    const multiSpec = skus.filter((sku) => specOf.get(sku.sku_id)!.length >= 2).slice(0, 12);
    expect(multiSpec.length).toBeGreaterThan(0);
    for (const { sku_id } of multiSpec) {
      const { goods_sku_detail: detail } = (await t.call<GoodsSkuDetailResult>("/api/goodssku/detail", { sku_id })).data;
      const current = specOf.get(sku_id)!;
      for (const spec of JSON.parse(detail!.goods_spec_format) as SpecFormat[]) {
        for (const value of spec.value) {
          const target = specOf.get(value.sku_id)!;
          expect(target.find((entry) => entry.spec_id === spec.spec_id)?.spec_value_id).toBe(value.spec_value_id);
          const others = (list: SkuSpecValue[]) => list.filter((entry) => entry.spec_id !== spec.spec_id).map((entry) => entry.spec_value_id);
          expect(others(target)).toEqual(others(current));
          expect(value.selected).toBe(value.sku_id === sku_id);
        }
      }
    }
  });

  it("seeds realistic evaluations and keeps goods.evaluate equal to their count", async () => {
    const db = t.app.deps.db;
    expect(written).toBeGreaterThan(50);
    const rows = await db.selectFrom("goods_evaluate").selectAll().execute();
    expect(rows).toHaveLength(written);
    expect(new Set(rows.map((row) => row.explain_type))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((row) => row.explain_type === 1).length).toBeGreaterThan(written / 2);
    expect(rows.some((row) => row.is_anonymous === 1)).toBe(true);
    expect(rows.some((row) => row.again_content && row.again_time > row.create_time)).toBe(true);
    const withImages = rows.filter((row) => row.images);
    expect(withImages.length).toBeGreaterThan(0);
    expect(withImages.every((row) => row.images.split(",").every((image) => image.startsWith("upload/seed/")))).toBe(true);

    const sample = await db.selectFrom("goods").select(["goods_id", "evaluate"]).orderBy("evaluate", "desc").limit(3).execute();
    for (const goods of sample) {
      const counts = (await t.call<EvaluationCounts>("/api/goodsevaluate/getgoodsevaluate", { goods_id: goods.goods_id })).data;
      expect(counts.total).toBe(Number(goods.evaluate));
      expect(counts.haoping + counts.zhongping + counts.chaping).toBe(counts.total);
    }
  });

  it("is deterministic", () => {
    const goods = { goods_id: 7, goods_image: "/upload/seed/a.jpg,/upload/seed/b.jpg", create_time: 1_760_000_000 };
    const skus = [{ sku_id: 20, goods_id: 7, sku_name: "商品 红色", spec_name: "红色", price_cents: 9900, sku_image: "/upload/seed/a.jpg" }];
    expect(buildEvaluations(goods, skus)).toEqual(buildEvaluations(goods, skus));
  });
});
