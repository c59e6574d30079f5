import type { Kysely } from "kysely";
import type { DB, NewRow } from "../../db/schema.ts";
import { insertGoods } from "./test-fixtures.ts";

/** Test data of the SKU page's tests (not used by production code). */

const COLOR = { spec_id: 1, spec_name: "颜色" };
const SIZE = { spec_id: 2, spec_name: "尺码" };
const VALUES = {
  red: { ...COLOR, spec_value_id: 11, spec_value_name: "红色" },
  blue: { ...COLOR, spec_value_id: 12, spec_value_name: "蓝色" },
  small: { ...SIZE, spec_value_id: 21, spec_value_name: "S" },
  medium: { ...SIZE, spec_value_id: 22, spec_value_name: "M" },
};
type ValueName = keyof typeof VALUES;

export interface SpecGoods {
  goodsId: number;
  /** "red-small" → sku_id */
  sku: Record<string, number>;
}

/**
 * A T-shirt in 颜色 {红色, 蓝色} × 尺码 {S, M}. `combos` lists the SKUs that exist (all four by
 * default) with their stock; the stored goods_spec_format carries stale sku_ids on purpose.
 */
export async function insertSpecGoods(
  db: Kysely<DB>,
  options: { goods?: Partial<NewRow<"goods">>; combos?: Array<[ValueName, ValueName, number]> } = {},
): Promise<SpecGoods> {
  const combos = options.combos ?? [["red", "small", 10], ["red", "medium", 5], ["blue", "small", 8], ["blue", "medium", 3]];
  const goodsSpecFormat = [
    { ...COLOR, value: [{ ...VALUES.red, sku_id: 1, image: "/g/red.jpg" }, { ...VALUES.blue, sku_id: 1, image: "/g/blue.jpg" }] },
    { ...SIZE, value: [{ ...VALUES.small, sku_id: 1, image: "" }, { ...VALUES.medium, sku_id: 1, image: "" }] },
  ];
  const { goodsId, skuIds } = await insertGoods(db, "纯棉T恤", {
    goods: { goods_spec_format: JSON.stringify(goodsSpecFormat), ...options.goods },
    skus: combos.map(([color, size, stock], index) => ({
      sku_name: `纯棉T恤 ${VALUES[color].spec_value_name} ${VALUES[size].spec_value_name}`,
      spec_name: `${VALUES[color].spec_value_name} ${VALUES[size].spec_value_name}`,
      sku_spec_format: JSON.stringify([VALUES[color], VALUES[size]]),
      price_cents: 9900 + index * 1000,
      market_price_cents: 19900,
      discount_price_cents: 8900 + index * 1000,
      stock,
      is_default: index === 0 ? 1 : 0,
      sku_image: `/g/${color}.jpg`,
      sku_images: `/g/${color}.jpg,/g/back.jpg`,
    })),
  });
  return { goodsId, sku: Object.fromEntries(combos.map(([color, size], index) => [`${color}-${size}`, skuIds[index]!])) };
}

let evaluationCounter = 0;

/** One evaluation row; every column has a default. */
export async function insertEvaluation(db: Kysely<DB>, fields: Partial<NewRow<"goods_evaluate">> & { goods_id: number }): Promise<number> {
  evaluationCounter += 1;
  const row = await db
    .insertInto("goods_evaluate")
    .values({
      order_id: 0, order_no: "", order_goods_id: 0, sku_id: 0, sku_name: "", sku_price_cents: 0, sku_image: "",
      content: `评价 ${evaluationCounter}`, images: "", scores: 5, explain_type: 1, explain_first: "", member_id: 0,
      member_name: "买家", member_headimg: "/h/a.png", is_anonymous: 0, again_content: "", again_images: "", again_explain: "",
      again_time: 0, is_show: 1, create_time: 1_700_000_000 + evaluationCounter, ...fields,
    })
    .returning("evaluate_id")
    .executeTakeFirstOrThrow();
  return row.evaluate_id;
}
