import type { Db } from "../../db/unit-of-work.ts";
import { enqueueJob } from "../jobs/queue.ts";

/**
 * The time window of a promotion (group buys and combos alike): sold from start_time until (not
 * including) end_time while its stored status is on. The wire's status is read off the clock, never
 * stored, so nothing has to run for a promotion to start or end; what must happen at those moments
 * (cached pages showing the old prices purged) is a durable job at each edge (ADR 0006).
 */
export const PromotionState = {
  /** stored: on */
  ON: 1,
  /** stored: closed by staff */
  CLOSED: -1,
} as const;

/** The wire's status: 1 未开始, 2 进行中, 3 已结束, -1 已关闭. */
export const WireStatus = { UPCOMING: 1, RUNNING: 2, ENDED: 3, CLOSED: -1 } as const;
export type WireStatusValue = (typeof WireStatus)[keyof typeof WireStatus];

export interface Window {
  status: number;
  start_time: number;
  end_time: number;
}

export function wireStatus(window: Window, at: number): WireStatusValue {
  if (window.status !== PromotionState.ON) return WireStatus.CLOSED;
  if (at < window.start_time) return WireStatus.UPCOMING;
  return at < window.end_time ? WireStatus.RUNNING : WireStatus.ENDED;
}

export const isRunning = (window: Window, at: number): boolean => wireStatus(window, at) === WireStatus.RUNNING;

/** Why a promotion cannot be bought now, in Chinese ("" when it can). */
export function notOnSaleReason(window: Window, at: number, noun: string): string {
  switch (wireStatus(window, at)) {
    case WireStatus.UPCOMING:
      return `${noun}尚未开始`;
    case WireStatus.ENDED:
      return `${noun}已结束`;
    case WireStatus.CLOSED:
      return `${noun}已关闭`;
    default:
      return "";
  }
}

/**
 * Enqueues the jobs that purge a promotion's pages when it starts and when it ends (in the unit of
 * work of the change; one job per promotion and moment, edges already past are skipped).
 */
export async function enqueueEdges(tx: Db, kind: string, id: number, window: Pick<Window, "start_time" | "end_time">, at: number): Promise<void> {
  for (const runAt of new Set([window.start_time, window.end_time])) {
    if (runAt > at) await enqueueJob(tx, { kind, payload: { id }, runAt, dedupeKey: `${kind}:${id}:${runAt}` });
  }
}

/** The id of an edge job's payload. */
export function edgeIdOf(payload: Record<string, unknown>): number {
  const id = Number(payload.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`promotion edge job without an id: ${JSON.stringify(payload)}`);
  return id;
}

/** Keyword of a staff search, with LIKE's wildcards removed. */
export const likeKeyword = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, "")}%`;
