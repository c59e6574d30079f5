import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { Code } from "@shop/contract/codes";
import { STAFF_NOTICE_SOCKET_PATH, type StaffNoticeFrame } from "@shop/contract/domains/admin-notify";
import { envelope } from "../../core/envelope.ts";
import { STAFF_TOKEN_COOKIE, STAFF_TOKEN_HEADER } from "../../core/context.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { addSocketRoutes, fromOurPages, MAX_SOCKETS_PER_USER, SOCKET_CLOSE, watchClientFrames } from "../chat/socket.ts";
import { checkStaffToken } from "../staff/tokens.ts";
import type { NoticeSocket, StaffNoticeHub } from "./notice-push.ts";

/**
 * The staff notices' websocket (STAFF_NOTICE_SOCKET_PATH, ADR 0031), one per console tab. The
 * upgrade needs the staff cookie (or the header, for scripts) of a live session — any staff
 * member: what each is sent follows their permissions (notice-push.ts) — and one of our pages'
 * Origin; else 401 / 403 before any upgrade. On connect the server sends `init`, then `notice`
 * frames. The client's only frame is "ping" (nothing is answered). The limits are the chat's:
 * more than MAX_FRAMES_PER_SECOND frames a second close the socket (1008), and so does a staff
 * member's socket beyond MAX_SOCKETS_PER_USER on one instance. It lives in the chat's websocket
 * scope (chat/socket.ts addSocketRoutes), so shutdown (1001) and drain (1012) close it with the chat's.
 */
export function registerNoticeSocket(app: FastifyInstance, deps: { db: Db; config: Pick<AppConfig, "publicOrigin"> }, hub: () => StaffNoticeHub): void {
  const sessions = new WeakMap<FastifyRequest, { staffId: number; token: string }>();

  async function authorize(request: FastifyRequest, reply: FastifyReply) {
    if (!fromOurPages(deps.config.publicOrigin, request)) return reply.code(403).send(envelope(Code.ERROR, "不允许从其他站点连接", null));
    const header = request.headers[STAFF_TOKEN_HEADER];
    const token = request.cookies?.[STAFF_TOKEN_COOKIE] || (typeof header === "string" ? header : "");
    const check = token ? await checkStaffToken(deps.db, token) : undefined;
    if (!check?.ok) return reply.code(401).send(envelope(Code.TOKEN_ERROR, "您还未登录", null));
    sessions.set(request, { staffId: check.staff.staff_id, token });
  }

  function connect(ws: WebSocket, request: FastifyRequest) {
    const session = sessions.get(request)!;
    const notices = hub();
    const socket: NoticeSocket = { id: `${notices.instanceId}.${crypto.randomBytes(12).toString("hex")}`, ...session, alive: true, ws };
    if (notices.socketsOf(socket.staffId).length >= MAX_SOCKETS_PER_USER) {
      ws.close(SOCKET_CLOSE.tooManySockets.code, SOCKET_CLOSE.tooManySockets.reason);
      return;
    }
    if (!notices.attach(socket)) {
      ws.close(SOCKET_CLOSE.serverClosing.code, SOCKET_CLOSE.serverClosing.reason);
      return;
    }
    watchClientFrames(ws, socket);
    ws.on("close", () => notices.detach(socket));
    ws.send(JSON.stringify({ type: "init", data: { client_id: socket.id } } satisfies StaffNoticeFrame));
  }

  addSocketRoutes(app, (scope) => {
    scope.get(STAFF_NOTICE_SOCKET_PATH, { websocket: true, preValidation: authorize }, connect);
  });
}
