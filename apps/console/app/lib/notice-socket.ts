import type { StaffNoticeFrame, StaffNoticeItem, StaffNoticeState } from "@shop/contract/domains/admin-notify";
import { STAFF_NOTICE_SOCKET_PATH } from "@shop/contract/domains/admin-notify";
import { openChatSocket, type SocketLike, type SocketStatus } from "./chat-socket.ts";

/**
 * The header bell's websocket (ADR 0031): the server pushes each new notice the staff member's
 * permissions cover. It speaks the chat socket's protocol — `init` first, then JSON frames; the
 * client only "ping" — so the chat's reconnecting client (chat-socket.ts: back-off, heartbeat)
 * carries it. No React here: tested against a real websocket server (notice-socket.test.ts).
 */

/** "ping" this often while open (the server drops a socket silent for 30 s). */
export const NOTICE_HEARTBEAT_MS = 20_000;

/** ws(s)://host/wss/staffnotice for a page at `location`. */
export function noticeSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${STAFF_NOTICE_SOCKET_PATH}`;
}

/** As many notices as the list call answers. */
const LIST_SIZE = 20;

/** The bell's state with a pushed notice: in the list by id (newest first) and one more unread; a notice already listed changes nothing. */
export function withNotice(state: StaffNoticeState, notice: StaffNoticeItem): StaffNoticeState {
  if (state.list.some((listed) => listed.id === notice.id)) return state;
  return { unread: state.unread + (notice.is_read ? 0 : 1), list: [notice, ...state.list].sort((a, b) => b.id - a.id).slice(0, LIST_SIZE) };
}

export interface NoticeSocketOptions {
  url: string;
  /** The socket is open (again): on a reconnection (or a `catchup` frame) the bell reloads its list, so nothing missed meanwhile is lost. */
  onOpen: (info: { reconnect: boolean }) => void;
  onNotice: (notice: StaffNoticeItem) => void;
  onStatus?: (status: SocketStatus) => void;
  createSocket?: (url: string) => SocketLike;
  delayOf?: (attempt: number) => number;
  heartbeatMs?: number;
}

/** Opens the notice socket and keeps it open until `close()`. */
export function openNoticeSocket(options: NoticeSocketOptions): { close(): void } {
  return openChatSocket({
    url: options.url,
    heartbeatMs: options.heartbeatMs ?? NOTICE_HEARTBEAT_MS,
    createSocket: options.createSocket,
    delayOf: options.delayOf,
    onStatus: (status) => options.onStatus?.(status),
    onReady: (_clientId, { reconnect }) => options.onOpen({ reconnect }),
    onFrame: (chatFrame) => {
      // The chat client parsed it by shape ({type, data}); these are the notice socket's frames.
      const frame = chatFrame as unknown as StaffNoticeFrame;
      if (frame.type === "notice") options.onNotice(frame.data);
      else if (frame.type === "catchup") options.onOpen({ reconnect: true });
    },
  });
}
