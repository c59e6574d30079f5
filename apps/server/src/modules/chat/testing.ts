import type { AddressInfo } from "node:net";
import { WebSocket } from "ws";
import type { FastifyInstance } from "fastify";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import { CHAT_SOCKET_PATH, CHAT_SOCKET_SERVICER, STAFF_CHAT_UPLOAD_PATH, type ChatFrame, type ChatMessage } from "@shop/contract/domains/chat";
import type { Envelope, StaffLoginResult } from "@shop/contract";
import { UPLOAD_PATHS, type UploadResult } from "@shop/contract/domains/upload";
import type { TestApp } from "../../test/harness.ts";
import { nextIp } from "../auth/testing.ts";
import { insertStaff } from "../staff/testing.ts";
import { multipartBody, testJpeg } from "../upload/test-helpers.ts";

/**
 * Helpers for the chat's tests: real sockets against a listening test app, and staff sessions as
 * the console holds them (the staff cookie). Not imported by production code.
 */

/** Starts the app listening on a free loopback port; answers its ws:// origin. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface TestServicer {
  staff_id: number;
  token: string;
  /** "staff_token=…", as the console's browser sends it */
  cookie: string;
}

/** A staff account of `role` signed in the console's way (our web client header): the session is in the cookie only. */
export async function signInServicer(t: TestApp, role: "admin" | "servicer" = "servicer"): Promise<TestServicer> {
  const staff = await insertStaff(t, { role });
  const response = await t.request<StaffLoginResult>(
    "/shopapi/login/login",
    { username: staff.username, password: staff.password },
    { ip: nextIp(), headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME } },
  );
  const cookie = response.cookies.find((candidate) => candidate.name === "staff_token");
  if (response.body.code !== 0 || !cookie) throw new Error(`staff login: ${response.body.message}`);
  return { staff_id: staff.staff_id, token: cookie.value, cookie: `staff_token=${cookie.value}` };
}

export interface SocketClose {
  code: number;
  reason: string;
}

/**
 * A chat socket as a client sees it: every frame it received, in order, and waits for the ones a
 * test expects (never a fixed sleep).
 */
export class TestSocket {
  readonly frames: ChatFrame[] = [];
  readonly closed: Promise<SocketClose>;
  clientId = "";
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    const wakeAll = () => {
      for (const wake of [...this.waiters]) wake();
    };
    // A refused upgrade or a dropped connection ends in "close" (what the tests look at).
    ws.on("error", () => {});
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as ChatFrame);
      wakeAll();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => {
        resolve({ code, reason: String(reason) });
        wakeAll();
      }),
    );
  }

  /** Opens a member socket (`cookie` "shop_token=…") or, with `servicer`, a staff one; resolves once `init` arrived. */
  static async open(origin: string, cookie: string, options: { servicer?: boolean; headers?: Record<string, string> } = {}): Promise<TestSocket> {
    const url = `${origin}${CHAT_SOCKET_PATH}${options.servicer ? `?as=${CHAT_SOCKET_SERVICER}` : ""}`;
    const socket = new TestSocket(new WebSocket(url, { headers: { cookie, ...options.headers } }));
    const init = await socket.next((frame) => frame.type === "init");
    socket.clientId = (init as Extract<ChatFrame, { type: "init" }>).data.client_id;
    return socket;
  }

  /** The first frame (received already or to come) that matches; rejects after `timeoutMs` or when the socket closes. */
  next(matches: (frame: ChatFrame) => boolean, timeoutMs = 5000): Promise<ChatFrame> {
    return this.until(() => this.frames.find(matches), timeoutMs);
  }

  /** Like next, among the frames from index `mark` on (`mark = socket.frames.length` before the action). */
  nextAfter(mark: number, matches: (frame: ChatFrame) => boolean, timeoutMs = 5000): Promise<ChatFrame> {
    return this.until(() => this.frames.slice(mark).find(matches), timeoutMs);
  }

  /** Resolves with `check()`'s answer once it is not undefined (re-checked on every frame). */
  until<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = (finish: () => void) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        finish();
      };
      const wake = () => {
        const found = check();
        if (found !== undefined) done(() => resolve(found));
        else if (this.ws.readyState === WebSocket.CLOSED) done(() => reject(new Error("socket closed while waiting")));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((frame) => frame.type))}`))), timeoutMs);
      this.waiters.push(wake);
      wake();
    });
  }

  /** The messages this socket received (string, goodssku, order, image frames), in arrival order. */
  messages(): ChatMessage[] {
    return this.frames.flatMap((frame) => (frame.type === "string" || frame.type === "goodssku" || frame.type === "order" || frame.type === "image" ? [frame.data] : []));
  }

  /** Waits for the message with this id. */
  message(id: number, timeoutMs?: number): Promise<ChatMessage> {
    return this.until(() => this.messages().find((message) => message.id === id), timeoutMs);
  }

  close(): Promise<SocketClose> {
    this.ws.close();
    return this.closed;
  }
}

/** Upgrades without completing a socket: the HTTP status the server answered the upgrade with (401, 403), or 101. */
export function upgradeStatus(origin: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin}${path}`, { headers });
    ws.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on("open", () => {
      resolve(101);
      ws.close();
    });
    ws.on("error", (error) => reject(error));
  });
}

/** POSTs a small JPEG to the member's (/api/upload/chatimg) or the staff's (/shopapi/upload/chatimg) chat picture call; answers the envelope. */
export async function postChatPicture(t: TestApp, cookie: string, who: "member" | "staff") {
  const { payload, contentType } = await multipartBody({}, [{ bytes: await testJpeg() }]);
  const response = await t.app.inject({
    method: "POST",
    url: who === "staff" ? STAFF_CHAT_UPLOAD_PATH : UPLOAD_PATHS.chat,
    payload,
    headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
  });
  return response.json() as Envelope<UploadResult | null>;
}

/** Uploads a chat picture with this session (member cookie, or staff cookie with who "staff"); answers its pic_path. */
export async function uploadChatPicture(t: TestApp, cookie: string, who: "member" | "staff" = "member"): Promise<string> {
  const answer = await postChatPicture(t, cookie, who);
  if (answer.code !== 0 || !answer.data) throw new Error(`chat picture: ${answer.message}`);
  return answer.data.pic_path;
}
