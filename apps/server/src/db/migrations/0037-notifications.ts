import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Notifications (issue 23, ADR 0030): the shop's SMS templates (a row once staff changed one; the
 * defaults live in code), the buyer's messages (one row per event and template: send_key is
 * unique, so a message is never sent twice), and the staff console's notices with who read them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const createTable = tableBuilder(db, dialect);
  await createTable("notify_template", { keywords: "key", is_open: "int", content: "text", update_time: "int" });
  await createTable("notify_sms_log", {
    id: "id", send_key: "str", keywords: "str", member_id: "int", mobile: "str", content: "text", status: "str", attempts: "int",
    error: "text", create_time: "int", send_time: "int",
  });
  await createIndex(db, "notify_sms_log", ["send_key"], true);
  await createIndex(db, "notify_sms_log", ["create_time"]);
  await createTable("staff_notice", {
    id: "id", notice_key: "str", kind: "str", permission: "str", title: "str", content: "str", link: "str", create_time: "int",
  });
  await createIndex(db, "staff_notice", ["notice_key"], true);
  await createTable("staff_notice_read", { notice_id: "int", staff_id: "int", read_time: "int" });
  await createIndex(db, "staff_notice_read", ["staff_id", "notice_id"], true);
}
