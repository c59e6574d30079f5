import { ChatSender, type ChatMessage } from "@shop/contract/domains/chat";

/**
 * The conversation as shown: every message once, in id order (ids grow as the server stores
 * messages). History pages, live frames, the answers of say and the catch-up after a reconnect
 * all pass through here, so whichever copy of a message comes first or last, it is shown once;
 * the later copy wins (the server may have filled in a card since).
 */
export function mergeMessages(shown: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return shown as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of shown) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest id shown (0 for none): the catch-up after a reconnect asks for what follows it. */
export const lastMessageId = (shown: readonly ChatMessage[]) => shown.reduce((last, message) => Math.max(last, message.id), 0);

/** Whether the member sent it (shown on the right); servicer answers and auto replies are on the left. */
export const isFromMember = (message: Pick<ChatMessage, "type">) => message.type === ChatSender.MEMBER;

/** The text or picture path of a message, whoever sent it. */
export const messageBody = (message: Pick<ChatMessage, "type" | "consumer_say" | "servicer_say">) =>
  isFromMember(message) ? message.consumer_say : message.servicer_say;
