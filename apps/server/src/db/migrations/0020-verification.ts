import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Verifiers and verification records (modules/verify), and the validity of virtual goods.
 * - verifier: a member staff granted the role (one row per member).
 * - verify_record: one row per used code; unique per order, so a code cannot be used twice even if
 *   two units of work got past the order's status check (the status update is the first guard).
 * - goods.virtual_indate: days a virtual goods' code stays valid after payment, 0 = never expires.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);

  await table("verifier", {
    verifier_id: "id", member_id: "int", verifier_name: "str", staff_id: "int", create_time: "int", modify_time: "int",
  });
  await createIndex(db, "verifier", ["member_id"], true);

  await table("verify_record", {
    id: "id", verify_code: "str", verify_type: "str", verify_type_name: "str", order_id: "int", order_no: "str",
    buyer_member_id: "int", verifier_type: "str", verifier_id: "int", verifier_member_id: "int", staff_id: "int",
    verifier_name: "str", store_id: "int", store_name: "str", verify_content_json: "text", expire_time: "int", verify_time: "int",
  });
  await createIndex(db, "verify_record", ["order_id"], true);
  await createIndex(db, "verify_record", ["verifier_member_id", "verify_time"]);

  // Codes are looked up by verifiers typing them; 12 random digits, "" for orders without one.
  await createIndex(db, "orders", ["verify_code"]);

  await db.schema.alterTable("goods").addColumn("virtual_indate", "integer", (column) => column.notNull().defaultTo(0)).execute();
}
