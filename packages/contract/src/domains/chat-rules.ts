/**
 * The chat's constants and its one counting rule (chat.ts re-exports them with the calls' schemas):
 * kept free of zod so the storefront dialog and the console import them without it.
 */

/** The websocket's path (the reference deploys it at ws(s)://host/wss). Staff add `?as=servicer`. */
export const CHAT_SOCKET_PATH = "/wss";
/** Query value that makes the socket a servicer's (authenticated by the staff cookie). */
export const CHAT_SOCKET_SERVICER = "servicer";
/** Staff pictures: multipart, field `file`, answers {pic_path} (like the member's /api/upload/chatimg). */
export const STAFF_CHAT_UPLOAD_PATH = "/shopapi/upload/chatimg";

/** SPEC §9: history pages of 4, at most 150 characters per message, heartbeat 1500 ms by default. */
export const CHAT_PAGE_SIZE = 4;
export const CHAT_MAX_CHARS = 150;
export const CHAT_HEARTBEAT_MS = 1500;
/**
 * Characters of a message as the counter n/150 and the server count them: code points, so an
 * emoji is one character (JavaScript's length would count two); an image message counts as one.
 */
export function chatTextLength(text: string): number {
  return [...text].length;
}

/** The platform's shop id and name in the dialog. */
export const PLATFORM_SHOP_ID = 0;
export const PLATFORM_SHOP_NAME = "平台客服";

/** content_type of a message (SPEC §3). */
export const ChatContent = { TEXT: 0, GOODS: 1, ORDER: 2, IMAGE: 3 } as const;
/** type of a message row: 0 from the member (consumer), 1 from a servicer (keyword auto replies too). */
export const ChatSender = { MEMBER: 0, SERVICER: 1 } as const;

