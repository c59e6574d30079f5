import type { ChatFrame } from "@shop/contract/domains/chat";

/** Reconnect back-off: 1 s, 2 s, 4 s … at most 30 s between tries. */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** How long to wait before reconnect try `attempt` (0 for the first try after a drop). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
}

/** The client's only frame (the server only notes that the socket is alive). */
export const HEARTBEAT_FRAME = "ping";

/** A server frame, or null for anything that is not one (the client ignores it). */
export function parseFrame(data: unknown): ChatFrame | null {
  if (typeof data !== "string") return null;
  try {
    const frame = JSON.parse(data) as Partial<ChatFrame> | null;
    if (!frame || typeof frame.type !== "string" || typeof frame.data !== "object" || frame.data === null) return null;
    return frame as ChatFrame;
  } catch {
    return null;
  }
}

/** The part of the browser's WebSocket used here (the `ws` package's client has the same). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface ChatConnectionEvents {
  /** a (re)connected socket's init: the caller binds this client_id to the member */
  init(clientId: string): void;
  /** any other server frame */
  frame(frame: ChatFrame): void;
  /** the socket dropped without being asked to; the next try is in `delayMs` */
  lost(delayMs: number): void;
}

export interface ChatConnectionOptions {
  url: string;
  /** a "ping" every this many ms while the socket is open; 0 sends none */
  heartbeatMs: number;
  createSocket: (url: string) => SocketLike;
}

/**
 * The member's chat socket: opened by start(), kept alive with heartbeats, reopened with back-off
 * after any drop (error, server restart, network change) until stop(). Each socket the server
 * accepts sends `init`, so every reconnection is bound again by the caller; the back-off restarts
 * from 1 s once a socket got that far. Frames are handed over parsed; nothing is kept here.
 */
export class ChatConnection {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private running = false;

  constructor(
    private readonly options: ChatConnectionOptions,
    private readonly events: ChatConnectionEvents,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.connect();
  }

  /** Closes the socket for good (the dialog closed, or the conversation was closed by staff). */
  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket.close(1000, "bye");
    }
  }

  private connect(): void {
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => this.startHeartbeat(socket);
    socket.onmessage = (event) => this.receive(event.data);
    // An error is always followed by close, where the reconnect is planned.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket === socket) this.dropped();
    };
  }

  private receive(data: unknown): void {
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.type === "init") {
      this.attempt = 0;
      this.events.init(frame.data.client_id);
      return;
    }
    this.events.frame(frame);
  }

  private dropped(): void {
    this.socket = null;
    this.stopHeartbeat();
    if (!this.running) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.events.lost(delay);
    this.retry = setTimeout(() => {
      if (this.running) this.connect();
    }, delay);
  }

  private startHeartbeat(socket: SocketLike): void {
    this.stopHeartbeat();
    if (this.options.heartbeatMs <= 0) return;
    this.heartbeat = setInterval(() => {
      if (socket.readyState === OPEN) socket.send(HEARTBEAT_FRAME);
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/** The chat socket's address on this site: ws(s)://host/wss (the session cookie goes along). */
export function chatSocketUrl(origin: string, path: string): string {
  return origin.replace(/^http/, "ws") + path;
}
