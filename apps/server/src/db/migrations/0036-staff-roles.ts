import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Staff roles as data (issue 23, modules/staff/groups.ts), after the reference's `group` table:
 * - staff_group: a role with its permission names joined by "," (menu_array); is_system = 1 is the
 *   管理员 role, which holds every permission and is neither edited nor deleted.
 * - staff.group_id: the role of each account; the accounts of before move to the role of their
 *   `role` (admin → 管理员, anything else → 客服).
 * - staff_log: indexes for the operation log's filters (newest first, by staff, by action).
 * The two rows are inserted in this order on an empty table, so 管理员 is group 1 and 客服 group 2.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("staff_group", {
    group_id: "id", group_name: "str", menu_array: "text", desc: "str", is_system: "int", create_time: "int", modify_time: "int",
  });
  await createIndex(db, "staff_group", ["group_name"], true);
  const created = Math.floor(Date.now() / 1000);
  const groups = db.withTables<{ staff_group: { group_name: string; menu_array: string; desc: string; is_system: number; create_time: number } }>();
  await groups.insertInto("staff_group").values({ group_name: "管理员", menu_array: "", desc: "拥有全部权限", is_system: 1, create_time: created }).execute();
  await groups.insertInto("staff_group").values({ group_name: "客服", menu_array: "order.view,chat.serve", desc: "在线客服与查看订单", is_system: 0, create_time: created }).execute();

  const integer = dialect === "postgres" ? "bigint" : "integer";
  await db.schema.alterTable("staff").addColumn("group_id", integer, (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE staff SET group_id = CASE WHEN role = 'admin' THEN 1 ELSE 2 END`.execute(db);
  await createIndex(db, "staff", ["group_id"]);

  await createIndex(db, "staff_log", ["create_time"]);
  await createIndex(db, "staff_log", ["staff_id", "create_time"]);
  await createIndex(db, "staff_log", ["action", "create_time"]);
}
