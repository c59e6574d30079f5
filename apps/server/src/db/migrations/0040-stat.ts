import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex } from "./frozen/table-builder.ts";

/**
 * 概况 (issue 23, modules/stat): the figures are range reads on time columns, so each gets an index
 * that also holds the columns summed, so the sums read no table rows (timed by modules/stat/stat-bench.ts):
 * - orders by pay_time: paid orders, GMV, paying members, pieces, the trend;
 * - order_goods by order_id with what the goods ranking sums (the lines of the orders found above);
 * - order_refund by refund_time (money sent back), and by status for the to-do count.
 * member.reg_time is indexed by 0038; the other to-do counts use indexes of 0019, 0026, 0031 and 0039.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const index = (name: string, table: string, columns: string[]) => db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  await index("idx_orders_stat_paid", "orders", ["pay_time", "order_money_cents", "goods_num", "member_id"]);
  await index("idx_order_goods_stat_lines", "order_goods", ["order_id", "refund_status", "goods_id", "num", "real_goods_money_cents"]);
  await index("idx_order_refund_stat_refunded", "order_refund", ["refund_time", "refund_real_money_cents"]);
  await createIndex(db, "order_refund", ["refund_status"]);
}
