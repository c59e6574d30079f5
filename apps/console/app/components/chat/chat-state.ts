import { mergeChatMessages } from "@shop/contract/domains/chat-messages";
import { ChatSessionStatus, type ChatMessage, type StaffChatSession } from "@shop/contract/domains/chat";
import { CHAT_MAX_CHARS, ChatContent, ChatSender, chatTextLength } from "@shop/contract/domains/chat-rules";

/**
 * The workbench's state and every change to it, as pure functions (chat-state.test.ts): the
 * conversation list, the open conversation's history, and what a socket frame or a reload does to
 * them. Messages carry increasing ids, so the same message arriving twice (the answer call's reply
 * and the socket's copy, a catch-up after a reconnect) is kept once.
 */

/** Filter of the list: every conversation, or one status (0 排队中, 1 进行中, 2 已结束). */
export type SessionFilter = "all" | StaffChatSession["status"];

export const SESSION_STATUS_LABEL: Record<StaffChatSession["status"], string> = { 0: "排队中", 1: "进行中", 2: "已结束" };

/** Both lists merged by id, oldest first; a message seen again replaces the older copy (packages/contract chat-messages.ts). */
export const mergeMessages = mergeChatMessages;

/** Newest first: by the last message's time, then the newer conversation. */
export function compareSessions(a: StaffChatSession, b: StaffChatSession): number {
  return b.last_time - a.last_time || b.session_id - a.session_id;
}

export function sortSessions(list: readonly StaffChatSession[]): StaffChatSession[] {
  return [...list].sort(compareSessions);
}

export function matchesFilter(session: StaffChatSession, filter: SessionFilter): boolean {
  return filter === "all" || session.status === filter;
}

/** Who is looking: admins see every conversation, a servicer its own and the waiting ones (as the server lists them). */
export interface Viewer {
  staffId: number;
  seesAll: boolean;
}

export function viewerOf(staff: { staff_id: number; role: string }): Viewer {
  return { staffId: staff.staff_id, seesAll: staff.role === "admin" };
}

export function isVisibleTo(session: StaffChatSession, viewer: Viewer): boolean {
  return viewer.seesAll || session.servicer_id === viewer.staffId || session.status === ChatSessionStatus.WAITING;
}

/** Why the viewer cannot answer this conversation now, or null when it can. */
export function answerBlocker(session: StaffChatSession, viewer: Viewer): string | null {
  if (session.status === ChatSessionStatus.CLOSED) return "会话已结束，会员再次发来消息后可继续回复";
  if (!isVisibleTo(session, viewer)) return `该会话已由${session.servicer_name || "其他客服"}接待`;
  return null;
}

/** The text a message row says (the member's words, or the servicer's). */
export function messageText(message: ChatMessage): string {
  return message.type === ChatSender.MEMBER ? message.consumer_say : message.servicer_say;
}

/** One line for the conversation list and notifications (as the server's list shows it: cards by their kind). */
export function messagePreview(message: ChatMessage): string {
  switch (message.content_type) {
    case ChatContent.GOODS:
      return "[商品]";
    case ChatContent.ORDER:
      return "[订单]";
    case ChatContent.IMAGE:
      return "[图片]";
    default:
      return messageText(message);
  }
}

/** Why a draft cannot be sent (SPEC §8), or null: blank, or 150 characters and more (chatTextLength). */
export function draftProblem(text: string): string | null {
  if (text.trim() === "") return "不能发送空白内容";
  if (chatTextLength(text) >= CHAT_MAX_CHARS) return `单次最多发送${CHAT_MAX_CHARS}个字符`;
  return null;
}

/**
 * An id for a message being sent: the server stores a retried send with the same id once.
 * (crypto.randomUUID exists only on secure pages; a console reached over plain http on a LAN has none.)
 */
export function newClientMessageId(random: () => number = Math.random): string {
  return `${Date.now().toString(36)}-${Math.floor(random() * 2 ** 48).toString(36)}`;
}

export interface WorkbenchState {
  viewer: Viewer;
  filter: SessionFilter;
  sessions: StaffChatSession[];
  /** pages of the list loaded so far, and how many there are */
  sessionPage: number;
  sessionPageCount: number;
  /** the open conversation's member, or 0 */
  openMemberId: number;
  /** its history, oldest first */
  messages: ChatMessage[];
  /** history pages loaded (page 1 is the newest) and how many there are */
  historyPage: number;
  historyPageCount: number;
  /** per member, the newest message id already counted in its row (ids only grow) */
  newestIdOf: Record<number, number>;
}

export const initialWorkbench: WorkbenchState = {
  viewer: { staffId: 0, seesAll: true },
  filter: "all",
  sessions: [],
  sessionPage: 0,
  sessionPageCount: 0,
  openMemberId: 0,
  messages: [],
  historyPage: 0,
  historyPageCount: 0,
  newestIdOf: {},
};

export type WorkbenchAction =
  | { type: "filter"; filter: SessionFilter }
  /** a page of /shopapi/chat/sessions; page 1 replaces the list */
  | { type: "sessions"; list: StaffChatSession[]; page: number; pageCount: number }
  /** a `session` frame: the row replaced, inserted, or dropped when it left the filter */
  | { type: "session"; session: StaffChatSession }
  /** a `connect` frame: a member came online or left */
  | { type: "presence"; memberId: number; online: 0 | 1 }
  | { type: "open"; memberId: number }
  /** a page of history of `memberId`; older pages go before what is shown */
  | { type: "history"; memberId: number; list: ChatMessage[]; page: number; pageCount: number }
  /** messages from a frame, an answer's reply or a catch-up (since_id) */
  | { type: "messages"; list: ChatMessage[] };

/** The conversation row after `message`: last message and time, and one more unread when it is not open. */
function bumpSession(session: StaffChatSession, message: ChatMessage, isOpen: boolean): StaffChatSession {
  const unread = isOpen ? 0 : message.type === ChatSender.MEMBER ? session.unread + 1 : session.unread;
  return { ...session, last_message: messagePreview(message), last_time: Math.max(session.last_time, message.create_time), unread };
}

/**
 * Adds the open conversation's messages to its history and bumps each message's row once: a
 * message whose id is not above the newest already counted for its member was seen before.
 */
function receiveMessages(state: WorkbenchState, list: ChatMessage[]): WorkbenchState {
  const newestIdOf = { ...state.newestIdOf };
  let sessions = state.sessions;
  for (const message of [...list].sort((a, b) => a.id - b.id)) {
    if (message.id <= (newestIdOf[message.member_id] ?? 0)) continue;
    newestIdOf[message.member_id] = message.id;
    const isOpen = message.member_id === state.openMemberId;
    sessions = sessions.map((session) => (session.member_id === message.member_id ? bumpSession(session, message, isOpen) : session));
  }
  const forOpen = list.filter((message) => message.member_id === state.openMemberId);
  return { ...state, newestIdOf, sessions: sortSessions(sessions), messages: mergeMessages(state.messages, forOpen) };
}

/** The starting state for `viewer` (useReducer's initialiser). */
export function createWorkbench(viewer: Viewer): WorkbenchState {
  return { ...initialWorkbench, viewer };
}

export function workbenchReducer(state: WorkbenchState, action: WorkbenchAction): WorkbenchState {
  switch (action.type) {
    case "filter":
      return { ...state, filter: action.filter, sessions: [], sessionPage: 0, sessionPageCount: 0 };
    case "sessions": {
      const rows = action.list.map((session) => (session.member_id === state.openMemberId ? { ...session, unread: 0 } : session));
      const kept = action.page === 1 ? [] : state.sessions.filter((row) => !rows.some((next) => next.member_id === row.member_id));
      return { ...state, sessions: sortSessions([...kept, ...rows]), sessionPage: action.page, sessionPageCount: action.pageCount };
    }
    case "session": {
      const others = state.sessions.filter((row) => row.member_id !== action.session.member_id);
      // Taken by another servicer, or no longer of the filter's status: it leaves the list.
      if (!matchesFilter(action.session, state.filter) || !isVisibleTo(action.session, state.viewer)) return { ...state, sessions: others };
      const row = action.session.member_id === state.openMemberId ? { ...action.session, unread: 0 } : action.session;
      return { ...state, sessions: sortSessions([...others, row]) };
    }
    case "presence":
      return {
        ...state,
        sessions: state.sessions.map((row) => (row.member_id === action.memberId ? { ...row, online: action.online } : row)),
      };
    case "open":
      if (action.memberId === state.openMemberId) return state;
      return {
        ...state,
        openMemberId: action.memberId,
        messages: [],
        historyPage: 0,
        historyPageCount: 0,
        sessions: state.sessions.map((row) => (row.member_id === action.memberId ? { ...row, unread: 0 } : row)),
      };
    case "history":
      if (action.memberId !== state.openMemberId) return state;
      // Merged, not replaced: messages a frame brought while the page was on its way stay.
      return {
        ...state,
        messages: mergeMessages(state.messages, action.list),
        newestIdOf: { ...state.newestIdOf, [action.memberId]: Math.max(state.newestIdOf[action.memberId] ?? 0, ...action.list.map((row) => row.id)) },
        historyPage: Math.max(state.historyPage, action.page),
        historyPageCount: action.pageCount,
      };
    case "messages":
      return receiveMessages(state, action.list);
  }
}

/** The open conversation's row, if the list (under its filter) has it. */
export function openSession(state: WorkbenchState): StaffChatSession | undefined {
  return state.sessions.find((row) => row.member_id === state.openMemberId);
}

/** The newest message id of the open conversation: a reconnect asks for what came after it. */
export function lastMessageId(state: WorkbenchState): number {
  return state.messages.at(-1)?.id ?? 0;
}
