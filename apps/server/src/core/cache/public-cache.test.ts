import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "./memory-store.ts";
import { ShopCache } from "./public-cache.ts";
import { collectPageTags } from "./page-tags.ts";
import { createPurgeBus } from "./purge-bus.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { cached, purgeTags } from "./public-cache.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";

const entry = (tags: string[], bytes = 10, at = Date.now()) => ({ value: tags.join(), freshUntil: at + 1000, staleUntil: at + 2000, tags, bytes });

describe("MemoryStore", () => {
  it("evicts the least recently used entry past its entry or byte budget", () => {
    const store = new MemoryStore<string>({ maxEntries: 2, maxBytes: 100 });
    store.set("a", entry(["x"]));
    store.set("b", entry(["y"]));
    store.get("a", Date.now()); // a is now the most recent
    store.set("c", entry(["z"]));
    expect(store.get("b", Date.now())).toBeUndefined();
    expect(store.get("a", Date.now())).toBeDefined();
    store.set("big", entry(["w"], 95));
    expect(store.size).toBe(1);
  });

  it("drops every entry of a purged tag, and nothing else", () => {
    const store = new MemoryStore<string>({ maxEntries: 10, maxBytes: 1000 });
    store.set("sku-1", entry(["goods:1", "site"]));
    store.set("sku-2", entry(["goods:2", "site"]));
    expect(store.purge(["goods:1"])).toBe(1);
    expect(store.get("sku-1", Date.now())).toBeUndefined();
    expect(store.get("sku-2", Date.now())).toBeDefined();
    expect(store.purge(["site"])).toBe(1);
    expect(store.size).toBe(0);
  });

  it("forgets entries past their stale window", () => {
    const store = new MemoryStore<string>({ maxEntries: 10, maxBytes: 1000 });
    const at = Date.now();
    store.set("old", entry(["x"], 10, at - 5000));
    expect(store.get("old", at)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe("ShopCache", () => {
  const caches: ShopCache[] = [];
  const newCache = (enabled = true) => {
    const cache = new ShopCache(enabled, createPurgeBus());
    caches.push(cache);
    return cache;
  };
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
  });

  it("loads a missing key once for concurrent callers and serves the frozen value after", async () => {
    const cache = newCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { list: [1, 2] };
    };
    const [a, b] = await Promise.all([cache.get("k", ["t"], 1000, load), cache.get("k", ["t"], 1000, load)]);
    expect(a).toBe(b);
    expect(await cache.get("k", ["t"], 1000, load)).toBe(a);
    expect(loads).toBe(1);
    expect(Object.isFrozen(a.list)).toBe(true);
  });

  it("does not keep a value loaded while its tag was purged (it may hold the old rows)", async () => {
    const cache = newCache();
    let release!: () => void;
    const loading = cache.get("k", ["goods:1"], 1000, () => new Promise<string>((resolve) => (release = () => resolve("old"))));
    await cache.purge(["goods:1"]);
    release();
    expect(await loading).toBe("old");
    expect(await cache.get("k", ["goods:1"], 1000, async () => "new")).toBe("new");
  });

  it("keeps a value whose load overlapped a purge of other tags", async () => {
    const cache = newCache();
    let release!: () => void;
    const loading = cache.get("k", ["goods:1"], 1000, () => new Promise<string>((resolve) => (release = () => resolve("kept"))));
    await cache.purge(["goods:2"]);
    release();
    await loading;
    expect(await cache.get("k", ["goods:1"], 1000, async () => "reloaded")).toBe("kept");
  });

  it("takes the tags of a loaded value from the value, and records them for the page being rendered", async () => {
    const cache = newCache();
    const { scope } = await collectPageTags(() => cache.get("sku", (value: { goodsId: number }) => [`goods:${value.goodsId}`], 1000, async () => ({ goodsId: 7 })));
    expect([...scope.tags]).toEqual(["goods:7"]);
    // Served from memory, the entry still records its tags.
    const again = await collectPageTags(() => cache.get("sku", () => ["unused"], 1000, async () => ({ goodsId: 0 })));
    expect([...again.scope.tags]).toEqual(["goods:7"]);
    await cache.purge(["goods:7"]);
    expect(await cache.get("sku", () => ["goods:8"], 1000, async () => ({ goodsId: 8 }))).toEqual({ goodsId: 8 });
  });

  it("loads every time when switched off (DATA_CACHE=0)", async () => {
    const cache = newCache(false);
    let loads = 0;
    await cache.get("k", ["t"], 1000, async () => ++loads);
    await cache.get("k", ["t"], 1000, async () => ++loads);
    expect(loads).toBe(2);
  });

  it("answers a value past its TTL once more while one load replaces it, and waits for the load only past twice the TTL", async () => {
    const cache = newCache();
    let clock = Date.now();
    const realNow = Date.now;
    Date.now = () => clock;
    try {
      expect(await cache.get("k", ["t"], 1000, async () => "v1")).toBe("v1");
      clock += 1500;
      let release!: (value: string) => void;
      let loads = 0;
      const slowLoad = () => {
        loads += 1;
        return new Promise<string>((resolve) => (release = resolve));
      };
      expect(await cache.get("k", ["t"], 1000, slowLoad)).toBe("v1");
      expect(await cache.get("k", ["t"], 1000, slowLoad)).toBe("v1");
      expect(loads).toBe(1);
      release("v2");
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.get("k", ["t"], 1000, slowLoad)).toBe("v2");
      clock += 2500;
      expect(await cache.get("k", ["t"], 1000, async () => "v3")).toBe("v3");
      // A purge drops it whatever its age.
      await cache.purge(["t"]);
      expect(await cache.get("k", ["t"], 1000, async () => "v4")).toBe("v4");
    } finally {
      Date.now = realNow;
    }
  });
});

describe("purges inside a unit of work", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("wait for the commit, and never happen on a rollback", async () => {
    t = await startTestApp({ config: { dataCache: true } });
    const deps = t.app.deps;
    let value = "first";
    const read = () => cached(deps, "k", ["site"], 60_000, async () => value);
    expect(await read()).toBe("first");
    value = "second";

    await expect(
      unitOfWork(deps.db, async (tx) => {
        await purgeTags({ db: tx }, ["site"]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await read()).toBe("first");

    await unitOfWork(deps.db, async (tx) => {
      await purgeTags({ db: tx }, ["site"]);
      // Not yet: the unit has not committed.
      expect(await read()).toBe("first");
    });
    expect(await read()).toBe("second");
  });
});
