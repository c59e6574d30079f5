import { ChatContent, ChatSender, ChatSessionStatus } from "@shop/contract/domains/chat";
import type { Db } from "../db/unit-of-work.ts";
import { now } from "../core/time.ts";
import { openSession, type SessionRow } from "../modules/chat/conversations.ts";
import { takeWaiting } from "../modules/chat/assignment.ts";
import { insertMessage, type MessageContent } from "../modules/chat/messages.ts";
import { DEMO_MEMBER_ID } from "./members.ts";
import { SEED_CUSTOMER_ID } from "./verify.ts";
import { StoryClock } from "./orders.ts";

/** The workbench's quick replies (config chat_quick_replies, site-config.ts). */
export const CHAT_QUICK_REPLIES = [
  "您好，很高兴为您服务，请问有什么可以帮您？",
  "请稍等，正在为您查询。",
  "您的订单已为您备注加急，仓库会优先安排发出。",
  "现货商品付款后 24 小时内发货，请您耐心等待。",
  "感谢您的耐心等待，还有其他可以帮您的吗？",
  "祝您购物愉快，再见！",
];

/** The keyword auto replies (config servicer_keyword, site-config.ts); members see the keywords as chips. */
export const CHAT_KEYWORD_REPLIES: Array<[keyword: string, reply: string]> = [
  ["发货", "现货商品付款后 24 小时内发货，预售商品以商品页说明为准。"],
  ["退款", "退款审核通过后原路退回，一般 1–3 个工作日到账，可在“我的订单”中查看退款进度。"],
  ["退货", "签收 7 天内商品完好可申请七天无理由退货，请在“我的订单”中提交售后申请。"],
  ["运费", "单笔订单实付满 99 元免运费，不满 99 元收取 8 元运费。"],
  ["发票", "所有商品均可开具电子发票，下单时填写发票抬头即可。"],
  ["优惠券", "领券中心每日 10 点上新，结算时会自动选择最优惠的优惠券。"],
  ["人工", "正在为您转接人工客服，请稍候。"],
];

const SERVICER_ID = 2;
const DELIVERY_REPLY = CHAT_KEYWORD_REPLIES.find(([keyword]) => keyword === "发货")![1];

type Line = { from: "member" | "servicer" | "auto"; at: number } & Partial<MessageContent> & { text?: string };

async function tell(db: Db, memberId: number, lines: Line[]): Promise<SessionRow> {
  let session = await openSession(db, memberId, lines[0]!.at);
  await takeWaiting(db, session.session_id, SERVICER_ID, lines[0]!.at);
  session = { ...session, servicer_id: SERVICER_ID, status: ChatSessionStatus.OPEN };
  for (const line of lines) {
    const content: MessageContent = {
      content_type: line.content_type ?? ChatContent.TEXT, content: line.text ?? "", goods_sku_id: line.goods_sku_id ?? 0, order_id: line.order_id ?? 0,
    };
    const sender =
      line.from === "member" ? { type: ChatSender.MEMBER, sender_id: memberId } : { type: ChatSender.SERVICER, sender_id: line.from === "auto" ? 0 : SERVICER_ID };
    await insertMessage(db, session, { ...content, ...sender, is_auto: line.from === "auto" }, line.at);
  }
  return session;
}

/**
 * The chat on first start (modules/chat): besides its settings (the two lists above, written with the
 * other settings by site-config.ts), two past conversations with the servicer kefu01, written
 * through the chat's own functions and dated to their story:
 * - the demo member asked about a goods (card), got the keyword auto reply on 发货, sent the card
 *   of an order of its own and was answered; kefu01 closed it (the member's next message reopens
 *   it). Nine messages, so the dialog's history pages (4 a page) show 点击加载更多.
 * - 周敏 asked about pickup, was answered, and wrote again after kefu01 went offline: that
 *   conversation waits, unread, for the first servicer to come online.
 * Runs inside the seed's transaction, after the orders.
 */
export async function seedChat(db: Db): Promise<void> {
  const clock = new StoryClock(now());
  const order = await db
    .selectFrom("orders")
    .innerJoin("order_goods", "order_goods.order_id", "orders.order_id")
    .innerJoin("goods", "goods.goods_id", "order_goods.goods_id")
    .select(["orders.order_id", "order_goods.sku_id"])
    .where("orders.member_id", "=", DEMO_MEMBER_ID)
    .where("goods.goods_state", "=", 1)
    .orderBy("orders.order_id", "desc")
    .executeTakeFirstOrThrow();

  const demo = await tell(db, DEMO_MEMBER_ID, [
    { from: "member", at: clock.daysAgo(2, "10:02"), text: "你好，想问一下这个商品现在有货吗？" },
    { from: "member", at: clock.daysAgo(2, "10:02"), content_type: ChatContent.GOODS, goods_sku_id: order.sku_id },
    { from: "servicer", at: clock.daysAgo(2, "10:04"), text: "您好，这款是现货，今天下单今天就能安排。" },
    { from: "member", at: clock.daysAgo(2, "10:06"), text: "好的，那大概什么时候发货？" },
    { from: "auto", at: clock.daysAgo(2, "10:06"), text: DELIVERY_REPLY },
    { from: "member", at: clock.daysAgo(1, "09:15"), text: "我已经下单了，麻烦帮我看下这个订单" },
    { from: "member", at: clock.daysAgo(1, "09:15"), content_type: ChatContent.ORDER, order_id: order.order_id },
    { from: "servicer", at: clock.daysAgo(1, "09:20"), text: "已为您备注加急，仓库会优先安排发出 👍" },
    { from: "member", at: clock.daysAgo(1, "09:21"), text: "太好了，谢谢！😊" },
  ]);
  await db.updateTable("chat_session").set({ status: ChatSessionStatus.CLOSED, member_unread: 0, servicer_unread: 0 }).where("session_id", "=", demo.session_id).execute();

  const customer = await tell(db, SEED_CUSTOMER_ID, [
    { from: "member", at: clock.daysAgo(1, "17:40"), text: "请问门店自提最晚几点可以取货？" },
    { from: "servicer", at: clock.daysAgo(1, "17:42"), text: "您好，门店营业时间 9:00-21:00，营业时间内都可以自提。" },
    { from: "member", at: clock.minutesAgo(35), text: "好的，那提货的时候需要带什么吗？" },
  ]);
  await db
    .updateTable("chat_session")
    .set({ status: ChatSessionStatus.WAITING, servicer_id: 0, member_unread: 0, servicer_unread: 1 })
    .where("session_id", "=", customer.session_id)
    .execute();
}
