/**
 * The sitemap's data is large (a row per goods) and changes slowly, while crawlers may fetch it
 * often: each database's answers are kept for a few minutes. Concurrent requests share one query.
 */
export const SITEMAP_CACHE_MS = 5 * 60_000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

/** Per database (tests run several apps in one process); keys are few ("overview", "goods-N"). */
const caches = new WeakMap<object, Map<string, Entry>>();

export function cachedFor<T>(db: object, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  const entries = cache;
  entries.set(key, { expires: now + SITEMAP_CACHE_MS, value });
  // A failure is not kept: the next request tries again.
  value.catch(() => entries.delete(key));
  return value;
}
