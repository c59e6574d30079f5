import type { Redis } from "ioredis";
import type { LocalPresence } from "./sockets.ts";

/**
 * Who is online in the chat (ADR 0024). Each instance knows its own sockets (sockets.ts); with
 * Redis it also writes them under a key of its own that expires (PRESENCE_TTL_MS) unless refreshed,
 * which the hub does every third of that and on every change. Readers take the union of their
 * own sockets and every live instance's key, so the sockets of a crashed instance go offline by
 * themselves within the expiry. Without Redis this instance's sockets are everyone.
 */
export const PRESENCE_TTL_MS = 15_000;

export interface OnlineView {
  members: Set<number>;
  servicers: Set<number>;
  /**
   * false when the other instances could not be asked (Redis unreachable): this one's sockets, and
   * the others' as last seen (for at most the presence expiry)
   */
  complete: boolean;
}

export interface PresenceStore {
  /** Publishes this instance's presence to the others (nothing to do without Redis). */
  write(local: LocalPresence): Promise<void>;
  /** Everyone online: `local` and, with Redis, every live instance's presence. */
  read(local: LocalPresence): Promise<OnlineView>;
  /** Takes this instance's presence away (on shutdown). */
  remove(): Promise<void>;
}

const viewOf = (local: LocalPresence, complete = true): OnlineView => ({
  members: new Set(local.members),
  servicers: new Set(local.servicers),
  complete,
});

export function localPresence(): PresenceStore {
  return {
    async write() {},
    async read(local) {
      return viewOf(local);
    },
    async remove() {},
  };
}

interface StoredPresence {
  m: number[];
  s: number[];
}

/**
 * Per-instance keys `<prefix>chat:presence:<instance>` (JSON, expiring), listed in the sorted set
 * `<prefix>chat:instances` by expiry time so readers find the live ones without scanning.
 */
export function redisPresence(redis: Redis, prefix: string, instanceId: string, ttlMs = PRESENCE_TTL_MS): PresenceStore {
  const instancesKey = `${prefix}chat:instances`;
  const keyOf = (instance: string) => `${prefix}chat:presence:${instance}`;
  /** The other instances as last read: while Redis is unreachable they count as they were, as long as their keys would have lived. */
  let lastSeen: { at: number; others: StoredPresence[] } | undefined;
  return {
    async write(local) {
      const stored: StoredPresence = { m: local.members, s: local.servicers };
      const at = Date.now();
      await redis
        .multi()
        .set(keyOf(instanceId), JSON.stringify(stored), "PX", ttlMs)
        .zadd(instancesKey, at + ttlMs, instanceId)
        .zremrangebyscore(instancesKey, "-inf", at)
        .exec();
    },
    async read(local) {
      let others: StoredPresence[];
      let complete = true;
      try {
        const live = (await redis.zrangebyscore(instancesKey, Date.now(), "+inf")).filter((instance) => instance !== instanceId);
        const texts = live.length === 0 ? [] : await redis.mget(live.map(keyOf));
        others = texts.flatMap((text) => (text ? [JSON.parse(text) as StoredPresence] : []));
        lastSeen = { at: Date.now(), others };
      } catch {
        complete = false;
        others = lastSeen && Date.now() - lastSeen.at < ttlMs ? lastSeen.others : [];
      }
      const view = viewOf(local, complete);
      for (const stored of others) {
        for (const id of stored.m) view.members.add(id);
        for (const id of stored.s) view.servicers.add(id);
      }
      return view;
    },
    async remove() {
      await redis.multi().del(keyOf(instanceId)).zrem(instancesKey, instanceId).exec();
    },
  };
}
