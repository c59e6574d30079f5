import { BizError } from "../../core/errors.ts";
import { rootDatabase, type Db } from "../../db/unit-of-work.ts";
import { hashToken } from "../auth/tokens.ts";
import { admitInGate, bindInGate, freeInGate, gateOf, leaveGate } from "./redis-pool.ts";

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

/**
 * With Redis: how long a crowded answer stands in this process before Redis is asked again, and
 * then by one request at a time while the others are still told it. A crowd of thousands costs a
 * few Redis calls, not one each (on a busy box Redis itself waits for a CPU: a call queued behind
 * thousands took over 100 ms); a place freed on another instance is given out at most this much
 * later, one freed here at once (the memo ends: the next request asks).
 */
export const CROWDED_MEMO_MS = 50;

interface SeckillDoor {
  /** place → its holder: every place without Redis; with Redis, those given in this process */
  places: Map<string, Place>;
  /** with Redis: until when (ms) a crowded answer stands here; 0 when none does */
  crowdedUntil: number;
  /** with Redis: a request past crowdedUntil is asking Redis again */
  asking: boolean;
}

/** database → seckill → its door in this process */
const doorsByDatabase = new WeakMap<object, Map<number, SeckillDoor>>();

function doorOf(db: Db, seckillId: number): SeckillDoor {
  const root = rootDatabase(db);
  let bySeckill = doorsByDatabase.get(root);
  if (!bySeckill) {
    bySeckill = new Map();
    doorsByDatabase.set(root, bySeckill);
  }
  let door = bySeckill.get(seckillId);
  if (!door) {
    door = { places: new Map(), crowdedUntil: 0, asking: false };
    bySeckill.set(seckillId, door);
  }
  return door;
}

/** A place was freed here: a crowded answer no longer stands, but Redis is still asked one request at a time. */
function askAgainNow(door: SeckillDoor): void {
  if (door.crowdedUntil > 0) door.crowdedUntil = Math.min(door.crowdedUntil, Date.now());
}

/** The place is held and its checkout still within ADMIT_MS. */
function stillHeld(held: Place | undefined, at: number): held is Place {
  return held !== undefined && held.until > at;
}

/** Places whose checkout never came back (payment answered, no create within ADMIT_MS). */
function dropExpired(places: Map<string, Place>, at: number): void {
  for (const [key, held] of places) if (!stillHeld(held, at)) places.delete(key);
}

/**
 * A place for the token (kept when it holds one already), or CROWDED. Answers how to give it back
 * should the session turn out invalid.
 */
export async function takePlace(db: Db, seckillId: number, skuId: number, token: string, unitsLeft: number): Promise<() => void> {
  const place = hashToken(token);
  const at = Date.now();
  const door = doorOf(db, seckillId);
  const held = door.places.get(place);
  const holds = stillHeld(held, at);
  if (gateOf(db)) {
    const crowdedKnown = door.crowdedUntil > 0;
    if (!holds && crowdedKnown && (door.crowdedUntil > at || door.asking)) throw CROWDED;
    const asking = !holds && crowdedKnown;
    if (asking) door.asking = true;
    let shared: Awaited<ReturnType<typeof admitInGate>>;
    try {
      shared = await admitInGate(db, seckillId, skuId, place, at + ADMIT_MS, ADMIT_MIN);
    } finally {
      if (asking) door.asking = false;
    }
    if (shared === "crowded") {
      door.crowdedUntil = Date.now() + CROWDED_MEMO_MS;
      throw CROWDED;
    }
    if (asking) door.crowdedUntil = 0;
    if (shared === "admitted") {
      dropExpired(door.places, at);
      door.places.set(place, { until: at + ADMIT_MS, memberId: held?.memberId ?? 0 });
      return () => {
        door.places.delete(place);
        askAgainNow(door);
        void freeInGate(db, seckillId, place);
      };
    }
    // No gate after all (the mirror not ready, Redis failing): counted here.
  }
  if (!holds) {
    dropExpired(door.places, at);
    if (door.places.size >= Math.max(unitsLeft, ADMIT_MIN)) throw CROWDED;
    door.places.set(place, { until: at + ADMIT_MS, memberId: 0 });
  }
  return () => door.places.delete(place);
}

/** Whether the token holds a place given in this process (the door records every place it gives, Redis or not). */
export function holdsPlace(db: Db, seckillId: number, token: string): boolean {
  return stillHeld(doorOf(db, seckillId).places.get(hashToken(token)), Date.now());
}

/** The session was read: the token's place is the member's, freed by leavePlace. */
export async function bindPlace(db: Db, seckillId: number, token: string, memberId: number): Promise<void> {
  const place = hashToken(token);
  const held = doorOf(db, seckillId).places.get(place);
  if (held) held.memberId = memberId;
  await bindInGate(db, seckillId, memberId, place, Date.now() + ADMIT_MS);
}

/** The member's checkout is over (an order, or a refusal): its place is free. */
export function leavePlace(db: Db, seckillId: number, memberId: number): void {
  const door = doorOf(db, seckillId);
  for (const [key, held] of door.places) if (held.memberId === memberId) door.places.delete(key);
  askAgainNow(door);
  void leaveGate(db, seckillId, memberId);
}
