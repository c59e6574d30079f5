import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Member levels, growth and sign-in (issue 10, ADR 0016):
 * - member_growth_log: every change of a member's growth, once per (from_type, business_id);
 * - member_level_record: the levels a member reached, once each (so a level's gifts are given once);
 * - member_level_coupon: coupon types a level gives on upgrade;
 * - member_signin: one row per member and shop day (Asia/Shanghai), the unique key that makes
 *   concurrent sign-ins of one day give one record and one reward.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("member_growth_log", {
    id: "id", member_id: "int", growth: "int", growth_after: "int", from_type: "str", business_id: "str",
    type_name: "str", remark: "str", create_time: "int",
  });
  await createIndex(db, "member_growth_log", ["from_type", "business_id"], true);
  await createIndex(db, "member_growth_log", ["member_id", "id"]);

  await table("member_level_record", {
    id: "id", member_id: "int", level_id: "int", level_name: "str", growth: "int", create_time: "int",
  });
  await createIndex(db, "member_level_record", ["member_id", "level_id"], true);

  await table("member_level_coupon", { id: "id", level_id: "int", coupon_type_id: "int" });
  await createIndex(db, "member_level_coupon", ["level_id", "coupon_type_id"], true);

  await table("member_signin", {
    id: "id", member_id: "int", sign_date: "str", streak: "int", cycle_day: "int", point: "int", growth: "int",
    coupon_type_ids: "str", create_time: "int",
  });
  await createIndex(db, "member_signin", ["member_id", "sign_date"], true);
}
