import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Envelope } from "@shop/contract";
import type { ChatMessage, StaffChatSession, StaffServicerState } from "@shop/contract/domains/chat";
import type { Page } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { requiredService } from "../../test/services.ts";
import { startShopProcess, postJson, type ShopProcess } from "../../test/shop-process.ts";
import { buildApp } from "../../app.ts";
import { probeRedis } from "../../core/redis.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { listenForSockets, signInServicer, TestSocket, type TestServicer } from "./testing.ts";

/**
 * Several instances (ADR 0024): two servers on one database and one Redis. A member connected to
 * one and a servicer connected to the other talk as if they were on one; a bind or a bye reaches
 * the socket's instance through the bus; and a servicer whose instance crashes (a real server
 * process, killed) goes offline by itself once its presence expires, its conversation handed back.
 */
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const redis = requiredService("Redis", await probeRedis(redisUrl), `no Redis answers at ${redisUrl} (set REDIS_URL)`);

async function callOn<T>(app: FastifyInstance, path: string, body: object, cookie: string): Promise<Envelope<T>> {
  const response = await app.inject({ method: "POST", url: path, payload: JSON.stringify(body), headers: { "content-type": "application/json", cookie } });
  return response.json();
}

describe.skipIf(redis.skip)(`chat across instances on one Redis (${usingPostgres() ? "PostgreSQL" : "SQLite"})${redis.note}`, () => {
  const prefix = `shop-test-${crypto.randomBytes(4).toString("hex")}:`;
  let one: TestApp;
  let two: FastifyInstance;
  let originOne: string;
  let originTwo: string;
  let member: TestMember;
  let servicer: TestServicer;
  beforeAll(async () => {
    redis.require();
    one = await startTestApp({ config: { redisUrl, redisPrefix: prefix } });
    two = await buildApp({ ...one.config });
    [originOne, originTwo] = [await listenForSockets(one.app), await listenForSockets(two)];
    member = await registerMember(one);
    servicer = await signInServicer(one);
  });
  let twoClosed = false;
  afterAll(async () => {
    if (!twoClosed) await two?.close();
    await one?.close();
    const client = new Redis(redisUrl);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    client.disconnect();
  });

  it("a member on instance 1 and a servicer on instance 2: presence, assignment and messages both ways", async () => {
    const servicerSocket = await TestSocket.open(originTwo, servicer.cookie, { servicer: true });
    expect((await callOn<StaffServicerState>(two, "/shopapi/chat/bind", { client_id: servicerSocket.clientId }, servicer.cookie)).data.online).toBe(1);
    expect((await one.call("/servicer/api/chat/hasServicers", { site_id: 0 })).data).toEqual({ online_count: 1 });

    const memberSocket = await TestSocket.open(originOne, member.cookie);
    const bound = await one.call("/servicer/api/chat/bind", { client_id: memberSocket.clientId }, { cookie: member.cookie });
    expect(bound.data).toEqual({ servicer_id: servicer.staff_id, online: 1 });

    const said = await one.call<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "跨实例你好" }, { cookie: member.cookie });
    expect(said.data.servicer_id).toBe(servicer.staff_id);
    expect(await servicerSocket.message(said.data.id)).toMatchObject({ consumer_say: "跨实例你好", member_id: member.member_id });
    await memberSocket.message(said.data.id);

    const answer = await callOn<ChatMessage>(two, "/shopapi/chat/answer", { member_id: member.member_id, content_type: 0, servicer_say: "您好，这里是另一台服务器" }, servicer.cookie);
    expect(await memberSocket.message(answer.data.id)).toMatchObject({ servicer_say: "您好，这里是另一台服务器", type: 1 });

    // The workbench on instance 2 sees the member online through instance 1's presence.
    const sessions = await callOn<Page<StaffChatSession>>(two, "/shopapi/chat/sessions", { page: 1 }, servicer.cookie);
    expect(sessions.data.list.find((row) => row.member_id === member.member_id)).toMatchObject({ online: 1, servicer_id: servicer.staff_id });
    await memberSocket.close();
    await servicerSocket.next((frame) => frame.type === "session" && frame.data.member_id === member.member_id && frame.data.online === 0);
    await servicerSocket.close();
  });

  it("bind and bye reach the socket's instance through the bus", async () => {
    const servicerSocket = await TestSocket.open(originOne, servicer.cookie, { servicer: true });
    // The socket is on instance 1, the bind call goes to instance 2.
    expect((await callOn<StaffServicerState>(two, "/shopapi/chat/bind", { client_id: servicerSocket.clientId }, servicer.cookie)).code).toBe(0);
    await servicerSocket.until(() => (one.app.chatHub.sockets.servicerServing(servicer.staff_id) ? true : undefined));

    const memberSocket = await TestSocket.open(originTwo, member.cookie);
    await one.call("/servicer/api/chat/bind", { client_id: memberSocket.clientId }, { cookie: member.cookie });
    await servicerSocket.next((frame) => frame.type === "connect" && frame.data.member_id === member.member_id);
    expect(two.chatHub.sockets.memberOnline(member.member_id)).toBe(true);

    const mark = servicerSocket.frames.length;
    await one.call("/servicer/api/chat/bye", { site_id: 0 }, { cookie: member.cookie });
    await servicerSocket.nextAfter(mark, (frame) => frame.type === "session" && frame.data.member_id === member.member_id && frame.data.online === 0);
    expect(two.chatHub.sockets.memberOnline(member.member_id)).toBe(false);
    await memberSocket.close();
    await callOn(one.app, "/shopapi/chat/online", { online: 0 }, servicer.cookie);
    await servicerSocket.close();
  });

  it("an instance that closes says so: its sockets get 1001 and its presence is gone at once", async () => {
    const servicerSocket = await TestSocket.open(originTwo, servicer.cookie, { servicer: true });
    await callOn(two, "/shopapi/chat/bind", { client_id: servicerSocket.clientId }, servicer.cookie);
    expect((await one.call("/servicer/api/chat/hasServicers", { site_id: 0 })).data).toEqual({ online_count: 1 });
    twoClosed = true;
    await two.close();
    expect((await servicerSocket.closed).code).toBe(1001);
    expect((await one.call("/servicer/api/chat/hasServicers", { site_id: 0 })).data).toEqual({ online_count: 0 });
  });

  describe("a crashed instance", () => {
    let crashing: ShopProcess;
    beforeAll(async () => {
      const database = one.config.databaseUrl ? { DATABASE_URL: one.config.databaseUrl, PG_SCHEMA: one.config.pgSchema } : { DATA_DIR: one.config.dataDir };
      crashing = await startShopProcess({ env: { ...database, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, CHAT_PRESENCE_TTL_MS: "2000", JOB_INTERVAL_MS: "0" } });
    }, 120_000);
    afterAll(() => crashing?.stop());

    it("takes its servicer offline once its presence expires, and the conversation goes back to the queue", async () => {
      const other = await registerMember(one);
      const wsOrigin = crashing.url.replace("http:", "ws:");
      const servicerSocket = await TestSocket.open(wsOrigin, servicer.cookie, { servicer: true });
      const bound = await postJson<StaffServicerState>(`${crashing.url}/shopapi/chat/bind`, { client_id: servicerSocket.clientId }, { cookie: servicer.cookie });
      expect(bound.data.online).toBe(1);
      const memberSocket = await TestSocket.open(originOne, other.cookie);
      await one.call("/servicer/api/chat/bind", { client_id: memberSocket.clientId }, { cookie: other.cookie });
      const said = await one.call<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "我的客服在另一台服务器上" }, { cookie: other.cookie });
      expect(said.data.servicer_id).toBe(servicer.staff_id);
      await servicerSocket.message(said.data.id);

      crashing.child.kill("SIGKILL");
      await crashing.exited;
      await servicerSocket.closed;
      // No goodbye was said: the servicer is online until its presence key expires.
      await waitUntil(async () => (await one.call<{ online_count: number }>("/servicer/api/chat/hasServicers", { site_id: 0 })).data.online_count === 0, 10_000);
      await one.app.chatHub.sweep();
      await one.app.chatHub.sweep();
      const session = await one.app.deps.db.selectFrom("chat_session").select(["status", "servicer_id"]).where("member_id", "=", other.member_id).executeTakeFirstOrThrow();
      expect(session).toEqual({ status: 0, servicer_id: 0 });
      await memberSocket.next((frame) => frame.type === "connect" && frame.data.online === 0 && frame.data.servicer_id === 0);
      await memberSocket.close();
    }, 60_000);
  });
});

/** Re-checks `condition` every 100 ms until it holds (or fails after `timeoutMs`): for state that changes without an event to wait on (an expiring key). */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
