import { useCallback, useLayoutEffect, useRef } from "react";
import type { ChatMessage } from "@shop/contract/domains/chat";
import { isFromMember } from "./chat-messages.ts";
import { ChatMessageItem } from "./ChatMessageItem.tsx";

interface ChatMessageListProps {
  messages: ChatMessage[];
  /** null until the first page answered; then whether older pages remain */
  hasOlder: boolean | null;
  loading: boolean;
  onLoadOlder: () => void;
  fallbackAvatar: string;
  onViewImage: (url: string) => void;
}

/** Within this many pixels of the end the list counts as "at the bottom" and follows new messages. */
const BOTTOM_SLACK_PX = 40;

/** Where the list stood after its last render: what it showed, and the first message's position. */
interface ListPosition {
  firstId: number;
  lastId: number;
  /** offsetTop of the first message: an older page pushes it down by exactly its height */
  firstTop: number;
  atBottom: boolean;
}

const isAtBottom = (element: HTMLElement) => element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;

/**
 * The history: 点击加载更多 at the top while older pages remain, then 没有更多聊天记录了. An older
 * page goes above without moving what is in view; a new message scrolls to it when the member was
 * at the bottom or sent it. A log region (new messages are announced), focusable to scroll by keys.
 */
export function ChatMessageList({ messages, hasOlder, loading, onLoadOlder, fallbackAvatar, onViewImage }: ChatMessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const position = useRef<ListPosition>({ firstId: 0, lastId: 0, firstTop: 0, atBottom: true });

  const firstMessageTop = (element: HTMLElement, id: number) =>
    element.querySelector<HTMLElement>(`[data-message-id="${id}"]`)?.offsetTop ?? 0;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = position.current;
    const first = messages[0];
    const last = messages[messages.length - 1];
    const firstId = first?.id ?? 0;
    const lastId = last?.id ?? 0;
    if (before.firstId !== 0 && firstId < before.firstId) {
      // Older messages above: keep the previously first one where it was.
      element.scrollTop += firstMessageTop(element, before.firstId) - before.firstTop;
    }
    if (lastId > before.lastId && (before.lastId === 0 || before.atBottom || (last && isFromMember(last)))) {
      element.scrollTop = element.scrollHeight;
    }
    position.current = { firstId, lastId, firstTop: firstMessageTop(element, firstId), atBottom: isAtBottom(element) };
  }, [messages]);

  const onScroll = () => {
    if (box.current) position.current.atBottom = isAtBottom(box.current);
  };
  /** A picture loaded (its height arrived): stay at the bottom if the list was there. */
  const onMediaLoad = useCallback(() => {
    const element = box.current;
    if (element && position.current.atBottom) element.scrollTop = element.scrollHeight;
  }, []);

  return (
    <div ref={box} className="chat-history" role="log" aria-label="聊天记录" tabIndex={0} onScroll={onScroll}>
      <div className="chat-history__more">
        {loading ? (
          <span>加载中…</span>
        ) : hasOlder ? (
          <button type="button" className="chat-history__load" onClick={onLoadOlder}>
            点击加载更多
          </button>
        ) : hasOlder === false ? (
          <span>没有更多聊天记录了</span>
        ) : null}
      </div>
      <ol className="chat-history__list">
        {messages.map((message) => (
          <ChatMessageItem key={message.id} message={message} fallbackAvatar={fallbackAvatar} onViewImage={onViewImage} onMediaLoad={onMediaLoad} />
        ))}
      </ol>
    </div>
  );
}
