import { sql, type Kysely } from "kysely";
import type { FloorGoods } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import { yuan } from "../../core/money.ts";
import { goodsStockColumn } from "./goods-stock.ts";

/** The compact goods item of floors and recommendations, priced from the goods' default SKU. */
export type GoodsCard = FloorGoods;

interface GoodsCardRow {
  goods_id: number;
  goods_name: string;
  introduction: string;
  goods_image: string;
  goods_stock: number;
  sale_num: number;
  virtual_sale: number;
  sku_id: number;
  price_cents: number;
  market_price_cents: number;
  discount_price_cents: number;
}

const firstImage = (images: string) => images.split(",")[0]?.trim() ?? "";

const toGoodsCard = (row: GoodsCardRow): GoodsCard => ({
  goods_id: row.goods_id,
  sku_id: row.sku_id,
  goods_name: row.goods_name,
  introduction: row.introduction,
  goods_image: firstImage(row.goods_image),
  price: yuan(row.price_cents),
  market_price: yuan(row.market_price_cents),
  discount_price: yuan(row.discount_price_cents),
  goods_stock: Number(row.goods_stock),
  sale_num: row.sale_num + row.virtual_sale,
});

/**
 * Goods on sale (on shelf, not deleted) joined with their default SKU (`sku`): the one flagged
 * is_default, else the goods' first SKU; goods without any SKU cannot be sold and are absent.
 * Shared by every goods item that is priced from its default SKU (floors, the goods list).
 */
export function goodsWithDefaultSku(db: Kysely<DB>) {
  return db
    .selectFrom("goods")
    .innerJoin("goods_sku as sku", (join) =>
      join.onRef("sku.goods_id", "=", "goods.goods_id").on((eb) =>
        eb(
          "sku.sku_id",
          "=",
          eb
            .selectFrom("goods_sku as first_sku")
            .select("first_sku.sku_id")
            .whereRef("first_sku.goods_id", "=", "goods.goods_id")
            .orderBy("first_sku.is_default", "desc")
            .orderBy("first_sku.sku_id")
            .limit(1),
        ),
      ),
    )
    // Literals, not parameters: SQLite (STAT4) compiles a statement again on every run whose
    // parameters meet an analyzed index — ~0.1 ms for this one (sku-page-items.ts).
    .where("goods.goods_state", "=", sql.lit(1))
    .where("goods.is_delete", "=", sql.lit(0));
}

/** Goods on sale by id as cards, in one query (see goodsWithDefaultSku). */
export async function findGoodsCards(db: Kysely<DB>, goodsIds: number[]): Promise<Map<number, GoodsCard>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await goodsWithDefaultSku(db)
    .select([
      "goods.goods_id", "goods.goods_name", "goods.introduction", "goods.goods_image", goodsStockColumn,
      "goods.sale_num", "goods.virtual_sale", "sku.sku_id", "sku.price_cents", "sku.market_price_cents", "sku.discount_price_cents",
    ])
    .where("goods.goods_id", "in", [...new Set(goodsIds)])
    .execute();
  return new Map(rows.map((row) => [row.goods_id, toGoodsCard(row)]));
}
