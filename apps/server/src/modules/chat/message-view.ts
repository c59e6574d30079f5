import {
  ChatContent, ChatSender, PLATFORM_SHOP_ID, PLATFORM_SHOP_NAME,
  type ChatContentType, type ChatGoodsCard, type ChatMessage, type ChatOrderCard,
} from "@shop/contract/domains/chat";
import type { Row } from "../../db/schema.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { shopIsoString } from "../../core/time.ts";
import { yuan } from "../../core/money.ts";
import { getSiteInfo } from "../site/service.ts";
import { orderStatusName } from "../order/state-machine.ts";
import { deliveryTypeName } from "../order/order-view.ts";
import { keywordSettings } from "./settings.ts";

/**
 * Stored messages as the dialog and the workbench show them (ChatMessage): the sender's nickname
 * and avatar, the platform's name and logo, and the goods or order card as it is now. Loaded in
 * batches: a history page costs a handful of queries whatever its length.
 */
export type MessageRow = Row<"chat_message">;

const firstImage = (images: string) => images.split(",")[0]?.trim() ?? "";

async function goodsCards(db: Db, skuIds: number[]): Promise<Map<number, ChatGoodsCard>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .select(["goods_sku.sku_id", "goods_sku.goods_id", "goods_sku.sku_name", "goods_sku.sku_image", "goods_sku.discount_price_cents", "goods_sku.stock", "goods_sku.sale_num", "goods.goods_image"])
    .where("goods_sku.sku_id", "in", skuIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.sku_id,
      {
        sku_id: row.sku_id, goods_id: row.goods_id, sku_name: row.sku_name, sku_image: row.sku_image || firstImage(row.goods_image),
        price: yuan(row.discount_price_cents), stock: Number(row.stock), sale_num: Number(row.sale_num),
      },
    ]),
  );
}

async function orderCards(db: Db, orderIds: number[]): Promise<Map<number, ChatOrderCard>> {
  if (orderIds.length === 0) return new Map();
  const orders = await db
    .selectFrom("orders")
    .select(["order_id", "order_no", "order_name", "order_status", "order_type", "delivery_type", "order_money_cents", "create_time"])
    .where("order_id", "in", orderIds)
    .execute();
  const lines = await db.selectFrom("order_goods").select(["order_id", "sku_image"]).where("order_id", "in", orderIds).orderBy("order_goods_id").execute();
  return new Map(
    orders.map((order) => [
      order.order_id,
      {
        order_id: order.order_id, order_no: order.order_no, order_name: order.order_name,
        order_status_name: orderStatusName(order.order_status, order.order_type), delivery_type_name: deliveryTypeName(order.delivery_type),
        order_money: yuan(order.order_money_cents), order_goods: lines.filter((line) => line.order_id === order.order_id).map(({ sku_image }) => ({ sku_image })),
        create_time: order.create_time,
      },
    ]),
  );
}

async function people(db: Db, rows: MessageRow[]) {
  const memberIds = [...new Set(rows.map((row) => row.member_id))];
  const staffIds = [...new Set(rows.filter((row) => row.type === ChatSender.SERVICER && row.sender_id > 0).map((row) => row.sender_id))];
  const [members, staff] = await Promise.all([
    memberIds.length ? db.selectFrom("member").select(["member_id", "nickname", "username", "headimg"]).where("member_id", "in", memberIds).execute() : [],
    staffIds.length ? db.selectFrom("staff").select(["staff_id", "nickname", "headimg"]).where("staff_id", "in", staffIds).execute() : [],
  ]);
  return {
    member: new Map(members.map((row) => [row.member_id, { nickname: row.nickname || row.username || `会员${row.member_id}`, avatar: row.headimg }])),
    staff: new Map(staff.map((row) => [row.staff_id, { nickname: row.nickname, avatar: row.headimg }])),
  };
}

export async function toChatMessages(db: Db, rows: MessageRow[]): Promise<ChatMessage[]> {
  if (rows.length === 0) return [];
  const ids = (contentType: ChatContentType, column: "goods_sku_id" | "order_id") => [
    ...new Set(rows.filter((row) => row.content_type === contentType && row[column] > 0).map((row) => row[column])),
  ];
  const [goods, orders, who, site, keywords] = await Promise.all([
    goodsCards(db, ids(ChatContent.GOODS, "goods_sku_id")),
    orderCards(db, ids(ChatContent.ORDER, "order_id")),
    people(db, rows),
    getSiteInfo(db),
    rows.some((row) => row.is_auto === 1) ? keywordSettings(db) : undefined,
  ]);
  const logo = site.logo_square || site.logo;
  return rows.map((row) => {
    const fromMember = row.type === ChatSender.MEMBER;
    const sender = fromMember
      ? who.member.get(row.member_id)
      : row.is_auto === 1
        ? { nickname: keywords!.auto_reply_name, avatar: logo }
        : who.staff.get(row.sender_id);
    const textual = row.content_type === ChatContent.TEXT || row.content_type === ChatContent.IMAGE;
    const goodsCard = row.content_type === ChatContent.GOODS ? goods.get(row.goods_sku_id) : undefined;
    const orderCard = row.content_type === ChatContent.ORDER ? orders.get(row.order_id) : undefined;
    return {
      id: row.id,
      member_id: row.member_id,
      servicer_id: row.servicer_id,
      shop_id: PLATFORM_SHOP_ID,
      type: fromMember ? 0 : 1,
      content_type: row.content_type as ChatContentType,
      consumer_say: fromMember && textual ? row.content : "",
      servicer_say: !fromMember && textual ? row.content : "",
      goods_sku_id: row.goods_sku_id,
      order_id: row.order_id,
      ...(goodsCard ? { goods: goodsCard } : {}),
      ...(orderCard ? { order: orderCard } : {}),
      nickname: sender?.nickname ?? PLATFORM_SHOP_NAME,
      avatar: sender?.avatar ?? "",
      shop_name: PLATFORM_SHOP_NAME,
      logo,
      create_day: shopIsoString(row.create_time).slice(0, 10),
      create_time: row.create_time,
      is_auto: row.is_auto === 1 ? 1 : 0,
      ...(row.client_msg_id ? { client_msg_id: row.client_msg_id } : {}),
    };
  });
}
