import type { ChatMessage } from "./chat.ts";

/**
 * A conversation as a client shows it (the storefront's dialog and the console's workbench): every
 * message once, in id order (ids grow as the server stores messages). History pages, live frames,
 * the answers of say and the catch-up after a reconnect all pass through here, so whichever copy
 * of a message comes first or last, it is shown once; the later copy wins (the server may have
 * filled in a card since). No schemas here: the clients load it without zod.
 */
export function mergeChatMessages(shown: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return shown as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of shown) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
