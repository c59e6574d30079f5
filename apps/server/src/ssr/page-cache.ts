import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { MemoryStore, type CacheEntry, type MemoryStoreLimits } from "../core/cache/memory-store.ts";
import type { ShopCache } from "../core/cache/public-cache.ts";
import { CHROME_TAGS } from "../core/cache/tags.ts";
import { TOKEN_COOKIE } from "../core/context.ts";

/**
 * A guest's server-rendered page, kept to answer the next guests. The render's CSP nonce was cut
 * out: `bodyParts.join(nonce)` is the page with this response's own nonce.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  bodyParts: string[];
}

export interface PageCacheTimes {
  /** served as is for this long after the render (PAGE_CACHE_FRESH_MS) */
  freshMs: number;
  /** then served while one background render refreshes it, up to this age (PAGE_CACHE_STALE_MS) */
  staleMs: number;
}

/**
 * Cookies that change a guest's page (apps/web/app/lib/client-state.ts): how often the top ad was
 * closed, and whether it was closed during this visit. Their values are part of the cache key;
 * every other cookie is ignored (analytics cookies must not split the cache).
 */
export const GUEST_VARIANT_COOKIES = ["top_ad_closes", "top_ad_hidden"] as const;

/** Query strings past this length are not cached (a crawler of random URLs must not fill the cache). */
const MAX_CACHED_URL_LENGTH = 512;

/** A render for the cache: stored only when cacheable (a 200 without cookies to set). */
export interface RenderedPage {
  page: CachedPage;
  tags: string[];
  cacheable: boolean;
}

export type PageLookup = { state: "fresh" | "stale"; page: CachedPage } | null;

/** Where the shared copies live: Redis, under a prefix that names the storefront build. */
export interface SharedPageStore {
  client: Redis;
  /** the deployment's key prefix (REDIS_PREFIX) */
  prefix: string;
  /**
   * The storefront build's version: pages link its hashed assets, so instances running another
   * build (a rolling deploy) must neither read nor write each other's pages.
   */
  buildVersion: string;
}

/** The page cache's memory for all the server's processes together (each keeps its share). */
export const PAGE_CACHE_TOTAL_BUDGET: MemoryStoreLimits = { maxEntries: 10_000, maxBytes: 512 * 1024 * 1024 };

/** What a single-flight render hands the guests that waited for it. */
interface SharedRender {
  page: CachedPage | null;
  /** false: the page was rendered for its first guest only (cookies set, a failure): the others render their own */
  shareable: boolean;
}

/**
 * The anonymous page cache: in this process's memory, and in Redis when configured so that the
 * instances share one render. Purged by the tags the page's data recorded (core/cache/page-tags.ts),
 * through the ShopCache, so every purge reaches it.
 */
export class PageCache {
  private readonly memory: MemoryStore<CachedPage>;
  private readonly refreshing = new Set<string>();
  private readonly rendering = new Map<string, Promise<SharedRender>>();

  constructor(
    private readonly shopCache: ShopCache,
    readonly times: PageCacheTimes,
    private readonly redis?: SharedPageStore,
    /** this process's share of PAGE_CACHE_TOTAL_BUDGET */
    budget: MemoryStoreLimits = PAGE_CACHE_TOTAL_BUDGET,
  ) {
    this.memory = new MemoryStore<CachedPage>(budget);
    shopCache.onPurge(async (tags) => {
      this.memory.purge(tags);
      // Relayed purges too: another instance may have written an old render of these pages to Redis
      // between the purge there and the message here.
      await this.purgeShared(tags);
    });
  }

  /** The cache key of a guest's GET of a page, or null when this request must be rendered for itself. */
  keyOf(request: FastifyRequest): string | null {
    // HEAD renders an empty body: it must neither start nor share a render the GETs would get.
    if (request.method !== "GET") return null;
    if (request.url.length > MAX_CACHED_URL_LENGTH) return null;
    const cookies = request.cookies ?? {};
    if (cookies[TOKEN_COOKIE]) return null;
    const variant = GUEST_VARIANT_COOKIES.map((name) => cookies[name] ?? "").join("|");
    // Scheme and host are part of the key: absolute URLs in a page (canonical, og:url) are made from them.
    return `${request.protocol}://${request.host}${request.url}#${variant}`;
  }

  async lookup(key: string): Promise<PageLookup> {
    const at = Date.now();
    const entry = this.memory.get(key, at) ?? (await this.readShared(key, at));
    if (!entry) return null;
    return { state: entry.freshUntil > at ? "fresh" : "stale", page: entry.value };
  }

  /**
   * Renders `key` once however many guests ask at the same moment: the others wait for that
   * render and get it, unless it was not cacheable (then each renders its own). Stores it when
   * cacheable and no purge of its tags happened meanwhile.
   */
  async render(key: string, render: () => Promise<RenderedPage | null>): Promise<CachedPage | null> {
    const pending = this.rendering.get(key);
    if (pending) {
      const shared = await pending;
      if (shared.shareable) return shared.page;
      return (await render())?.page ?? null;
    }
    const promise = this.renderAndStore(key, render).finally(() => this.rendering.delete(key));
    this.rendering.set(key, promise);
    return (await promise).page;
  }

  /** A stale page was served: one background render replaces it (failures keep the stale one). */
  refresh(key: string, render: () => Promise<RenderedPage | null>, onError: (error: unknown) => void): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    this.render(key, render)
      .catch(onError)
      .finally(() => this.refreshing.delete(key));
  }

  private async renderAndStore(key: string, render: () => Promise<RenderedPage | null>): Promise<SharedRender> {
    // The page's tags are known only after the render: a purge of any of them while it ran means it
    // may show old data, so it is served to its waiting guests but not kept.
    const started = this.shopCache.purgeSequence();
    const rendered = await render();
    if (!rendered) return { page: null, shareable: true };
    if (!rendered.cacheable) return { page: rendered.page, shareable: false };
    const tags = [...new Set([...CHROME_TAGS, ...rendered.tags])];
    if (this.shopCache.purgedSince(started, tags)) return { page: rendered.page, shareable: true };
    const at = Date.now();
    const bytes = rendered.page.bodyParts.reduce((sum, part) => sum + part.length, 0) * 2;
    const entry: CacheEntry<CachedPage> = {
      value: rendered.page,
      freshUntil: at + this.times.freshMs,
      staleUntil: at + this.times.freshMs + this.times.staleMs,
      tags,
      bytes,
    };
    this.memory.set(key, entry);
    await this.writeShared(key, entry);
    return { page: rendered.page, shareable: true };
  }

  // ---- the shared store (Redis): failures only cost a render, never an error page ----
  // A page is a string key with a TTL; each tag is a sorted set of page keys scored by when they
  // expire, trimmed of expired ones on every write so that a tag of every page (site) stays small.

  private pageKey(key: string): string {
    return `${this.redis!.prefix}page:${this.redis!.buildVersion}:${key}`;
  }

  private tagKey(tag: string): string {
    return `${this.redis!.prefix}page-tag:${this.redis!.buildVersion}:${tag}`;
  }

  private async readShared(key: string, at: number): Promise<CacheEntry<CachedPage> | undefined> {
    if (!this.redis) return undefined;
    const text = await this.redis.client.get(this.pageKey(key)).catch(() => null);
    if (!text) return undefined;
    try {
      const entry = JSON.parse(text) as CacheEntry<CachedPage>;
      if (entry.staleUntil <= at) return undefined;
      this.memory.set(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  private async writeShared(key: string, entry: CacheEntry<CachedPage>): Promise<void> {
    if (!this.redis) return;
    const now = Date.now();
    const ttl = Math.max(1, entry.staleUntil - now);
    const batch = this.redis.client.multi().set(this.pageKey(key), JSON.stringify(entry), "PX", ttl);
    for (const tag of entry.tags) {
      const tagKey = this.tagKey(tag);
      batch.zadd(tagKey, entry.staleUntil, key).zremrangebyscore(tagKey, "-inf", now).pexpire(tagKey, this.times.freshMs + this.times.staleMs);
    }
    await batch.exec().catch(() => undefined);
  }

  private async purgeShared(tags: readonly string[]): Promise<void> {
    if (!this.redis) return;
    const { client } = this.redis;
    try {
      const keys = new Set<string>();
      for (const tag of tags) for (const key of await client.zrange(this.tagKey(tag), 0, -1)) keys.add(key);
      const batch = client.multi();
      for (const key of keys) batch.del(this.pageKey(key));
      for (const tag of tags) batch.del(this.tagKey(tag));
      await batch.exec();
    } catch {
      // Redis down: its entries expire by TTL; the others' memory is purged over the bus anyway.
    }
  }

  clear(): void {
    this.memory.clear();
  }
}
