import type { Generated } from "kysely";

/** Tables of the customer-service chat (migration 0030, modules/chat, ADR 0024). */
export interface ChatTables {
  chat_session: ChatSessionTable;
  chat_message: ChatMessageTable;
}

/**
 * A member's conversation with the platform's support: one row per member, reopened when the
 * member writes again after staff closed it.
 */
export interface ChatSessionTable {
  session_id: Generated<number>;
  member_id: number;
  /** the servicer (staff_id) answering it; 0 while it waits for one */
  servicer_id: number;
  /** 0 waiting for a servicer, 1 open, 2 closed by staff */
  status: number;
  /** servicer messages the member has not read */
  member_unread: Generated<number>;
  /** member messages the servicer has not read */
  servicer_unread: Generated<number>;
  /** the newest message as the workbench's list shows it ("[图片]" for a picture) */
  last_message: string;
  last_time: number;
  create_time: number;
  update_time: number;
}

/** One message; `id` increases, so clients order, de-duplicate and resume (since_id) by it. */
export interface ChatMessageTable {
  id: Generated<number>;
  session_id: number;
  member_id: number;
  /** the conversation's servicer when it was sent (0 while waiting); the sender on servicer rows */
  servicer_id: number;
  /** 0 from the member, 1 from a servicer (keyword auto replies too) */
  type: number;
  /** who sent it: the member_id (type 0), the staff_id (type 1), 0 for an auto reply */
  sender_id: number;
  /** 0 text, 1 goods (goods_sku_id), 2 order (order_id), 3 picture (content is its path) */
  content_type: number;
  /** the text, or the picture's path */
  content: string;
  goods_sku_id: number;
  order_id: number;
  /** 1: the keyword auto reply */
  is_auto: number;
  /** the sender's own id for it: a resend with the same one is stored once (unique per sender) */
  client_msg_id: string | null;
  create_time: number;
}
