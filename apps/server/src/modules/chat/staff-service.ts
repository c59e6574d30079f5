import type { Page } from "@shop/contract/codes";
import { ChatSender, ChatSessionStatus, type ChatDialogPage, type ChatMessage, type StaffChatSession, type StaffServicerState } from "@shop/contract/domains/chat";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { paginate } from "../../core/paging.ts";
import { staffIdentity, staffWithRole, type StaffIdentity } from "../staff/tokens.ts";
import { hasPermission } from "../staff/permissions.ts";
import { SOCKET_GONE, type ChatHub } from "./hub.ts";
import { spendSendBudget } from "./send-budget.ts";
import { CONVERSATION_NOT_FOUND, findSession, seesEveryConversation, sessionForStaff, staffMayRead, staffSessionViews } from "./conversations.ts";
import { servicerLoads, takeWaiting } from "./assignment.ts";
import { checkContent, findResent, insertMessage, type ContentInput } from "./messages.ts";
import { toChatMessages } from "./message-view.ts";
import { historyPage, type HistoryRequest } from "./history.ts";
import { announceAssigned, announceMessages, announceSessions, sessionAudience } from "./announce.ts";
import { servicerWentOffline } from "./reactions.ts";

/**
 * The workbench's side (/shopapi/chat/*, permission chat.serve; docs/api/chat.md). A servicer
 * reads and answers the conversations assigned to it and the waiting ones (answering takes one);
 * admins every conversation. Another servicer's conversation is "not found", like a missing one.
 */
export const CHAT_STAFF_MESSAGES = {
  closed: "会话已结束，会员再次发来消息后可继续回复",
  reusedClientId: "消息编号重复",
};

type Staff = Pick<StaffIdentity, "staff_id" | "role" | "nickname">;

/** `boundElsewhere`: a bind just sent to the socket's instance, which may not have taken it yet — the servicer is online by it. */
async function servicerState(hub: ChatHub, staff: Staff, boundElsewhere = false): Promise<StaffServicerState> {
  const [online, loads] = await Promise.all([hub.online(), servicerLoads(hub.deps.db, [staff.staff_id])]);
  const isOnline = boundElsewhere || online.servicers.has(staff.staff_id);
  return { servicer_id: staff.staff_id, nickname: staff.nickname, online: isOnline ? 1 : 0, open_sessions: loads.get(staff.staff_id) ?? 0 };
}

/** Binds the workbench's socket: the servicer is online and takes its share of the waiting conversations. */
export async function bindServicer(hub: ChatHub, staff: Staff, clientId: string): Promise<StaffServicerState> {
  const bound = await hub.bind(clientId, "servicer", staff.staff_id);
  if (bound === "refused") fail(SOCKET_GONE);
  return servicerState(hub, staff, bound === "elsewhere");
}

/** Online 1 / offline 0 for every socket of the servicer; offline hands its open conversations back. */
export async function setServicerOnline(hub: ChatHub, staff: Staff, online: boolean): Promise<StaffServicerState> {
  await hub.setServing(staff.staff_id, online);
  if (!online) await servicerWentOffline(hub, staff.staff_id);
  return servicerState(hub, staff);
}

/** The servicers and their load: admins all of them, a servicer itself. */
export async function servicerStates(hub: ChatHub, staff: Staff): Promise<StaffServicerState[]> {
  if (!seesEveryConversation(staff)) return [await servicerState(hub, staff)];
  // Whoever's role (staff_group) holds chat.serve now — not the legacy role column.
  const rows = await staffWithRole(hub.deps.db).where("staff.status", "=", 1).orderBy("staff.staff_id").execute();
  const servicers = rows.map(staffIdentity).filter((row) => hasPermission(row, "chat.serve"));
  const [online, loads] = await Promise.all([hub.online(), servicerLoads(hub.deps.db, servicers.map((row) => row.staff_id))]);
  return servicers.map((row) => ({
    servicer_id: row.staff_id, nickname: row.nickname, online: online.servicers.has(row.staff_id) ? 1 : 0, open_sessions: loads.get(row.staff_id) ?? 0,
  }));
}

export async function staffSessions(hub: ChatHub, staff: Staff, request: { page: number; page_size: number; status?: number }): Promise<Page<StaffChatSession>> {
  const { db } = hub.deps;
  let query = db.selectFrom("chat_session").selectAll();
  if (!seesEveryConversation(staff)) {
    query = query.where((eb) => eb.or([eb("servicer_id", "=", staff.staff_id), eb("status", "=", ChatSessionStatus.WAITING)]));
  }
  if (request.status !== undefined) query = query.where("status", "=", request.status);
  const page = await paginate(db, query.orderBy("last_time", "desc").orderBy("session_id", "desc"), { page: request.page, page_size: request.page_size });
  const online = await hub.online();
  return { ...page, list: await staffSessionViews(db, page.list, online.members) };
}

export async function staffDialogs(hub: ChatHub, staff: Staff, memberId: number, request: HistoryRequest): Promise<ChatDialogPage> {
  await sessionForStaff(hub.deps.db, staff, memberId);
  return historyPage(hub.deps.db, memberId, request);
}

export interface StaffAnswer extends ContentInput {
  member_id: number;
  client_msg_id?: string;
}

/** A servicer's answer: stored with the conversation's update (a waiting one is taken), then delivered. */
export async function staffAnswer(hub: ChatHub, staff: Staff, input: StaffAnswer): Promise<ChatMessage> {
  const { db } = hub.deps;
  const resent = await findResent(db, ChatSender.SERVICER, staff.staff_id, input.client_msg_id);
  if (resent && resent.member_id !== input.member_id) fail(CHAT_STAFF_MESSAGES.reusedClientId);
  if (resent) return (await toChatMessages(db, [resent]))[0]!;
  spendSendBudget(hub.sendBudget, `staff:${staff.staff_id}`);
  const before = await sessionForStaff(db, staff, input.member_id);
  if (before.status === ChatSessionStatus.CLOSED) fail(CHAT_STAFF_MESSAGES.closed);
  const content = await checkContent(db, input, input.member_id, { staffId: staff.staff_id });

  let stored;
  try {
    stored = await unitOfWork(db, async (tx) => {
      const at = now();
      let session = (await findSession(tx, input.member_id))!;
      const took = session.status === ChatSessionStatus.WAITING && (await takeWaiting(tx, session.session_id, staff.staff_id, at));
      if (took) session = { ...session, servicer_id: staff.staff_id, status: ChatSessionStatus.OPEN };
      else session = (await findSession(tx, input.member_id))!;
      // Taken by another servicer or closed in the meantime.
      if (!staffMayRead(staff, session) || session.status === ChatSessionStatus.WAITING) fail(CONVERSATION_NOT_FOUND);
      if (session.status === ChatSessionStatus.CLOSED) fail(CHAT_STAFF_MESSAGES.closed);
      const row = await insertMessage(tx, session, { ...content, type: ChatSender.SERVICER, sender_id: staff.staff_id, client_msg_id: input.client_msg_id }, at);
      return { session, row, took };
    });
  } catch (error) {
    const raced = isUniqueViolation(error) ? await findResent(db, ChatSender.SERVICER, staff.staff_id, input.client_msg_id) : undefined;
    if (!raced) throw error;
    return (await toChatMessages(db, [raced]))[0]!;
  }
  const [message] = await announceMessages(hub, stored.session, [stored.row]);
  if (stored.took) await announceAssigned(hub, [stored.session]);
  else await announceSessions(hub, [stored.session.session_id]);
  return message!;
}

export async function staffSetRead(hub: ChatHub, staff: Staff, memberId: number): Promise<null> {
  const session = await sessionForStaff(hub.deps.db, staff, memberId);
  if (session.servicer_unread === 0) return null;
  await hub.deps.db.updateTable("chat_session").set({ servicer_unread: 0 }).where("session_id", "=", session.session_id).execute();
  await announceSessions(hub, [session.session_id], sessionAudience(session));
  return null;
}

/** Closes a conversation: the member's dialog gets `close`; the member's next message reopens it. */
export async function staffClose(hub: ChatHub, staff: Staff, memberId: number): Promise<null> {
  const session = await sessionForStaff(hub.deps.db, staff, memberId);
  if (session.status === ChatSessionStatus.CLOSED) return null;
  await hub.deps.db
    .updateTable("chat_session")
    // A waiting one is closed by this servicer: it stays in their list (closed), not in nobody's.
    .set({ status: ChatSessionStatus.CLOSED, servicer_id: session.servicer_id || staff.staff_id, update_time: now() })
    .where("session_id", "=", session.session_id)
    .where("status", "=", session.status)
    .execute();
  await hub.deliver({ members: [memberId] }, { type: "close", data: { shop_id: 0, reason: "客服已结束本次会话" } });
  await announceSessions(hub, [session.session_id], sessionAudience(session));
  return null;
}
