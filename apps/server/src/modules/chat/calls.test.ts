import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "@shop/contract/codes";
import { CHAT_EMOJI } from "@shop/contract/domains/chat-emoji";
import { catchUpSinceId, fetchMessagesSince } from "@shop/contract/domains/chat-messages";
import type { ChatDialogPage, ChatKeywordConfig, ChatMessage, ChatSession, StaffChatKeywordConfig } from "@shop/contract/domains/chat";
import { startTestApp, usingPostgres, type TestApp } from "../../test/harness.ts";
import { registerMember, type TestMember } from "../auth/testing.ts";
import { insertGoods } from "../goods/test-fixtures.ts";
import { createTestOrder } from "../order/test-fixtures.ts";
import { RATE_LIMITED_MESSAGE } from "../../core/rate-limits.ts";
import { CHAT_TEXT_MESSAGES } from "./settings.ts";
import { CONTENT_MESSAGES } from "./messages.ts";
import { sinceIdBeforeOutage } from "./history.ts";
import { SEND_BURST, SEND_PER_SECOND } from "./send-budget.ts";
import { signInServicer, uploadChatPicture, postChatPicture, type TestServicer } from "./testing.ts";

/**
 * The member's chat calls and their refusals (docs/api/chat.md): the text rule, cards, history
 * pages, unread, resends, keyword auto replies, the send budget, and the settings calls.
 */
describe(`chat calls (${usingPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
  let t: TestApp;
  let admin: TestServicer;
  let servicer: TestServicer;
  let skuId: number;
  let offSaleSkuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signInServicer(t, "admin");
    servicer = await signInServicer(t);
    skuId = (await insertGoods(t.app.deps.db, "降噪蓝牙耳机", { skus: [{ is_default: 1, stock: 50, sku_image: "upload/goods/earphone.jpg" }] })).skuIds[0]!;
    offSaleSkuId = (await insertGoods(t.app.deps.db, "已下架的旧款", { goods: { goods_state: 0 } })).skuIds[0]!;
  });
  afterAll(() => t.close());

  const as = (member: TestMember) => <T>(path: string, body: object = {}) => t.call<T>(path, body, { cookie: member.cookie });
  const say = (member: TestMember, body: object) => as(member)<ChatMessage>("/servicer/api/chat/say", { site_id: 0, ...body });

  it("refuses guests on every member call, and members on staff calls", async () => {
    for (const path of ["/servicer/api/chat/sessions", "/servicer/api/chat/bind", "/servicer/api/chat/dialogs", "/servicer/api/chat/say", "/servicer/api/chat/setRead", "/servicer/api/chat/bye"]) {
      expect((await t.call(path, { client_id: "x", content_type: 0, message: "hi" })).code, path).toBe(Code.TOKEN_ERROR);
    }
    const member = await registerMember(t);
    expect((await as(member)("/shopapi/chat/sessions")).code).toBe(Code.TOKEN_ERROR);
    // Public: the keyword chips and whether support is online.
    expect((await t.call("/servicer/api/chat/hasServicers", { site_id: 0 })).data).toEqual({ online_count: 0 });
    expect((await t.call("/servicer/api/chat/keyword")).code).toBe(0);
  });

  it("text: trimmed, blank and 150 characters refused (-1), counted in code points so 149 emoji pass", async () => {
    const member = await registerMember(t);
    expect(await say(member, { content_type: 0, message: "   \n " })).toMatchObject({ code: Code.ERROR, message: CHAT_TEXT_MESSAGES.blank });
    expect(await say(member, { content_type: 0 })).toMatchObject({ code: Code.ERROR, message: CHAT_TEXT_MESSAGES.blank });
    expect(await say(member, { content_type: 0, message: "字".repeat(150) })).toMatchObject({ code: Code.ERROR, message: "单次最多发送150个字符" });
    expect(await say(member, { content_type: 0, message: CHAT_EMOJI[0].repeat(150) })).toMatchObject({ code: Code.ERROR, message: "单次最多发送150个字符" });
    const emoji = CHAT_EMOJI.join("") + "👍".repeat(149 - CHAT_EMOJI.length);
    const sent = await say(member, { content_type: 0, message: `  ${emoji}  ` });
    expect(sent).toMatchObject({ code: 0, data: { consumer_say: emoji, content_type: 0, type: 0 } });
    expect((await say(member, { content_type: 0, message: "字".repeat(149) })).code).toBe(0);
    // Markup is kept as the plain text it is (clients escape it when showing it).
    const markup = '<img src=x onerror="alert(1)">';
    expect((await say(member, { content_type: 0, message: markup })).data.consumer_say).toBe(markup);
    // Refused messages left nothing.
    expect(await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).execute()).toHaveLength(3);
  });

  it("goods cards need a SKU on sale; order cards the member's own order; pictures the member's own upload", async () => {
    const member = await registerMember(t);
    const other = await registerMember(t);
    const goods = await say(member, { content_type: 1, goods_id: skuId });
    expect(goods).toMatchObject({ code: 0, data: { content_type: 1, goods_sku_id: skuId, goods: { sku_id: skuId, sku_name: "降噪蓝牙耳机", price: "99.00", sku_image: "upload/goods/earphone.jpg" } } });
    expect(await say(member, { content_type: 1, goods_id: offSaleSkuId })).toMatchObject({ code: Code.ERROR, message: CONTENT_MESSAGES.goodsGone });
    expect(await say(member, { content_type: 1, goods_id: 99_999_999 })).toMatchObject({ code: Code.ERROR, message: CONTENT_MESSAGES.goodsGone });
    expect(await say(member, { content_type: 1 })).toMatchObject({ code: Code.PARAM, message: CONTENT_MESSAGES.goodsMissing });

    const mine = await createTestOrder(t.app.deps.db, { memberId: member.member_id, lines: [{ skuId, num: 1 }] });
    const theirs = await createTestOrder(t.app.deps.db, { memberId: other.member_id, lines: [{ skuId, num: 1 }] });
    const order = await say(member, { content_type: 2, order_id: mine.orderId });
    expect(order).toMatchObject({ code: 0, data: { content_type: 2, order_id: mine.orderId, order: { order_no: mine.orderNo, order_status_name: "待支付", order_money: "99.00" } } });
    expect(order.data.order!.order_goods).toEqual([{ sku_image: "upload/goods/earphone.jpg" }]);
    expect(await say(member, { content_type: 2, order_id: theirs.orderId })).toMatchObject({ code: Code.ERROR, message: CONTENT_MESSAGES.orderGone });

    const picture = await uploadChatPicture(t, member.cookie);
    expect(picture).toMatch(/^upload\/chat\/\d{8}\/[0-9a-f]{32}\.jpg$/);
    expect(await say(member, { content_type: 3, message: picture })).toMatchObject({ code: 0, data: { content_type: 3, consumer_say: picture } });
    expect(await say(other, { content_type: 3, message: picture })).toMatchObject({ code: Code.PARAM, message: "图片无效，请重新上传" });
    expect(await say(member, { content_type: 3, message: "upload/chat/20260101/forged.jpg" })).toMatchObject({ code: Code.PARAM });
    expect(await say(member, { content_type: 3, message: "https://evil.example/x.jpg" })).toMatchObject({ code: Code.PARAM });
  });

  it("history: pages of 4 from the newest, each oldest first, stopping at page_count; since_id catches up", async () => {
    const member = await registerMember(t);
    const ids: number[] = [];
    for (let index = 1; index <= 9; index += 1) ids.push((await say(member, { content_type: 0, message: `第${index}条` })).data.id);
    const page = async (body: object) => (await as(member)<ChatDialogPage>("/servicer/api/chat/dialogs", { site_id: 0, ...body })).data;
    const first = await page({ page: 1, limit: 4 });
    expect(first).toMatchObject({ count: 9, page_count: 3 });
    expect(first.list.map((message) => message.id)).toEqual(ids.slice(5, 9));
    expect((await page({ page: 2, limit: 4 })).list.map((message) => message.id)).toEqual(ids.slice(1, 5));
    expect((await page({ page: 3, limit: 4 })).list.map((message) => message.id)).toEqual(ids.slice(0, 1));
    expect((await page({ page: 4, limit: 4 })).list).toEqual([]);
    // The default page size is the dialog's 4.
    expect((await page({ page: 1 })).list).toHaveLength(4);
    const since = await page({ since_id: ids[6] });
    expect(since.list.map((message) => message.id)).toEqual(ids.slice(7));
    expect(since.count).toBe(2);
  });

  it("a catch-up after an outage pages through every since_id answer (the clients' rule) and starts before the outage", async () => {
    const member = await registerMember(t);
    const first = (await say(member, { content_type: 0, message: "第1条" })).data;
    const template = await t.app.deps.db.selectFrom("chat_message").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    const { id: _id, ...columns } = template;
    const now = Math.floor(Date.now() / 1000);
    // 149 more from before an outage that begins at `now`, then 100 during it: three since_id answers from 0.
    const rows = Array.from({ length: 249 }, (_, index) => ({ ...columns, content: `第${index + 2}条`, create_time: index < 149 ? now - 600 : now }));
    await t.app.deps.db.insertInto("chat_message").values(rows).execute();
    const stored = (await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).orderBy("id").execute()).map((row) => row.id);
    expect(stored).toHaveLength(250);
    const fetchPage = async (sinceId: number) => (await as(member)<ChatDialogPage>("/servicer/api/chat/dialogs", { site_id: 0, since_id: sinceId })).data;

    const everything = await fetchMessagesSince(fetchPage, 0, 10);
    expect(everything.complete).toBe(true);
    expect(everything.messages.map((message) => message.id)).toEqual(stored);
    const cutShort = await fetchMessagesSince(fetchPage, 0, 2);
    expect(cutShort).toMatchObject({ complete: false });
    expect(cutShort.messages).toHaveLength(200);

    // The outage began now: the catch-up starts at the newest message stored before it (minus the margin).
    const sinceId = await sinceIdBeforeOutage(t.app.deps.db, Date.now());
    expect(sinceId).toBe(stored[149]);
    const missed = await fetchMessagesSince(fetchPage, catchUpSinceId(stored.at(-1)!, sinceId), 10);
    expect(missed.messages.map((message) => message.id)).toEqual(stored.slice(150));
  });

  it("a resend with the same client_msg_id is stored once and answers the same message", async () => {
    const member = await registerMember(t);
    const body = { content_type: 0, message: "只存一次", client_msg_id: "c-123e4567" };
    const [first, again, concurrent] = await Promise.all([say(member, body), say(member, body), say(member, body)]);
    expect(again.data.id).toBe(first.data.id);
    expect(concurrent.data.id).toBe(first.data.id);
    expect(first.data.client_msg_id).toBe("c-123e4567");
    expect(await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).execute()).toHaveLength(1);
    // Another member's id space is its own.
    const other = await registerMember(t);
    expect((await say(other, body)).data.id).not.toBe(first.data.id);
  });

  it("sessions and unread: the platform entry; the servicer's messages count until setRead", async () => {
    const member = await registerMember(t);
    const sessions = async () => (await as(member)<ChatSession[]>("/servicer/api/chat/sessions")).data;
    expect(await sessions()).toEqual([expect.objectContaining({ shop_id: 0, shop_name: "平台客服", unread: 0, online: 0, servicer_id: 0 })]);
    await say(member, { content_type: 0, message: "有人吗" });
    for (const text of ["您好", "请讲"]) {
      expect((await t.call("/shopapi/chat/answer", { member_id: member.member_id, content_type: 0, servicer_say: text }, { cookie: admin.cookie })).code).toBe(0);
    }
    expect((await sessions())[0]!.unread).toBe(2);
    expect(await as(member)("/servicer/api/chat/setRead", { site_id: 0 })).toMatchObject({ code: 0 });
    expect((await sessions())[0]!.unread).toBe(0);
  });

  it("keyword auto replies: a member's text containing a keyword gets the configured reply after it, shown as the configured name", async () => {
    const keywords = { is_open: 1, auto_reply_name: "智能客服", keyword_list: [{ keyword: "发货", reply: "付款后 24 小时内发货。" }, { keyword: "运费", reply: "满 99 元包邮。" }] };
    expect(await t.call("/shopapi/chat/editKeywords", keywords, { cookie: servicer.cookie })).toMatchObject({ code: Code.ERROR, message: "没有执行此操作的权限" });
    expect(await t.call<StaffChatKeywordConfig>("/shopapi/chat/editKeywords", keywords, { cookie: admin.cookie })).toMatchObject({ code: 0, data: keywords });
    expect((await t.call<ChatKeywordConfig>("/servicer/api/chat/keyword")).data).toEqual({ is_open: 1, keyword_list: [{ keyword: "发货" }, { keyword: "运费" }] });

    const member = await registerMember(t);
    const asked = await say(member, { content_type: 0, message: "请问什么时候发货呀" });
    const rows = await t.app.deps.db.selectFrom("chat_message").selectAll().where("member_id", "=", member.member_id).orderBy("id").execute();
    expect(rows.map((row) => [row.type, row.is_auto, row.content])).toEqual([[0, 0, "请问什么时候发货呀"], [1, 1, "付款后 24 小时内发货。"]]);
    const history = (await as(member)<ChatDialogPage>("/servicer/api/chat/dialogs", { page: 1 })).data.list;
    expect(history.map((message) => message.id)[0]).toBe(asked.data.id);
    expect(history[1]).toMatchObject({ type: 1, is_auto: 1, servicer_say: "付款后 24 小时内发货。", nickname: "智能客服" });

    // Switched off: no reply, and members see no chips.
    await t.call("/shopapi/chat/editKeywords", { ...keywords, is_open: 0 }, { cookie: admin.cookie });
    await say(member, { content_type: 0, message: "运费多少" });
    expect(await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).where("is_auto", "=", 1).execute()).toHaveLength(1);
    expect((await t.call<ChatKeywordConfig>("/servicer/api/chat/keyword")).data).toEqual({ is_open: 0, keyword_list: [] });
    // A reply breaking the text rule, or a keyword twice, is refused and nothing changes.
    expect(await t.call("/shopapi/chat/editKeywords", { ...keywords, keyword_list: [{ keyword: "发货", reply: "  " }] }, { cookie: admin.cookie })).toMatchObject({ code: Code.ERROR, message: CHAT_TEXT_MESSAGES.blank });
    expect(await t.call("/shopapi/chat/editKeywords", { ...keywords, keyword_list: [keywords.keyword_list[0], keywords.keyword_list[0]] }, { cookie: admin.cookie })).toMatchObject({ code: Code.ERROR });
    expect((await t.call<StaffChatKeywordConfig>("/shopapi/chat/keywords", {}, { cookie: admin.cookie })).data.keyword_list).toHaveLength(2);
  });

  it("quick replies: admins set them, servicers read them", async () => {
    const replies = ["您好，请问有什么可以帮您？", "请稍等 😊"];
    expect((await t.call("/shopapi/chat/editQuickReplies", { replies }, { cookie: servicer.cookie })).code).toBe(Code.ERROR);
    expect(await t.call("/shopapi/chat/editQuickReplies", { replies }, { cookie: admin.cookie })).toMatchObject({ code: 0, data: [{ id: 1, content: replies[0] }, { id: 2, content: replies[1] }] });
    expect((await t.call("/shopapi/chat/quickreplies", {}, { cookie: servicer.cookie })).data).toEqual([{ id: 1, content: replies[0] }, { id: 2, content: replies[1] }]);
    expect(await t.call("/shopapi/chat/editQuickReplies", { replies: ["好".repeat(150)] }, { cookie: admin.cookie })).toMatchObject({ code: Code.ERROR, message: "单次最多发送150个字符" });
    expect((await t.call("/shopapi/chat/quickreplies", {}, { cookie: servicer.cookie })).data).toHaveLength(2);
  });

  it(`a burst of more than ${SEND_BURST} messages is refused with -10029`, async () => {
    const member = await registerMember(t);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: SEND_BURST * 2 }, (_, index) => say(member, { content_type: 0, message: `刷屏${index}` })));
    // The budget refills at SEND_PER_SECOND while the burst is under way.
    const refilled = Math.floor(((Date.now() - started) / 1000) * SEND_PER_SECOND);
    const accepted = answers.filter((answer) => answer.code === 0).length;
    expect(accepted).toBeGreaterThanOrEqual(SEND_BURST);
    expect(accepted).toBeLessThanOrEqual(SEND_BURST + refilled);
    for (const refused of answers.filter((answer) => answer.code !== 0)) expect(refused).toMatchObject({ code: Code.TOO_MANY_REQUESTS, message: RATE_LIMITED_MESSAGE });
    expect(await t.app.deps.db.selectFrom("chat_message").select("id").where("member_id", "=", member.member_id).execute()).toHaveLength(accepted);
  });

  it("staff pictures go through /shopapi/upload/chatimg and only their uploader sends them", async () => {
    const member = await registerMember(t);
    await say(member, { content_type: 0, message: "能发张图看看吗" });
    const staffPicture = await uploadChatPicture(t, servicer.cookie, "staff");
    expect(staffPicture).toMatch(/^upload\/chat\//);
    const answer = await t.call<ChatMessage>("/shopapi/chat/answer", { member_id: member.member_id, content_type: 3, servicer_say: staffPicture }, { cookie: servicer.cookie });
    expect(answer).toMatchObject({ code: 0, data: { content_type: 3, servicer_say: staffPicture, type: 1 } });
    // Neither side sends the other's pictures; a member session uploads nothing through the staff call.
    expect((await say(member, { content_type: 3, message: staffPicture })).code).toBe(Code.PARAM);
    const memberPicture = await uploadChatPicture(t, member.cookie);
    expect((await t.call("/shopapi/chat/answer", { member_id: member.member_id, content_type: 3, servicer_say: memberPicture }, { cookie: servicer.cookie })).code).toBe(Code.PARAM);
    expect(await postChatPicture(t, member.cookie, "staff")).toMatchObject({ code: Code.TOKEN_ERROR });
    expect(await postChatPicture(t, "", "member")).toMatchObject({ code: Code.TOKEN_ERROR });
  });
});

