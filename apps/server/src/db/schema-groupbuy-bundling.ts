import type { Generated } from "kysely";

/** Tables of group buys and combo packages (migration 0029, modules/groupbuy, modules/bundling, ADR 0022). */
export interface GroupbuyBundlingTables {
  promotion_groupbuy: PromotionGroupbuyTable;
  promotion_groupbuy_sku: PromotionGroupbuySkuTable;
  promotion_bundling: PromotionBundlingTable;
  promotion_bundling_goods: PromotionBundlingGoodsTable;
}

/** A group buy of one goods: its prices per SKU, its times and the least quantity per order. */
export interface PromotionGroupbuyTable {
  groupbuy_id: Generated<number>;
  groupbuy_name: string;
  goods_id: number;
  /** the least units one order buys (≥ 1) */
  buy_num: number;
  /** sold from start_time until (not including) end_time, unix seconds */
  start_time: number;
  end_time: number;
  /** units sold (raised by an order, lowered when it closes unpaid) */
  sell_num: Generated<number>;
  /** 1 on, -1 closed by staff */
  status: number;
  create_time: number;
  update_time: number;
}

/** The group-buy price of one SKU. */
export interface PromotionGroupbuySkuTable {
  id: Generated<number>;
  groupbuy_id: number;
  goods_id: number;
  sku_id: number;
  groupbuy_price_cents: number;
}

/** A combo package (组合套餐) at one price. */
export interface PromotionBundlingTable {
  bl_id: Generated<number>;
  bl_name: string;
  /** the price of one package */
  bl_price_cents: number;
  start_time: number;
  end_time: number;
  /** packages sold */
  sell_num: Generated<number>;
  /** 1 on, -1 closed by staff */
  status: number;
  create_time: number;
  update_time: number;
}

/** One goods of a package and how many of it one package holds. */
export interface PromotionBundlingGoodsTable {
  id: Generated<number>;
  bl_id: number;
  goods_id: number;
  num: number;
  sort: number;
}
