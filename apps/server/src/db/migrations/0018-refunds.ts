import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Refunds, returns and complaints (modules/refund, ADR 0012).
 * - order_refund: one row per refund asked for an order line (a line asks again after a refusal,
 *   a close or a partial refund: a new row). order_goods.refund_status mirrors the line's latest row.
 *   refund_no is unique: it is also the refund number the payment gateway gets, so a repeat refunds once.
 * - order_refund_log: the timeline of a refund (who, when, what, the status reached).
 * - order_complain: a buyer's complaint about a refused refund, unique per refund (once per refund).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("order_refund", {
    refund_id: "id", refund_no: "str", order_id: "int", order_goods_id: "int", member_id: "int",
    refund_type: "int", refund_status: "int", refund_reason: "str", refund_remark: "str", refund_images: "text",
    refund_apply_money_cents: "cents", refund_delivery_money_cents: "cents", refund_real_money_cents: "cents",
    refund_balance_money_cents: "cents", refund_pay_money_cents: "cents", refund_pay_status: "int", refund_point: "count",
    refund_refuse_reason: "str", shop_remark: "str", refund_address: "text",
    refund_delivery_name: "str", refund_delivery_no: "str", refund_delivery_remark: "str",
    create_time: "int", update_time: "int", refund_time: "int", auto_agree_time: "int", delivery_deadline: "int",
  });
  await createIndex(db, "order_refund", ["refund_no"], true);
  await createIndex(db, "order_refund", ["order_goods_id"]);
  await createIndex(db, "order_refund", ["order_id"]);
  await createIndex(db, "order_refund", ["member_id", "refund_status"]);

  await table("order_refund_log", {
    id: "id", refund_id: "int", order_goods_id: "int", refund_status: "int", action: "str", action_way: "int",
    actor_id: "int", actor_name: "str", remark: "str", action_time: "int",
  });
  await createIndex(db, "order_refund_log", ["refund_id"]);

  await table("order_complain", {
    complain_id: "id", refund_id: "int", order_goods_id: "int", order_id: "int", member_id: "int", complain_status: "int",
    complain_reason: "str", complain_remark: "text", complain_images: "text", handle_remark: "text", refund_agreed: "int",
    staff_id: "int", create_time: "int", handle_time: "int", cancel_time: "int",
  });
  await createIndex(db, "order_complain", ["refund_id"], true);
  await createIndex(db, "order_complain", ["member_id"]);
  await createIndex(db, "order_complain", ["complain_status"]);
}
