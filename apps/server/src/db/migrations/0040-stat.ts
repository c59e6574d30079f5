import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex } from "./frozen/table-builder.ts";

/**
 * 概况 (issue 23, modules/stat): the figures are range reads on time columns, so each gets an index —
 * orders by pay_time (paid orders, GMV, the trend, the goods ranking), refunds by refund_time (money
 * sent back), and refunds by status for the to-do count. member.reg_time is indexed by 0038; the
 * other to-do counts use indexes of 0019, 0026, 0031 and 0039.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await createIndex(db, "orders", ["pay_time"]);
  await createIndex(db, "order_refund", ["refund_time"]);
  await createIndex(db, "order_refund", ["refund_status"]);
}
