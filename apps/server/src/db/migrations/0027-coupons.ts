import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Coupons (modules/coupon, ADR 0019).
 * - coupon_type: what a coupon is worth (满减 money off above a threshold, 折扣 a discount with a cap),
 *   on what (all goods, chosen goods or categories), for how long (fixed dates or N days after
 *   receipt), how many exist (total_count, 0 = unlimited; lead_count taken by conditional update,
 *   never above the total) and how many one member may hold (max_fetch, 0 = unlimited).
 * - coupon_type_scope: the goods or categories of a type that is not for all goods.
 * - coupon: one member's coupon; state 1 unused → 2 used (use_order_id) and back when the order is
 *   closed unpaid or refunded whole. Expired is not stored: an unused coupon whose end_time passed.
 * - coupon_grant: one row per reward event (registration, recharge, sign-in…), unique on
 *   (from_type, business_id), so a retried event never gives its coupons twice.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("coupon_type", {
    coupon_type_id: "id", coupon_name: "str", type: "str", money_cents: "cents", discount_percent: "int", discount_limit_cents: "cents",
    at_least_cents: "cents", goods_type: "int", validity_type: "int", start_time: "int", end_time: "int", fixed_term: "int",
    max_fetch: "int", total_count: "int", lead_count: "count", is_show: "int", status: "int", sort: "int",
    create_time: "int", update_time: "int",
  });
  await createIndex(db, "coupon_type", ["status", "is_show"]);

  await table("coupon_type_scope", { id: "id", coupon_type_id: "int", goods_id: "int", category_id: "int" });
  await createIndex(db, "coupon_type_scope", ["coupon_type_id"]);
  await createIndex(db, "coupon_type_scope", ["goods_id"]);
  await createIndex(db, "coupon_type_scope", ["category_id"]);

  await table("coupon", {
    coupon_id: "id", coupon_type_id: "int", member_id: "int", state: "int", get_type: "str", grant_id: "int",
    fetch_time: "int", start_time: "int", end_time: "int", use_time: "int", use_order_id: "int",
  });
  await createIndex(db, "coupon", ["member_id", "state", "end_time"]);
  await createIndex(db, "coupon", ["coupon_type_id", "member_id"]);
  await createIndex(db, "coupon", ["use_order_id"]);

  await table("coupon_grant", { grant_id: "id", member_id: "int", from_type: "str", business_id: "str", create_time: "int" });
  await createIndex(db, "coupon_grant", ["from_type", "business_id"], true);
}
