import { afterCommit, inUnitOfWork, type Db } from "../db/unit-of-work.ts";

/**
 * Domain events (ADR 0030): a service records what happened in its unit of work; modules subscribe
 * by event name. Core holds the registry and names no module: modules subscribe at start.
 *
 * A subscriber runs one of two ways:
 * - "in_unit": inside the recording unit of work, before it commits (the payment's own bookkeeping:
 *   sales counts, growth, level gifts — they stand or fall with the payment, as they always did);
 * - "after_commit": once the unit committed, never when it rolled back; best effort, its failure
 *   is logged and does not touch the committed change.
 * Durable handling (a job per subscriber per event, retried, idempotent by a key) is an "in_unit"
 * subscriber that enqueues the job in the same unit: modules/jobs/event-jobs.ts.
 */
export const DOMAIN_EVENTS = [
  /** one payment settled (data.order_ids "1,2"): counts sales of all its orders in one lock order */
  "trade.paid",
  "order.paid",
  "order.shipped",
  "order.closed",
  "order.completed",
  "order.refund_closed",
  "refund.applied",
  "refund.agreed",
  "refund.refused",
  "refund.transferred",
  "withdraw.reviewed",
  "complaint.created",
] as const;
export type DomainEventName = (typeof DOMAIN_EVENTS)[number];

export interface DomainEvent {
  name: DomainEventName;
  /** the business row it happened to (order id, refund id, …): with the name, unique per occurrence */
  id: number;
  /** small facts subscribers need (status reached, who reviewed, …) */
  data?: Record<string, string | number>;
  /** tells apart events of one name that happen more than once to one row (a withdrawal agreed, then transferred) */
  occurrence?: string;
}

/** What identifies one occurrence of an event: the key of its jobs, messages and notices. */
export const eventKey = (event: DomainEvent): string => `${event.name}:${event.id}${event.occurrence ? `:${event.occurrence}` : ""}`;

export type InUnitHandler = (tx: Db, event: DomainEvent) => Promise<void>;
export type AfterCommitHandler = (event: DomainEvent) => Promise<void>;

type Subscriber =
  | { names: readonly DomainEventName[]; mode: "in_unit"; handle: InUnitHandler }
  | { names: readonly DomainEventName[]; mode: "after_commit"; handle: AfterCommitHandler };

/** By subscriber id: subscribing again (every test app registers its modules) replaces, never doubles. */
const subscribers = new Map<string, Subscriber>();

/** Runs `handle` in the unit of work of every matching event, before it commits. */
export function subscribeInUnit(id: string, names: readonly DomainEventName[], handle: InUnitHandler): void {
  subscribers.set(id, { names, mode: "in_unit", handle });
}

/** Runs `handle` after the matching event's unit committed (best effort: see subscribeDurable for what must not be lost). */
export function subscribeAfterCommit(id: string, names: readonly DomainEventName[], handle: AfterCommitHandler): void {
  subscribers.set(id, { names, mode: "after_commit", handle });
}

/** Records `event` in the unit of work `tx`: its subscribers run as they subscribed; a rollback drops it. */
export async function recordEvent(tx: Db, event: DomainEvent): Promise<void> {
  if (!inUnitOfWork(tx)) throw new Error(`recordEvent(${event.name}) must run inside a unit of work`);
  for (const [id, subscriber] of subscribers) {
    if (!subscriber.names.includes(event.name)) continue;
    if (subscriber.mode === "in_unit") {
      await subscriber.handle(tx, event);
    } else {
      const handle = subscriber.handle;
      await afterCommit(tx, () => handle(event).catch((error: unknown) => console.error(`event subscriber ${id} failed`, error)));
    }
  }
}

/** For tests: forget a subscriber. */
export function unsubscribe(id: string): void {
  subscribers.delete(id);
}
