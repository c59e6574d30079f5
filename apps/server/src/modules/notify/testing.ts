import { WebSocket } from "ws";
import { STAFF_NOTICE_SOCKET_PATH, type StaffNoticeFrame } from "@shop/contract/domains/admin-notify";
import { WEB_CLIENT_HEADER, WEB_CLIENT_NAME } from "@shop/contract/client";
import type { StaffLoginResult } from "@shop/contract";
import type { TestApp } from "../../test/harness.ts";
import { nextIp } from "../auth/testing.ts";
import { insertGroup, insertStaff } from "../staff/testing.ts";
import type { SocketClose } from "../chat/testing.ts";

/** Helpers for the staff notices' tests (not imported by production code). */

/** A staff member holding exactly `permissions`, signed in the console's way: "staff_token=…" as the browser sends it. */
export async function staffCookie(t: TestApp, permissions: readonly string[]): Promise<{ staff_id: number; cookie: string }> {
  const staff = await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, permissions) });
  const response = await t.request<StaffLoginResult>("/shopapi/login/login", { username: staff.username, password: staff.password }, { ip: nextIp(), headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_NAME } });
  const cookie = response.cookies.find((candidate) => candidate.name === "staff_token");
  if (response.body.code !== 0 || !cookie) throw new Error(`staff login: ${response.body.message}`);
  return { staff_id: staff.staff_id, cookie: `staff_token=${cookie.value}` };
}

/** A notice socket as the console holds it: every frame in order, and waits for the ones a test expects (never a fixed sleep). */
export class NoticeTestSocket {
  readonly frames: StaffNoticeFrame[] = [];
  readonly closed: Promise<SocketClose>;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    const wakeAll = () => [...this.waiters].forEach((wake) => wake());
    ws.on("error", () => {});
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as StaffNoticeFrame);
      wakeAll();
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => {
        resolve({ code, reason: String(reason) });
        wakeAll();
      }),
    );
  }

  /** Opens a socket with this staff cookie; resolves once `init` arrived. */
  static async open(origin: string, cookie: string): Promise<NoticeTestSocket> {
    const socket = new NoticeTestSocket(new WebSocket(`${origin}${STAFF_NOTICE_SOCKET_PATH}`, { headers: { cookie } }));
    await socket.next((frame) => frame.type === "init");
    return socket;
  }

  /** The notices received, in arrival order. */
  notices() {
    return this.frames.flatMap((frame) => (frame.type === "notice" ? [frame.data] : []));
  }

  /** The first frame (received already or to come) that matches; rejects after `timeoutMs` or when the socket closes. */
  next(matches: (frame: StaffNoticeFrame) => boolean, timeoutMs = 5000): Promise<StaffNoticeFrame> {
    return new Promise((resolve, reject) => {
      const done = (finish: () => void) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== wake);
        finish();
      };
      const wake = () => {
        const found = this.frames.find(matches);
        if (found) done(() => resolve(found));
        else if (this.ws.readyState === WebSocket.CLOSED) done(() => reject(new Error("socket closed while waiting")));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`))), timeoutMs);
      this.waiters.push(wake);
      wake();
    });
  }

  close(): Promise<SocketClose> {
    this.ws.close();
    return this.closed;
  }
}
