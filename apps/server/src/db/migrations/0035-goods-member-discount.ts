import type { Kysely } from "kysely";

/**
 * 会员折扣 per goods (goods.is_consume_discount, migration 0031) now decides whether member level
 * discounts apply (modules/goods/detail-member-price.ts). Before, every goods gave them, whatever the
 * column said: the goods of a running shop keep giving them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ goods: { is_consume_discount: number } }>).updateTable("goods").set({ is_consume_discount: 1 }).execute();
}
