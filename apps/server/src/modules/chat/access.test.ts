import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import type { ChatDialogPage, ChatMessage, StaffChatSession } from "@shop/contract/domains/chat";
import type { Page } from "@shop/contract/codes";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { CONVERSATION_NOT_FOUND } from "./conversations.ts";
import { listenForSockets, signInServicer, TestSocket, type TestServicer } from "./testing.ts";

/**
 * Who reads what (IDOR): a member only its own conversation — no call names another's, and ids
 * slipped into a body change nothing; a servicer only the conversations assigned to it and the
 * waiting ones; admins all. Frames follow the same rule.
 */
describe(`chat access (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let origin: string;
  let alice: TestMember;
  let bob: TestMember;
  let first: TestServicer;
  let second: TestServicer;
  let admin: TestServicer;
  let firstSocket: TestSocket;
  let aliceSocket: TestSocket;
  let bobSocket: TestSocket;
  let aliceMessage: ChatMessage;
  beforeAll(async () => {
    t = await startTestApp();
    origin = await listenForSockets(t.app);
    [alice, bob] = [await registerMember(t), await registerMember(t)];
    [first, second, admin] = [await signInServicer(t), await signInServicer(t), await signInServicer(t, "admin")];
    // Only the first servicer is online: Alice's conversation is assigned to it.
    firstSocket = await TestSocket.open(origin, first.cookie, { servicer: true });
    await staff(first)("/shopapi/chat/bind", { client_id: firstSocket.clientId });
    aliceSocket = await TestSocket.open(origin, alice.cookie);
    bobSocket = await TestSocket.open(origin, bob.cookie);
    aliceMessage = (await member(alice)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "我的私人问题" })).data;
    await staff(first)("/shopapi/chat/answer", { member_id: alice.member_id, content_type: 0, servicer_say: "收到" });
  });
  afterAll(async () => {
    for (const socket of [firstSocket, aliceSocket, bobSocket]) await socket.close();
    await t.close();
  });

  const member = (who: TestMember) => <T>(path: string, body: object = {}) => t.call<T>(path, body, { cookie: who.cookie });
  const staff = (who: TestServicer) => <T>(path: string, body: object = {}) => t.call<T>(path, body, { cookie: who.cookie });
  const unread = async (who: TestMember) =>
    (await t.app.deps.db.selectFrom("chat_session").select(["member_unread", "servicer_unread"]).where("member_id", "=", who.member_id).executeTakeFirstOrThrow());

  it("member B reads, marks read, says bye and writes only in its own conversation, whatever ids it slips in", async () => {
    const slipped = { member_id: alice.member_id, servicer_id: first.staff_id, session_id: 1, site_id: 0 };
    const bobsHistory = await member(bob)<ChatDialogPage>("/servicer/api/chat/dialogs", { ...slipped, page: 1 });
    expect(bobsHistory.data).toMatchObject({ count: 0, list: [] });
    expect((await member(bob)<ChatDialogPage>("/servicer/api/chat/dialogs", { ...slipped, since_id: 0 })).data.list).toEqual([]);

    expect((await unread(alice)).member_unread).toBe(1);
    await member(bob)("/servicer/api/chat/setRead", slipped);
    expect((await unread(alice)).member_unread).toBe(1);

    await member(bob)("/servicer/api/chat/bye", slipped);
    expect(t.app.chatHub.sockets.memberOnline(alice.member_id)).toBe(true);

    const said = await member(bob)<ChatMessage>("/servicer/api/chat/say", { ...slipped, content_type: 0, message: "冒充" });
    expect(said.data.member_id).toBe(bob.member_id);
    const alicesRows = await t.app.deps.db.selectFrom("chat_message").select("content").where("member_id", "=", alice.member_id).execute();
    expect(alicesRows.map((row) => row.content)).not.toContain("冒充");
    // Binding Alice's socket to Bob is refused; Alice's socket keeps hers.
    expect((await member(bob)("/servicer/api/chat/bind", { client_id: aliceSocket.clientId })).code).toBe(Code.ERROR);
  });

  it("a member's frames reach only its own sockets", async () => {
    // Bob said bye above: his dialog opens again.
    await member(bob)("/servicer/api/chat/bind", { client_id: bobSocket.clientId });
    const marker = (await member(bob)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "鲍勃的标记" })).data;
    const secret = (await member(alice)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "只给客服看" })).data;
    await aliceSocket.message(secret.id);
    // Frames on one socket arrive in order: after Bob's next message, Alice's would have come before it.
    await bobSocket.message(marker.id);
    const bobsLast = (await member(bob)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "再标记" })).data;
    await bobSocket.message(bobsLast.id);
    expect(bobSocket.messages().map((message) => message.member_id)).toEqual(bobSocket.messages().map(() => bob.member_id));
    expect(bobSocket.messages().map((message) => message.id)).not.toContain(aliceMessage.id);
  });

  it("another servicer finds the conversation 'not found' on every call, does not list it and gets none of its frames; admins see it", async () => {
    const other = staff(second);
    const secondSocket = await TestSocket.open(origin, second.cookie, { servicer: true });
    await other("/shopapi/chat/bind", { client_id: secondSocket.clientId });
    for (const [path, body] of [
      ["/shopapi/chat/dialogs", { member_id: alice.member_id }],
      ["/shopapi/chat/setRead", { member_id: alice.member_id }],
      ["/shopapi/chat/close", { member_id: alice.member_id }],
      ["/shopapi/chat/answer", { member_id: alice.member_id, content_type: 0, servicer_say: "越权回复" }],
    ] as const) {
      expect(await other(path, body), path).toMatchObject({ code: Code.ERROR, message: CONVERSATION_NOT_FOUND });
    }
    expect((await unread(alice)).servicer_unread).toBeGreaterThan(0);
    const listed = (await other<Page<StaffChatSession>>("/shopapi/chat/sessions", { page: 1 })).data.list.map((row) => row.member_id);
    expect(listed).not.toContain(alice.member_id);

    const next = (await member(alice)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "第二位客服看不到" })).data;
    await firstSocket.message(next.id);
    // A marker on the second servicer's socket: a new member's conversation goes to it (the least busy).
    const dave = await registerMember(t);
    const marker = (await member(dave)<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "标记" })).data;
    expect(marker.servicer_id).toBe(second.staff_id);
    await secondSocket.message(marker.id);
    expect(secondSocket.messages().map((message) => message.member_id)).not.toContain(alice.member_id);

    const asAdmin = staff(admin);
    expect((await asAdmin<ChatDialogPage>("/shopapi/chat/dialogs", { member_id: alice.member_id })).data.count).toBeGreaterThan(2);
    expect((await asAdmin<Page<StaffChatSession>>("/shopapi/chat/sessions", { page: 1 })).data.list.map((row) => row.member_id)).toContain(alice.member_id);
    await secondSocket.close();
  });

  it("a waiting conversation is readable by any servicer until one answers it; then it is that servicer's", async () => {
    const carol = await registerMember(t);
    await t.call("/shopapi/chat/online", { online: 0 }, { cookie: first.cookie });
    await member(carol)("/servicer/api/chat/say", { content_type: 0, message: "有人在吗" });
    const waiting = await t.app.deps.db.selectFrom("chat_session").selectAll().where("member_id", "=", carol.member_id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 0, servicer_id: 0 });
    expect((await staff(second)("/shopapi/chat/dialogs", { member_id: carol.member_id })).code).toBe(0);
    expect((await staff(first)("/shopapi/chat/dialogs", { member_id: carol.member_id })).code).toBe(0);
    expect((await staff(second)("/shopapi/chat/answer", { member_id: carol.member_id, content_type: 0, servicer_say: "我来接待" })).code).toBe(0);
    expect(await staff(first)("/shopapi/chat/dialogs", { member_id: carol.member_id })).toMatchObject({ code: Code.ERROR, message: CONVERSATION_NOT_FOUND });
    expect(await staff(first)("/shopapi/chat/answer", { member_id: carol.member_id, content_type: 0, servicer_say: "我也来" })).toMatchObject({ code: Code.ERROR, message: CONVERSATION_NOT_FOUND });
  });
});
