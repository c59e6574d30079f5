/** One cached value with its freshness window and tags. */
export interface CacheEntry<T> {
  value: T;
  /** until then the entry is served as is */
  freshUntil: number;
  /** until then the entry may be served while a fresh one is made (stale-while-revalidate) */
  staleUntil: number;
  tags: readonly string[];
  /** approximate size, for the store's byte budget */
  bytes: number;
}

export interface MemoryStoreLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * One process's share of a budget meant for the whole server: each of its `processes` keeps its own
 * copy, so a machine with many cores does not multiply the memory the caches may take.
 */
export function perProcessShare(total: MemoryStoreLimits, processes: number): MemoryStoreLimits {
  const share = Math.max(1, processes);
  return {
    maxEntries: Math.max(100, Math.floor(total.maxEntries / share)),
    maxBytes: Math.max(8 * 1024 * 1024, Math.floor(total.maxBytes / share)),
  };
}

/**
 * A least-recently-used map with a tag index: bounded by entries and bytes (a flood of distinct
 * URLs evicts old entries rather than growing the heap), and purgeable by tag in O(entries tagged).
 */
export class MemoryStore<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(private readonly limits: MemoryStoreLimits) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry (even stale), or undefined when absent or past its stale window. */
  get(key: string, at: number): CacheEntry<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleUntil <= at) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: Map iteration order is the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CacheEntry<T>): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** Drops every entry carrying one of the tags; returns how many went. */
  purge(tags: readonly string[]): number {
    let dropped = 0;
    for (const tag of tags) {
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) {
        this.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  clear(): void {
    this.entries.clear();
    this.keysByTag.clear();
    this.bytes = 0;
  }
}
