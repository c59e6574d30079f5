import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page, StaffLoginResult, TokenResult } from "@shop/contract";
import type { ChatDialogPage, ChatKeywordConfig, ChatQuickReply, StaffChatSession } from "@shop/contract/domains/chat";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { nextIp, solvedCaptcha } from "../modules/auth/testing.ts";
import { CHAT_KEYWORD_REPLIES, CHAT_QUICK_REPLIES } from "./chat.ts";

/** The seeded chat, read through the calls the dialog and the workbench make. */
describe("seeded chat", () => {
  let t: TestApp;
  let member: string;
  let servicer: string;
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    member = (await t.call<TokenResult>("/api/login/login", { username: "demo", password: "demo123456", ...(await solvedCaptcha(t)) })).data.token;
    servicer = (await t.call<StaffLoginResult>("/shopapi/login/login", { username: "kefu01", password: "kefu123456" }, { ip: nextIp() })).data.token;
  });
  afterAll(() => t.close());

  it("offers the built-in chat on pc, the keyword chips and the workbench's quick replies", async () => {
    expect((await t.call<{ pc: { type: string } }>("/api/config/servicer")).data.pc.type).toBe("niushop");
    const keywords = (await t.call<ChatKeywordConfig>("/servicer/api/chat/keyword")).data;
    expect(keywords.keyword_list.map(({ keyword }) => keyword)).toEqual(CHAT_KEYWORD_REPLIES.map(([keyword]) => keyword));
    expect(keywords.keyword_list.map(({ keyword }) => keyword)).toEqual(expect.arrayContaining(["发货", "退款", "优惠券", "运费"]));
    expect((await t.call<ChatQuickReply[]>("/shopapi/chat/quickreplies", {}, { token: servicer })).data.map((reply) => reply.content)).toEqual(CHAT_QUICK_REPLIES);
  });

  it("gives the demo member a history of more than one page: text, a goods card, the auto reply, an order card of its own", async () => {
    const first = (await t.call<ChatDialogPage>("/servicer/api/chat/dialogs", { page: 1, limit: 4 }, { token: member })).data;
    expect(first.count).toBeGreaterThan(4);
    expect(first.page_count).toBeGreaterThan(1);
    const all = (await t.call<ChatDialogPage>("/servicer/api/chat/dialogs", { page: 1, limit: 50 }, { token: member })).data.list;
    expect(all.map((message) => message.content_type)).toEqual(expect.arrayContaining([0, 1, 2]));
    expect(all.find((message) => message.content_type === 1)!.goods).toMatchObject({ sku_name: expect.any(String), price: expect.stringMatching(/^\d+\.\d{2}$/) });
    const orderCard = all.find((message) => message.content_type === 2)!;
    const owner = await t.app.deps.db.selectFrom("orders").select("member_id").where("order_id", "=", orderCard.order_id).executeTakeFirstOrThrow();
    expect(owner.member_id).toBe(orderCard.member_id);
    expect(all.find((message) => message.is_auto === 1)).toMatchObject({ nickname: "智能客服", type: 1 });
    expect(all.filter((message) => message.type === 1 && message.is_auto === 0).map((message) => message.nickname)).toEqual(["客服小优", "客服小优"]);
    // Oldest first, ids increasing.
    expect(all.map((message) => message.id)).toEqual([...all.map((message) => message.id)].sort((a, b) => a - b));
  });

  it("shows kefu01 the demo member's closed conversation and 周敏's waiting, unread one", async () => {
    const sessions = (await t.call<Page<StaffChatSession>>("/shopapi/chat/sessions", { page: 1 }, { token: servicer })).data.list;
    expect(sessions.map((row) => [row.nickname, row.status, row.unread])).toEqual([["周敏", 0, 1], ["演示会员", 2, 0]]);
  });
});
