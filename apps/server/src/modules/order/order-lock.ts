import type { Db } from "../../db/unit-of-work.ts";

/**
 * The order's row lock (a no-op update, both dialects; SQLite's IMMEDIATE unit already holds the
 * one write lock), taken first by every unit of work that decides something from the order's lines
 * (refunds, receipt, verification): on PostgreSQL they then read the lines only after any other such
 * unit of the same order committed (ADR 0012). Lock order: orders → order_goods / goods_sku → member.
 */
export async function lockOrder(tx: Db, orderId: number): Promise<void> {
  await tx.updateTable("orders").set((eb) => ({ order_status: eb.ref("order_status") })).where("order_id", "=", orderId).execute();
}
