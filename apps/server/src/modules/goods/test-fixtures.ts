import type { Kysely } from "kysely";
import type { DB, NewRow } from "../../db/schema.ts";

/** Rows for tests that must not depend on the seed: each helper fills every column with a default. */

export async function insertCategory(
  db: Kysely<DB>,
  fields: Pick<NewRow<"goods_category">, "category_name"> & Partial<NewRow<"goods_category">>,
): Promise<number> {
  const parentPath = fields.pid
    ? (await db.selectFrom("goods_category").select("category_id_path").where("category_id", "=", fields.pid).executeTakeFirstOrThrow())
        .category_id_path
    : ",";
  const { category_id } = await db
    .insertInto("goods_category")
    .values({
      short_name: "", pid: 0, level: 1, category_id_path: "", category_full_name: fields.category_name, image: "",
      image_adv: "", link_url: "", icon: "", keywords: "", description: "", is_show: 1, sort: 0, ...fields,
    })
    .returning("category_id")
    .executeTakeFirstOrThrow();
  if (!fields.category_id_path) {
    await db.updateTable("goods_category").set({ category_id_path: `${parentPath}${category_id},` }).where("category_id", "=", category_id).execute();
  }
  return category_id;
}

/** The stock of a fixture SKU when the test says nothing about stock. */
export const DEFAULT_SKU_STOCK = 10;

/** `total` over `count` SKUs, the remainder to the first ones; DEFAULT_SKU_STOCK each without a total. */
function spreadStock(total: number | undefined, count: number): number[] {
  if (total === undefined) return Array.from({ length: count }, () => DEFAULT_SKU_STOCK);
  return Array.from({ length: count }, (_, index) => Math.floor(total / count) + (index < total % count ? 1 : 0));
}

export interface GoodsFixture {
  /**
   * Columns of the goods row, plus `goods_stock`: the goods' total stock, spread evenly over the
   * SKUs that do not set their own. Stock lives only on SKUs (ADR 0007); without it each such SKU
   * gets DEFAULT_SKU_STOCK.
   */
  goods?: Partial<NewRow<"goods">> & { goods_stock?: number };
  /** SKUs of the goods; one default SKU priced like the goods when omitted */
  skus?: Array<Partial<NewRow<"goods_sku">>>;
}

export async function insertGoods(db: Kysely<DB>, name: string, fixture: GoodsFixture = {}): Promise<{ goodsId: number; skuIds: number[] }> {
  const { goods_stock: totalStock, ...goodsColumns } = fixture.goods ?? {};
  const goods = {
    goods_name: name, goods_class: 1, category_id: ",", category_id_1: 0, category_id_2: 0, category_id_3: 0,
    brand_id: 0, brand_name: "", goods_image: "/upload/goods/a.jpg,/upload/goods/b.jpg", goods_content: "",
    goods_state: 1, is_delete: 0, price_cents: 9900, market_price_cents: 12900, cost_price_cents: 5000,
    sale_num: 3, is_free_shipping: 0, introduction: `${name} 简介`, keywords: "", unit: "件",
    goods_spec_format: "", goods_attr_format: "", goods_service_ids: "", label_name: "", video_url: "", max_buy: 0,
    min_buy: 0, evaluate: 0, collect_num: 0, click_num: 0, sort: 0, create_time: 1_700_000_000, modify_time: 1_700_000_000,
    is_consume_discount: 1,
    ...goodsColumns,
  };
  const { goods_id } = await db.insertInto("goods").values(goods).returning("goods_id").executeTakeFirstOrThrow();
  const skus = fixture.skus ?? [{ is_default: 1 }];
  const stocks = spreadStock(totalStock, skus.filter((sku) => sku.stock === undefined).length);
  const skuIds: number[] = [];
  for (const sku of skus) {
    const { sku_id } = await db
      .insertInto("goods_sku")
      .values({
        goods_id, sku_name: name, sku_no: "", sku_spec_format: "", spec_name: "", price_cents: goods.price_cents,
        market_price_cents: goods.market_price_cents, discount_price_cents: goods.price_cents, sale_num: 0, sku_image: "",
        sku_images: "", weight: 0, is_default: 0, create_time: goods.create_time, ...sku,
        stock: sku.stock ?? stocks.shift() ?? DEFAULT_SKU_STOCK,
      })
      .returning("sku_id")
      .executeTakeFirstOrThrow();
    skuIds.push(sku_id);
  }
  return { goodsId: goods_id, skuIds };
}

/** The first seeded default SKU of goods on sale with stock (tests that change one through the services). */
export function firstSaleableSku(db: Kysely<DB>) {
  return db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .select(["goods_sku.sku_id", "goods.goods_id", "goods.goods_name"])
    .where("goods.goods_state", "=", 1)
    .where("goods_sku.is_default", "=", 1)
    .where("goods_sku.stock", ">", 0)
    .orderBy("goods_sku.sku_id")
    .executeTakeFirstOrThrow();
}
