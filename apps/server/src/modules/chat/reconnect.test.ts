import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatDialogPage, ChatMessage } from "@shop/contract/domains/chat";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { SEND_BURST } from "./send-budget.ts";
import { listenForSockets, signInServicer, TestSocket, type TestServicer } from "./testing.ts";

/**
 * Reconnecting loses nothing and repeats nothing: the member's socket is dropped (no close
 * handshake, as a network failure does) while both sides keep sending; the member reconnects,
 * binds, and catches up with since_id from the last id it saw. What it ends with — frames before
 * the drop, the catch-up, frames after — holds every stored message exactly once once
 * de-duplicated by id, no single socket ever got an id twice, and the member's resends (the same
 * client_msg_id, as after a lost answer) were stored once.
 */
describe(`chat reconnect (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let origin: string;
  let member: TestMember;
  let servicer: TestServicer;
  let admin: TestServicer;
  beforeAll(async () => {
    t = await startTestApp();
    origin = await listenForSockets(t.app);
    member = await registerMember(t);
    servicer = await signInServicer(t);
    admin = await signInServicer(t, "admin");
  });
  afterAll(() => t.close());

  // Within each sender's send budget (send-budget.ts): the servicer and an admin stream answers.
  const ANSWERS = SEND_BURST;
  const MEMBER_MESSAGES = Math.floor((SEND_BURST - 1) / 2);

  it("drops the member's socket mid-stream; the member catches up with every message exactly once", async () => {
    const servicerSocket = await TestSocket.open(origin, servicer.cookie, { servicer: true });
    await t.call("/shopapi/chat/bind", { client_id: servicerSocket.clientId }, { cookie: servicer.cookie });
    let socket = await TestSocket.open(origin, member.cookie);
    await t.call("/servicer/api/chat/bind", { client_id: socket.clientId }, { cookie: member.cookie });
    const opening = await t.call<ChatMessage>("/servicer/api/chat/say", { content_type: 0, message: "开始", client_msg_id: "m-0" }, { cookie: member.cookie });
    await socket.message(opening.data.id);

    // The servicer streams answers while the member also writes (each message sent twice: a lost answer's resend).
    const answering = (who: TestServicer, label: string) =>
      (async () => {
        for (let index = 1; index <= ANSWERS; index += 1) {
          const answer = await t.call("/shopapi/chat/answer", { member_id: member.member_id, content_type: 0, servicer_say: `${label} ${index}` }, { cookie: who.cookie });
          if (answer.code !== 0) throw new Error(answer.message);
        }
      })();
    const streams = [answering(servicer, "回复"), answering(admin, "主管")];
    const writing = (async () => {
      for (let index = 1; index <= MEMBER_MESSAGES; index += 1) {
        const body = { content_type: 0, message: `留言 ${index}`, client_msg_id: `m-${index}` };
        const [sent, resent] = await Promise.all([
          t.call<ChatMessage>("/servicer/api/chat/say", body, { cookie: member.cookie }),
          t.call<ChatMessage>("/servicer/api/chat/say", body, { cookie: member.cookie }),
        ]);
        expect(resent.data.id).toBe(sent.data.id);
      }
    })();

    // Drop mid-stream: once a few answers arrived, the connection dies without a close frame.
    await socket.until(() => (socket.messages().filter((message) => message.type === 1).length >= 4 ? true : undefined));
    const beforeDrop = socket.messages();
    socket.ws.terminate();
    await socket.closed;
    const lastSeen = Math.max(...beforeDrop.map((message) => message.id));
    // Something is stored while the member is away (the servicer's socket sees every message).
    await servicerSocket.until(() => servicerSocket.messages().find((message) => message.id > lastSeen));

    // Reconnect (the client's back-off elided), bind, then catch up from the last id seen.
    socket = await TestSocket.open(origin, member.cookie);
    await t.call("/servicer/api/chat/bind", { client_id: socket.clientId }, { cookie: member.cookie });
    const caughtUp: ChatMessage[] = [];
    for (let since = lastSeen, more = true; more; ) {
      const page = (await t.call<ChatDialogPage>("/servicer/api/chat/dialogs", { since_id: since }, { cookie: member.cookie })).data;
      caughtUp.push(...page.list);
      more = page.list.length > 0 && page.page_count > 1;
      if (page.list.length > 0) since = page.list.at(-1)!.id;
    }
    await Promise.all([...streams, writing]);
    expect(caughtUp.length, "messages stored while disconnected come back through since_id").toBeGreaterThan(0);

    const stored = await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).orderBy("id").execute();
    const storedIds = stored.map((row) => row.id);
    expect(storedIds).toHaveLength(1 + 2 * ANSWERS + MEMBER_MESSAGES);
    // Whatever was stored after the catch-up arrives on the new socket.
    const newest = storedIds.at(-1)!;
    if (!caughtUp.some((message) => message.id === newest)) await socket.message(newest);

    const afterDrop = socket.messages();
    for (const received of [beforeDrop, afterDrop, caughtUp]) {
      const ids = received.map((message) => message.id);
      expect(new Set(ids).size, "an id twice on one socket or in the catch-up").toBe(ids.length);
    }
    const seen = new Map<number, ChatMessage>();
    for (const message of [...beforeDrop, ...caughtUp, ...afterDrop]) seen.set(message.id, message);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(storedIds);
    // In id order the conversation reads as sent: each stream's answers 1…n in order.
    const inOrder = [...seen.values()].sort((a, b) => a.id - b.id);
    for (const label of ["回复", "主管"]) {
      const answers = inOrder.filter((message) => message.servicer_say.startsWith(label)).map((message) => message.servicer_say);
      expect(answers).toEqual(Array.from({ length: ANSWERS }, (_, index) => `${label} ${index + 1}`));
    }
    await socket.close();
    await servicerSocket.close();
  });
});
