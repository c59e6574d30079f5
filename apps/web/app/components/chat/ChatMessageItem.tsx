import type { ChatMessage } from "@shop/contract/domains/chat";
import { ChatContent } from "@shop/contract/domains/chat-rules";
import { imageUrl } from "../../lib/image.ts";
import { chatTimeLabel } from "./chat-time.ts";
import { isFromMember, messageBody } from "./chat-messages.ts";
import { GoodsCard, OrderCard } from "./ChatCards.tsx";

interface ChatMessageItemProps {
  message: ChatMessage;
  /** the avatar shown when the sender has none */
  fallbackAvatar: string;
  onViewImage: (url: string) => void;
  /** a picture finished loading (the list keeps to the bottom) */
  onMediaLoad: () => void;
}

/**
 * One message: the member's on the right, support's on the left, each with avatar, nickname and
 * time. Text is plain text (React escapes it; line breaks kept by CSS).
 */
export function ChatMessageItem({ message, fallbackAvatar, onViewImage, onMediaLoad }: ChatMessageItemProps) {
  const mine = isFromMember(message);
  return (
    <li className={mine ? "chat-message chat-message--mine" : "chat-message"} data-message-id={message.id}>
      <img className="chat-message__avatar" src={imageUrl(message.avatar || fallbackAvatar)} alt="" width={36} height={36} />
      <div className="chat-message__main">
        <div className="chat-message__meta">
          <span className="chat-message__name">{message.nickname}</span>
          <span className="chat-message__time">{chatTimeLabel(message.create_time)}</span>
        </div>
        <MessageContent message={message} onViewImage={onViewImage} onMediaLoad={onMediaLoad} />
      </div>
    </li>
  );
}

function MessageContent({ message, onViewImage, onMediaLoad }: Omit<ChatMessageItemProps, "fallbackAvatar">) {
  switch (message.content_type) {
    case ChatContent.GOODS:
      return message.goods ? <GoodsCard goods={message.goods} /> : <p className="chat-bubble chat-bubble--gone">该商品已失效</p>;
    case ChatContent.ORDER:
      return message.order ? <OrderCard order={message.order} /> : <p className="chat-bubble chat-bubble--gone">订单信息不可查看</p>;
    case ChatContent.IMAGE: {
      const url = imageUrl(messageBody(message));
      return (
        <button type="button" className="chat-bubble chat-bubble--image" aria-label="查看大图" onClick={() => onViewImage(url)}>
          <img src={url} alt="聊天图片" onLoad={onMediaLoad} />
        </button>
      );
    }
    default:
      return <p className="chat-bubble">{messageBody(message)}</p>;
  }
}
