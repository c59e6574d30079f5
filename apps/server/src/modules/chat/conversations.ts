import { ChatContent, ChatSessionStatus, type ChatContentType, type StaffChatSession } from "@shop/contract/domains/chat";
import type { Row } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import type { StaffIdentity } from "../staff/tokens.ts";

/**
 * Conversations (chat_session): one per member with the platform, who answers it and what each
 * side has not read; and who may see one. A member sees only its own; a servicer the ones
 * assigned to it and the waiting ones (any servicer may take those); admins every one.
 */
export type SessionRow = Row<"chat_session">;

export const CONVERSATION_NOT_FOUND = "会话不存在";

export function findSession(db: Db, memberId: number): Promise<SessionRow | undefined> {
  return db.selectFrom("chat_session").selectAll().where("member_id", "=", memberId).executeTakeFirst();
}

/**
 * The member's conversation ready for a new message: created on the first one (waiting), reopened
 * as waiting when staff had closed it. Two first messages at once create one row (unique member_id).
 */
export async function openSession(tx: Db, memberId: number, at: number): Promise<SessionRow> {
  await tx
    .insertInto("chat_session")
    .values({ member_id: memberId, servicer_id: 0, status: ChatSessionStatus.WAITING, last_message: "", last_time: at, create_time: at, update_time: at })
    .onConflict((conflict) => conflict.column("member_id").doNothing())
    .execute();
  await tx
    .updateTable("chat_session")
    .set({ status: ChatSessionStatus.WAITING, servicer_id: 0, update_time: at })
    .where("member_id", "=", memberId)
    .where("status", "=", ChatSessionStatus.CLOSED)
    .execute();
  return (await findSession(tx, memberId))!;
}

/** Admins see and answer every conversation; other staff holding chat.serve theirs and the waiting ones. */
export const seesEveryConversation = (staff: Pick<StaffIdentity, "role">): boolean => staff.role === "admin";

export function staffMayRead(staff: Pick<StaffIdentity, "staff_id" | "role">, session: SessionRow): boolean {
  return seesEveryConversation(staff) || session.servicer_id === staff.staff_id || session.status === ChatSessionStatus.WAITING;
}

/** A member's conversation as this staff member may see it; another servicer's is "not found" too. */
export async function sessionForStaff(db: Db, staff: Pick<StaffIdentity, "staff_id" | "role">, memberId: number): Promise<SessionRow> {
  const session = await findSession(db, memberId);
  if (!session || !staffMayRead(staff, session)) return fail(CONVERSATION_NOT_FOUND);
  return session;
}

/** How the list shows the newest message. */
export function previewOf(contentType: ChatContentType, content: string): string {
  if (contentType === ChatContent.GOODS) return "[商品]";
  if (contentType === ChatContent.ORDER) return "[订单]";
  if (contentType === ChatContent.IMAGE) return "[图片]";
  return [...content].slice(0, 60).join("");
}

/** Conversations on the workbench, with the member's and the servicer's names; `online`: the members online now. */
export async function staffSessionViews(db: Db, rows: SessionRow[], online: ReadonlySet<number>): Promise<StaffChatSession[]> {
  if (rows.length === 0) return [];
  const members = await db
    .selectFrom("member")
    .select(["member_id", "nickname", "username", "headimg"])
    .where("member_id", "in", [...new Set(rows.map((row) => row.member_id))])
    .execute();
  const servicerIds = [...new Set(rows.map((row) => row.servicer_id).filter((id) => id > 0))];
  const servicers = servicerIds.length ? await db.selectFrom("staff").select(["staff_id", "nickname"]).where("staff_id", "in", servicerIds).execute() : [];
  const memberOf = new Map(members.map((member) => [member.member_id, member]));
  const servicerName = new Map(servicers.map((staff) => [staff.staff_id, staff.nickname]));
  return rows.map((row) => {
    const member = memberOf.get(row.member_id);
    return {
      session_id: row.session_id,
      member_id: row.member_id,
      nickname: member?.nickname || member?.username || `会员${row.member_id}`,
      headimg: member?.headimg ?? "",
      servicer_id: row.servicer_id,
      servicer_name: servicerName.get(row.servicer_id) ?? "",
      status: row.status as StaffChatSession["status"],
      unread: row.servicer_unread,
      online: online.has(row.member_id) ? 1 : 0,
      last_message: row.last_message,
      last_time: row.last_time,
    };
  });
}
