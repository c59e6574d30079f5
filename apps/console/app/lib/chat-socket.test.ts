import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import type { ChatFrame } from "@shop/contract/domains/chat";
import { BACKOFF_MAX_MS, backoffDelay, openChatSocket, parseFrame, servicerSocketUrl, type ChatSocket, type SocketLike } from "./chat-socket.ts";

describe("backoffDelay", () => {
  it("doubles from 500 ms, caps at 30 s, and takes up to a quarter off at random", () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, 0))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(20, 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(2, 0.999)).toBeGreaterThan(1500);
    expect(backoffDelay(2, 0.999)).toBeLessThan(2000);
  });
});

describe("the socket's address and frames", () => {
  it("uses ws for http pages and wss for https ones, on the page's host", () => {
    expect(servicerSocketUrl({ protocol: "http:", host: "127.0.0.1:3000" })).toBe("ws://127.0.0.1:3000/wss?as=servicer");
    expect(servicerSocketUrl({ protocol: "https:", host: "shop.example" })).toBe("wss://shop.example/wss?as=servicer");
  });

  it("reads JSON frames and ignores anything else", () => {
    expect(parseFrame('{"type":"init","data":{"client_id":"abc"}}')).toEqual({ type: "init", data: { client_id: "abc" } });
    for (const junk of ["pong", "{not json", '{"type":1,"data":{}}', '{"type":"x"}', 42]) expect(parseFrame(junk)).toBeNull();
  });
});

/**
 * A real websocket server standing in for the shop's /wss: it greets every socket with `init`
 * (client ids c1, c2, …), counts pings, and can refuse upgrades or drop sockets.
 */
async function startServer(options: { refuseFirst?: number } = {}) {
  let refused = 0;
  let connections = 0;
  const pings: string[] = [];
  const sockets: WebSocket[] = [];
  const closeCodes: number[] = [];
  const server = new WebSocketServer({
    port: 0,
    host: "127.0.0.1",
    verifyClient: (_info, done) => {
      if (refused < (options.refuseFirst ?? 0)) {
        refused += 1;
        return done(false, 401);
      }
      done(true);
    },
  });
  server.on("connection", (socket) => {
    connections += 1;
    const clientId = `c${connections}`;
    sockets.push(socket);
    socket.on("message", (data) => pings.push(`${clientId}:${String(data)}`));
    socket.on("close", (code) => closeCodes.push(code));
    socket.send(JSON.stringify({ type: "init", data: { client_id: clientId } }));
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/wss?as=servicer`,
    pings,
    sockets,
    closeCodes,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

describe("openChatSocket against a websocket server", () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let client: ChatSocket | undefined;
  afterEach(async () => {
    client?.close();
    for (const socket of server?.sockets ?? []) socket.terminate();
    await server?.close();
    server = undefined;
    client = undefined;
  });

  it("binds on init, pings at the heartbeat, passes frames on, and after a drop reconnects and says so", async () => {
    server = await startServer();
    const ready: Array<[string, boolean]> = [];
    const frames: ChatFrame[] = [];
    const statuses: string[] = [];
    client = openChatSocket({
      url: server.url,
      heartbeatMs: 30,
      createSocket,
      delayOf: () => 20,
      onReady: (clientId, { reconnect }) => void ready.push([clientId, reconnect]),
      onFrame: (frame) => frames.push(frame),
      onStatus: (status) => statuses.push(status),
    });

    await vi.waitFor(() => expect(ready).toEqual([["c1", false]]));
    await vi.waitFor(() => expect(server!.pings.filter((ping) => ping === "c1:ping").length).toBeGreaterThanOrEqual(2));

    const sent = { type: "session", data: { session_id: 1, member_id: 7 } };
    server.sockets[0]!.send(JSON.stringify(sent));
    server.sockets[0]!.send("pong");
    await vi.waitFor(() => expect(frames).toEqual([sent]));

    // The connection dies mid-stream (no close handshake): a new socket, bound as a reconnection.
    server.sockets[0]!.terminate();
    await vi.waitFor(() => expect(ready).toEqual([["c1", false], ["c2", true]]));
    expect(statuses).toEqual(["connecting", "open", "closed", "connecting", "open"]);
    await vi.waitFor(() => expect(server!.pings).toContain("c2:ping"));

    // Closed by the page: a normal close, and the heartbeat stops with it.
    client.close();
    await vi.waitFor(() => expect(server!.closeCodes).toContain(1000));
  });

  it("keeps trying while the server refuses the upgrade, with a growing attempt count", async () => {
    server = await startServer({ refuseFirst: 3 });
    const attempts: number[] = [];
    const ready: string[] = [];
    client = openChatSocket({
      url: server.url,
      heartbeatMs: 0,
      createSocket,
      delayOf: (attempt) => {
        attempts.push(attempt);
        return 10;
      },
      onReady: (clientId) => void ready.push(clientId),
      onFrame: () => {},
    });
    await vi.waitFor(() => expect(ready).toEqual(["c1"]));
    expect(server.refused).toBe(3);
    expect(attempts).toEqual([0, 1, 2]);
    // heartbeat 0: no ping at all
    expect(server.pings).toEqual([]);
  });
});
