import { describe, expect, it } from "vitest";
import { LocalCounts } from "./rate-limit-store.ts";

/** The process's own counts behind every rate limit (the Redis side: redis-breaker.test.ts, modules/auth/rate-limit.test.ts). */
describe("a process's rate-limit counts", () => {
  it("counts a fixed window per key and starts a new one when it ends", () => {
    const counts = new LocalCounts();
    expect(counts.increment("a", 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counts.increment("a", 60_000, 31_000)).toEqual({ current: 2, ttl: 30_000 });
    expect(counts.increment("b", 60_000, 31_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counts.increment("a", 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it("keeps at most its limit of keys, dropping the least recently counted", () => {
    const counts = new LocalCounts(3);
    for (const key of ["a", "b", "c"]) counts.increment(key, 60_000, 0);
    counts.increment("a", 60_000, 1); // a is now the most recent
    counts.increment("d", 60_000, 2); // b goes
    expect(counts.size).toBe(3);
    expect(counts.increment("a", 60_000, 3).current).toBe(3);
    expect(counts.increment("b", 60_000, 3).current).toBe(1);
  });
});
