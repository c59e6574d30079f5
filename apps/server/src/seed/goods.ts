import { cents, percentOfCents, type Cents } from "@shop/contract";
import type { NewRow } from "../db/schema.ts";
import type { Catalog, LeafPlan } from "./catalog.ts";
import { BASE_TIME, DAY, randomFor, type Random } from "./random.ts";
import { SpecIds, chooseSpecValues, combine, specFormatEntry, type ChosenValue } from "./specs.ts";
import { goodsContent } from "./goods-content.ts";

export interface GeneratedGoods {
  goods: NewRow<"goods">;
  skus: NewRow<"goods_sku">[];
  leaf: LeafPlan;
}

/** Some goods are sold without specs: a single SKU and an empty spec list. */
const SPECLESS_SHARE = 0.1;
const LABELS = ["", "", "", "", "新品", "热卖", "爆款", "精选"];
const SERVICE_SETS = ["1,2,3,4", "1,2,3", "1,2,4", "1,3,4"];

/**
 * Streams goods with their SKUs until exactly `totalSkus` SKUs exist. Goods go round-robin over
 * the level-1 categories and, inside each, over its leaves, so even a small seed fills every
 * level-1 category. Goods #n is generated from its own random stream: it is the same goods in
 * every seed size.
 */
export function* generateGoods(catalog: Catalog, totalSkus: number): Generator<GeneratedGoods> {
  const specIds = new SpecIds(catalog.leaves);
  let nextSkuId = 1;
  for (let index = 0; nextSkuId <= totalSkus; index += 1) {
    const top = catalog.tops[index % catalog.tops.length]!;
    const leaf = top.leaves[Math.floor(index / catalog.tops.length) % top.leaves.length]!;
    const generated = buildGoods(randomFor("goods", index), index + 1, nextSkuId, leaf, specIds, totalSkus - nextSkuId + 1);
    nextSkuId += generated.skus.length;
    yield generated;
  }
}

function buildGoods(random: Random, goodsId: number, firstSkuId: number, leaf: LeafPlan, specIds: SpecIds, skusLeft: number): GeneratedGoods {
  const brand = random.pick(leaf.brands);
  const noun = random.pick(leaf.nouns);
  const [sellingA, sellingB] = random.sample(leaf.kind.selling, 2);
  const goodsName = [brand.name, fillModel(random, random.pick(leaf.kind.models)), noun, sellingA].filter(Boolean).join(" ");
  const introduction = `${sellingA}，${sellingB}，${brand.name}官方正品`;
  const rotation = goodsId % leaf.pictures.length;
  const pictures = [...leaf.pictures.slice(rotation), ...leaf.pictures.slice(0, rotation)];
  const createTime = BASE_TIME - random.int(1, 365) * DAY - random.int(0, DAY - 1);
  const basePrice = randomPrice(random, leaf.price);

  const dimensions = random.chance(SPECLESS_SHARE) ? [] : chooseSpecValues(random, leaf.specs, specIds, skusLeft);
  const combos = combine(dimensions);
  const skus = combos.map((combo, position): NewRow<"goods_sku"> => {
    const priceCents = nicePriceCents(combo.reduce((price, value) => price * (1 + value.priceStep * value.rank), basePrice));
    const picture = pictures[firstDimensionPosition(combo, dimensions) % pictures.length] as string;
    const specName = combo.map((value) => value.spec_value_name).join(" ");
    return {
      sku_id: firstSkuId + position,
      goods_id: goodsId,
      sku_name: specName ? `${goodsName} ${specName}` : goodsName,
      sku_no: `SP${String(goodsId).padStart(6, "0")}${String(position + 1).padStart(2, "0")}`,
      sku_spec_format: JSON.stringify(combo.map(specFormatEntry)),
      spec_name: specName,
      price_cents: priceCents,
      market_price_cents: nicePriceCents((priceCents / 100) * (1.15 + random.next() * 0.4)),
      discount_price_cents: priceCents,
      stock: random.int(20, 999),
      sale_num: random.skewed(3000),
      sku_image: picture,
      sku_images: [picture, ...pictures.filter((other) => other !== picture)].join(","),
      weight: random.int(1, 50) * 100,
      is_default: position === 0 ? 1 : 0,
      create_time: createTime,
    };
  });
  const defaultSku = skus[0]!;
  const attrs = [{ attr_name: "品牌", attr_value_name: brand.name }, ...leaf.kind.attrs.map((attr) => ({ attr_name: attr.name, attr_value_name: random.pick(attr.values) }))];
  const saleNum = skus.reduce((sum, sku) => sum + (sku.sale_num ?? 0), 0);

  const goods: NewRow<"goods"> = {
    goods_id: goodsId,
    goods_name: goodsName,
    goods_class: 1,
    category_id: `,${leaf.path.join(",")},`,
    category_id_1: leaf.path[0],
    category_id_2: leaf.path[1],
    category_id_3: leaf.path[2],
    brand_id: brand.id,
    brand_name: brand.name,
    goods_image: pictures.join(","),
    goods_content: goodsContent({ goodsName, introduction, pictures, attrs }),
    goods_state: 1,
    is_delete: 0,
    price_cents: defaultSku.price_cents,
    market_price_cents: defaultSku.market_price_cents,
    cost_price_cents: percentOfCents(cents(defaultSku.price_cents), 60),
    sale_num: saleNum,
    is_free_shipping: random.chance(0.6) ? 1 : 0,
    // Member level discounts apply to the demo's goods (会员折扣 on).
    is_consume_discount: 1,
    introduction,
    keywords: [brand.name, leaf.name, noun].join(","),
    unit: leaf.kind.unit,
    goods_spec_format: JSON.stringify(goodsSpecFormat(dimensions, combos, firstSkuId, pictures)),
    goods_attr_format: JSON.stringify(attrs),
    goods_service_ids: random.pick(SERVICE_SETS),
    label_name: random.pick(LABELS),
    video_url: "",
    max_buy: random.chance(0.05) ? 5 : 0,
    min_buy: random.chance(0.03) ? 2 : 0,
    evaluate: random.skewed(800),
    collect_num: random.skewed(2000),
    click_num: saleNum * 3 + random.int(10, 5000),
    sort: 0,
    create_time: createTime,
    modify_time: createTime,
  };
  return { goods, skus, leaf };
}

/**
 * Niushop's goods_spec_format: each spec with its values; each value carries the sku_id reached by
 * choosing it while keeping the default SKU's other values, and first-dimension values their picture.
 */
function goodsSpecFormat(dimensions: ChosenValue[][], combos: ChosenValue[][], firstSkuId: number, pictures: string[]) {
  const defaults = combos[0] ?? [];
  return dimensions.map((values, dimension) => ({
    spec_id: values[0]!.spec_id,
    spec_name: values[0]!.spec_name,
    value: values.map((value, position) => {
      const wanted = defaults.map((current, index) => (index === dimension ? value : current));
      const skuIndex = combos.findIndex((combo) => combo.every((entry, index) => entry.spec_value_id === wanted[index]!.spec_value_id));
      return {
        ...specFormatEntry(value),
        sku_id: firstSkuId + Math.max(0, skuIndex),
        image: dimension === 0 ? (pictures[position % pictures.length] as string) : "",
      };
    }),
  }));
}

const firstDimensionPosition = (combo: ChosenValue[], dimensions: ChosenValue[][]) =>
  combo.length === 0 ? 0 : dimensions[0]!.findIndex((value) => value.spec_value_id === combo[0]!.spec_value_id);

/** Model names from patterns: {L} a capital letter, {n} a number. */
function fillModel(random: Random, pattern: string): string {
  return pattern.replace(/\{L\}/g, () => random.pick([..."ACDFGKMNPRSTVXZ"])).replace(/\{n\}/g, () => String(random.int(3, 90)));
}

/** A price in the range, spread evenly on a log scale (cheap and dear goods both common). */
function randomPrice(random: Random, [min, max]: [number, number]): number {
  return min * Math.pow(max / min, random.next());
}

/**
 * Shop-style prices in exact cents (9.90 / 39.90 / 299.00 / 2999.00) near a generated yuan amount;
 * the float only picks the magnitude, the price itself is built from whole numbers.
 */
export function nicePriceCents(yuan: number): Cents {
  if (yuan < 100) return cents(Math.floor(yuan) * 100 + 90);
  if (yuan < 1000) return cents((Math.floor(yuan / 10) * 10 + 9) * 100);
  return cents((Math.floor(yuan / 100) * 100 + 99) * 100);
}
