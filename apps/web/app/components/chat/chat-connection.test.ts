import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { AddressInfo } from "node:net";
import type { ChatFrame } from "@shop/contract/domains/chat";
import { ChatConnection, HEARTBEAT_FRAME, chatSocketUrl, parseFrame, reconnectDelay, type ChatConnectionEvents, type SocketLike } from "./chat-connection.ts";

describe("reconnectDelay", () => {
  it("doubles from 1 s up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe("parseFrame", () => {
  it("reads JSON frames and ignores anything else", () => {
    expect(parseFrame('{"type":"init","data":{"client_id":"a"}}')).toEqual({ type: "init", data: { client_id: "a" } });
    expect(parseFrame("pong")).toBeNull();
    expect(parseFrame('{"type":"string"}')).toBeNull();
    expect(parseFrame("null")).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe("chatSocketUrl", () => {
  it("uses ws for http and wss for https", () => {
    expect(chatSocketUrl("http://127.0.0.1:3000", "/wss")).toBe("ws://127.0.0.1:3000/wss");
    expect(chatSocketUrl("https://shop.example", "/wss")).toBe("wss://shop.example/wss");
  });
});

/**
 * A real websocket server on a free port, speaking the chat's first step: each accepted socket gets
 * `init` with a fresh client_id (unless `sendInit` is off). It records what clients send.
 */
class TestServer {
  readonly server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  readonly sockets: WebSocket[] = [];
  readonly received: Array<{ socket: number; data: string }> = [];
  readonly closeCodes: number[] = [];
  sendInit = true;

  constructor() {
    this.server.on("connection", (socket) => {
      const index = this.sockets.push(socket) - 1;
      socket.on("message", (data) => this.received.push({ socket: index, data: String(data) }));
      socket.on("close", (code) => this.closeCodes.push(code));
      if (this.sendInit) socket.send(JSON.stringify({ type: "init", data: { client_id: `client-${index}` } }));
      else socket.close(1011, "not now");
    });
  }

  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/wss`;
  }

  pingsOf(socket: number) {
    return this.received.filter((entry) => entry.socket === socket && entry.data === HEARTBEAT_FRAME).length;
  }

  close() {
    for (const socket of this.server.clients) socket.terminate();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function recorder() {
  const seen = { inits: [] as string[], frames: [] as ChatFrame[], lost: [] as number[] };
  const events: ChatConnectionEvents = {
    init: (clientId) => seen.inits.push(clientId),
    frame: (frame) => seen.frames.push(frame),
    lost: (delay) => seen.lost.push(delay),
  };
  return { seen, events };
}

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

describe("ChatConnection against a real websocket server", () => {
  let server: TestServer;
  const connections: ChatConnection[] = [];
  const connect = (heartbeatMs: number, events: ChatConnectionEvents) => {
    const connection = new ChatConnection({ url: server.url, heartbeatMs, createSocket }, events);
    connections.push(connection);
    connection.start();
    return connection;
  };

  beforeEach(async () => {
    server = new TestServer();
    await new Promise((resolve) => server.server.once("listening", resolve));
  });
  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.stop();
    await server.close();
  });

  it("hands over init's client_id and the frames that follow, parsed, ignoring junk", async () => {
    const { seen, events } = recorder();
    connect(0, events);
    await vi.waitFor(() => expect(seen.inits).toEqual(["client-0"]));
    server.sockets[0]!.send("not json");
    server.sockets[0]!.send(JSON.stringify({ type: "connect", data: { shop_id: 0, servicer_id: 3, online: 1 } }));
    await vi.waitFor(() => expect(seen.frames).toEqual([{ type: "connect", data: { shop_id: 0, servicer_id: 3, online: 1 } }]));
  });

  it("sends ping at the heartbeat interval, and none when the interval is 0", async () => {
    const silent = recorder();
    connect(0, silent.events);
    await vi.waitFor(() => expect(silent.seen.inits).toHaveLength(1));
    const beating = recorder();
    connect(20, beating.events);
    await vi.waitFor(() => expect(server.pingsOf(1)).toBeGreaterThanOrEqual(3));
    expect(server.pingsOf(0)).toBe(0);
  });

  it("reconnects after the server drops the socket, and gets a new init to bind", async () => {
    const { seen, events } = recorder();
    connect(0, events);
    await vi.waitFor(() => expect(seen.inits).toEqual(["client-0"]));
    server.sockets[0]!.terminate();
    await vi.waitFor(() => expect(seen.lost).toEqual([1000]));
    await vi.waitFor(() => expect(seen.inits).toEqual(["client-0", "client-1"]), { timeout: 5000 });
    // Reaching init again restarts the back-off: the next drop waits 1 s again.
    server.sockets[1]!.terminate();
    await vi.waitFor(() => expect(seen.lost).toEqual([1000, 1000]));
  });

  it("backs off further while the server keeps refusing", async () => {
    server.sendInit = false;
    const { seen, events } = recorder();
    connect(0, events);
    await vi.waitFor(() => expect(seen.lost).toEqual([1000, 2000]), { timeout: 5000 });
    server.sendInit = true;
    await vi.waitFor(() => expect(seen.inits).toEqual(["client-2"]), { timeout: 6000 });
  }, 15_000);

  it("stop() closes the socket normally and does not reconnect", async () => {
    const { seen, events } = recorder();
    const connection = connect(10, events);
    await vi.waitFor(() => expect(seen.inits).toHaveLength(1));
    connection.stop();
    await vi.waitFor(() => expect(server.closeCodes).toEqual([1000]));
    expect(seen.lost).toEqual([]);
    expect(connection.isRunning).toBe(false);
  });
});
