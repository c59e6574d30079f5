import { mergeChatMessages } from "@shop/contract/domains/chat-messages";
import type { ChatMessage } from "@shop/contract/domains/chat";
import { ChatSender } from "@shop/contract/domains/chat-rules";

/** Every message once, in id order (packages/contract chat-messages.ts). */
export const mergeMessages = mergeChatMessages;

/** The newest id shown (0 for none): the catch-up after a reconnect asks for what follows it. */
export const lastMessageId = (shown: readonly ChatMessage[]) => shown.reduce((last, message) => Math.max(last, message.id), 0);

/** Whether the member sent it (shown on the right); servicer answers and auto replies are on the left. */
export const isFromMember = (message: Pick<ChatMessage, "type">) => message.type === ChatSender.MEMBER;

/** The text or picture path of a message, whoever sent it. */
export const messageBody = (message: Pick<ChatMessage, "type" | "consumer_say" | "servicer_say">) =>
  isFromMember(message) ? message.consumer_say : message.servicer_say;
