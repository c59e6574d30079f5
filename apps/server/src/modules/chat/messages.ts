import { Code } from "@shop/contract/codes";
import { ChatContent, ChatSender, type ChatContentType } from "@shop/contract/domains/chat";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { checkOwnedImages, type UploadOwner } from "../upload/ownership.ts";
import { previewOf, type SessionRow } from "./conversations.ts";
import { checkedText } from "./settings.ts";
import type { MessageRow } from "./message-view.ts";

/**
 * What a message holds, checked the same way for members and staff: text by the text rule, a
 * goods card of a SKU on sale, an order card of the conversation's member's own order, a picture
 * its sender uploaded through the upload service (/api/upload/chatimg, /shopapi/upload/chatimg).
 */
export interface MessageContent {
  content_type: ChatContentType;
  /** the text or the picture's path ("" for cards) */
  content: string;
  goods_sku_id: number;
  order_id: number;
}

export interface ContentInput {
  content_type: number;
  /** the text, or the picture's path */
  text?: string;
  /** the SKU of a goods card (the reference's clients name it goods_id) */
  goods_id?: number;
  order_id?: number;
}

export const CONTENT_MESSAGES = {
  goodsMissing: "请选择要发送的商品",
  goodsGone: "商品不存在或已下架",
  orderMissing: "请选择要发送的订单",
  orderGone: "订单不存在",
  imageMissing: "请选择要发送的图片",
};

/** `memberId`: the conversation's member (whose orders may be shown); `uploader`: whose pictures the sender may send. */
export async function checkContent(db: Db, input: ContentInput, memberId: number, uploader: UploadOwner): Promise<MessageContent> {
  const card = { content: "", goods_sku_id: 0, order_id: 0 };
  switch (input.content_type) {
    case ChatContent.GOODS: {
      if (!input.goods_id) return fail(CONTENT_MESSAGES.goodsMissing, Code.PARAM);
      const sku = await db
        .selectFrom("goods_sku")
        .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
        .select("goods_sku.sku_id")
        .where("goods_sku.sku_id", "=", input.goods_id)
        .where("goods.goods_state", "=", 1)
        .where("goods.is_delete", "=", 0)
        .executeTakeFirst();
      if (!sku) return fail(CONTENT_MESSAGES.goodsGone);
      return { ...card, content_type: ChatContent.GOODS, goods_sku_id: sku.sku_id };
    }
    case ChatContent.ORDER: {
      if (!input.order_id) return fail(CONTENT_MESSAGES.orderMissing, Code.PARAM);
      const order = await db.selectFrom("orders").select("order_id").where("order_id", "=", input.order_id).where("member_id", "=", memberId).executeTakeFirst();
      if (!order) return fail(CONTENT_MESSAGES.orderGone);
      return { ...card, content_type: ChatContent.ORDER, order_id: order.order_id };
    }
    case ChatContent.IMAGE: {
      if (!input.text?.trim()) return fail(CONTENT_MESSAGES.imageMissing, Code.PARAM);
      const [path] = await checkOwnedImages(db, uploader, "chat", [input.text], 1);
      return { ...card, content_type: ChatContent.IMAGE, content: path! };
    }
    default:
      return { ...card, content_type: ChatContent.TEXT, content: checkedText(input.text) };
  }
}

export interface OutgoingMessage extends MessageContent {
  type: 0 | 1;
  /** member_id (type 0), staff_id (type 1), 0 for an auto reply */
  sender_id: number;
  is_auto?: boolean;
  client_msg_id?: string;
}

/**
 * Stores a message of `session` (inside the caller's unit of work) and updates the conversation:
 * its newest message, and the other side's unread count.
 */
export async function insertMessage(tx: Db, session: SessionRow, message: OutgoingMessage, at: number): Promise<MessageRow> {
  const fromMember = message.type === ChatSender.MEMBER;
  const row = await tx
    .insertInto("chat_message")
    .values({
      session_id: session.session_id,
      member_id: session.member_id,
      servicer_id: fromMember || message.is_auto ? session.servicer_id : message.sender_id,
      type: message.type,
      sender_id: message.sender_id,
      content_type: message.content_type,
      content: message.content,
      goods_sku_id: message.goods_sku_id,
      order_id: message.order_id,
      is_auto: message.is_auto ? 1 : 0,
      client_msg_id: message.client_msg_id ?? null,
      create_time: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .updateTable("chat_session")
    .set((eb) => ({
      last_message: previewOf(message.content_type, message.content),
      last_time: at,
      update_time: at,
      ...(fromMember ? { servicer_unread: eb("servicer_unread", "+", 1) } : { member_unread: eb("member_unread", "+", 1) }),
    }))
    .where("session_id", "=", session.session_id)
    .execute();
  return row;
}

/** The message a sender already stored under this client id (a resend after a lost answer). */
export function findResent(db: Db, type: 0 | 1, senderId: number, clientMsgId: string | undefined): Promise<MessageRow | undefined> {
  if (!clientMsgId) return Promise.resolve(undefined);
  return db
    .selectFrom("chat_message")
    .selectAll()
    .where("type", "=", type)
    .where("sender_id", "=", senderId)
    .where("client_msg_id", "=", clientMsgId)
    .executeTakeFirst();
}
