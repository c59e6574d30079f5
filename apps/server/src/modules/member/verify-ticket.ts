import crypto from "node:crypto";
import type { VerifyTicketResult } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";

/**
 * Step-by-step security forms: the first step proves the bound mobile by an SMS code (which is
 * consumed there), the last step makes the change. In between the member holds a ticket: random
 * (256 bits, only its hash stored), bound to the member, the purpose and that mobile, good for
 * TICKET_TTL_SECONDS and spent once, in the unit of work of the change.
 */
export type TicketPurpose = "mobile_old" | "pay_password";

export const TICKET_TTL_SECONDS = 600;
export const TICKET_INVALID = "验证已失效，请重新验证手机号";

const hashTicket = (ticket: string) => crypto.createHash("sha256").update(ticket).digest("hex");

export async function issueTicket(db: Db, memberId: number, purpose: TicketPurpose, mobile: string): Promise<VerifyTicketResult> {
  const at = now();
  // Spent and expired tickets are of no use after an hour: swept here (indexed by expire_time).
  await db.deleteFrom("member_verify_ticket").where("expire_time", "<", at - 3600).execute();
  const ticket = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("member_verify_ticket")
    .values({ ticket_hash: hashTicket(ticket), member_id: memberId, purpose, mobile, expire_time: at + TICKET_TTL_SECONDS, used: 0, create_time: at })
    .execute();
  return { ticket, expire_time: TICKET_TTL_SECONDS };
}

const liveTicket = (db: Db, memberId: number, purpose: TicketPurpose, ticket: string, mobile: string) =>
  db
    .selectFrom("member_verify_ticket")
    .select("id")
    .where("ticket_hash", "=", hashTicket(ticket))
    .where("member_id", "=", memberId)
    .where("purpose", "=", purpose)
    .where("mobile", "=", mobile)
    .where("used", "=", 0)
    .where("expire_time", ">", now());

/** Checks a ticket without spending it (before a later step consumes an SMS code for nothing). */
export async function expectTicket(db: Db, memberId: number, purpose: TicketPurpose, ticket: string, mobile: string): Promise<void> {
  if (!(await liveTicket(db, memberId, purpose, ticket, mobile).executeTakeFirst())) fail(TICKET_INVALID);
}

/** Spends a ticket (a conditional update: two changes racing with one ticket, one wins). Inside the change's unit of work. */
export async function spendTicket(tx: Db, memberId: number, purpose: TicketPurpose, ticket: string, mobile: string): Promise<void> {
  const row = await liveTicket(tx, memberId, purpose, ticket, mobile).executeTakeFirst();
  if (!row) return fail(TICKET_INVALID);
  const spent = await tx.updateTable("member_verify_ticket").set({ used: 1 }).where("id", "=", row.id).where("used", "=", 0).executeTakeFirst();
  if (affectedRows(spent) !== 1) fail(TICKET_INVALID);
}
