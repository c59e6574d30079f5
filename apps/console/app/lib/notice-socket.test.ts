import { afterEach, describe, expect, it } from "vitest";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import type { StaffNoticeItem } from "@shop/contract/domains/admin-notify";
import type { SocketLike } from "./chat-socket.ts";
import { noticeSocketUrl, openNoticeSocket, withNotice } from "./notice-socket.ts";

const notice = (id: number, is_read: 0 | 1 = 0): StaffNoticeItem => ({ id, kind: "order_paid", title: "新订单", content: `订单 ${id}`, link: `/order/detail/${id}`, create_time: id, is_read });

describe("the bell's state with a pushed notice", () => {
  it("puts a new notice first and counts it unread; one already listed changes nothing; the list stays 20 long", () => {
    const state = { unread: 1, list: [notice(5), notice(3, 1)] };
    expect(withNotice(state, notice(7))).toEqual({ unread: 2, list: [notice(7), notice(5), notice(3, 1)] });
    expect(withNotice(state, notice(5))).toBe(state);
    // Pushed out of order (two instances): still newest first.
    expect(withNotice(state, notice(4)).list.map((item) => item.id)).toEqual([5, 4, 3]);
    const full = { unread: 20, list: Array.from({ length: 20 }, (_, index) => notice(100 - index)) };
    const next = withNotice(full, notice(101));
    expect(next.list).toHaveLength(20);
    expect(next.list[0]!.id).toBe(101);
    expect(next.unread).toBe(21);
  });

  it("uses ws for http pages and wss for https ones, on the page's host", () => {
    expect(noticeSocketUrl({ protocol: "http:", host: "127.0.0.1:3000" })).toBe("ws://127.0.0.1:3000/wss/staffnotice");
    expect(noticeSocketUrl({ protocol: "https:", host: "shop.example" })).toBe("wss://shop.example/wss/staffnotice");
  });
});

describe("the notice socket against a real websocket server", () => {
  let server: WebSocketServer | undefined;
  let client: { close(): void } | undefined;
  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** Resolves once `check()` holds, re-checked on every event the test records. */
  function waiter() {
    const wakes: Array<() => void> = [];
    return {
      poke: () => wakes.splice(0).forEach((wake) => wake()),
      until: (check: () => boolean) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("condition not met within 5 s")), 5000);
          const wake = () => (check() ? (clearTimeout(timer), resolve()) : wakes.push(wake));
          wake();
        }),
    };
  }

  it("hands over pushed notices; after a drop it reconnects and says so (the bell reloads its list), as on a catchup frame", async () => {
    const sockets: WebSocket[] = [];
    server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    const wait = waiter();
    server.on("connection", (socket) => {
      sockets.push(socket);
      socket.send(JSON.stringify({ type: "init", data: { client_id: `c${sockets.length}` } }));
      wait.poke();
    });
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/wss/staffnotice`;
    const opened: boolean[] = [];
    const notices: number[] = [];
    client = openNoticeSocket({
      url,
      delayOf: () => 10,
      createSocket: (address) => new WebSocket(address) as unknown as SocketLike,
      onOpen: ({ reconnect }) => (opened.push(reconnect), wait.poke()),
      onNotice: (item) => (notices.push(item.id), wait.poke()),
    });
    await wait.until(() => opened.length === 1);
    expect(opened).toEqual([false]);
    sockets[0]!.send(JSON.stringify({ type: "notice", data: notice(9) }));
    sockets[0]!.send("pong");
    await wait.until(() => notices.length === 1);
    expect(notices).toEqual([9]);

    sockets[0]!.close(1012, "server restarting");
    await wait.until(() => opened.length === 2);
    expect(opened).toEqual([false, true]);
    sockets[1]!.send(JSON.stringify({ type: "catchup", data: {} }));
    await wait.until(() => opened.length === 3);
    expect(opened).toEqual([false, true, true]);
    expect(notices).toEqual([9]);
  });
});
