import type { Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex, tableBuilder } from "./frozen/table-builder.ts";

/**
 * Member profile and security (issue 10). A verify ticket proves that the member's bound mobile
 * received an SMS code a few minutes ago (modules/member/verify-ticket.ts): the first step of
 * changing the mobile or resetting the pay password hands one out, the last step spends it.
 * Only the ticket's sha256 is stored; it is bound to the member, the purpose and the mobile.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = tableBuilder(db, dialect);
  await table("member_verify_ticket", {
    id: "id", ticket_hash: "str", member_id: "int", purpose: "str", mobile: "str", expire_time: "int", used: "int", create_time: "int",
  });
  await createIndex(db, "member_verify_ticket", ["ticket_hash"], true);
  await createIndex(db, "member_verify_ticket", ["expire_time"]);
}
