import type { Kysely } from "kysely";
import { CHAT_MAX_CHARS, chatTextLength, type ChatKeywordConfig, type ChatQuickReply, type StaffChatKeywordConfig } from "@shop/contract/domains/chat";
import type { DB } from "../../db/schema.ts";
import { getConfig, setConfig } from "../../core/config-store.ts";
import { fail } from "../../core/errors.ts";

/**
 * The chat's settings (config table): keyword auto replies (`servicer_keyword`, whose keywords
 * members also see as quick-reply chips) and the workbench's quick replies (`chat_quick_replies`).
 * And the one text rule every message and configured reply follows (SPEC §7): 1–149 characters
 * after trimming, counted in code points (chatTextLength: an emoji is one).
 */
export const CHAT_TEXT_MESSAGES = {
  blank: "不能发送空白内容",
  tooLong: `单次最多发送${CHAT_MAX_CHARS}个字符`,
};

/** The text as it is stored: trimmed, refused when blank or CHAT_MAX_CHARS characters or more. */
export function checkedText(raw: string | undefined): string {
  const text = (raw ?? "").trim();
  if (!text) fail(CHAT_TEXT_MESSAGES.blank);
  if (chatTextLength(text) >= CHAT_MAX_CHARS) fail(CHAT_TEXT_MESSAGES.tooLong);
  return text;
}

export const DEFAULT_AUTO_REPLY_NAME = "智能客服";

const NO_KEYWORDS = { is_open: 0, keyword_list: [] };

export async function keywordSettings(db: Kysely<DB>): Promise<StaffChatKeywordConfig> {
  const saved = await getConfig(db, "servicer_keyword", NO_KEYWORDS);
  return {
    is_open: saved.is_open === 1 ? 1 : 0,
    auto_reply_name: saved.auto_reply_name || DEFAULT_AUTO_REPLY_NAME,
    keyword_list: (saved.keyword_list ?? []).map(({ keyword, reply }) => ({ keyword, reply })),
  };
}

/** What the member's dialog reads: the keywords (chips) without their replies. */
export async function memberKeywordConfig(db: Kysely<DB>): Promise<ChatKeywordConfig> {
  const settings = await keywordSettings(db);
  return { is_open: settings.is_open, keyword_list: settings.is_open ? settings.keyword_list.map(({ keyword }) => ({ keyword })) : [] };
}

/** The auto reply a member's text gets: the first configured keyword it contains, while replies are on. */
export function autoReplyFor(settings: StaffChatKeywordConfig, text: string): string | undefined {
  if (settings.is_open !== 1) return undefined;
  return settings.keyword_list.find(({ keyword }) => keyword && text.includes(keyword))?.reply;
}

export async function saveKeywordSettings(db: Kysely<DB>, input: StaffChatKeywordConfig): Promise<StaffChatKeywordConfig> {
  const seen = new Set<string>();
  const keywordList = input.keyword_list.map(({ keyword, reply }) => {
    const trimmed = keyword.trim();
    if (seen.has(trimmed)) fail(`关键词“${trimmed}”重复`);
    seen.add(trimmed);
    return { keyword: trimmed, reply: checkedText(reply) };
  });
  await setConfig(db, "servicer_keyword", { is_open: input.is_open, auto_reply_name: input.auto_reply_name.trim(), keyword_list: keywordList });
  return keywordSettings(db);
}

export async function quickReplies(db: Kysely<DB>): Promise<ChatQuickReply[]> {
  return (await getConfig(db, "chat_quick_replies", { list: [] })).list;
}

/** Replaces the quick replies; their ids are their positions (1, 2, …). */
export async function saveQuickReplies(db: Kysely<DB>, replies: string[]): Promise<ChatQuickReply[]> {
  const list = replies.map((reply, index) => ({ id: index + 1, content: checkedText(reply) }));
  await setConfig(db, "chat_quick_replies", { list });
  return list;
}
