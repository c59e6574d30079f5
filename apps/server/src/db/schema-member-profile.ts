import type { Generated } from "kysely";

/** Tables of member profile and security (migration 0023). */
export interface MemberProfileTables {
  member_verify_ticket: MemberVerifyTicketTable;
}

/** A proof that a member's bound mobile received an SMS code (modules/member/verify-ticket.ts). */
export interface MemberVerifyTicketTable {
  id: Generated<number>;
  /** sha256 of the ticket, unique; the ticket itself is never stored */
  ticket_hash: string;
  member_id: number;
  /** what it may be spent on: mobile_old (change the mobile) | pay_password (reset it) */
  purpose: string;
  /** the mobile the code went to: the ticket is void once the member's mobile is another */
  mobile: string;
  expire_time: number;
  /** 1 once spent */
  used: number;
  create_time: number;
}
