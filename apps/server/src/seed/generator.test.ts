import { describe, expect, it } from "vitest";
import { buildCatalog } from "./catalog.ts";
import { generateGoods, nicePriceCents, type GeneratedGoods } from "./goods.ts";
import { SeedImages } from "./images.ts";
import { pinyinInitial } from "./pinyin-initial.ts";
import { Random, randomFor } from "./random.ts";

const generate = (skus: number): GeneratedGoods[] => [...generateGoods(buildCatalog(new SeedImages(), 2), skus)];

describe("goods generator", () => {
  it("makes exactly the requested number of SKUs, with sequential ids", () => {
    for (const skus of [50, 777, 5000]) {
      const all = generate(skus).flatMap((item) => item.skus);
      expect(all).toHaveLength(skus);
      expect(all.map((sku) => sku.sku_id)).toEqual(Array.from({ length: skus }, (_, index) => index + 1));
    }
  });

  it("gives goods #n the same data in every seed size (only the last, trimmed goods may differ)", () => {
    const small = generate(300);
    const large = generate(3000);
    for (const item of small.slice(0, -1)) expect(large[Number(item.goods.goods_id) - 1]).toEqual(item);
  });

  it("links every spec value to the SKU reached by switching to it from the default SKU", () => {
    for (const { goods, skus } of generate(2000)) {
      type Value = { spec_value_id: number; sku_id: number };
      const specs = JSON.parse(goods.goods_spec_format as string) as Array<{ value: Value[] }>;
      const valuesOf = (skuId: number) =>
        (JSON.parse(skus.find((sku) => sku.sku_id === skuId)!.sku_spec_format as string) as Value[]).map((value) => value.spec_value_id);
      const defaults = valuesOf(skus[0]!.sku_id as number);
      specs.forEach((spec, dimension) => {
        for (const value of spec.value) {
          const expected = defaults.map((id, index) => (index === dimension ? value.spec_value_id : id));
          expect(valuesOf(value.sku_id)).toEqual(expected);
        }
      });
    }
  });

  it("names goods after brand and product, in the goods' leaf category", () => {
    const catalog = buildCatalog(new SeedImages(), 1);
    for (const { goods, leaf } of generateGoods(catalog, 3000)) {
      expect(goods.goods_name).toContain(goods.brand_name as string);
      expect(leaf.nouns.some((noun) => (goods.goods_name as string).includes(noun))).toBe(true);
      expect(goods.category_id_3).toBe(leaf.id);
    }
  });
});

describe("helpers", () => {
  it("Random is reproducible and stays in range", () => {
    const a = new Random(42);
    const b = new Random(42);
    const values = Array.from({ length: 100 }, () => a.int(1, 6));
    expect(values).toEqual(Array.from({ length: 100 }, () => b.int(1, 6)));
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(6);
    expect(randomFor("goods", 7).next()).toBe(randomFor("goods", 7).next());
    expect(randomFor("goods", 7).next()).not.toBe(randomFor("goods", 8).next());
  });

  it("formats shop-style prices", () => {
    expect([9.42, 39.5, 312.7, 2950].map(nicePriceCents)).toEqual([990, 3990, 31900, 299900]);
  });

  it("finds brand initials", () => {
    expect(["华为", "小米", "荣耀", "长虹", "OPPO", "vivo", "360", "70迈", "三只松鼠"].map(pinyinInitial)).toEqual(["H", "X", "R", "C", "O", "V", "S", "Q", "S"]);
  });
});
