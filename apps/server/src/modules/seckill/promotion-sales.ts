import type { Db } from "../../db/unit-of-work.ts";

/** What a promotion sold: its paid orders and their money (refunds not taken off). */
export interface PromotionSales {
  orderCount: number;
  orderMoneyCents: number;
}

const NONE: PromotionSales = { orderCount: 0, orderMoneyCents: 0 };

/**
 * The paid orders bought at each of these promotions (orders.promotion_type / promotion_id, set at
 * checkout: "seckill", "groupbuy" or "bundling"), for the staff lists' sales figures.
 */
export async function promotionSales(db: Db, promotionType: string, ids: readonly number[]): Promise<(id: number) => PromotionSales> {
  if (ids.length === 0) return () => NONE;
  const rows = await db
    .selectFrom("orders")
    .select((eb) => ["promotion_id", eb.fn.countAll<number>().as("order_count"), eb.fn.coalesce(eb.fn.sum<number>("pay_money_cents"), eb.lit(0)).as("order_money")])
    .where("promotion_type", "=", promotionType)
    .where("promotion_id", "in", [...new Set(ids)])
    .where("pay_status", "=", 1)
    .groupBy("promotion_id")
    .execute();
  const sales = new Map(rows.map((row) => [row.promotion_id, { orderCount: Number(row.order_count), orderMoneyCents: Number(row.order_money) }]));
  return (id) => sales.get(id) ?? NONE;
}
