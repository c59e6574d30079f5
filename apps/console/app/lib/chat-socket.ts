import type { ChatFrame } from "@shop/contract/domains/chat";
import { CHAT_SOCKET_PATH, CHAT_SOCKET_SERVICER } from "@shop/contract/domains/chat-rules";

/**
 * The workbench's websocket (packages/contract/src/domains/chat.ts): the server sends JSON frames,
 * the client only "ping" every heartbeat. On `init` the page binds the socket's client_id
 * (/shopapi/chat/bind); a socket that drops is opened again after a growing delay, and the page
 * catches up on what it missed (`onReady` tells it the socket is a reconnection). No React here:
 * the reconnect logic is tested against a real websocket server (chat-socket.test.ts).
 */

/** First retry after this, doubling per failed attempt up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = the first after a drop): exponential, capped, with
 * up to a quarter taken off at random (`random` in [0, 1)) so that many consoles dropped by one
 * server restart do not all come back in the same millisecond.
 */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (1 - 0.25 * random));
}

/** ws(s)://host/wss?as=servicer for a page at `location` (http → ws, https → wss). */
export function servicerSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${CHAT_SOCKET_PATH}?as=${CHAT_SOCKET_SERVICER}`;
}

/** A server frame from a websocket message, or null for anything that is not one (a "pong", junk). */
export function parseFrame(data: unknown): ChatFrame | null {
  if (typeof data !== "string" || !data.startsWith("{")) return null;
  try {
    const frame = JSON.parse(data) as Partial<ChatFrame>;
    return typeof frame.type === "string" && typeof frame.data === "object" && frame.data !== null ? (frame as ChatFrame) : null;
  } catch {
    return null;
  }
}

export type SocketStatus = "connecting" | "open" | "closed";

/** The part of the browser's WebSocket this module uses (Node's `ws` has it too, for the tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface ChatSocketOptions {
  url: string;
  /** "ping" this often while open; 0 sends none */
  heartbeatMs: number;
  /** After `init`: bind the client id. `reconnect` is true from the second socket on (catch up then). */
  onReady: (clientId: string, info: { reconnect: boolean }) => void | Promise<void>;
  onFrame: (frame: ChatFrame) => void;
  onStatus?: (status: SocketStatus, info: { attempt: number }) => void;
  /** defaults to the global WebSocket */
  createSocket?: (url: string) => SocketLike;
  /** the wait before reconnect attempt n; defaults to backoffDelay */
  delayOf?: (attempt: number) => number;
}

const OPEN = 1;

export interface ChatSocket {
  /** Closes for good: no reconnect. */
  close(): void;
}

/** Opens the socket and keeps it open (reconnecting with back-off) until `close()`. */
export function openChatSocket(options: ChatSocketOptions): ChatSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** failed attempts since the last socket that reached `init` */
  let attempt = 0;
  let readyOnce = false;
  let stopped = false;

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const connect = () => {
    if (stopped) return;
    options.onStatus?.("connecting", { attempt });
    const current = create(options.url);
    socket = current;
    current.onopen = () => {
      if (options.heartbeatMs > 0) {
        heartbeat = setInterval(() => {
          if (current.readyState === OPEN) current.send("ping");
        }, options.heartbeatMs);
      }
    };
    current.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.type === "init") {
        const reconnect = readyOnce;
        readyOnce = true;
        attempt = 0;
        options.onStatus?.("open", { attempt });
        void options.onReady(frame.data.client_id, { reconnect });
        return;
      }
      options.onFrame(frame);
    };
    // An error is followed by close; the retry is scheduled there, once.
    current.onerror = () => {};
    current.onclose = () => {
      stopHeartbeat();
      if (socket !== current || stopped) return;
      options.onStatus?.("closed", { attempt });
      const delay = (options.delayOf ?? backoffDelay)(attempt);
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    };
  };

  connect();
  return {
    close() {
      stopped = true;
      stopHeartbeat();
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close(1000);
    },
  };
}
