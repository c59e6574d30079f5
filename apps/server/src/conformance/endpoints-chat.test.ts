import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatDialogPage, ChatMessage } from "@shop/contract/domains/chat";
import type { TestApp } from "../test/harness.ts";
import { loginTestStaff } from "../modules/order/test-fixtures.ts";
import { listenForSockets, TestSocket } from "../modules/chat/testing.ts";
import { ReferenceClient } from "./reference-client.ts";
import { signedInClient, startReferenceShop } from "./fixtures.ts";

/**
 * The customer-service chat as the reference's dialog calls it (docs/api/chat.md): the keyword
 * chips and 客服在线 for anyone, then bind (the socket's client_id), say, dialogs (pages of 4),
 * setRead and bye with the token in the body; and the workbench's calls (ours). Sockets are
 * opened with the session cookie, as our pages hold it (the reference's socket carries none).
 */
describe("conformance: customer-service chat", () => {
  let t: TestApp;
  let origin: string;
  let guest: ReferenceClient;
  let member: ReferenceClient & { memberId: number };
  let servicer: ReferenceClient;
  let admin: ReferenceClient;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startReferenceShop();
    origin = await listenForSockets(t.app);
    guest = new ReferenceClient(t);
    member = await signedInClient(t);
    servicer = new ReferenceClient(t, await loginTestStaff(t, "servicer"));
    admin = new ReferenceClient(t, await loginTestStaff(t, "admin"));
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await t.close();
  });

  const open = async (cookie: string, options?: { servicer?: boolean }) => {
    const socket = await TestSocket.open(origin, cookie, options);
    sockets.push(socket);
    return socket;
  };

  it("/servicer/api/chat/keyword and /servicer/api/chat/hasServicers answer the dialog's chips and 客服在线", async () => {
    const keywords = await guest.reads<{ keyword_list: unknown[] }>("/servicer/api/chat/keyword");
    expect(keywords.keyword_list.length).toBeGreaterThan(0);
    expect(await guest.reads("/servicer/api/chat/hasServicers", { site_id: 0 })).toEqual({ online_count: 0 });
  });

  it("/servicer/api/chat/bind, say, dialogs, setRead and bye: a conversation with the servicer the workbench bound (/shopapi/chat/bind)", async () => {
    const staffSocket = await open(`staff_token=${servicer.token}`, { servicer: true });
    await servicer.reads("/shopapi/chat/bind", { client_id: staffSocket.clientId });
    const socket = await open(`shop_token=${member.token}`);
    const { servicer_id } = await member.reads<{ servicer_id: number }>("/servicer/api/chat/bind", { client_id: socket.clientId });
    expect(servicer_id).toBeGreaterThan(0);
    for (const message of ["你好", "想咨询一下发货时间", "好的", "谢谢"]) {
      await member.reads("/servicer/api/chat/say", { servicer_id, site_id: 0, content_type: 0, message });
    }
    const answer = await servicer.reads<ChatMessage>("/shopapi/chat/answer", { member_id: member.memberId, content_type: 0, servicer_say: "您好，付款后 24 小时内发货" });
    await socket.message(answer.id);
    const page = await member.reads<ChatDialogPage>("/servicer/api/chat/dialogs", { page: 1, limit: 4, servicer_id, site_id: 0 });
    expect(page.list).toHaveLength(4);
    expect(page.page_count).toBe(2);
    await member.reads("/servicer/api/chat/setRead", { site_id: 0 });
    await member.reads("/servicer/api/chat/sessions");
    await member.reads("/servicer/api/chat/bye", { servicer_id, site_id: 0 });
  });

  it("/shopapi/chat/* the workbench: sessions, dialogs, setRead, servicers, quick replies, online, close; admins' settings (ours)", async () => {
    await servicer.reads("/shopapi/chat/sessions", { page: 1, page_size: 20 });
    await servicer.reads("/shopapi/chat/dialogs", { member_id: member.memberId, page: 1, limit: 20 });
    await servicer.reads("/shopapi/chat/setRead", { member_id: member.memberId });
    await servicer.reads("/shopapi/chat/servicers");
    await servicer.reads("/shopapi/chat/quickreplies");
    await servicer.reads("/shopapi/chat/close", { member_id: member.memberId });
    await servicer.reads("/shopapi/chat/online", { online: 0 });
    const keywords = await admin.reads<{ is_open: number; auto_reply_name: string; keyword_list: Array<{ keyword: string; reply: string }> }>("/shopapi/chat/keywords");
    await admin.reads("/shopapi/chat/editKeywords", keywords);
    await admin.reads("/shopapi/chat/editQuickReplies", { replies: ["您好，请问有什么可以帮您？"] });
  });
});
