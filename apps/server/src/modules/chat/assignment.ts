import { ChatSessionStatus } from "@shop/contract/domains/chat";
import type { Db } from "../../db/unit-of-work.ts";
import { affectedRows } from "../../db/conditional.ts";
import type { SessionRow } from "./conversations.ts";

/**
 * Who answers a conversation (ADR 0024). A waiting conversation goes to the least busy online
 * servicer — the fewest open conversations, then the lowest id — when its member binds or writes,
 * and when a servicer comes online; a servicer going offline hands its open conversations back.
 * Every change is a conditional update (`… WHERE status = waiting`, `… AND servicer_id = me`), so
 * two instances assigning at once never give one conversation to two servicers.
 */

/** Open conversations per servicer of `servicers` (0 for the idle ones). */
export async function servicerLoads(db: Db, servicers: readonly number[]): Promise<Map<number, number>> {
  const loads = new Map(servicers.map((id) => [id, 0]));
  if (servicers.length === 0) return loads;
  const rows = await db
    .selectFrom("chat_session")
    .select((eb) => ["servicer_id", eb.fn.countAll<number>().as("open")])
    .where("status", "=", ChatSessionStatus.OPEN)
    .where("servicer_id", "in", [...servicers])
    .groupBy("servicer_id")
    .execute();
  for (const row of rows) loads.set(row.servicer_id, Number(row.open));
  return loads;
}

export function leastBusy(loads: ReadonlyMap<number, number>): number | undefined {
  let best: number | undefined;
  for (const [id, open] of loads) {
    const bestOpen = best === undefined ? Infinity : loads.get(best)!;
    if (open < bestOpen || (open === bestOpen && id < best!)) best = id;
  }
  return best;
}

/** Gives a waiting conversation to `servicerId`; false when it was no longer waiting. */
export async function takeWaiting(db: Db, sessionId: number, servicerId: number, at: number): Promise<boolean> {
  const result = await db
    .updateTable("chat_session")
    .set({ servicer_id: servicerId, status: ChatSessionStatus.OPEN, update_time: at })
    .where("session_id", "=", sessionId)
    .where("status", "=", ChatSessionStatus.WAITING)
    .executeTakeFirst();
  return affectedRows(result) === 1;
}

/** Assigns one waiting conversation to the least busy of `online`; the row as it is now. */
export async function assignSession(db: Db, session: SessionRow, online: readonly number[], at: number): Promise<SessionRow> {
  if (session.status !== ChatSessionStatus.WAITING || online.length === 0) return session;
  const servicerId = leastBusy(await servicerLoads(db, online))!;
  if (await takeWaiting(db, session.session_id, servicerId, at)) return { ...session, servicer_id: servicerId, status: ChatSessionStatus.OPEN, update_time: at };
  return (await db.selectFrom("chat_session").selectAll().where("session_id", "=", session.session_id).executeTakeFirst()) ?? session;
}

/** The waiting conversations assigned per pass of assignQueue (the next pass, e.g. the sweep, takes the rest). */
const QUEUE_PASS = 500;

/** Hands the waiting conversations, longest waiting first, to the online servicers, least busy first. */
export async function assignQueue(db: Db, online: readonly number[], at: number): Promise<SessionRow[]> {
  if (online.length === 0) return [];
  const waiting = await db
    .selectFrom("chat_session")
    .selectAll()
    .where("status", "=", ChatSessionStatus.WAITING)
    .orderBy("last_time")
    .orderBy("session_id")
    .limit(QUEUE_PASS)
    .execute();
  if (waiting.length === 0) return [];
  const loads = await servicerLoads(db, online);
  const assigned: SessionRow[] = [];
  for (const session of waiting) {
    const servicerId = leastBusy(loads)!;
    if (!(await takeWaiting(db, session.session_id, servicerId, at))) continue;
    loads.set(servicerId, loads.get(servicerId)! + 1);
    assigned.push({ ...session, servicer_id: servicerId, status: ChatSessionStatus.OPEN, update_time: at });
  }
  return assigned;
}

/** A servicer went offline: its open conversations wait again (rows as they were, for the frames). */
export async function handBack(db: Db, servicerId: number, at: number): Promise<SessionRow[]> {
  const open = await db
    .selectFrom("chat_session")
    .selectAll()
    .where("servicer_id", "=", servicerId)
    .where("status", "=", ChatSessionStatus.OPEN)
    .execute();
  const returned: SessionRow[] = [];
  for (const session of open) {
    const result = await db
      .updateTable("chat_session")
      .set({ servicer_id: 0, status: ChatSessionStatus.WAITING, update_time: at })
      .where("session_id", "=", session.session_id)
      .where("servicer_id", "=", servicerId)
      .where("status", "=", ChatSessionStatus.OPEN)
      .executeTakeFirst();
    if (affectedRows(result) === 1) returned.push(session);
  }
  return returned;
}

/** Open conversations whose servicer is not among `online` (their servicer vanished without going offline). */
export function orphanedSessions(db: Db, online: ReadonlySet<number>): Promise<SessionRow[]> {
  let query = db.selectFrom("chat_session").selectAll().where("status", "=", ChatSessionStatus.OPEN);
  if (online.size > 0) query = query.where("servicer_id", "not in", [...online]);
  return query.execute();
}
