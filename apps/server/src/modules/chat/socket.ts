import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import websocket from "@fastify/websocket";
import type { WebSocket } from "ws";
import { Code } from "@shop/contract/codes";
import { CHAT_SOCKET_PATH, CHAT_SOCKET_SERVICER, type ChatFrame } from "@shop/contract/domains/chat";
import { envelope } from "../../core/envelope.ts";
import { STAFF_TOKEN_COOKIE, STAFF_TOKEN_HEADER, TOKEN_COOKIE } from "../../core/context.ts";
import { checkToken } from "../auth/tokens.ts";
import { checkStaffToken } from "../staff/tokens.ts";
import { hasPermission } from "../staff/permissions.ts";
import type { ChatHub } from "./hub.ts";
import type { ChatSocket } from "./sockets.ts";
import { seesEveryConversation } from "./conversations.ts";

/**
 * The chat's websocket (CHAT_SOCKET_PATH; docs/api/chat.md). The session is checked at the
 * upgrade — the member's cookie, or with `?as=servicer` the staff cookie of a staff member holding
 * chat.serve — and a request without one is answered 401 before any upgrade (a cross-site page is
 * answered 403: browsers send the Origin of the page opening a socket). On connect the server
 * sends `init` with the client_id the bind call names. The client's only frame is "ping" (nothing
 * is answered); any other frame is ignored. A frame over MAX_FRAME_BYTES closes the socket (1009),
 * more than MAX_FRAMES_PER_SECOND close it (1008), and so does a user's socket beyond
 * MAX_SOCKETS_PER_USER on one instance.
 */
export const MAX_FRAME_BYTES = 4096;
export const MAX_FRAMES_PER_SECOND = 10;
export const MAX_SOCKETS_PER_USER = 10;

export const SOCKET_CLOSE = {
  /** ws closes an oversized frame with 1009 by itself */
  tooManyFrames: { code: 1008, reason: "too many frames" },
  tooManySockets: { code: 1008, reason: "too many connections" },
  serverClosing: { code: 1001, reason: "server closing" },
  /** Draining before a restart (core/lifecycle.ts): the client reconnects, to another instance, and catches up by since_id. */
  serverRestarting: { code: 1012, reason: "server restarting" },
} as const;

interface SocketIdentity {
  role: ChatSocket["role"];
  userId: number;
  admin: boolean;
}

/** The member (cookie) or, with ?as=servicer, the staff member (staff cookie, or the header for scripts) the upgrade request carries. */
async function identify(hub: ChatHub, request: FastifyRequest): Promise<SocketIdentity | undefined> {
  const { db } = hub.deps;
  if ((request.query as { as?: unknown }).as === CHAT_SOCKET_SERVICER) {
    const header = request.headers[STAFF_TOKEN_HEADER];
    const token = request.cookies?.[STAFF_TOKEN_COOKIE] || (typeof header === "string" ? header : "");
    const check = token ? await checkStaffToken(db, token) : undefined;
    if (!check?.ok || !hasPermission(check.staff, "chat.serve")) return undefined;
    return { role: "servicer", userId: check.staff.staff_id, admin: seesEveryConversation(check.staff) };
  }
  const token = request.cookies?.[TOKEN_COOKIE];
  const check = token ? await checkToken(db, token) : undefined;
  return check?.ok ? { role: "member", userId: check.memberId, admin: false } : undefined;
}

/** A browser's socket must come from one of our pages: the Origin it sends is this host (or PUBLIC_ORIGIN). */
export function fromOurPages(publicOrigin: string | undefined, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
    return url.host.toLowerCase() === (request.host ?? "").toLowerCase();
  } catch {
    return false;
  }
}

const send = (ws: WebSocket, frame: ChatFrame) => ws.send(JSON.stringify(frame));

declare module "fastify" {
  interface FastifyInstance {
    /** Other modules' websocket routes, declared in the chat's websocket scope (addSocketRoutes). */
    socketRoutes?: Array<(scope: FastifyInstance) => void>;
  }
}

/**
 * What a client's frames do (chat and staff notice sockets alike): any frame or pong marks the
 * socket alive for the heartbeat sweep; more than MAX_FRAMES_PER_SECOND in a second close it
 * (1008). Nothing else is read from clients ("ping" only keeps the socket alive).
 */
export function watchClientFrames(ws: WebSocket, socket: { alive: boolean }): void {
  let windowStart = Date.now();
  let frames = 0;
  ws.on("message", () => {
    socket.alive = true;
    const at = Date.now();
    if (at - windowStart >= 1000) {
      windowStart = at;
      frames = 0;
    }
    frames += 1;
    if (frames > MAX_FRAMES_PER_SECOND) ws.close(SOCKET_CLOSE.tooManyFrames.code, SOCKET_CLOSE.tooManyFrames.reason);
  });
  ws.on("pong", () => {
    socket.alive = true;
  });
}

/**
 * Declares another module's websocket routes (the staff notices: modules/notify/notice-socket.ts).
 * @fastify/websocket answers every upgrade of the server, so it is registered once, here, and the
 * other routes join its scope: closed with the chat's sockets on shutdown (1001) and drain (1012).
 * Call while registering modules (before the app is ready), on the root app.
 */
export function addSocketRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  if (!app.hasDecorator("socketRoutes")) app.decorate("socketRoutes", []);
  app.socketRoutes!.push(register);
}

export async function registerChatSocket(app: FastifyInstance, hub: ChatHub): Promise<void> {
  const identities = new WeakMap<FastifyRequest, SocketIdentity>();

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    if (!fromOurPages(hub.deps.config.publicOrigin, request)) return reply.code(403).send(envelope(Code.ERROR, "不允许从其他站点连接", null));
    const identity = await identify(hub, request);
    if (!identity) return reply.code(401).send(envelope(Code.TOKEN_ERROR, "您还未登录", null));
    identities.set(request, identity);
  }

  function connect(ws: WebSocket, request: FastifyRequest) {
    const identity = identities.get(request)!;
    const socket: ChatSocket = { id: hub.newClientId(), ...identity, active: identity.role === "member", serving: false, alive: true, ws };
    if (hub.sockets.of(socket.role, socket.userId).length >= MAX_SOCKETS_PER_USER) {
      ws.close(SOCKET_CLOSE.tooManySockets.code, SOCKET_CLOSE.tooManySockets.reason);
      return;
    }
    watchClientFrames(ws, socket);
    ws.on("close", () => hub.detach(socket));
    hub.attach(socket);
    send(ws, { type: "init", data: { client_id: socket.id } });
  }

  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      // A protocol error (an oversized frame: WS_ERR_UNSUPPORTED_MESSAGE_LENGTH) is closed by ws
      // itself with its code (1009); anything else (an unclean disconnect) ends the socket here.
      errorHandler: (error, ws) => {
        if (!String((error as { code?: unknown }).code ?? "").startsWith("WS_ERR_")) ws.terminate();
      },
      async preClose(this: FastifyInstance) {
        await hub.shutdown();
        for (const client of this.websocketServer.clients) client.close(SOCKET_CLOSE.serverClosing.code, SOCKET_CLOSE.serverClosing.reason);
        await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
      },
    });
    scope.get(CHAT_SOCKET_PATH, { websocket: true, preValidation: authorize }, connect);
    for (const register of scope.socketRoutes ?? []) register(scope);
    app.lifecycle.onDrain(() => {
      for (const client of scope.websocketServer.clients) client.close(SOCKET_CLOSE.serverRestarting.code, SOCKET_CLOSE.serverRestarting.reason);
    });
  });
}
