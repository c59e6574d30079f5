import type { Generated } from "kysely";

/** Tables of seckill (migration 0028, modules/seckill, ADR 0021). */
export interface SeckillTables {
  promotion_seckill_time: SeckillTimeTable;
  promotion_seckill: SeckillTable;
  promotion_seckill_slot: SeckillSlotTable;
  promotion_seckill_sku: SeckillSkuTable;
  promotion_seckill_member: SeckillMemberTable;
}

/** A slot (场次) of every day: seconds since midnight, shop clock, [start, end). */
export interface SeckillTimeTable {
  id: Generated<number>;
  name: string;
  seckill_start_time: number;
  seckill_end_time: number;
  /** 1 shown; 0 hidden by staff */
  status: number;
  sort: number;
  create_time: number;
  update_time: number;
}

/** One goods on seckill in some slots, every day from start_time to end_time. */
export interface SeckillTable {
  seckill_id: Generated<number>;
  seckill_name: string;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  /** unix seconds: the first and last moment it may run (its slots decide the hours) */
  start_time: number;
  end_time: number;
  /** units one member may hold in unpaid and paid orders, 0 = no limit */
  max_buy: number;
  /** 1 on, -1 closed by staff */
  status: number;
  remark: string;
  create_time: number;
  update_time: number;
}

export interface SeckillSlotTable {
  id: Generated<number>;
  seckill_id: number;
  time_id: number;
}

/** A SKU of a seckill: its price, the pool left and what sold. */
export interface SeckillSkuTable {
  id: Generated<number>;
  seckill_id: number;
  goods_id: number;
  sku_id: number;
  seckill_price_cents: number;
  /** the pool left (never below 0: taken by conditional update) */
  stock: number;
  /** units in unpaid and paid orders */
  sale_num: number;
}

/** The units one member holds in a seckill's unpaid and paid orders. */
export interface SeckillMemberTable {
  id: Generated<number>;
  seckill_id: number;
  member_id: number;
  num: number;
  update_time: number;
}
