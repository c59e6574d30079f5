import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { MemoryStore, type MemoryStoreLimits } from "./memory-store.ts";
import type { PurgeBus } from "./purge-bus.ts";
import { recordPageTags } from "./page-tags.ts";
import { afterCommit, inUnitOfWork, rootDatabase } from "../../db/unit-of-work.ts";

/** How long public data (settings, ads, category tree, list results…) is kept when nothing purges it. */
export const DATA_TTL_MS = 60_000;

const RECENT_PURGES_KEPT = 256;

/**
 * An entry past its TTL is still answered (while one load refreshes it) until this many TTLs after
 * it was stored; a purge drops it at once whatever its age.
 */
export const STALE_SERVED_TTLS = 2;

/** The tags of a cached value: fixed, or read off the value (a SKU's goods id is known once it is loaded). */
export type TagsOf<T> = readonly string[] | ((value: T) => readonly string[]);
interface LoadedValue<T> {
  value: T;
  tags: readonly string[];
}
/** Told of every purge, this process's own and those relayed from the others. */
export type PurgeListener = (tags: readonly string[]) => void | Promise<void>;

/** The public-data cache's memory for all the server's processes together (each keeps its share). */
export const DATA_CACHE_TOTAL_BUDGET: MemoryStoreLimits = { maxEntries: 40_000, maxBytes: 256 * 1024 * 1024 };

/**
 * The per-process cache of public data, and the purge point of every cache (pages included): a
 * purge drops the tagged entries here, tells the other listeners of this process (the page
 * cache) and the other processes (the purge bus).
 */
export class ShopCache {
  private readonly store: MemoryStore<unknown>;
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly purgeListeners: PurgeListener[] = [];
  /** the latest purges, numbered, for work whose tags are known only at its end (page renders) */
  private readonly recentPurges: Array<{ sequence: number; tags: readonly string[] }> = [];
  private sequence = 0;

  constructor(
    /** DATA_CACHE: off → every call loads (the bench's query figure, most unit tests) */
    readonly dataEnabled: boolean,
    private readonly bus: PurgeBus,
    /** this process's share of DATA_CACHE_TOTAL_BUDGET */
    budget: MemoryStoreLimits = DATA_CACHE_TOTAL_BUDGET,
  ) {
    this.store = new MemoryStore<unknown>(budget);
    bus.subscribe((tags) => void this.purgeLocally(tags));
  }

  /**
   * The cached value of `key`, else `load()`'s, stored for `ttlMs` under `tags` (or the tags of
   * the loaded value). Concurrent callers of a missing key share one load. A load that overlapped
   * a purge of its tags is returned but not kept. Values are frozen: every caller shares them.
   * Past its TTL (not purged) the value is answered while a load in the background replaces it.
   */
  async get<T>(key: string, tags: TagsOf<T>, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const at = Date.now();
    const entry = this.dataEnabled ? this.store.get(key, at) : undefined;
    const pending = this.loading.get(key) as Promise<LoadedValue<T>> | undefined;
    if (entry && entry.freshUntil <= at) {
      // Past its TTL but not purged: answered once more while one load replaces it, so callers
      // never queue on a busy database for a value nothing said had changed.
      (pending ?? this.loadAndStore(key, tags, ttlMs, load)).catch(() => undefined);
    }
    if (entry) {
      recordPageTags(entry.tags);
      return entry.value as T;
    }
    const loaded = await (pending ?? this.loadAndStore(key, tags, ttlMs, load));
    recordPageTags(loaded.tags);
    return loaded.value;
  }

  private loadAndStore<T>(key: string, tags: TagsOf<T>, ttlMs: number, load: () => Promise<T>): Promise<LoadedValue<T>> {
    const started = this.sequence;
    const promise = load().then((value) => {
      const valueTags = typeof tags === "function" ? tags(value) : tags;
      if (this.dataEnabled && !this.purgedSince(started, valueTags)) {
        const at = Date.now();
        this.store.set(key, { value, freshUntil: at + ttlMs, staleUntil: at + ttlMs * STALE_SERVED_TTLS, tags: valueTags, bytes: deepFreeze(value) });
      }
      return { value, tags: valueTags };
    });
    if (!this.dataEnabled) return promise;
    this.loading.set(key, promise);
    return promise.finally(() => this.loading.delete(key));
  }

  /** The number of the latest purge (see purgedSince). */
  purgeSequence(): number {
    return this.sequence;
  }

  /** Whether a purge after `sequence` touched one of the tags (true when too many purges happened to tell). */
  purgedSince(sequence: number, tags: readonly string[]): boolean {
    if (this.sequence === sequence) return false;
    const oldest = this.recentPurges[0];
    if (!oldest || oldest.sequence > sequence + 1) return true;
    const wanted = new Set(tags);
    return this.recentPurges.some((purge) => purge.sequence > sequence && purge.tags.some((tag) => wanted.has(tag)));
  }

  /** Called for every purge, ours or another process's (the page cache registers here). */
  onPurge(listener: PurgeListener): void {
    this.purgeListeners.push(listener);
  }

  /** Drops the tagged entries in this process (and shared stores), then asks the other processes to. */
  async purge(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    await this.purgeLocally(tags);
    await this.bus.publish(tags);
  }

  private async purgeLocally(tags: readonly string[]): Promise<void> {
    this.sequence += 1;
    // Loads under way may hold the old rows: later callers must not join them.
    this.loading.clear();
    this.recentPurges.push({ sequence: this.sequence, tags });
    if (this.recentPurges.length > RECENT_PURGES_KEPT) this.recentPurges.shift();
    this.store.purge(tags);
    await Promise.all(this.purgeListeners.map((listener) => listener(tags)));
  }

  async close(): Promise<void> {
    this.store.clear();
    await this.bus.close();
  }
}

/** Freezes a value shared by many callers and returns its approximate size in bytes. */
function deepFreeze(value: unknown): number {
  let bytes = 8;
  const visit = (item: unknown) => {
    if (typeof item === "string") bytes += item.length * 2;
    else if (item && typeof item === "object" && !Object.isFrozen(item)) {
      Object.freeze(item);
      bytes += 32;
      for (const child of Object.values(item)) visit(child);
    } else bytes += 8;
  };
  visit(value);
  return bytes;
}

/** The cache of each app, by its database handle: services that only hold `db` still reach it. */
const caches = new WeakMap<object, ShopCache>();

export function attachCache(db: Kysely<DB>, cache: ShopCache): void {
  caches.set(db, cache);
}

/** The app's cache, also from inside a unit of work (a transaction handle). */
export function cacheOf(owner: { db: Kysely<DB> }): ShopCache | undefined {
  return caches.get(rootDatabase(owner.db));
}

/**
 * Public data through the app's cache: `load()` runs on a miss (or always, without a cache — a
 * service called with a bare database in a unit test). Tags from tags.ts; key unique per call.
 */
export function cached<T>(owner: { db: Kysely<DB> }, key: string, tags: TagsOf<T>, ttlMs: number, load: () => Promise<T>): Promise<T> {
  // Reads inside a unit of work see its uncommitted rows: they must not fill the shared cache.
  const cache = owner.db.isTransaction || inUnitOfWork(owner.db) ? undefined : caches.get(owner.db);
  return cache ? cache.get(key, tags, ttlMs, load) : load();
}

/**
 * Purges every cached page and datum carrying one of the tags, in every process. Inside a unit of
 * work it waits for the commit (purged earlier, a render in between could cache the old rows again).
 */
export async function purgeTags(owner: { db: Kysely<DB> }, tags: readonly string[]): Promise<void> {
  const cache = cacheOf(owner);
  if (cache) await afterCommit(owner.db, () => cache.purge(tags));
}

/** A public call's answer through the cache, keyed by its path and parameters, kept DATA_TTL_MS. */
export function cachedCall<T>(owner: { db: Kysely<DB> }, path: string, params: unknown, tags: TagsOf<T>, load: () => Promise<T>): Promise<T> {
  return cached(owner, `${path}:${JSON.stringify(params ?? null)}`, tags, DATA_TTL_MS, load);
}
