import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * The customer-service chat (modules/chat; ADR 0024).
 * - chat_session: one conversation per member with the platform's support; servicer_id 0 while it
 *   waits, status 0 waiting / 1 open / 2 closed; each side's unread count; the newest message.
 * - chat_message: every message, stored before it is delivered. `sender_id` with `type` names who
 *   sent it, and a sender's client_msg_id is unique, so a resend after a lost answer is stored once
 *   (NULLs, messages sent without one, never collide).
 * - member_upload.staff_id: staff pictures (chat) go through the same upload service; their rows
 *   have member_id 0 and the staff_id, so ownership checks tell members' and staff's apart.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  const integer = dialect === "postgres" ? "bigint" : "integer";

  await table("chat_session", {
    session_id: "id", member_id: "int", servicer_id: "int", status: "int", member_unread: "count", servicer_unread: "count",
    last_message: "str", last_time: "int", create_time: "int", update_time: "int",
  });
  await createIndex(db, "chat_session", ["member_id"], true);
  await createIndex(db, "chat_session", ["servicer_id", "status"]);
  await createIndex(db, "chat_session", ["status", "last_time"]);

  await table("chat_message", {
    id: "id", session_id: "int", member_id: "int", servicer_id: "int", type: "int", sender_id: "int", content_type: "int",
    content: "text", goods_sku_id: "int", order_id: "int", is_auto: "int", client_msg_id: "str?", create_time: "int",
  });
  await createIndex(db, "chat_message", ["member_id", "id"]);
  await createIndex(db, "chat_message", ["type", "sender_id", "client_msg_id"], true);

  await db.schema.alterTable("member_upload").addColumn("staff_id", integer, (column) => column.notNull().defaultTo(0)).execute();
  await createIndex(db, "member_upload", ["staff_id", "kind"]);
}
