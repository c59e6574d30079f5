import { codeOnly, list, oneOf, page, type FieldSpec, type Shape } from "./field-shape.ts";

/**
 * The customer-service chat (docs/api/chat.md): what the reference's dialog reads from the
 * member's calls, and the workbench's calls (ours, with the member's conversation list).
 */
const message: Shape = {
  id: "integer", member_id: "integer", servicer_id: "integer", shop_id: "integer", type: oneOf(0, 1), content_type: oneOf(0, 1, 2, 3),
  consumer_say: "string", servicer_say: "string", goods_sku_id: "integer", order_id: "integer", nickname: "string", avatar: "picture",
  shop_name: "string", logo: "picture", create_day: "string", create_time: "unix", is_auto: "flag",
};

const dialogPage: Shape = { list: list(message), page_count: "integer", count: "integer" };

export const chatReads: Record<string, FieldSpec> = {
  "/servicer/api/chat/keyword": { is_open: "flag", keyword_list: list({ keyword: "string" }) },
  "/servicer/api/chat/hasServicers": { online_count: "integer" },
  "/servicer/api/chat/bind": { servicer_id: "integer" },
  "/servicer/api/chat/dialogs": { list: list(message), page_count: "integer" },
  "/servicer/api/chat/say": codeOnly,
  "/servicer/api/chat/setRead": codeOnly,
  "/servicer/api/chat/bye": codeOnly,
};

const servicerState: Shape = { servicer_id: "integer", nickname: "string", online: "flag", open_sessions: "integer" };
const staffSession: Shape = {
  session_id: "integer", member_id: "integer", nickname: "string", headimg: "picture", servicer_id: "integer", servicer_name: "string",
  status: oneOf(0, 1, 2), unread: "integer", online: "flag", last_message: "string", last_time: "unix",
};
const keywordSettings: Shape = { is_open: "flag", auto_reply_name: "string", keyword_list: list({ keyword: "string", reply: "string" }) };
const quickReplies = list({ id: "integer", content: "string" });

/** Ours: the member's conversation list and the workbench. */
export const chatStaffReads: Record<string, FieldSpec> = {
  "/servicer/api/chat/sessions": list({ shop_id: "integer", shop_name: "string", logo: "picture", servicer_id: "integer", unread: "integer", online: "flag" }),
  "/shopapi/chat/bind": servicerState,
  "/shopapi/chat/online": servicerState,
  "/shopapi/chat/sessions": page(staffSession),
  "/shopapi/chat/dialogs": dialogPage,
  "/shopapi/chat/answer": message,
  "/shopapi/chat/setRead": codeOnly,
  "/shopapi/chat/close": codeOnly,
  "/shopapi/chat/servicers": list(servicerState),
  "/shopapi/chat/quickreplies": quickReplies,
  "/shopapi/chat/keywords": keywordSettings,
  "/shopapi/chat/editKeywords": keywordSettings,
  "/shopapi/chat/editQuickReplies": quickReplies,
};
