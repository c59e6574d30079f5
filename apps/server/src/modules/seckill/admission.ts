import { BizError } from "../../core/errors.ts";
import { rootDatabase, type Db } from "../../db/unit-of-work.ts";
import { hashToken } from "../auth/tokens.ts";
import { admitInGate, bindInGate, freeInGate, leaveGate } from "./redis-pool.ts";

/**
 * Places at a seckill's door (ADR 0021): at most max(units left, ADMIT_MIN) checkouts in flight
 * (payment let through, create not yet ended), each for ADMIT_MS at most; the others are told
 * 抢购人数过多 and may try again. Without it, 10,000 payments arriving together would all pass
 * (nothing is sold until the creates come) and each make a whole checkout preview, only for 9,900
 * creates to be refused.
 *
 * A place is taken by the token a payment presents, before its session is read (the route's door,
 * core/api.ts), so a crowd's 抢购人数过多 costs no session read; it is given back at once when the
 * session turns out invalid. Once the session is read the place is bound to the member, and the
 * pipeline's leave (payment refused after all, or create ended) frees it by member. Counted in
 * Redis when the gate is there, so every instance shares one count; else in this process. Places
 * are keyed by the token's hash: no token is kept in Redis.
 */
export const ADMIT_MS = 15_000;
export const ADMIT_MIN = 4;
export const CROWDED_MESSAGE = "抢购人数过多，请稍后再试";

/** Thrown as is for every crowded refusal: a flash crowd's thousands of refusals need no stack trace each. */
const CROWDED = new BizError(CROWDED_MESSAGE);

interface Place {
  until: number;
  /** 0 until the session was read */
  memberId: number;
}

/** database → seckill → place → its holder (this process's count, without Redis) */
const placesByDatabase = new WeakMap<object, Map<number, Map<string, Place>>>();

function placesOf(db: Db, seckillId: number): Map<string, Place> {
  const root = rootDatabase(db);
  let bySeckill = placesByDatabase.get(root);
  if (!bySeckill) {
    bySeckill = new Map();
    placesByDatabase.set(root, bySeckill);
  }
  let places = bySeckill.get(seckillId);
  if (!places) {
    places = new Map();
    bySeckill.set(seckillId, places);
  }
  return places;
}

/**
 * A place for the token (kept when it holds one already), or CROWDED. Answers how to give it back
 * should the session turn out invalid.
 */
export async function takePlace(db: Db, seckillId: number, skuId: number, token: string, unitsLeft: number): Promise<() => void> {
  const place = hashToken(token);
  const at = Date.now();
  const shared = await admitInGate(db, seckillId, skuId, place, at + ADMIT_MS, ADMIT_MIN);
  if (shared === "crowded") throw CROWDED;
  if (shared === "admitted") return () => void freeInGate(db, seckillId, place);
  const places = placesOf(db, seckillId);
  const held = places.get(place);
  if (!held || held.until <= at) {
    for (const [key, other] of places) if (other.until <= at) places.delete(key);
    if (places.size >= Math.max(unitsLeft, ADMIT_MIN)) throw CROWDED;
    places.set(place, { until: at + ADMIT_MS, memberId: 0 });
  }
  return () => places.delete(place);
}

/** The session was read: the token's place is the member's, freed by leavePlace. */
export async function bindPlace(db: Db, seckillId: number, token: string, memberId: number): Promise<void> {
  const place = hashToken(token);
  const held = placesOf(db, seckillId).get(place);
  if (held) held.memberId = memberId;
  await bindInGate(db, seckillId, memberId, place, Date.now() + ADMIT_MS);
}

/** The member's checkout is over (an order, or a refusal): its place is free. */
export function leavePlace(db: Db, seckillId: number, memberId: number): void {
  const places = placesOf(db, seckillId);
  for (const [key, held] of places) if (held.memberId === memberId) places.delete(key);
  void leaveGate(db, seckillId, memberId);
}
