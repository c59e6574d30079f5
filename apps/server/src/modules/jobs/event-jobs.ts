import { eventKey, subscribeInUnit, type DomainEvent, type DomainEventName } from "../../core/events.ts";
import type { JobRunner } from "../../core/services.ts";
import { enqueueJob } from "./queue.ts";

/** The job kind of a durable subscriber. */
export const eventJobKind = (subscriberId: string) => `event:${subscriberId}`;

/**
 * A durable subscriber (ADR 0030): each matching event enqueues one job in the recording unit of
 * work (committed with the change, dropped with a rollback), run by the job runner after commit,
 * retried with backoff when `handle` throws, and never enqueued twice for one event (its dedupe
 * key). `handle` must be idempotent: a runner that died mid-job runs it again.
 */
export function subscribeDurable(
  jobs: Pick<JobRunner, "register">,
  subscriberId: string,
  names: readonly DomainEventName[],
  handle: (event: DomainEvent) => Promise<void>,
): void {
  const kind = eventJobKind(subscriberId);
  subscribeInUnit(subscriberId, names, (tx, event) =>
    enqueueJob(tx, { kind, payload: { ...event }, dedupeKey: `${kind}:${eventKey(event)}` }),
  );
  jobs.register(kind, (payload) => handle(payload as unknown as DomainEvent));
}
