import cluster from "node:cluster";
import crypto from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Carries purges between the server processes that share a database, so a price changed through
 * one instance disappears from the caches of all: over Redis pub/sub when REDIS_URL is set (every
 * instance on every machine), else through the cluster primary (processes of one machine, see
 * cluster.ts), else nowhere (a single process).
 */
export interface PurgeBus {
  publish(tags: readonly string[]): Promise<void>;
  /** `handler` runs for purges published by the other processes (not for our own). */
  subscribe(handler: (tags: string[]) => void): void;
  close(): Promise<void>;
}

/** The message a cluster worker sends its primary, and the primary relays to the other workers. */
export const CLUSTER_PURGE_MESSAGE = "shop:cache-purge";

export interface ClusterPurgeMessage {
  type: typeof CLUSTER_PURGE_MESSAGE;
  tags: string[];
}

export function isClusterPurgeMessage(message: unknown): message is ClusterPurgeMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === CLUSTER_PURGE_MESSAGE;
}

const silentBus: PurgeBus = { publish: async () => {}, subscribe: () => {}, close: async () => {} };

function clusterBus(): PurgeBus {
  let listener: ((message: unknown) => void) | undefined;
  return {
    async publish(tags) {
      process.send?.({ type: CLUSTER_PURGE_MESSAGE, tags: [...tags] } satisfies ClusterPurgeMessage);
    },
    subscribe(handler) {
      listener = (message) => {
        if (isClusterPurgeMessage(message)) handler(message.tags);
      };
      process.on("message", listener);
    },
    async close() {
      if (listener) process.off("message", listener);
    },
  };
}

/** `subscriber` must be a connection of its own: a subscribed Redis connection runs no other commands. */
function redisBus(publisher: Redis, subscriber: Redis, channel: string): PurgeBus {
  const origin = crypto.randomUUID();
  return {
    async publish(tags) {
      // A purge that cannot reach the others is logged by the client; their TTL still bounds staleness.
      await publisher.publish(channel, JSON.stringify({ origin, tags })).catch(() => 0);
    },
    subscribe(handler) {
      subscriber.on("message", (from: string, text: string) => {
        if (from !== channel) return;
        try {
          const message = JSON.parse(text) as { origin?: string; tags?: unknown };
          if (message.origin !== origin && Array.isArray(message.tags)) handler(message.tags.map(String));
        } catch {
          // not ours
        }
      });
      // Re-subscribes by itself after a reconnect (ioredis autoResubscribe).
      void subscriber.subscribe(channel).catch(() => undefined);
    },
    async close() {
      await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}

export function createPurgeBus(redis?: { publisher: Redis; subscriber: Redis; channel: string }): PurgeBus {
  if (redis) return redisBus(redis.publisher, redis.subscriber, redis.channel);
  if (cluster.isWorker) return clusterBus();
  return silentBus;
}
