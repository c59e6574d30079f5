import type { ChatDialogPage } from "@shop/contract/domains/chat";
import type { Db } from "../../db/unit-of-work.ts";
import { toChatMessages } from "./message-view.ts";

/**
 * A member's conversation history (the dialog's 点击加载更多 and the workbench). Pages count from
 * the newest: page 1 holds the newest `limit` messages, each page oldest first, so the dialog
 * prepends older pages until page_count. With `since_id` the answer is instead every message after
 * that id, oldest first, at most SINCE_LIMIT (page_count tells whether more follow): a client that
 * reconnects catches up without a gap and, de-duplicating by id, without a repeat.
 */
export const SINCE_LIMIT = 100;

export interface HistoryRequest {
  page: number;
  limit: number;
  since_id?: number;
}

export async function historyPage(db: Db, memberId: number, request: HistoryRequest): Promise<ChatDialogPage> {
  const messages = db.selectFrom("chat_message").where("member_id", "=", memberId);
  if (request.since_id !== undefined) {
    const after = messages.where("id", ">", request.since_id);
    const [{ count }, rows] = await Promise.all([
      after.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      after.selectAll().orderBy("id").limit(SINCE_LIMIT).execute(),
    ]);
    const total = Number(count);
    return { list: await toChatMessages(db, rows), count: total, page_count: Math.ceil(total / SINCE_LIMIT) };
  }
  const { count } = await messages.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.ceil(total / request.limit);
  if (request.page > pageCount) return { list: [], count: total, page_count: pageCount };
  const rows = await messages
    .selectAll()
    .orderBy("id", "desc")
    .limit(request.limit)
    .offset((request.page - 1) * request.limit)
    .execute();
  return { list: await toChatMessages(db, rows.reverse()), count: total, page_count: pageCount };
}

/**
 * Messages are stamped in whole seconds by the clock of the instance that stored them, and a
 * transaction may commit after a later one took a higher id: a catch-up starts this much earlier
 * than the outage (the clients de-duplicate by id, so the extra messages cost nothing but bytes).
 */
export const CATCH_UP_MARGIN_SECONDS = 5;

/**
 * The since_id of a catch-up after an outage that began at `outageStartedAtMs`: the newest message
 * stored before it (minus the margin), so every message stored during it is after that id; 0 when
 * none. Read by the primary key from the newest down, stopping at the first one old enough.
 */
export async function sinceIdBeforeOutage(db: Db, outageStartedAtMs: number): Promise<number> {
  const before = Math.floor(outageStartedAtMs / 1000) - CATCH_UP_MARGIN_SECONDS;
  const row = await db.selectFrom("chat_message").select("id").where("create_time", "<", before).orderBy("id", "desc").limit(1).executeTakeFirst();
  return row?.id ?? 0;
}
