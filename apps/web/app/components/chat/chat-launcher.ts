import type { ChatGoodsCard, ChatOrderCard } from "@shop/contract/domains/chat";
import type { ServicerChannel } from "@shop/contract";

/**
 * Opening the one chat dialog of a page from anywhere (the side bar, a SKU page, an order): the
 * side bar's ContactService listens, checks the login and loads the dialog's code on first use.
 * This file is in every page's first load, so it holds no dialog code and imports only types.
 */

/** A card the member is about to send: shown above the input, sent on 发送 (SPEC §4 drafts). */
export type ChatDraft =
  | { content_type: 1; goods: Pick<ChatGoodsCard, "sku_id" | "sku_name" | "sku_image" | "price"> }
  | { content_type: 2; order: ChatOrderCard };

type OpenListener = (draft: ChatDraft | null) => void;
let listener: OpenListener | null = null;

/** Opens the chat, with a card ready to send when given. */
export function openChat(draft: ChatDraft | null = null): void {
  listener?.(draft);
}

/** ContactService's subscription (one per page); returns the unsubscribe. */
export function listenForChatOpen(next: OpenListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

/** The dialog's code, fetched ahead when the pointer or focus reaches an entry. */
export const loadChatDialog = () => import("./ChatDialog.tsx");

/** SPEC §4 service type: none hides the entries, third links to its URL, niushop opens the chat. */
export type ChatEntryKind = "hidden" | "third" | "chat";

export function chatEntryKind(servicer: Pick<ServicerChannel, "type" | "third_url">): ChatEntryKind {
  if (servicer.type === "niushop") return "chat";
  if (servicer.type === "third" && servicer.third_url) return "third";
  return "hidden";
}
