import { z } from "zod";
import { endpoint, id, noBody } from "../endpoint.ts";

/**
 * Customer-service chat (issue 12; SPEC §2 dialog, §3, §4, §7, §8; reference "Customer-service chat";
 * docs/api/chat.md). A member talks with the platform's support (shop id 0, 平台客服); staff holding
 * `chat.serve` answer from the console's workbench. Messages are stored first, then delivered over
 * the websocket (CHAT_SOCKET_PATH) to every socket of the member and of the servicer, on any server
 * instance (Redis pub/sub when configured).
 */

// The chat's constants live in chat-rules.ts (no schemas: the clients load them without zod).
export * from "./chat-rules.ts";
import { CHAT_PAGE_SIZE, ChatContent } from "./chat-rules.ts";
export type ChatContentType = (typeof ChatContent)[keyof typeof ChatContent];

/** A goods card of a message (content_type 1), as it is now. */
export interface ChatGoodsCard {
  sku_id: number;
  goods_id: number;
  sku_name: string;
  sku_image: string;
  price: string;
  stock: number;
  sale_num: number;
}

/** An order card of a message (content_type 2); only shown to its owner and to staff. */
export interface ChatOrderCard {
  order_id: number;
  order_no: string;
  order_name: string;
  order_status_name: string;
  delivery_type_name: string;
  order_money: string;
  order_goods: Array<{ sku_image: string }>;
  create_time: number;
}

/** A dialogue row (SPEC §3 Chat message; reference dialogs/frames), ours: id and the cards. */
export interface ChatMessage {
  /** unique, increasing: clients de-duplicate and resume by it */
  id: number;
  member_id: number;
  /** 0 while the conversation waits for a servicer */
  servicer_id: number;
  shop_id: number;
  /** 0 member, 1 servicer */
  type: 0 | 1;
  content_type: ChatContentType;
  /** the member's text, or the image path (content_type 3); "" on servicer rows */
  consumer_say: string;
  /** the servicer's text or image path; "" on member rows */
  servicer_say: string;
  goods_sku_id: number;
  order_id: number;
  goods?: ChatGoodsCard;
  order?: ChatOrderCard;
  /** the sender's nickname and avatar (member's, or the servicer's) */
  nickname: string;
  avatar: string;
  shop_name: string;
  logo: string;
  /** "2026-11-27" (Asia/Shanghai) */
  create_day: string;
  /** unix seconds */
  create_time: number;
  /** 1: sent by the keyword auto reply */
  is_auto: 0 | 1;
  /** the sender's client-side id when it gave one (a resend with the same one is not stored twice) */
  client_msg_id?: string;
}

/** A member's conversation (SPEC §3 Chat session). */
export interface ChatSession {
  shop_id: number;
  shop_name: string;
  logo: string;
  servicer_id: number;
  /** the member's unread servicer messages */
  unread: number;
  /** 1 when a servicer is online for it */
  online: 0 | 1;
}

export interface ChatKeywordConfig {
  is_open: 0 | 1;
  keyword_list: Array<{ keyword: string }>;
}

/** History: oldest first inside a page; page 1 is the newest page. */
export interface ChatDialogPage {
  list: ChatMessage[];
  page_count: number;
  count: number;
}

// ---- websocket frames (server → client, JSON text); the client's only frame is the string "ping" ----

export type ChatFrame =
  /** sent on connect: bind this id by /servicer/api/chat/bind (member) or /shopapi/chat/bind (servicer) */
  | { type: "init"; data: { client_id: string } }
  /** member: the servicer of shop_id is (not) online; servicer: a member bound or came online */
  | { type: "connect"; data: { shop_id: number; servicer_id: number; online: 0 | 1; member_id?: number } }
  /** a new message of a conversation this socket belongs to */
  | { type: "string" | "goodssku" | "order" | "image"; data: ChatMessage }
  /** servicer sockets: a conversation changed (new, assigned, unread, closed, member online/offline) */
  | { type: "session"; data: StaffChatSession }
  /** the conversation was closed by staff (member), or the socket is being closed by the server */
  | { type: "close"; data: { shop_id: number; reason?: string } }
  /**
   * frames may have been lost (the instances lost Redis for a while): fetch dialogs since
   * min(the last id seen, since_id) and de-duplicate by id (catchUpSinceId, chat-messages.ts);
   * since_id: every message stored during the outage is after it (absent from older servers)
   */
  | { type: "catchup"; data: { shop_id: number; since_id?: number } };

/** The frame type that carries a message of each content_type. */
export const FRAME_OF_CONTENT: Record<ChatContentType, "string" | "goodssku" | "order" | "image"> = {
  0: "string",
  1: "goodssku",
  2: "order",
  3: "image",
};

// ---- staff side ----

export const ChatSessionStatus = { WAITING: 0, OPEN: 1, CLOSED: 2 } as const;

/** A conversation on the workbench. */
export interface StaffChatSession {
  session_id: number;
  member_id: number;
  nickname: string;
  headimg: string;
  servicer_id: number;
  servicer_name: string;
  /** 0 waiting for a servicer, 1 open, 2 closed */
  status: 0 | 1 | 2;
  /** the servicer's unread member messages */
  unread: number;
  /** 1 while the member has a socket open */
  online: 0 | 1;
  last_message: string;
  last_time: number;
}

export interface StaffServicerState {
  servicer_id: number;
  nickname: string;
  online: 0 | 1;
  open_sessions: number;
}

export interface ChatQuickReply {
  id: number;
  content: string;
}

/** Staff: the keyword auto replies (a member's text containing `keyword` is answered with `reply`). */
export interface StaffChatKeywordConfig {
  is_open: 0 | 1;
  /** the nickname auto replies are shown with, e.g. 智能客服 */
  auto_reply_name: string;
  keyword_list: Array<{ keyword: string; reply: string }>;
}

/** At most this many keywords and quick replies. */
export const CHAT_MAX_KEYWORDS = 50;
export const CHAT_MAX_QUICK_REPLIES = 50;

const siteId = z.coerce.number().int().min(0).max(0).default(0);
const clientId = z.string().trim().min(1).max(64);
const clientMsgId = z.string().trim().min(1).max(64).optional();
const contentType = z.coerce.number().int().min(0).max(3);
/** Text or an image path; the service checks blank (不能发送空白内容) and length (chatTextLength ≥ 150: 单次最多发送150个字符). */
const sayText = z.string().max(2000).optional();
/** A configured reply (keyword auto reply, quick reply): the service checks it like a message. */
const replyText = z.string().max(2000);
const limit = z.coerce.number().int().min(1).max(50).default(CHAT_PAGE_SIZE);
const pageNo = z.coerce.number().int().min(1).max(100000).default(1);

export const chatEndpoints = {
  /** Quick-reply keywords the member may tap (public config). */
  "/servicer/api/chat/keyword": endpoint<ChatKeywordConfig>()(noBody),
  /** How many servicers are online now. */
  "/servicer/api/chat/hasServicers": endpoint<{ online_count: number }>()(z.object({ site_id: siteId })),
  /** The member's conversations (one: the platform), with unread and online. */
  "/servicer/api/chat/sessions": endpoint<ChatSession[]>()(noBody),
  /** Binds the socket `client_id` to the member; answers the servicer (0 when none is online: 客服不在线). */
  "/servicer/api/chat/bind": endpoint<{ servicer_id: number; online: 0 | 1 }>()(z.object({ client_id: clientId })),
  /**
   * History pages of `limit` (4), page 1 newest, rows oldest first; `since_id` instead returns every
   * row after it (at most 100, oldest first): a reconnecting client catches up without gaps.
   */
  "/servicer/api/chat/dialogs": endpoint<ChatDialogPage>()(
    z.object({ page: pageNo, limit, servicer_id: z.coerce.number().int().min(0).optional(), site_id: siteId, since_id: z.coerce.number().int().min(0).optional() }),
  ),
  /**
   * Sends a message (text, goods sku, own order or uploaded image path); answers the stored row.
   * `goods_id` is the SKU id of a goods card (as the reference's clients name it); `message` holds
   * the text or the picture's path; `servicer_id` is ignored (the server assigns the conversation).
   */
  "/servicer/api/chat/say": endpoint<ChatMessage>()(
    z.object({
      servicer_id: z.coerce.number().int().min(0).optional(),
      site_id: siteId,
      content_type: contentType,
      message: sayText,
      goods_id: z.coerce.number().int().min(0).optional(),
      order_id: z.coerce.number().int().min(0).optional(),
      client_msg_id: clientMsgId,
    }),
  ),
  /** Marks the servicer's messages read. */
  "/servicer/api/chat/setRead": endpoint<null>()(z.object({ site_id: siteId })),
  /** The member closed the dialog: unbinds its sockets from the conversation. */
  "/servicer/api/chat/bye": endpoint<null>()(z.object({ servicer_id: z.coerce.number().int().min(0).optional(), site_id: siteId })),

  /** Staff: binds a servicer socket and sets the servicer online (chat.serve). */
  "/shopapi/chat/bind": endpoint<StaffServicerState>()(z.object({ client_id: clientId })),
  /** Staff: online 1 / offline 0 (offline hands open conversations back to the queue). */
  "/shopapi/chat/online": endpoint<StaffServicerState>()(z.object({ online: z.coerce.number().int().min(0).max(1) })),
  /** Staff: conversations, newest first; servicers see theirs and the waiting ones, admins all. */
  "/shopapi/chat/sessions": endpoint<{ list: StaffChatSession[]; page_count: number; count: number }>()(
    z.object({ page: pageNo, page_size: z.coerce.number().int().min(1).max(100).default(20), status: z.coerce.number().int().min(0).max(2).optional() }),
  ),
  /** Staff: a member's history (as dialogs; since_id likewise). */
  "/shopapi/chat/dialogs": endpoint<ChatDialogPage>()(
    z.object({ member_id: id, page: pageNo, limit: z.coerce.number().int().min(1).max(50).default(20), since_id: z.coerce.number().int().min(0).optional() }),
  ),
  /** Staff: answers a member (takes a waiting conversation). */
  "/shopapi/chat/answer": endpoint<ChatMessage>()(
    z.object({
      member_id: id,
      content_type: contentType,
      servicer_say: sayText,
      goods_id: z.coerce.number().int().min(0).optional(),
      order_id: z.coerce.number().int().min(0).optional(),
      client_msg_id: clientMsgId,
    }),
  ),
  "/shopapi/chat/setRead": endpoint<null>()(z.object({ member_id: id })),
  /** Staff: closes a conversation; the member's sockets get `close`. */
  "/shopapi/chat/close": endpoint<null>()(z.object({ member_id: id })),
  /** Staff: the servicers and their load (admins: all; servicers: themselves). */
  "/shopapi/chat/servicers": endpoint<StaffServicerState[]>()(noBody),
  "/shopapi/chat/quickreplies": endpoint<ChatQuickReply[]>()(noBody),
  /** Staff (shop.manage): the keyword auto replies, and replacing them. */
  "/shopapi/chat/keywords": endpoint<StaffChatKeywordConfig>()(noBody),
  "/shopapi/chat/editKeywords": endpoint<StaffChatKeywordConfig>()(
    z.object({
      is_open: z.coerce.number().int().min(0).max(1),
      auto_reply_name: z.string().trim().min(1, "请填写自动回复的客服名称").max(20),
      keyword_list: z
        .array(z.object({ keyword: z.string().trim().min(1, "关键词不能为空").max(20), reply: replyText }), { error: "参数 keyword_list 格式不正确" })
        .max(CHAT_MAX_KEYWORDS, `最多设置${CHAT_MAX_KEYWORDS}个关键词`),
    }),
  ),
  /** Staff (shop.manage): replaces the quick replies (each 1–149 characters); answers them with their ids. */
  "/shopapi/chat/editQuickReplies": endpoint<ChatQuickReply[]>()(
    z.object({
      replies: z.array(replyText, { error: "参数 replies 格式不正确" }).max(CHAT_MAX_QUICK_REPLIES, `最多设置${CHAT_MAX_QUICK_REPLIES}条快捷回复`),
    }),
  ),
  // Staff pictures: STAFF_CHAT_UPLOAD_PATH (multipart, like /api/upload/chatimg; not a JSON entry here).
};
