import type { ChatDialogPage, ChatMessage } from "./chat.ts";

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

/**
 * Where a client's catch-up starts. After a reconnect: the last id it shows. After a `catchup`
 * frame with `since_id`, the lower of the two: a message stored during a Redis outage on another
 * instance than the client's socket was never pushed, while messages stored through the socket's
 * own instance were, so the last id shown may have moved past some the client never got. A frame
 * without since_id (an older server) means "since the last id shown".
 */
export function catchUpSinceId(lastShownId: number, frameSinceId?: number): number {
  return frameSinceId === undefined ? lastShownId : Math.min(lastShownId, frameSinceId);
}

export interface CaughtUp {
  messages: ChatMessage[];
  /** false when `maxPages` answers did not reach the end, or a call failed (the caller reloads instead) */
  complete: boolean;
}

/**
 * Every message after `sinceId`, page by page: a since_id answer holds at most a page (100) and
 * `page_count` > 1 says more follow, asked for from the last id it held. `fetchPage` answers
 * undefined (or throws) when the call failed.
 */
export async function fetchMessagesSince(fetchPage: (sinceId: number) => Promise<ChatDialogPage | undefined>, sinceId: number, maxPages: number): Promise<CaughtUp> {
  const messages: ChatMessage[] = [];
  let after = sinceId;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await fetchPage(after);
    if (!answer) return { messages, complete: false };
    messages.push(...answer.list);
    if (answer.page_count <= 1 || answer.list.length === 0) return { messages, complete: true };
    after = answer.list.at(-1)!.id;
  }
  return { messages, complete: false };
}
