import type { Generated } from "kysely";

/**
 * The goods editor's columns (migration 0031, and 0034's stock_total) on the goods and goods_sku
 * tables of schema.ts, merged into their interfaces. It adds no table of its own.
 */
declare module "./schema.ts" {
  interface GoodsTable {
    /** freight template of express delivery (0 = none) */
    shipping_template: Generated<number>;
    /** "express,store,local" or "virtual"; "" on old rows = express */
    support_trade_type: Generated<string>;
    /** added to the real sales where shown */
    virtual_sale: Generated<number>;
    /** 1 = member level discounts apply */
    is_consume_discount: Generated<number>;
    label_id: Generated<number>;
    /** unix seconds of the timed on / off shelf, 0 = none (job goods.timer) */
    timer_on: Generated<number>;
    timer_off: Generated<number>;
    /** bumped by every edit (editgoods' version check) */
    version: Generated<number>;
    /** when it went to the recycle bin (is_delete = 1) */
    delete_time: Generated<number>;
    /**
     * The sum of the goods' SKU stock, kept by database triggers (migration 0034, ADR 0029) for the
     * back office's sort by stock. Read-only for the code: a write to it is undone.
     */
    stock_total: Generated<number>;
  }
  interface GoodsSkuTable {
    cost_price_cents: Generated<number>;
    /** listed under 库存预警 when stock <= stock_alarm (0 = never) */
    stock_alarm: Generated<number>;
    /** cubic centimetres */
    volume: Generated<number>;
  }
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no table of its own (columns only, above)
export interface GoodsAdminTables {}
