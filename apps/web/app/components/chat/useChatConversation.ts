import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@shop/contract/client";
import { Code, isTokenCode } from "@shop/contract/codes";
import type { ChatFrame, ChatKeywordConfig, ChatMessage } from "@shop/contract/domains/chat";
import { CHAT_HEARTBEAT_MS, CHAT_PAGE_SIZE, CHAT_SOCKET_PATH, PLATFORM_SHOP_ID } from "@shop/contract/domains/chat-rules";
import { catchUpSinceId, fetchMessagesSince } from "@shop/contract/domains/chat-messages";
import { browserApi } from "../../lib/api.ts";
import { useApiErrorHandler } from "../../lib/api-errors.ts";
import { ChatConnection, chatSocketUrl } from "./chat-connection.ts";
import { isFromMember, lastMessageId, mergeMessages } from "./chat-messages.ts";
import { newClientMsgId, sayWithRetry, type SayBody } from "./chat-say.ts";

/**
 * connecting: no socket bound yet (or reconnecting); online / offline: a servicer is (not) there
 * for the platform; closed: staff ended the conversation (the next message reopens it).
 */
export type ChatPresence = "connecting" | "online" | "offline" | "closed";

/** A say without the parts this hook adds (site, servicer, client_msg_id). */
export type ChatSay = Pick<SayBody, "content_type" | "message" | "goods_id" | "order_id">;

/** A since_id catch-up answers at most 100 rows (page_count > 1: more follow); it asks again this many times at most. */
const CATCH_UP_ROUNDS = 10;

const SITE = { site_id: PLATFORM_SHOP_ID };

/**
 * The member's conversation with the platform's support while the dialog is open (issue 12):
 * history by pages of 4 (page 1 newest), the socket (bound on every init, messages de-duplicated
 * by id), the catch-up after a reconnect or a `catchup` frame (/dialogs since the last id seen, or
 * the frame's since_id when lower),
 * sending with a client_msg_id, read marks. Mounting opens it all; unmounting closes the socket
 * and says bye. Switching to another contact is a remount (a new key): paging, read mark, socket
 * and history start over.
 */
export function useChatConversation({ heartbeatMs = CHAT_HEARTBEAT_MS }: { heartbeatMs?: number } = {}) {
  const handleError = useApiErrorHandler();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [paging, setPaging] = useState({ pages: 0, pageCount: 0, loading: true });
  const [presence, setPresence] = useState<ChatPresence>("connecting");
  const [closedReason, setClosedReason] = useState("");
  const [keywords, setKeywords] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  // What the socket's callbacks read: refs, as they outlive any one render.
  const shown = useRef<ChatMessage[]>([]);
  const servicerId = useRef(0);
  const connection = useRef<ChatConnection | null>(null);
  const firstPage = useRef<Promise<boolean>>(Promise.resolve(false));
  const sendingNow = useRef(false);
  /** The client_msg_id of a say that failed, reused when the same say is sent again. */
  const unsent = useRef<{ key: string; id: string } | null>(null);
  const handleErrorRef = useRef(handleError);
  useEffect(() => {
    handleErrorRef.current = handleError;
  }, [handleError]);

  const merge = useCallback((rows: ChatMessage[]) => {
    shown.current = mergeMessages(shown.current, rows);
    setMessages(shown.current);
  }, []);

  /** A failed call: a dead session goes to login (and the socket stops), anything else is a toast. */
  const fail = useCallback((error: unknown) => {
    if (error instanceof ApiError && isTokenCode(error.code)) connection.current?.stop();
    handleErrorRef.current(error, { forceLogin: true });
  }, []);

  const loadPage = useCallback(
    async (page: number): Promise<boolean> => {
      setPaging((now) => ({ ...now, loading: true }));
      try {
        const answer = await browserApi.call("/servicer/api/chat/dialogs", { ...SITE, page, limit: CHAT_PAGE_SIZE });
        merge(answer.list);
        setPaging({ pages: page, pageCount: answer.page_count, loading: false });
        return true;
      } catch (error) {
        setPaging((now) => ({ ...now, loading: false }));
        fail(error);
        return false;
      }
    },
    [merge, fail],
  );

  /**
   * After a (re)bind or a `catchup` frame: whatever was stored while frames were lost, without gaps
   * or doubles — since the last id shown, or the frame's since_id when lower (catchUpSinceId).
   */
  const catchUp = useCallback(
    async (frameSinceId?: number) => {
      if (!(await firstPage.current)) {
        firstPage.current = loadPage(1);
        return;
      }
      const sinceId = catchUpSinceId(lastMessageId(shown.current), frameSinceId);
      const caughtUp = await fetchMessagesSince((since) => browserApi.call("/servicer/api/chat/dialogs", { ...SITE, since_id: since }), sinceId, CATCH_UP_ROUNDS);
      merge(caughtUp.messages);
    },
    [loadPage, merge],
  );

  const markRead = useCallback(() => void browserApi.raw("/servicer/api/chat/setRead", SITE), []);

  const bind = useCallback(
    async (clientId: string) => {
      const answer = await browserApi.raw("/servicer/api/chat/bind", { client_id: clientId });
      if (isTokenCode(answer.code)) return fail(new ApiError(answer));
      servicerId.current = answer.code === Code.SUCCESS ? (answer.data?.servicer_id ?? 0) : 0;
      setPresence(servicerId.current > 0 ? "online" : "offline");
      await catchUp().catch(() => undefined);
    },
    [catchUp, fail],
  );

  const receive = useCallback(
    (frame: ChatFrame) => {
      if (frame.type === "connect") {
        if (frame.data.shop_id !== PLATFORM_SHOP_ID) return;
        servicerId.current = frame.data.servicer_id;
        setPresence(frame.data.online === 1 ? "online" : "offline");
      } else if (frame.type === "close") {
        // SPEC §4: close closes the socket; the member's next message opens it again.
        connection.current?.stop();
        setClosedReason(frame.data.reason || "客服已结束本次会话");
        setPresence("closed");
      } else if (frame.type === "catchup") {
        // The server lost frames for a while (Redis): what a reconnect does.
        void catchUp(frame.data.since_id).catch(() => undefined);
      } else if (frame.type !== "init" && frame.type !== "session" && frame.data.shop_id === PLATFORM_SHOP_ID) {
        merge([frame.data]);
        // The member is looking at it: a servicer's message is read as it arrives.
        if (!isFromMember(frame.data)) markRead();
      }
    },
    [merge, markRead, catchUp],
  );

  useEffect(() => {
    const socket = new ChatConnection(
      { url: chatSocketUrl(window.location.origin, CHAT_SOCKET_PATH), heartbeatMs, createSocket: (url) => new WebSocket(url) },
      {
        init: (clientId) => void bind(clientId),
        frame: receive,
        lost: () => setPresence((now) => (now === "closed" ? now : "connecting")),
      },
    );
    connection.current = socket;
    firstPage.current = loadPage(1);
    markRead();
    void browserApi.call("/servicer/api/chat/keyword").then(
      (config: ChatKeywordConfig) => setKeywords(config.is_open ? config.keyword_list.map((item) => item.keyword) : []),
      () => setKeywords([]),
    );
    socket.start();
    return () => {
      socket.stop();
      connection.current = null;
      void browserApi.raw("/servicer/api/chat/bye", { ...SITE, servicer_id: servicerId.current });
    };
  }, [heartbeatMs, bind, receive, loadPage, markRead]);

  const loadOlder = useCallback(() => {
    if (!paging.loading && paging.pages < paging.pageCount) void loadPage(paging.pages + 1);
  }, [paging, loadPage]);

  /** Sends one message; true once the server stored it. One at a time (the send button waits). */
  const send = useCallback(
    async (say: ChatSay): Promise<boolean> => {
      if (sendingNow.current) return false;
      sendingNow.current = true;
      setSending(true);
      const key = JSON.stringify(say);
      const clientMsgId = unsent.current?.key === key ? unsent.current.id : newClientMsgId();
      try {
        if (connection.current && !connection.current.isRunning) {
          setPresence("connecting");
          connection.current.start();
        }
        const row = await sayWithRetry(browserApi, { ...say, ...SITE, servicer_id: servicerId.current, client_msg_id: clientMsgId });
        unsent.current = null;
        merge([row]);
        return true;
      } catch (error) {
        unsent.current = { key, id: clientMsgId };
        fail(error);
        return false;
      } finally {
        sendingNow.current = false;
        setSending(false);
      }
    },
    [merge, fail],
  );

  return {
    messages,
    presence,
    closedReason,
    keywords,
    sending,
    loadingHistory: paging.loading,
    /** null until the first page has answered */
    hasOlder: paging.pages === 0 ? null : paging.pages < paging.pageCount,
    loadOlder,
    send,
    /** for the composer's upload failures: handled like the conversation's own */
    reportError: fail,
  };
}
