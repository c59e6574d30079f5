import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Redis } from "ioredis";
import type { DB } from "../../db/schema.ts";
import type { AppConfig } from "../../config.ts";
import { closeRedis, connectRedis, createRedis } from "../redis.ts";
import { createPurgeBus } from "./purge-bus.ts";
import { attachCache, DATA_CACHE_TOTAL_BUDGET, ShopCache } from "./public-cache.ts";
import { perProcessShare } from "./memory-store.ts";

/**
 * The app's cache, reachable from its database handle (cached/purgeTags), with its purge bus:
 * Redis pub/sub on a connection of its own when Redis is configured, else the cluster primary.
 */
export async function createAppCache(app: FastifyInstance, db: Kysely<DB>, config: AppConfig, redis: Redis | undefined): Promise<ShopCache> {
  let subscriber: Redis | undefined;
  if (redis && config.redisUrl) {
    subscriber = createRedis(config.redisUrl, app.log, "cache purge subscriber");
    await connectRedis(subscriber);
  }
  const bus = createPurgeBus(redis && subscriber ? { publisher: redis, subscriber, channel: `${config.redisPrefix}cache-purge` } : undefined);
  const cache = new ShopCache(config.dataCache, bus, perProcessShare(DATA_CACHE_TOTAL_BUDGET, config.serverProcesses));
  attachCache(db, cache);
  app.addHook("onClose", async () => {
    await cache.close();
    if (subscriber) await closeRedis(subscriber);
  });
  return cache;
}
