import type { Db } from "../../db/unit-of-work.ts";

/** Conversations holding member messages no servicer has read yet (the dashboard's 未读消息). */
export async function countUnreadConversations(db: Db): Promise<number> {
  const row = await db.selectFrom("chat_session").select((eb) => eb.fn.countAll<number | string>().as("count")).where("servicer_unread", ">", 0).executeTakeFirstOrThrow();
  return Number(row.count);
}
