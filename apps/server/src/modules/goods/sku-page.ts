import type { Kysely } from "kysely";
import type { GoodsSkuItem, Page } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { DialectName } from "../../db/connect.ts";
import { paginate } from "../../core/paging.ts";
import { yuan } from "../../core/money.ts";
import { goodsWithDefaultSku } from "./goods-card.ts";
import { goodsStockColumn } from "./goods-stock.ts";
import { FULL_PRICE_PERCENT, memberPriceCents } from "./detail-member-price.ts";
import { filteredGoods, orderGoods, type SkuPageBody } from "./sku-page-query.ts";

const EMPTY_PAGE: Page<GoodsSkuItem> = { page_count: 0, count: 0, list: [] };

/**
 * /api/goodssku/page: the page of goods ids is chosen on the goods table alone (filters, order,
 * count), then only those goods are read with their default SKU and priced for the shopper.
 */
export async function listGoodsSkus(
  db: Kysely<DB>,
  dialect: DialectName,
  body: SkuPageBody,
  discountPercent: number = FULL_PRICE_PERCENT,
): Promise<Page<GoodsSkuItem>> {
  const filtered = await filteredGoods(db, dialect, body);
  if (!filtered) return EMPTY_PAGE;
  const query = orderGoods(filtered.query.select("goods.goods_id"), filtered.search, body);
  const page = await paginate(db, query, body);
  const items = await loadListItems(db, page.list.map((row) => row.goods_id), discountPercent);
  return { ...page, list: items };
}

/** The items of these goods, in the ids' order (goods without a SKU are left out). */
async function loadListItems(db: Kysely<DB>, goodsIds: number[], discountPercent: number): Promise<GoodsSkuItem[]> {
  if (goodsIds.length === 0) return [];
  const rows = await goodsWithDefaultSku(db)
    .select([
      "goods.goods_id", "goods.goods_name", "goods.goods_image", goodsStockColumn, "goods.sale_num",
      "goods.is_free_shipping", "goods.introduction", "goods.unit", "goods.max_buy", "goods.min_buy", "goods.label_name",
      "goods.brand_id", "goods.brand_name", "sku.sku_id", "sku.sku_name", "sku.price_cents", "sku.market_price_cents",
      "sku.discount_price_cents", "sku.stock", "sku.sku_image",
    ])
    .where("goods.goods_id", "in", goodsIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.goods_id, row]));
  return goodsIds.flatMap((goodsId) => {
    const row = byId.get(goodsId);
    if (!row) return [];
    const { price_cents, market_price_cents, discount_price_cents, goods_stock, ...fields } = row;
    return [
      {
        ...fields,
        goods_stock: Number(goods_stock),
        price: yuan(price_cents),
        market_price: yuan(market_price_cents),
        discount_price: yuan(discount_price_cents),
        member_price: yuan(memberPriceCents(discount_price_cents, discountPercent)),
        promotion_type: 0,
      },
    ];
  });
}
