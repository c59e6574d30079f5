import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_STORAGE_KEY, CHUNK_RELOAD_WINDOW_MS, handleChunkLoadFailure, isChunkLoadError, shouldReloadAfterChunkError,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("isChunkLoadError", () => {
  it("recognises chunk failures of the major browsers and bundlers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/web/assets/home-abc.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /web/assets/home.css"))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("Loading chunk 7 failed."), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(true);
  });

  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("网络异常"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
    expect(isChunkLoadError({})).toBe(false);
  });
});

describe("shouldReloadAfterChunkError", () => {
  const now = 1_700_000_000_000;
  it("reloads when there was no reload before", () => {
    expect(shouldReloadAfterChunkError(null, now)).toBe(true);
  });
  it("does not reload twice within 60 s", () => {
    expect(shouldReloadAfterChunkError(now - 1, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now - CHUNK_RELOAD_WINDOW_MS + 1, now)).toBe(false);
  });
  it("reloads again once 60 s have passed", () => {
    expect(shouldReloadAfterChunkError(now - CHUNK_RELOAD_WINDOW_MS, now)).toBe(true);
    expect(shouldReloadAfterChunkError(now - 3_600_000, now)).toBe(true);
  });
  it("treats unreadable or future timestamps as stale", () => {
    expect(shouldReloadAfterChunkError(Number.NaN, now)).toBe(true);
    expect(shouldReloadAfterChunkError(now + 10_000, now)).toBe(true);
  });
});

describe("handleChunkLoadFailure", () => {
  it("reloads once, records the time, and refuses a second reload within the window", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let clock = 1_000_000;
    const env = { storage, now: () => clock, reload };

    expect(handleChunkLoadFailure(env)).toBe(true);
    expect(storage.items.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("1000000");
    clock += 30_000;
    expect(handleChunkLoadFailure(env)).toBe(false);
    clock += 30_000;
    expect(handleChunkLoadFailure(env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("reloads when the stored value is garbage", () => {
    const reload = vi.fn();
    expect(handleChunkLoadFailure({ storage: memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: "x" }), now: () => 5, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it("never reloads without storage or when storage throws", () => {
    const reload = vi.fn();
    expect(handleChunkLoadFailure({ storage: null, now: () => 0, reload })).toBe(false);
    const broken = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
    expect(handleChunkLoadFailure({ storage: broken, now: () => 0, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
