import { sql } from "kysely";
import { RefundStatus, type StatTodo } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { countUnreadConversations } from "../chat/unread-count.ts";
import { count } from "./totals.ts";

/** Refund statuses where the next step is the shop's: decide, send the money, or receive the goods sent back. */
export const REFUND_AWAITING_SHOP = [RefundStatus.APPLY, RefundStatus.CONFIRM, RefundStatus.WAIT_TAKEDELIVERY, RefundStatus.TAKEDELIVERY];

/** What awaits the shop now (/shopapi/index/todo); each count matches the console list it links to. */
export async function statTodo(db: Db): Promise<StatTodo> {
  const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ count: number | string }> }) => count((await query.executeTakeFirstOrThrow()).count);
  const [waitsend, refunds, evaluations, withdrawals, stockAlarms, chats] = await Promise.all([
    countOf(db.selectFrom("orders").select((eb) => eb.fn.countAll<number | string>().as("count")).where("order_status", "=", 1)),
    countOf(db.selectFrom("order_refund").select((eb) => eb.fn.countAll<number | string>().as("count")).where("refund_status", "in", REFUND_AWAITING_SHOP)),
    countOf(db.selectFrom("goods_evaluate").select((eb) => eb.fn.countAll<number | string>().as("count")).where("is_audit", "=", 0)),
    countOf(db.selectFrom("member_withdraw").select((eb) => eb.fn.countAll<number | string>().as("count")).where("status", "=", 0)),
    // Written as the partial index's predicate (migration 0031); goods in the recycle bin are not listed.
    countOf(
      db
        .selectFrom("goods_sku")
        .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where(sql<boolean>`goods_sku.stock_alarm > 0 AND goods_sku.stock <= goods_sku.stock_alarm`)
        .where("goods.is_delete", "=", 0),
    ),
    countUnreadConversations(db),
  ]);
  return {
    waitsend_count: waitsend,
    refund_count: refunds,
    evaluate_count: evaluations,
    withdraw_count: withdrawals,
    stock_alarm_count: stockAlarms,
    chat_unread_count: chats,
  };
}
