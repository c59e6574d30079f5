import { Avatar, Image, Tag } from "antd";
import { CustomerServiceOutlined, UserOutlined } from "@ant-design/icons";
import type { ChatGoodsCard, ChatMessage, ChatOrderCard } from "@shop/contract/domains/chat";
import { ChatContent, ChatSender } from "@shop/contract/domains/chat-rules";
import { fullTime, messageTime, pictureUrl } from "../../lib/format.ts";
import { messageText } from "./chat-state.ts";

/** A goods card: picture, name and price, opening the storefront's SKU page in a new tab. */
function GoodsCard({ goods }: { goods: ChatGoodsCard }) {
  return (
    <a className="chat-card chat-card--goods" href={`/web/sku/${goods.sku_id}`} target="_blank" rel="noopener noreferrer">
      <img className="chat-card__image" src={pictureUrl(goods.sku_image)} alt="" width={64} height={64} />
      <span className="chat-card__body">
        <span className="chat-card__title">{goods.sku_name}</span>
        <span className="chat-card__price">¥{goods.price}</span>
        <span className="chat-card__note">库存 {goods.stock} · 已售 {goods.sale_num}</span>
      </span>
    </a>
  );
}

/** An order card: its facts only (the storefront's order page is the member's own, so no link). */
function OrderCard({ order }: { order: ChatOrderCard }) {
  return (
    <div className="chat-card chat-card--order">
      <div className="chat-card__row">
        <span className="chat-card__note">订单号 {order.order_no}</span>
        <Tag color="blue">{order.order_status_name}</Tag>
      </div>
      <div className="chat-card__thumbs">
        {order.order_goods.slice(0, 4).map((line, index) => (
          <img key={index} className="chat-card__thumb" src={pictureUrl(line.sku_image)} alt="" width={48} height={48} />
        ))}
        {order.order_goods.length > 4 && <span className="chat-card__note">等 {order.order_goods.length} 件</span>}
      </div>
      <div className="chat-card__row">
        <span className="chat-card__note">
          {order.delivery_type_name} · 下单 {fullTime(order.create_time)}
        </span>
        <span className="chat-card__price">¥{order.order_money}</span>
      </div>
    </div>
  );
}

/** What the message says; every user text is a React text node (escaped), never markup. */
function MessageContent({ message }: { message: ChatMessage }) {
  const text = messageText(message);
  switch (message.content_type) {
    case ChatContent.GOODS:
      return message.goods ? <GoodsCard goods={message.goods} /> : <span className="chat-message__gone">商品已失效</span>;
    case ChatContent.ORDER:
      return message.order ? <OrderCard order={message.order} /> : <span className="chat-message__gone">订单信息不可见</span>;
    case ChatContent.IMAGE:
      return <Image className="chat-message__image" src={pictureUrl(text)} alt="聊天图片" width={160} preview={{ mask: "查看大图" }} />;
    default:
      return <span className="chat-message__text">{text}</span>;
  }
}

/** One message: the member's on the left, the servicers' (and auto replies) on the right. */
export function MessageItem({ message }: { message: ChatMessage }) {
  const fromMember = message.type === ChatSender.MEMBER;
  const bubble = message.content_type === ChatContent.TEXT;
  return (
    <div className={`chat-message chat-message--${fromMember ? "member" : "servicer"}`} data-message-id={message.id}>
      <Avatar
        className="chat-message__avatar"
        size={36}
        src={pictureUrl(message.avatar) || undefined}
        icon={fromMember ? <UserOutlined /> : <CustomerServiceOutlined />}
      />
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <span className="chat-message__nickname">{message.nickname}</span>
          <time dateTime={new Date(message.create_time * 1000).toISOString()}>{messageTime(message.create_time)}</time>
          {message.is_auto === 1 && <Tag className="chat-message__auto">自动回复</Tag>}
        </div>
        <div className={bubble ? "chat-message__bubble" : "chat-message__attachment"}>
          <MessageContent message={message} />
        </div>
      </div>
    </div>
  );
}
