import { describe, expect, it, vi } from "vitest";
import { SITEMAP_CACHE_MS, cachedFor } from "./sitemap-cache.ts";

describe("sitemap data cache", () => {
  it("answers from the cache until it expires, per database and key", async () => {
    const db = {};
    const load = vi.fn(async () => "rows");
    await cachedFor(db, "overview", load, 1000);
    await cachedFor(db, "overview", load, 1000 + SITEMAP_CACHE_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedFor(db, "goods-1", load, 1000);
    await cachedFor({}, "overview", load, 1000);
    expect(load).toHaveBeenCalledTimes(3);
    await cachedFor(db, "overview", load, 1000 + SITEMAP_CACHE_MS);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("does not keep failures", async () => {
    const db = {};
    const failing = vi.fn(async () => {
      throw new Error("db down");
    });
    await expect(cachedFor(db, "overview", failing, 0)).rejects.toThrow("db down");
    await expect(cachedFor(db, "overview", async () => "ok", 1)).resolves.toBe("ok");
  });
});
