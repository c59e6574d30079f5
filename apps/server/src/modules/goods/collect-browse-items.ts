import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { yuan } from "../../core/money.ts";
import { fail } from "../../core/errors.ts";
import { goodsStockColumn } from "./goods-stock.ts";
import { FULL_PRICE_PERCENT, findMemberPricing, memberPriceCents } from "./detail-member-price.ts";

/**
 * What follows (collect) and footprints (browse) share: the goods a record points at, checked when
 * recording and shown with today's name, picture and price when listing.
 */

/** Columns of `goods` and of the record's SKU (`sku`, left-joined: it may have been deleted since). */
export const RECORD_GOODS_COLUMNS = [
  "goods.goods_name", "goods.goods_image", "goods.goods_state", goodsStockColumn,
  "goods.price_cents as goods_price_cents", "goods.market_price_cents as goods_market_price_cents",
  "sku.sku_name", "sku.sku_image", "sku.price_cents", "sku.market_price_cents", "sku.discount_price_cents", "sku.stock",
] as const;

export interface RecordGoodsRow {
  goods_id: number;
  sku_id: number;
  goods_name: string;
  goods_image: string;
  goods_state: number;
  /** of all its SKUs (goods-stock.ts) */
  goods_stock: number;
  goods_price_cents: number;
  goods_market_price_cents: number;
  sku_name: string | null;
  sku_image: string | null;
  price_cents: number | null;
  market_price_cents: number | null;
  discount_price_cents: number | null;
  stock: number | null;
}

/** The member's level discount (percent) for pricing a page of records: 100 without a level. */
export async function memberDiscountPercent(db: Kysely<DB>, memberId: number): Promise<number> {
  return (await findMemberPricing(db, memberId))?.consume_discount ?? FULL_PRICE_PERCENT;
}

/**
 * The wire fields of a record's goods; without its SKU, the goods' own picture and price.
 * `discountPercent`: the member's level discount, giving member_price (what the member pays now).
 */
export function toRecordGoods(row: RecordGoodsRow, discountPercent: number = FULL_PRICE_PERCENT) {
  const price = row.price_cents ?? row.goods_price_cents;
  const discountPrice = row.discount_price_cents ?? price;
  return {
    goods_id: row.goods_id,
    sku_id: row.sku_id,
    goods_name: row.goods_name,
    sku_name: row.sku_name ?? row.goods_name,
    sku_image: row.sku_image || (row.goods_image.split(",")[0] ?? ""),
    price: yuan(price),
    market_price: yuan(row.market_price_cents ?? row.goods_market_price_cents),
    discount_price: yuan(discountPrice),
    member_price: yuan(memberPriceCents(discountPrice, discountPercent)),
    stock: Number(row.stock ?? row.goods_stock),
    goods_state: row.goods_state,
  };
}

/**
 * The SKU to record for a goods on sale: the given one when it belongs to the goods, else the
 * goods' default SKU. -1 商品不存在 for goods missing, off shelf or deleted.
 */
export async function resolveRecordSku(db: Kysely<DB>, goodsId: number, skuId: number | undefined): Promise<number> {
  const sku = await db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .select("goods_sku.sku_id")
    .where("goods.goods_id", "=", goodsId)
    .where("goods.goods_state", "=", 1)
    .where("goods.is_delete", "=", 0)
    // The asked SKU first, then the default one.
    .orderBy((eb) => eb.case().when("goods_sku.sku_id", "=", skuId ?? 0).then(0).else(1).end())
    .orderBy("goods_sku.is_default", "desc")
    .orderBy("goods_sku.sku_id")
    .limit(1)
    .executeTakeFirst();
  return sku?.sku_id ?? fail("商品不存在或已下架");
}
