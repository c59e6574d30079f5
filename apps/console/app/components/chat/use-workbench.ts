import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { ChatFrame, ChatMessage, StaffChatSession } from "@shop/contract/domains/chat";
import { CHAT_HEARTBEAT_MS, ChatSender } from "@shop/contract/domains/chat-rules";
import { catchUpSinceId, fetchMessagesSince } from "@shop/contract/domains/chat-messages";
import type { BodyOf } from "@shop/contract";
import { openChatSocket, servicerSocketUrl, type SocketStatus } from "../../lib/chat-socket.ts";
import { usePresence } from "../../lib/presence.tsx";
import { useStaffCall } from "../../lib/use-staff-call.ts";
import { createWorkbench, lastMessageId, messagePreview, openSession, workbenchReducer, type SessionFilter, type Viewer } from "./chat-state.ts";
import { playChime, showNotification } from "./notify.ts";

/** Conversations per page of the list, and messages per page of a history. */
const SESSIONS_PAGE_SIZE = 30;
export const HISTORY_PAGE_SIZE = 10;

/** An answer to the open conversation; the same client_msg_id on a retry stores it once. */
export type AnswerBody = Omit<BodyOf<"/shopapi/chat/answer">, "member_id">;

/** A socket down for longer than this many since_id batches' worth (100 each): the newest page is read afresh instead. */
const CATCH_UP_MAX_BATCHES = 5;

/**
 * The workbench's data and its socket: the conversation list, the open conversation's history,
 * and the live frames; after a reconnect (or a `catchup` frame) it reloads the list and fetches
 * what the open conversation missed (since_id). State changes are the pure reducer of chat-state.ts.
 */
export function useWorkbench(viewer: Viewer) {
  const call = useStaffCall();
  const presence = usePresence();
  const [state, dispatch] = useReducer(workbenchReducer, viewer, createWorkbench);
  const [socketStatus, setSocketStatus] = useState<SocketStatus>("connecting");
  const [openRow, setOpenRow] = useState<StaffChatSession>();

  // The socket's callbacks live as long as the socket: they read the current values through refs.
  const latest = useRef({ state, presence, call });
  useEffect(() => {
    latest.current = { state, presence, call };
  });
  const notified = useRef(new Set<number>());

  const loadSessions = useCallback(
    async (page: number, filter: SessionFilter = latest.current.state.filter) => {
      const result = await call("/shopapi/chat/sessions", { page, page_size: SESSIONS_PAGE_SIZE, status: filter === "all" ? undefined : filter });
      if (result && filter === latest.current.state.filter) dispatch({ type: "sessions", list: result.list, page, pageCount: result.page_count });
    },
    [call],
  );

  const loadHistory = useCallback(
    async (memberId: number, page: number) => {
      const result = await call("/shopapi/chat/dialogs", { member_id: memberId, page, limit: HISTORY_PAGE_SIZE });
      if (result) dispatch({ type: "history", memberId, list: result.list, page, pageCount: result.page_count });
    },
    [call],
  );

  /**
   * What the open conversation missed while frames were lost (the socket was down, or a `catchup`
   * frame: since its since_id when lower than the last id shown, catchUpSinceId), and the list as
   * it is now (unread counts, last messages).
   */
  const catchUp = useCallback(
    async (frameSinceId?: number) => {
      const { state: current } = latest.current;
      await loadSessions(1);
      const memberId = current.openMemberId;
      if (!memberId) return;
      const lastShown = lastMessageId(current);
      // Nothing shown yet: the history's first page is still coming and brings the newest.
      if (lastShown === 0) return;
      const fetchPage = (sinceId: number) => call("/shopapi/chat/dialogs", { member_id: memberId, since_id: sinceId }, { silent: true });
      const caughtUp = await fetchMessagesSince(fetchPage, catchUpSinceId(lastShown, frameSinceId), CATCH_UP_MAX_BATCHES);
      dispatch({ type: "messages", list: caughtUp.messages });
      // Down for longer than that many batches: the newest page afresh instead.
      if (!caughtUp.complete) await loadHistory(memberId, 1);
    },
    [call, loadSessions, loadHistory],
  );

  const alertNewMessage = useCallback((message: ChatMessage) => {
    if (message.type !== ChatSender.MEMBER || notified.current.has(message.id)) return;
    notified.current.add(message.id);
    const isOpen = message.member_id === latest.current.state.openMemberId;
    if (isOpen && !document.hidden) return;
    playChime();
    showNotification(message.nickname || "新消息", messagePreview(message));
  }, []);

  const handleFrame = useCallback(
    (frame: ChatFrame) => {
      switch (frame.type) {
        case "string":
        case "goodssku":
        case "order":
        case "image": {
          const message = frame.data;
          const isNew = message.id > (latest.current.state.newestIdOf[message.member_id] ?? 0);
          dispatch({ type: "messages", list: [message] });
          if (!isNew) return;
          alertNewMessage(message);
          // The servicer is looking at it: it is read as it comes.
          if (message.type === ChatSender.MEMBER && message.member_id === latest.current.state.openMemberId) {
            void call("/shopapi/chat/setRead", { member_id: message.member_id }, { silent: true });
          }
          return;
        }
        case "session": {
          const known = latest.current.state.sessions.find((row) => row.member_id === frame.data.member_id);
          dispatch({ type: "session", session: frame.data });
          if (frame.data.member_id === latest.current.state.openMemberId) setOpenRow(frame.data);
          // Assigned to or taken from this servicer: its count of open conversations changed.
          const mine = latest.current.state.viewer.staffId;
          if (known?.servicer_id !== frame.data.servicer_id || known?.status !== frame.data.status) {
            if (frame.data.servicer_id === mine || known?.servicer_id === mine) latest.current.presence.refresh();
          }
          return;
        }
        case "connect":
          if (frame.data.member_id) dispatch({ type: "presence", memberId: frame.data.member_id, online: frame.data.online });
          return;
        case "catchup":
          // The server lost frames for a while (Redis): what a reconnect does.
          void catchUp(frame.data.since_id);
          return;
        default:
          return;
      }
    },
    [alertNewMessage, call, catchUp],
  );

  const socketHandlers = useRef({ handleFrame, catchUp });
  useEffect(() => {
    socketHandlers.current = { handleFrame, catchUp };
  });

  // One socket for the page's life; binding it sets the servicer online (unless they chose 离线).
  useEffect(() => {
    const socket = openChatSocket({
      url: servicerSocketUrl(window.location),
      heartbeatMs: CHAT_HEARTBEAT_MS,
      onStatus: (status) => setSocketStatus(status),
      onFrame: (frame) => socketHandlers.current.handleFrame(frame),
      onReady: async (clientId, { reconnect }) => {
        const { call: currentCall, presence: currentPresence } = latest.current;
        const bound = await currentCall("/shopapi/chat/bind", { client_id: clientId });
        if (!bound) return;
        currentPresence.update(bound);
        if (currentPresence.wanted === 0 && bound.online === 1) await currentPresence.setOnline(0);
        if (reconnect) await socketHandlers.current.catchUp();
      },
    });
    return () => socket.close();
  }, []);

  useEffect(() => {
    void loadSessions(1, state.filter);
  }, [loadSessions, state.filter]);

  const setFilter = useCallback((filter: SessionFilter) => dispatch({ type: "filter", filter }), []);

  const open = useCallback(
    async (session: StaffChatSession) => {
      if (session.member_id === latest.current.state.openMemberId) return;
      dispatch({ type: "open", memberId: session.member_id });
      setOpenRow(session);
      await Promise.all([loadHistory(session.member_id, 1), call("/shopapi/chat/setRead", { member_id: session.member_id }, { silent: true })]);
    },
    [call, loadHistory],
  );

  const loadOlder = useCallback(async () => {
    const { openMemberId, historyPage, historyPageCount } = latest.current.state;
    if (openMemberId && historyPage < historyPageCount) await loadHistory(openMemberId, historyPage + 1);
  }, [loadHistory]);

  /** Sends an answer to the open conversation; true once it is stored (and shown). */
  const answer = useCallback(
    async (body: AnswerBody): Promise<boolean> => {
      const memberId = latest.current.state.openMemberId;
      if (!memberId) return false;
      const row = await call("/shopapi/chat/answer", { ...body, member_id: memberId });
      if (!row) return false;
      dispatch({ type: "messages", list: [row] });
      return true;
    },
    [call],
  );

  const closeConversation = useCallback(async () => {
    const memberId = latest.current.state.openMemberId;
    if (!memberId) return false;
    const done = await call("/shopapi/chat/close", { member_id: memberId });
    if (done === undefined) return false;
    await loadSessions(1);
    return true;
  }, [call, loadSessions]);

  const loadMoreSessions = useCallback(() => loadSessions(latest.current.state.sessionPage + 1), [loadSessions]);

  return {
    state,
    // The list's row while it has it (a filter may hide it), else the row as last seen.
    openRow: openSession(state) ?? openRow,
    socketStatus,
    setFilter,
    open,
    loadOlder,
    loadMoreSessions,
    answer,
    closeConversation,
  };
}
