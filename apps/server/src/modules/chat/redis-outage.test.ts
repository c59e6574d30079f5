import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Envelope } from "@shop/contract";
import type { ChatDialogPage, ChatFrame, ChatMessage, StaffServicerState } from "@shop/contract/domains/chat";
import { catchUpSinceId, fetchMessagesSince, mergeChatMessages } from "@shop/contract/domains/chat-messages";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { OwnRedis, redisServerBinary } from "../../test/own-redis.ts";
import { buildApp } from "../../app.ts";
import { redisAvailable } from "../../core/redis.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { listenForSockets, signInServicer, TestSocket, type TestServicer } from "./testing.ts";

/**
 * Two instances on one Redis (a redis-server of the test's own) that goes away and comes back
 * empty: what the member said meanwhile is stored, but its frames never crossed to the servicer's
 * instance. Once Redis is back every socket is told to catch up (a `catchup` frame; the workbench
 * then asks since_id, as after a reconnect) and each instance writes its presence again, so the
 * servicer is online for the member's instance at once, not at the next refresh. A stall (the
 * process paused) ends the same way, once the breaker's probe finds Redis answering again. When
 * both sides talk during the outage, each through its own instance, each socket's last id moves
 * past the other side's messages: the frame's since_id brings those too (the clients' own rule).
 */
const binary = redisServerBinary();

async function callOn<T>(app: FastifyInstance, path: string, body: object, cookie: string): Promise<Envelope<T>> {
  const response = await app.inject({ method: "POST", url: path, payload: JSON.stringify(body), headers: { "content-type": "application/json", cookie } });
  return response.json();
}

/** Re-checks `condition` every 50 ms until it holds (or fails after `timeoutMs`): for state that changes without a frame to wait on. */
async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(binary.skip)(`chat across instances when Redis goes away and comes back (${usingPostgres() ? "PostgreSQL" : "SQLite"})${binary.note}`, () => {
  const prefix = `shop-test-${crypto.randomBytes(4).toString("hex")}:`;
  let redis: OwnRedis;
  let one: TestApp;
  let two: FastifyInstance;
  let member: TestMember;
  let servicer: TestServicer;
  let memberSocket: TestSocket;
  let servicerSocket: TestSocket;
  beforeAll(async () => {
    binary.require();
    redis = await OwnRedis.start();
    one = await startTestApp({ config: { redisUrl: redis.url, redisPrefix: prefix } });
    two = await buildApp({ ...one.config });
    const [originOne, originTwo] = [await listenForSockets(one.app), await listenForSockets(two)];
    member = await registerMember(one);
    servicer = await signInServicer(one);
    servicerSocket = await TestSocket.open(originTwo, servicer.cookie, { servicer: true });
    expect((await callOn<StaffServicerState>(two, "/shopapi/chat/bind", { client_id: servicerSocket.clientId }, servicer.cookie)).data.online).toBe(1);
    memberSocket = await TestSocket.open(originOne, member.cookie);
    expect((await one.call("/servicer/api/chat/bind", { client_id: memberSocket.clientId }, { cookie: member.cookie })).data).toEqual({ servicer_id: servicer.staff_id, online: 1 });
  }, 60_000);
  afterAll(async () => {
    await memberSocket?.close();
    await servicerSocket?.close();
    await two?.close();
    await one?.close();
    await redis?.stop();
  });

  const say = async (text: string) => {
    const said = await one.call<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: text }, { cookie: member.cookie });
    expect(said.code).toBe(0);
    return said.data;
  };
  const onlineCount = async () => (await one.call<{ online_count: number }>("/servicer/api/chat/hasServicers", { site_id: 0 })).data.online_count;

  it("messages stored while Redis was down reach the other instance's servicer once, through the catch-up; presence is right again", async () => {
    const before = await say("Redis 还在");
    expect((await servicerSocket.message(before.id)).consumer_say).toBe("Redis 还在");
    const lastSeen = before.id;

    await redis.stop();
    await waitUntil(() => !redisAvailable(one.app.deps.redis!) && !redisAvailable(two.deps.redis!), 5000);
    const duringOutage = [await say("断线时说的第一句"), await say("断线时说的第二句"), await say("断线时说的第三句")];
    expect(duringOutage.every((message) => message.servicer_id === servicer.staff_id)).toBe(true);
    // Instance 1 cannot ask Redis: it goes by the servicer it last saw (within the presence expiry).
    expect(await onlineCount()).toBe(1);

    const mark = servicerSocket.frames.length;
    const memberMark = memberSocket.frames.length;
    await redis.restart(); // empty: every presence key is gone
    await servicerSocket.nextAfter(mark, (frame) => frame.type === "catchup", 10_000);
    await memberSocket.nextAfter(memberMark, (frame) => frame.type === "catchup", 10_000);

    // What the workbench does on `catchup`: the open conversation since the last id it saw.
    const caughtUp = await callOn<ChatDialogPage>(two, "/shopapi/chat/dialogs", { member_id: member.member_id, since_id: lastSeen }, servicer.cookie);
    expect(caughtUp.data.list.map((message) => message.id)).toEqual(duringOutage.map((message) => message.id));

    // Presence rewritten on the catch-up, well before the next refresh (every 5 s): the member's instance sees the servicer.
    await waitUntil(async () => (await onlineCount()) === 1 && (await one.app.deps.redis!.exists(`${prefix}chat:presence:${two.chatHub.instanceId}`)) === 1, 1000);

    // Redis carries frames again; frames of one instance arrive in order, so once this one is here no
    // late push of the outage's messages can follow: each of them reached the servicer exactly once.
    const after = await say("Redis 回来了");
    await servicerSocket.message(after.id);
    const pushed = servicerSocket.messages().map((message) => message.id);
    for (const message of duringOutage) {
      expect(pushed.filter((id) => id === message.id).length + caughtUp.data.list.filter((row) => row.id === message.id).length).toBe(1);
    }
  }, 60_000);

  it("both sides talking during the outage, each through its own instance: after the catch-up each has seen every message once", async () => {
    const answer = async (text: string) => {
      const answered = await callOn<ChatMessage>(two, "/shopapi/chat/answer", { member_id: member.member_id, content_type: 0, servicer_say: text }, servicer.cookie);
      expect(answered.code).toBe(0);
      return answered.data;
    };
    const before = await say("都在线时");
    await Promise.all([servicerSocket.message(before.id), memberSocket.message(before.id)]);

    await redis.stop();
    await waitUntil(() => !redisAvailable(one.app.deps.redis!) && !redisAvailable(two.deps.redis!), 5000);
    // Interleaved, so each side's newest id (its own message, pushed by its own instance) is past one of the other's.
    const duringOutage = [await say("会员断线时一"), await answer("客服断线时一"), await say("会员断线时二"), await answer("客服断线时二")];
    await Promise.all([memberSocket.message(duringOutage[2]!.id), servicerSocket.message(duringOutage[3]!.id)]);
    const memberMark = memberSocket.frames.length;
    const servicerMark = servicerSocket.frames.length;
    await redis.restart();

    /** What the dialog and the workbench do on `catchup`: since min(last id shown, since_id), every page, merged by id. */
    const catchUp = async (socket: TestSocket, mark: number, fetchPage: (sinceId: number) => Promise<ChatDialogPage>) => {
      const frame = (await socket.nextAfter(mark, (candidate) => candidate.type === "catchup", 10_000)) as Extract<ChatFrame, { type: "catchup" }>;
      expect(frame.data.since_id).toBeLessThan(before.id + 1);
      const shown = mergeChatMessages([], socket.messages());
      const sinceId = catchUpSinceId(shown.at(-1)?.id ?? 0, frame.data.since_id);
      const caughtUp = await fetchMessagesSince(fetchPage, sinceId, 10);
      expect(caughtUp.complete).toBe(true);
      return mergeChatMessages(shown, caughtUp.messages).map((message) => message.id);
    };
    const memberView = await catchUp(memberSocket, memberMark, async (sinceId) => (await one.call<ChatDialogPage>("/servicer/api/chat/dialogs", { site_id: 0, since_id: sinceId }, { cookie: member.cookie })).data);
    const servicerView = await catchUp(servicerSocket, servicerMark, async (sinceId) => (await callOn<ChatDialogPage>(two, "/shopapi/chat/dialogs", { member_id: member.member_id, since_id: sinceId }, servicer.cookie)).data);

    const stored = await one.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).where("id", ">=", before.id).orderBy("id").execute();
    const expected = stored.map((row) => row.id);
    expect(expected).toEqual([before.id, ...duringOutage.map((message) => message.id)]);
    for (const view of [memberView, servicerView]) {
      const fromBefore = view.filter((id) => id >= before.id);
      expect(fromBefore).toEqual(expected); // every one, in order, none twice
    }
  }, 60_000);

  it("after a stall (SIGSTOP, SIGCONT) the breaker's probe brings the catch-up too", async () => {
    const last = await say("停顿之前");
    await servicerSocket.message(last.id);
    redis.pause();
    const duringStall = [await say("停顿时说的第一句"), await say("停顿时说的第二句")];
    expect(redisAvailable(one.app.deps.redis!)).toBe(false);
    const mark = servicerSocket.frames.length;
    redis.resume();
    // Any call that touches Redis is the probe once the breaker's pause is over (the presence refresh would be too).
    await waitUntil(async () => {
      await onlineCount();
      return servicerSocket.frames.slice(mark).some((frame) => frame.type === "catchup");
    }, 10_000);
    const caughtUp = await callOn<ChatDialogPage>(two, "/shopapi/chat/dialogs", { member_id: member.member_id, since_id: last.id }, servicer.cookie);
    expect(caughtUp.data.list.map((message) => message.id)).toEqual(duringStall.map((message) => message.id));
    expect(await onlineCount()).toBe(1);
  }, 60_000);
});
