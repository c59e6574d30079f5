import type { Cents } from "@shop/contract";
import type { DialectName } from "../../db/connect.ts";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { goodsChanged } from "./admin-change.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { purgeGoods } from "./goods-cache.ts";

/**
 * Catalog changes made by the shop (staff API today, the console later). Each is one unit of
 * work, and purges the cached pages and data of the goods it changed once it commits — the only
 * way a guest sees a new price or state before the caches expire.
 */

async function goodsOfSku(tx: Db, skuId: number): Promise<{ goods_id: number; is_default: number }> {
  const sku = await tx.selectFrom("goods_sku").select(["goods_id", "is_default"]).where("sku_id", "=", skuId).executeTakeFirst();
  return sku ?? fail("商品规格不存在");
}

/**
 * A SKU's price (and market price). Without promotions the discount price is the price. The
 * goods row keeps its default SKU's prices for lists, filters and sorts.
 */
export async function changeSkuPrice(db: Db, skuId: number, price: Cents, marketPrice?: Cents): Promise<{ goods_id: number }> {
  return unitOfWork(db, async (tx) => {
    const { goods_id, is_default } = await goodsOfSku(tx, skuId);
    const prices = { price_cents: price, discount_price_cents: price, ...(marketPrice !== undefined ? { market_price_cents: marketPrice } : {}) };
    expectAffected(await tx.updateTable("goods_sku").set(prices).where("sku_id", "=", skuId).executeTakeFirst(), 1, "商品规格不存在");
    if (is_default === 1) {
      await tx
        .updateTable("goods")
        .set({ price_cents: price, ...(marketPrice !== undefined ? { market_price_cents: marketPrice } : {}), modify_time: now() })
        .where("goods_id", "=", goods_id)
        .execute();
    }
    await purgeGoods(tx, [goods_id]);
    return { goods_id };
  });
}

/** A SKU's stock, set outright (a stocktake): sold-out and back-in-stock show at once. */
export async function setSkuStock(db: Db, skuId: number, stock: number): Promise<{ goods_id: number }> {
  return unitOfWork(db, async (tx) => {
    const { goods_id } = await goodsOfSku(tx, skuId);
    await tx.updateTable("goods_sku").set({ stock }).where("sku_id", "=", skuId).execute();
    await purgeGoods(tx, [goods_id]);
    return { goods_id };
  });
}

/** Puts goods on sale (1) or takes them off the shelf (0), in the caller's unit of work; the search index follows. */
export async function setGoodsState(tx: Db, dialect: DialectName, goodsIds: number[], state: 0 | 1): Promise<number[]> {
  const changed = await tx
    .updateTable("goods")
    .set({ goods_state: state, modify_time: now() })
    .where("goods_id", "in", goodsIds)
    .where("is_delete", "=", 0)
    .returning("goods_id")
    .execute();
  const ids = changed.map((row) => row.goods_id);
  await goodsChanged(tx, dialect, ids);
  return ids;
}

export interface SkuBatchChange {
  sku_id: number;
  price?: Cents;
  market_price?: Cents;
  cost_price?: Cents;
  stock?: number;
}

/**
 * Prices and stock of several SKUs at once (/shopapi/goods/editskus), in the caller's unit of
 * work: one unknown SKU refuses the whole batch. Goods follow their default SKU's prices.
 */
export async function changeSkus(tx: Db, changes: SkuBatchChange[]): Promise<number[]> {
  const goodsIds = new Set<number>();
  for (const change of changes) {
    const { goods_id, is_default } = await goodsOfSku(tx, change.sku_id);
    goodsIds.add(goods_id);
    const prices = {
      ...(change.price !== undefined ? { price_cents: change.price, discount_price_cents: change.price } : {}),
      ...(change.market_price !== undefined ? { market_price_cents: change.market_price } : {}),
      ...(change.cost_price !== undefined ? { cost_price_cents: change.cost_price } : {}),
    };
    const columns = { ...prices, ...(change.stock !== undefined ? { stock: change.stock } : {}) };
    if (Object.keys(columns).length === 0) continue;
    await tx.updateTable("goods_sku").set(columns).where("sku_id", "=", change.sku_id).execute();
    if (is_default === 1 && Object.keys(prices).length > 0) {
      const { discount_price_cents: _discount, ...goodsPrices } = prices;
      await tx.updateTable("goods").set({ ...goodsPrices, modify_time: now() }).where("goods_id", "=", goods_id).execute();
    }
  }
  await purgeGoods(tx, [...goodsIds]);
  return [...goodsIds];
}
