import { ChatSessionStatus, FRAME_OF_CONTENT, PLATFORM_SHOP_ID, type ChatFrame, type ChatMessage } from "@shop/contract/domains/chat";
import type { Audience } from "./bus.ts";
import type { ChatHub } from "./hub.ts";
import { staffSessionViews, type SessionRow } from "./conversations.ts";
import { toChatMessages, type MessageRow } from "./message-view.ts";

/**
 * The frames that tell sockets what changed, addressed to whoever may see it: a conversation's
 * member, its servicer and the admins — or every servicer while it waits (any of them may take
 * it). Sent after the change is committed (store first, then deliver).
 */
export function sessionAudience(session: Pick<SessionRow, "status" | "servicer_id">): Audience {
  if (session.status === ChatSessionStatus.WAITING || session.servicer_id === 0) return { allServicers: true };
  return { servicers: [session.servicer_id], admins: true };
}

/** `connect` for a member: whether a servicer is there for it now. */
export const memberConnectFrame = (servicerId: number, online: boolean): ChatFrame => ({
  type: "connect",
  data: { shop_id: PLATFORM_SHOP_ID, servicer_id: servicerId, online: online ? 1 : 0 },
});

/** Messages of a conversation to its member and to the staff who see it; answers them as delivered. */
export async function announceMessages(hub: ChatHub, session: SessionRow, rows: MessageRow[]): Promise<ChatMessage[]> {
  const audience = { ...sessionAudience(session), members: [session.member_id] };
  const messages = await toChatMessages(hub.deps.db, rows);
  for (const message of messages) await hub.deliver(audience, { type: FRAME_OF_CONTENT[message.content_type], data: message } as ChatFrame);
  return messages;
}

/**
 * `session` frames for conversations as they are now (re-read: unread counts, last message).
 * `to` overrides the audience, e.g. every servicer when a waiting conversation was taken, so the
 * others drop it from their lists.
 */
export async function announceSessions(hub: ChatHub, sessionIds: number[], to?: Audience): Promise<SessionRow[]> {
  if (sessionIds.length === 0) return [];
  const { db } = hub.deps;
  const rows = await db.selectFrom("chat_session").selectAll().where("session_id", "in", sessionIds).execute();
  const online = await hub.online();
  for (const view of await staffSessionViews(db, rows, online.members)) {
    const row = rows.find((candidate) => candidate.session_id === view.session_id)!;
    await hub.deliver(to ?? sessionAudience(row), { type: "session", data: view });
  }
  return rows;
}

/** Conversations a servicer just got: every servicer learns who took them, each member that it is answered. */
export async function announceAssigned(hub: ChatHub, assigned: SessionRow[]): Promise<void> {
  await announceSessions(hub, assigned.map((row) => row.session_id), { allServicers: true });
  for (const row of assigned) await hub.deliver({ members: [row.member_id] }, memberConnectFrame(row.servicer_id, true));
}
