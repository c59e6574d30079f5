import { CHAT_MAX_CHARS, chatTextLength } from "@shop/contract/domains/chat-rules";

/** SPEC §8 chat text warnings (the server answers the same for a call that skips this check). */
export const BLANK_MESSAGE_WARNING = "不能发送空白内容";
export const TOO_LONG_WARNING = `单次最多发送${CHAT_MAX_CHARS}个字符`;

/** The counter under the input: "n/150", n in characters as the server counts them (an emoji is one). */
export const chatCounter = (text: string) => `${chatTextLength(text)}/${CHAT_MAX_CHARS}`;

/** True once the text cannot be sent for its length (the counter turns red). */
export const isTooLong = (text: string) => chatTextLength(text) >= CHAT_MAX_CHARS;

/** Why a text cannot be sent (the warning toast), or "" when it can. */
export function chatTextProblem(text: string): string {
  if (text.trim() === "") return BLANK_MESSAGE_WARNING;
  if (isTooLong(text)) return TOO_LONG_WARNING;
  return "";
}

/** The input after inserting `piece` over the selection [start, end), and where the caret goes. */
export function insertAt(text: string, piece: string, start: number, end: number = start): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + piece + text.slice(to), caret: from + piece.length };
}
