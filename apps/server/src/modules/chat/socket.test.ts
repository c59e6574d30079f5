import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { CHAT_SOCKET_PATH, type ChatFrame, type ChatMessage, type StaffServicerState } from "@shop/contract/domains/chat";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { MAX_FRAME_BYTES, MAX_FRAMES_PER_SECOND } from "./socket.ts";
import { listenForSockets, signInServicer, TestSocket, upgradeStatus, type TestServicer } from "./testing.ts";

/**
 * The chat's websocket over a real connection (docs/api/chat.md): who may open one, the init →
 * bind → say round trip with frames on both sides, the heartbeat, and the limits that close a
 * socket.
 */
describe(`chat websocket (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let origin: string;
  let member: TestMember;
  let servicer: TestServicer;
  beforeAll(async () => {
    t = await startTestApp();
    origin = await listenForSockets(t.app);
    member = await registerMember(t);
    servicer = await signInServicer(t);
  });
  afterAll(() => t.close());

  const memberCall = <T>(path: string, body: object = {}) => t.call<T>(path, body, { cookie: member.cookie });
  const staffCall = <T>(path: string, body: object = {}) => t.call<T>(path, body, { cookie: servicer.cookie });

  it("refuses an upgrade without a session (401), with a bad one, a member's as servicer, and from another site's page (403)", async () => {
    expect(await upgradeStatus(origin, CHAT_SOCKET_PATH)).toBe(401);
    expect(await upgradeStatus(origin, CHAT_SOCKET_PATH, { cookie: "shop_token=forged" })).toBe(401);
    expect(await upgradeStatus(origin, `${CHAT_SOCKET_PATH}?as=servicer`, { cookie: member.cookie })).toBe(401);
    expect(await upgradeStatus(origin, `${CHAT_SOCKET_PATH}?as=servicer`, { cookie: `staff_token=${member.token}` })).toBe(401);
    expect(await upgradeStatus(origin, CHAT_SOCKET_PATH, { cookie: member.cookie, origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(origin, CHAT_SOCKET_PATH, { cookie: member.cookie, origin: origin.replace("ws:", "http:") })).toBe(101);
  });

  it("init → bind → say: the message is stored, then arrives on both sides with its id; the servicer answers back", async () => {
    const staffSocket = await TestSocket.open(origin, servicer.cookie, { servicer: true });
    const bound = await staffCall<StaffServicerState>("/shopapi/chat/bind", { client_id: staffSocket.clientId });
    expect(bound).toMatchObject({ code: 0, data: { servicer_id: servicer.staff_id, online: 1 } });

    const memberSocket = await TestSocket.open(origin, member.cookie);
    expect(memberSocket.clientId).toMatch(/^[0-9a-f]+\.[0-9a-f]{24}$/);
    expect(await memberCall("/servicer/api/chat/bind", { client_id: memberSocket.clientId })).toMatchObject({ code: 0, data: { servicer_id: servicer.staff_id, online: 1 } });

    const said = await memberCall<ChatMessage>("/servicer/api/chat/say", { site_id: 0, content_type: 0, message: "你好，在吗？" });
    expect(said.code).toBe(0);
    const stored = await t.app.deps.db.selectFrom("chat_message").selectAll().where("id", "=", said.data.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ member_id: member.member_id, type: 0, content: "你好，在吗？", servicer_id: servicer.staff_id });
    for (const socket of [memberSocket, staffSocket]) {
      expect(await socket.message(said.data.id)).toMatchObject({ id: said.data.id, type: 0, content_type: 0, consumer_say: "你好，在吗？", nickname: member.username });
    }
    expect(staffSocket.frames.find((frame) => frame.type === "string")).toMatchObject({ type: "string" });

    const answer = await staffCall<ChatMessage>("/shopapi/chat/answer", { member_id: member.member_id, content_type: 0, servicer_say: "在的，请问有什么可以帮您？" });
    expect(answer.code).toBe(0);
    expect(answer.data.id).toBeGreaterThan(said.data.id);
    expect(await memberSocket.message(answer.data.id)).toMatchObject({ type: 1, servicer_say: "在的，请问有什么可以帮您？", servicer_id: servicer.staff_id });
    await staffSocket.message(answer.data.id);
    // The workbench hears about the conversation (session frames) with its unread count.
    await staffSocket.next((frame) => frame.type === "session" && frame.data.member_id === member.member_id && frame.data.unread === 1);
    await memberSocket.close();
    await staffSocket.close();
  });

  it("the heartbeat \"ping\" is answered with nothing and keeps the socket open; other frames are ignored", async () => {
    const socket = await TestSocket.open(origin, member.cookie);
    socket.ws.send("ping");
    socket.ws.send("{\"type\":\"say\",\"message\":\"not over the socket\"}");
    // Then something the server does send: the ping got no answer before it.
    await memberCall("/servicer/api/chat/bind", { client_id: socket.clientId });
    const said = await memberCall<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "心跳之后" });
    await socket.message(said.data.id);
    expect(socket.frames.map((frame) => frame.type)).not.toContain("pong");
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(await t.app.deps.db.selectFrom("chat_message").select("id").where("content", "=", "not over the socket").execute()).toEqual([]);
    await socket.close();
  });

  it(`closes a socket that sends more than ${MAX_FRAMES_PER_SECOND} frames a second (1008), or a frame over ${MAX_FRAME_BYTES} bytes (1009)`, async () => {
    const flooding = await TestSocket.open(origin, member.cookie);
    for (let index = 0; index <= MAX_FRAMES_PER_SECOND * 3; index += 1) flooding.ws.send("ping");
    expect(await flooding.closed).toEqual({ code: 1008, reason: "too many frames" });

    const oversized = await TestSocket.open(origin, member.cookie);
    oversized.ws.send("x".repeat(MAX_FRAME_BYTES + 1));
    expect((await oversized.closed).code).toBe(1009);
    // Neither took the others down: a new socket works.
    const after = await TestSocket.open(origin, member.cookie);
    expect(after.ws.readyState).toBe(after.ws.OPEN);
    await after.close();
  });

  it("bind refuses another member's socket; bye sets the dialog's sockets aside", async () => {
    const other = await registerMember(t);
    const othersSocket = await TestSocket.open(origin, other.cookie);
    expect(await memberCall("/servicer/api/chat/bind", { client_id: othersSocket.clientId })).toMatchObject({ code: Code.ERROR });
    expect(await staffCall("/shopapi/chat/bind", { client_id: othersSocket.clientId })).toMatchObject({ code: Code.ERROR });

    const mine = await TestSocket.open(origin, member.cookie);
    await memberCall("/servicer/api/chat/bind", { client_id: mine.clientId });
    expect(await memberCall("/servicer/api/chat/bye", { site_id: 0 })).toMatchObject({ code: 0 });
    expect(t.app.chatHub.sockets.memberOnline(member.member_id)).toBe(false);
    await othersSocket.close();
    await mine.close();
  });

  it("staff closing the conversation sends the member's sockets `close`; the member's next message reopens it", async () => {
    const socket = await TestSocket.open(origin, member.cookie);
    await memberCall("/servicer/api/chat/bind", { client_id: socket.clientId });
    expect(await staffCall("/shopapi/chat/close", { member_id: member.member_id })).toMatchObject({ code: 0 });
    const closed = (await socket.next((frame) => frame.type === "close")) as Extract<ChatFrame, { type: "close" }>;
    expect(closed.data.shop_id).toBe(0);
    const row = await t.app.deps.db.selectFrom("chat_session").select("status").where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    await memberCall("/servicer/api/chat/say", { content_type: 0, message: "我又来了" });
    const reopened = await t.app.deps.db.selectFrom("chat_session").select(["status", "servicer_id"]).where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
    expect(reopened.status).not.toBe(2);
    await socket.close();
  });
});
