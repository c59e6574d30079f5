import { ChatSender, ChatSessionStatus, PLATFORM_SHOP_ID, PLATFORM_SHOP_NAME, type ChatMessage, type ChatSession } from "@shop/contract/domains/chat";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { getSiteInfo } from "../site/service.ts";
import { SOCKET_GONE, type ChatHub } from "./hub.ts";
import { spendSendBudget } from "./send-budget.ts";
import { findSession, openSession } from "./conversations.ts";
import { assignSession, leastBusy, servicerLoads } from "./assignment.ts";
import { checkContent, findResent, insertMessage, type ContentInput } from "./messages.ts";
import { autoReplyFor, keywordSettings } from "./settings.ts";
import { toChatMessages, type MessageRow } from "./message-view.ts";
import { announceAssigned, announceMessages, announceSessions } from "./announce.ts";

/**
 * The member's side of the chat (/servicer/api/chat/*; docs/api/chat.md): one conversation, with
 * the platform (shop id 0). Every call is scoped to the calling member: there is no id of another
 * conversation to name.
 */
export async function hasServicers(hub: ChatHub): Promise<{ online_count: number }> {
  return { online_count: (await hub.online()).servicers.size };
}

/** The servicer there for the member now: its conversation's, else the one a new message would go to (0: 客服不在线). */
async function servicerForMember(hub: ChatHub, memberId: number): Promise<{ servicer_id: number; online: 0 | 1 }> {
  const [session, online] = await Promise.all([findSession(hub.deps.db, memberId), hub.online()]);
  if (session?.status === ChatSessionStatus.OPEN && online.servicers.has(session.servicer_id)) return { servicer_id: session.servicer_id, online: 1 };
  const next = leastBusy(await servicerLoads(hub.deps.db, [...online.servicers]));
  return next === undefined ? { servicer_id: 0, online: 0 } : { servicer_id: next, online: 1 };
}

export async function memberSessions(hub: ChatHub, memberId: number): Promise<ChatSession[]> {
  const [session, site, servicer] = await Promise.all([findSession(hub.deps.db, memberId), getSiteInfo(hub.deps.db), servicerForMember(hub, memberId)]);
  return [{ shop_id: PLATFORM_SHOP_ID, shop_name: PLATFORM_SHOP_NAME, logo: site.logo_square || site.logo, unread: session?.member_unread ?? 0, ...servicer }];
}

/** Binds the dialog's socket (init's client_id): its waiting conversation is assigned, its servicer told. */
export async function bindMember(hub: ChatHub, memberId: number, clientId: string): Promise<{ servicer_id: number; online: 0 | 1 }> {
  if ((await hub.bind(clientId, "member", memberId)) === "refused") fail(SOCKET_GONE);
  return servicerForMember(hub, memberId);
}

export async function memberBye(hub: ChatHub, memberId: number): Promise<null> {
  await hub.bye(memberId);
  return null;
}

export async function memberSetRead(hub: ChatHub, memberId: number): Promise<null> {
  await hub.deps.db.updateTable("chat_session").set({ member_unread: 0 }).where("member_id", "=", memberId).where("member_unread", ">", 0).execute();
  return null;
}

export interface MemberSay extends ContentInput {
  client_msg_id?: string;
}

/**
 * A member's message: checked, stored with the conversation's update (created or reopened, and
 * assigned to the least busy online servicer when it waits) and the keyword auto reply in one unit
 * of work, then delivered. A resend with the same client_msg_id answers the stored message.
 */
export async function memberSay(hub: ChatHub, memberId: number, input: MemberSay): Promise<ChatMessage> {
  const { db } = hub.deps;
  const resent = await findResent(db, ChatSender.MEMBER, memberId, input.client_msg_id);
  if (resent) return (await toChatMessages(db, [resent]))[0]!;
  spendSendBudget(hub.sendBudget, `member:${memberId}`);
  const content = await checkContent(db, input, memberId, { memberId });
  const keywords = content.content_type === 0 ? await keywordSettings(db) : undefined;
  const autoReply = keywords && autoReplyFor(keywords, content.content);
  const session = await findSession(db, memberId);
  const servicers = session?.status === ChatSessionStatus.OPEN ? [] : [...(await hub.online()).servicers];

  let stored: { session: Awaited<ReturnType<typeof openSession>>; rows: MessageRow[]; assigned: boolean };
  try {
    stored = await unitOfWork(db, async (tx) => {
      const at = now();
      const opened = await openSession(tx, memberId, at);
      const current = await assignSession(tx, opened, servicers, at);
      const rows = [await insertMessage(tx, current, { ...content, type: ChatSender.MEMBER, sender_id: memberId, client_msg_id: input.client_msg_id }, at)];
      if (autoReply) rows.push(await insertMessage(tx, current, { ...content, content_type: 0, content: autoReply, type: ChatSender.SERVICER, sender_id: 0, is_auto: true }, at));
      return { session: current, rows, assigned: opened.status !== current.status };
    });
  } catch (error) {
    // The same resend raced this one to the unique index: answer the stored message.
    const raced = isUniqueViolation(error) ? await findResent(db, ChatSender.MEMBER, memberId, input.client_msg_id) : undefined;
    if (!raced) throw error;
    return (await toChatMessages(db, [raced]))[0]!;
  }

  const [message] = await announceMessages(hub, stored.session, stored.rows);
  if (stored.assigned) await announceAssigned(hub, [stored.session]);
  else await announceSessions(hub, [stored.session.session_id]);
  return message!;
}
