/**
 * Customer-service chat under load (issue 12; figures, not a test): 1,000 member websockets open at
 * once, each bound to its conversation and sending the heartbeat "ping" every CHAT_HEARTBEAT_MS,
 * one servicer socket answering them all. Reports the server's memory per connection (resident set
 * of the server process before and after the sockets, divided by their number) and the latency of a
 * member's message to the servicer's socket (from the say call's first byte to the frame's arrival)
 * p50 / p99, on SQLite with one instance and on PostgreSQL + Redis with two (member sockets on the
 * first, the servicer on the second: every message crosses Redis). Run alone:
 * `npm run bench:chat -w @shop/bench` (writes bench/chat-results.md), or as the `chat` section of
 * `npm run bench`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import WebSocket from "ws";
import { CHAT_HEARTBEAT_MS, CHAT_SOCKET_PATH, CHAT_SOCKET_SERVICER, ChatContent, type ChatFrame } from "@shop/contract/domains/chat";
import { loadConfig } from "../apps/server/src/config.ts";
import { buildApp } from "../apps/server/src/app.ts";
import { dropPgSchema, ensurePgSchema } from "../apps/server/src/db/connect.ts";
import { probeRedis } from "../apps/server/src/core/redis.ts";
import { hashPassword } from "../apps/server/src/core/password.ts";
import { TOKEN_COOKIE } from "../apps/server/src/core/context.ts";
import { crowdClient, percentile, seedCrowd } from "../apps/server/src/test/proofs/crowd.ts";
import type { Buyer } from "../apps/server/src/test/proofs/buyers.ts";
import { startShopProcess, postJson, type ShopProcess } from "../apps/server/src/test/shop-process.ts";
import { postgresReachable } from "./catalog.ts";
import { eachInTurn } from "./concurrency.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOCKETS = Number(process.env.CHAT_SOCKETS ?? 1000);
/** Messages measured: one per member, this many in flight at a time. */
const IN_FLIGHT = Number(process.env.CHAT_IN_FLIGHT ?? 20);
/** Sockets being opened and bound at a time. */
const CONNECTING = 64;
const STAFF_COOKIE = "staff_token";

export interface ChatFigures {
  label: string;
  instances: number;
  sockets: number;
  /** sockets bound and heartbeating when the messages were sent */
  connected: number;
  connectSeconds: number;
  /** resident-set growth of the member sockets' server process, per socket */
  kibPerSocket: number;
  messages: number;
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Resident set size of a process, from /proc (Linux), in KiB. */
function rssKib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const wsUrl = (origin: string, servicer = false) => `${origin.replace(/^http/, "ws")}${CHAT_SOCKET_PATH}${servicer ? `?as=${CHAT_SOCKET_SERVICER}` : ""}`;

/** Opens a socket and resolves with it and its client_id once `init` arrives. */
function openSocket(url: string, cookie: string, onFrame: (frame: ChatFrame) => void): Promise<{ socket: WebSocket; clientId: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    let initialised = false;
    socket.on("message", (raw) => {
      const text = raw.toString();
      if (!text.startsWith("{")) return;
      const frame = JSON.parse(text) as ChatFrame;
      if (!initialised && frame.type === "init") {
        initialised = true;
        resolve({ socket, clientId: frame.data.client_id });
      } else onFrame(frame);
    });
    socket.once("error", reject);
    socket.once("close", (code) => initialised || reject(new Error(`socket closed before init: ${code}`)));
  });
}

async function staffSession(db: Awaited<ReturnType<typeof buildApp>>["deps"]["db"], origin: string): Promise<string> {
  const username = `bench_kefu_${crypto.randomBytes(3).toString("hex")}`;
  const password = "bench-kefu-123456";
  await db.insertInto("staff").values({ username, password: await hashPassword(password), nickname: "压测客服", role: "servicer", headimg: "", status: 1, create_time: 0 }).execute();
  const login = await postJson<{ token: string }>(`${origin}/shopapi/login/login`, { username, password });
  if (login.code !== 0) throw new Error(`staff login: ${login.message}`);
  return login.data.token;
}

async function benchTarget(label: string, target: { databaseUrl?: string; redisUrl?: string }, instances: number): Promise<ChatFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chat-"));
  const pgSchema = target.databaseUrl ? `bench_chat_${crypto.randomBytes(4).toString("hex")}` : undefined;
  if (target.databaseUrl && pgSchema) await ensurePgSchema(target.databaseUrl, pgSchema);
  const config = loadConfig({}, { dataDir, databaseUrl: target.databaseUrl, pgSchema, serveWeb: false, autoSeed: false, logLevel: "silent", jobIntervalMs: 0 });
  const app = await buildApp(config);
  const servers: ShopProcess[] = [];
  const sockets: WebSocket[] = [];
  const heartbeats: NodeJS.Timeout[] = [];
  const prefix = `bench-chat-${crypto.randomBytes(4).toString("hex")}:`;
  try {
    const members: Buyer[] = await seedCrowd(app.deps.db, SOCKETS);
    const env = target.databaseUrl
      ? { DATABASE_URL: target.databaseUrl, PG_SCHEMA: pgSchema, ...(target.redisUrl ? { REDIS_URL: target.redisUrl, REDIS_PREFIX: prefix } : {}) }
      : { DATA_DIR: dataDir };
    for (let index = 0; index < instances; index += 1) servers.push(await startShopProcess({ env: { ...env, JOB_INTERVAL_MS: "0", SERVER_PROCESSES: "1" } }));
    const memberServer = servers[0]!;
    const servicerServer = servers[servers.length - 1]!;

    // The servicer first, so every member's bind finds it online.
    const staffToken = await staffSession(app.deps.db, servicerServer.url);
    const waiting = new Map<string, (at: number) => void>();
    const servicer = await openSocket(wsUrl(servicerServer.url, true), `${STAFF_COOKIE}=${staffToken}`, (frame) => {
      if (frame.type === "string" && frame.data.client_msg_id) waiting.get(frame.data.client_msg_id)?.(performance.now());
    });
    sockets.push(servicer.socket);
    const bound = await postJson(`${servicerServer.url}/shopapi/chat/bind`, { client_id: servicer.clientId, token: staffToken });
    if (bound.code !== 0) throw new Error(`servicer bind: ${bound.message}`);

    const before = rssKib(memberServer.child.pid!);
    const client = crowdClient(CONNECTING);
    const connectStarted = performance.now();
    let connected = 0;
    await eachInTurn(members.length, CONNECTING, async (index) => {
      const member = members[index]!;
      const { socket, clientId } = await openSocket(wsUrl(memberServer.url), `${TOKEN_COOKIE}=${member.token}`, () => {});
      sockets.push(socket);
      const answer = await client.post(`${memberServer.url}/servicer/api/chat/bind`, { token: member.token, client_id: clientId });
      if (answer.code !== 0) throw new Error(`member bind: ${answer.message}`);
      heartbeats.push(setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), CHAT_HEARTBEAT_MS));
      connected += 1;
    });
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    // A fixed span on purpose: memory is read once every socket has been through two heartbeat
    // periods of steady state (there is no event to wait for; the figure is "after N seconds").
    await new Promise((resolve) => setTimeout(resolve, CHAT_HEARTBEAT_MS * 2));
    const after = rssKib(memberServer.child.pid!);

    const durations: number[] = [];
    const sendStarted = performance.now();
    await eachInTurn(members.length, IN_FLIGHT, async (index) => {
      const member = members[index]!;
      const clientMsgId = `bench-${index}`;
      const begin = performance.now();
      const arrived = new Promise<number>((resolve) => waiting.set(clientMsgId, resolve));
      const said = await client.post(`${memberServer.url}/servicer/api/chat/say`, {
        token: member.token, site_id: 0, content_type: ChatContent.TEXT, message: `压测消息 ${index}`, client_msg_id: clientMsgId,
      });
      if (said.code !== 0) throw new Error(`say: ${said.message}`);
      durations.push((await arrived) - begin);
      waiting.delete(clientMsgId);
    });
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    await client.close();
    return {
      label, instances, sockets: members.length, connected, connectSeconds, kibPerSocket: (after - before) / Math.max(1, connected),
      messages: members.length, delivered: durations.length, perSecond: durations.length / sendSeconds, p50: percentile(durations, 50), p99: percentile(durations, 99),
    };
  } finally {
    for (const timer of heartbeats) clearInterval(timer);
    for (const socket of sockets) socket.terminate();
    await Promise.all(servers.map((server) => server.stop()));
    await app.close();
    if (target.databaseUrl && pgSchema) await dropPgSchema(target.databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchChat(options: { pgUrl: string; redisUrl: string }): Promise<{ figures: ChatFigures[]; notes: string[] }> {
  const figures = [await benchTarget("SQLite", {}, 1)];
  const notes: string[] = [];
  if ((await postgresReachable(options.pgUrl)) && (await probeRedis(options.redisUrl))) {
    figures.push(await benchTarget("PostgreSQL + Redis", { databaseUrl: options.pgUrl, redisUrl: options.redisUrl }, 2));
  } else notes.push(`chat: PostgreSQL (${options.pgUrl}) or Redis (${options.redisUrl}) did not answer: its row was skipped.`);
  return { figures, notes };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function renderChatSection(result: { figures: ChatFigures[]; notes: string[] }): string[] {
  return [
    "## Customer-service chat (issue 12)",
    "",
    `${SOCKETS} member websockets opened ${CONNECTING} at a time, each bound (/servicer/api/chat/bind) and sending "ping" every ${CHAT_HEARTBEAT_MS} ms;`,
    "one servicer socket. Memory: the member sockets' server process, resident set after the sockets (and two heartbeats) minus before,",
    `per socket. Latency: each member sends one text (/servicer/api/chat/say, ${IN_FLIGHT} in flight), from the call's start to the`,
    "servicer socket's frame; with two instances the members are on the first and the servicer on the second (through Redis).",
    "",
    "| database | instances | sockets bound | connect time | memory per socket | messages delivered | messages/s | p50 | p99 |",
    "|---|---|---|---|---|---|---|---|---|",
    ...result.figures.map(
      (row) =>
        `| ${row.label} | ${row.instances} | ${row.connected} / ${row.sockets} | ${fixed(row.connectSeconds, 1)} s | ${fixed(row.kibPerSocket, 1)} KiB | ${row.delivered} / ${row.messages} | ${fixed(row.perSecond)} | ${fixed(row.p50, 1)} ms | ${fixed(row.p99, 1)} ms |`,
    ),
    ...result.notes.map((note) => `- ${note}`),
    "",
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchChat({
    pgUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  });
  const markdown = [`# Customer-service chat`, "", `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} CPUs, Node ${process.version}.`, "", ...renderChatSection(result)].join("\n");
  console.log(markdown);
  fs.writeFileSync(path.join(ROOT, "bench/chat-results.md"), `${markdown}\n`);
}
