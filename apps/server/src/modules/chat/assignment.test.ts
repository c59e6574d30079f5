import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatFrame, ChatMessage, StaffServicerState } from "@shop/contract/domains/chat";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { now } from "../../core/time.ts";
import { listenForSockets, signInServicer, TestSocket, type TestServicer } from "./testing.ts";
import { insertGroup, insertStaff } from "../staff/testing.ts";

/**
 * Who answers (ADR 0024): a conversation goes to the least busy online servicer; with nobody online
 * it waits and keeps its messages, and the first servicer to come online gets it; a servicer going
 * offline — by the switch, by closing its last socket, or by vanishing from presence — hands its
 * conversations back to the queue and on to the others.
 */
describe(`chat assignment (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let origin: string;
  let sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    origin = await listenForSockets(t.app);
  });
  // Each test starts with nobody online and no open conversation (closed ones are not handed around).
  afterEach(async () => {
    await t.app.deps.db.updateTable("chat_session").set({ status: 2 }).execute();
    for (const socket of sockets) await socket.close();
    sockets = [];
  });
  afterAll(() => t.close());

  const session = (member: TestMember) => t.app.deps.db.selectFrom("chat_session").selectAll().where("member_id", "=", member.member_id).executeTakeFirstOrThrow();
  const say = (member: TestMember, message: string) => t.call<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message }, { cookie: member.cookie });
  const isConnect = (servicerId: number, online: 0 | 1) => (frame: ChatFrame) =>
    frame.type === "connect" && frame.data.servicer_id === servicerId && frame.data.online === online && frame.data.member_id === undefined;

  async function online(servicer: TestServicer): Promise<TestSocket> {
    const socket = await TestSocket.open(origin, servicer.cookie, { servicer: true });
    sockets.push(socket);
    const bound = await t.call<StaffServicerState>("/shopapi/chat/bind", { client_id: socket.clientId }, { cookie: servicer.cookie });
    expect(bound.data.online).toBe(1);
    return socket;
  }

  async function memberWithDialog(): Promise<{ member: TestMember; socket: TestSocket }> {
    const member = await registerMember(t);
    const socket = await TestSocket.open(origin, member.cookie);
    sockets.push(socket);
    await t.call("/servicer/api/chat/bind", { client_id: socket.clientId }, { cookie: member.cookie });
    return { member, socket };
  }

  it("with nobody online a conversation waits with its messages; the first servicer online gets it, with frames to both", async () => {
    const { member, socket } = await memberWithDialog();
    const first = await say(member, "没人在线时的留言");
    const second = await say(member, "第二条留言");
    expect(await session(member)).toMatchObject({ status: 0, servicer_id: 0, servicer_unread: 2 });
    expect(first.data.servicer_id).toBe(0);

    const servicer = await signInServicer(t);
    const servicerSocket = await online(servicer);
    expect(await session(member)).toMatchObject({ status: 1, servicer_id: servicer.staff_id });
    await servicerSocket.next((frame) => frame.type === "session" && frame.data.member_id === member.member_id && frame.data.servicer_id === servicer.staff_id);
    await socket.next(isConnect(servicer.staff_id, 1));
    // The kept messages are there for the servicer.
    const history = await t.call<{ list: ChatMessage[] }>("/shopapi/chat/dialogs", { member_id: member.member_id }, { cookie: servicer.cookie });
    expect(history.data.list.map((message) => message.id)).toEqual([first.data.id, second.data.id]);
  });

  it("assigns each new conversation to the least busy online servicer (fewest open, then lowest id)", async () => {
    const [a, b] = [await signInServicer(t), await signInServicer(t)];
    await online(a);
    const members = [];
    for (let index = 0; index < 5; index += 1) members.push(await registerMember(t));
    await say(members[0]!, "1");
    await say(members[1]!, "2");
    await online(b);
    await say(members[2]!, "3");
    await say(members[3]!, "4");
    await say(members[4]!, "5");
    const owners = await Promise.all(members.map(async (member) => (await session(member)).servicer_id));
    expect(owners).toEqual([a.staff_id, a.staff_id, b.staff_id, b.staff_id, Math.min(a.staff_id, b.staff_id)]);
    const loads = await t.call<StaffServicerState[]>("/shopapi/chat/servicers", {}, { cookie: a.cookie });
    expect(loads.data).toEqual([expect.objectContaining({ servicer_id: a.staff_id, online: 1, open_sessions: 3 })]);
  });

  it("switching offline hands the open conversations to the other online servicer; its last socket closing hands them back to the queue", async () => {
    const [a, b] = [await signInServicer(t), await signInServicer(t)];
    await online(a);
    const { member, socket } = await memberWithDialog();
    await say(member, "请帮我查一下订单");
    expect((await session(member)).servicer_id).toBe(a.staff_id);

    const bSocket = await online(b);
    const offline = await t.call<StaffServicerState>("/shopapi/chat/online", { online: 0 }, { cookie: a.cookie });
    expect(offline.data).toMatchObject({ online: 0, open_sessions: 0 });
    expect(await session(member)).toMatchObject({ status: 1, servicer_id: b.staff_id });
    await bSocket.next((frame) => frame.type === "session" && frame.data.member_id === member.member_id && frame.data.servicer_id === b.staff_id);
    await socket.next(isConnect(b.staff_id, 1));

    await bSocket.close();
    await socket.next((frame) => frame.type === "connect" && frame.data.servicer_id === 0 && frame.data.online === 0);
    expect(await session(member)).toMatchObject({ status: 0, servicer_id: 0 });
    // Its messages stay, and the next servicer online gets the conversation.
    const c = await signInServicer(t);
    await online(c);
    expect(await session(member)).toMatchObject({ status: 1, servicer_id: c.staff_id });
  });

  it("the sweep hands back the conversations of a servicer that vanished from presence (missing at two sweeps)", async () => {
    const { member } = await memberWithDialog();
    await say(member, "我的客服掉线了");
    const vanished = await signInServicer(t);
    // Assigned to a servicer no socket of which is open anywhere (its instance crashed).
    await t.app.deps.db.updateTable("chat_session").set({ status: 1, servicer_id: vanished.staff_id, update_time: now() }).where("member_id", "=", member.member_id).execute();
    await t.app.chatHub.sweep();
    await t.app.chatHub.sweep();
    expect(await session(member)).toMatchObject({ status: 0, servicer_id: 0 });
  });
  it("an admin's servicer list holds whoever's role has chat.serve, not every non-admin account", async () => {
    const admin = await signInServicer(t, "admin");
    const withChat = await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, ["chat.serve", "order.view"]) });
    const ordersOnly = await insertStaff(t, { role: "servicer", group_id: await insertGroup(t, ["order.view"]) });
    const listed = (await t.call<StaffServicerState[]>("/shopapi/chat/servicers", {}, { cookie: admin.cookie })).data.map((row) => row.servicer_id);
    expect(listed).toContain(withChat.staff_id);
    expect(listed).not.toContain(ordersOnly.staff_id);
  });
});
