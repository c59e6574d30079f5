/**
 * Deterministic randomness for the seed: mulberry32, a small 32-bit PRNG that is fast and good
 * enough for demo data. The same seed always yields the same sequence, so the same seed size
 * produces the same catalog on every machine and database.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick: empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items, in their original order (so spec values keep a natural order). */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((index) => items[index] as T);
  }

  /** Skewed towards small values: most goods sell little, a few sell a lot. */
  skewed(max: number, power = 3): number {
    return Math.floor(Math.pow(this.next(), power) * max);
  }
}

/** The seed every generator derives from; change it and the whole catalog changes. */
export const SEED = 20260101;

/** A generator of its own for item `index` of a stream, so items don't depend on what came before. */
export function randomFor(stream: string, index: number): Random {
  let hash = SEED ^ 0x811c9dc5;
  for (const char of `${stream}:${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return new Random(hash);
}

/** 2026-01-01 00:00:00 Asia/Shanghai: every seeded timestamp is an offset from it (unix seconds). */
export const BASE_TIME = 1767196800;
export const DAY = 86400;
