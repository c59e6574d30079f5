import { BizError } from "../../core/errors.ts";
import { databaseDialect, inUnitOfWork, rootDatabase, type Db } from "../../db/unit-of-work.ts";
import type { SlotRow } from "./slots.ts";
import { loadSeckillRecord, loadSlots, type SeckillRecord } from "./records.ts";
import { Lane } from "../../core/lane.ts";
import { admitInGate, leaveGate } from "./redis-pool.ts";

/**
 * The seckill's door under a flash crowd (ADR 0021), in each server process:
 * - a snapshot of each seckill's rows and of the slots, at most SNAPSHOT_MS old, for the answers
 *   that refuse (sold out, not started, ended) without a database read; accepting still reads and
 *   takes from the database (priceLines inside create's unit of work reads fresh rows, take's
 *   conditional updates decide). This process's own sales and give-backs update it at once.
 * - an admission count: at most max(units left, ADMIT_MIN) members hold a seckill checkout in
 *   flight (payment answered, create not yet finished), counted in Redis across instances when the
 *   gate is there, else in this process; each for ADMIT_MS at most
 *   or until the pipeline says it is over (leave); the others are told 抢购人数过多 and may try
 *   again. Without it, 10,000 payments arriving together would all pass (nothing is sold until the
 *   creates come) and each make a whole checkout preview, only for 9,900 creates to be refused.
 * - a lane for the admitted: their previews and creates run a few at a time, each started only
 *   after the requests already waiting were read (setImmediate). On SQLite a checkout is
 *   milliseconds of this process's one thread (better-sqlite3 is synchronous) and a refusal a
 *   fraction of one; the event loop serves requests in arrival order, so 100 checkouts admitted
 *   together would hold the crowd's refusals behind them for the better part of a second
 *   (CHECKOUTS_AT_ONCE). On PostgreSQL creates wait on the SKU's and the pool's row locks while
 *   holding a pool connection: unbounded, they held all ten and every refusal's session read
 *   stalled behind them (PG_CHECKOUTS_AT_ONCE). The admitted wait their turn instead (seconds,
 *   under 10,000 at once on two cores), and the thousands told 已抢光 or 抢购人数过多 are told at once.
 */
export const SNAPSHOT_MS = 1000;
export const ADMIT_MS = 15_000;
export const ADMIT_MIN = 4;
export const CHECKOUTS_AT_ONCE = 3;
/** PostgreSQL: fewer than the pool's 10 connections, so creates waiting on a hot row never hold them all. */
export const PG_CHECKOUTS_AT_ONCE = 8;
export const CROWDED_MESSAGE = "抢购人数过多，请稍后再试";

/** Thrown as is for every crowded refusal: a flash crowd's thousands of refusals need no stack trace each. */
const CROWDED = new BizError(CROWDED_MESSAGE);

interface Snapshot<T> {
  value: T;
  until: number;
}

interface ProcessState {
  records: Map<number, Snapshot<SeckillRecord | undefined>>;
  slots?: Snapshot<SlotRow[]>;
  /** reads in flight: a crowd missing the snapshot together waits for one read, not one each */
  loadingRecords: Map<number, Promise<SeckillRecord | undefined>>;
  loadingSlots?: Promise<SlotRow[]>;
  /** seckill → member → admitted until (ms) */
  admitted: Map<number, Map<number, number>>;
  lane: Lane;
}

const states = new WeakMap<object, ProcessState>();

function stateOf(db: Db): ProcessState {
  const root = rootDatabase(db);
  let state = states.get(root);
  if (!state) {
    state = { records: new Map(), loadingRecords: new Map(), admitted: new Map(), lane: new Lane(databaseDialect(root) === "postgres" ? PG_CHECKOUTS_AT_ONCE : CHECKOUTS_AT_ONCE) };
    states.set(root, state);
  }
  return state;
}

/** The seckill's rows: fresh inside a unit of work, else at most SNAPSHOT_MS old. */
export async function seckillRecordSnapshot(db: Db, seckillId: number): Promise<SeckillRecord | undefined> {
  if (inUnitOfWork(db)) return loadSeckillRecord(db, seckillId);
  const state = stateOf(db);
  const at = Date.now();
  const held = state.records.get(seckillId);
  if (held && held.until > at) return held.value;
  let loading = state.loadingRecords.get(seckillId);
  if (!loading) {
    loading = loadSeckillRecord(db, seckillId).then(
      (value) => {
        if (state.loadingRecords.get(seckillId) === loading) state.records.set(seckillId, { value, until: at + SNAPSHOT_MS });
        return value;
      },
    ).finally(() => {
      if (state.loadingRecords.get(seckillId) === loading) state.loadingRecords.delete(seckillId);
    });
    state.loadingRecords.set(seckillId, loading);
  }
  return loading;
}

/** The slots shown: fresh inside a unit of work, else at most SNAPSHOT_MS old. */
export async function slotsSnapshot(db: Db): Promise<SlotRow[]> {
  if (inUnitOfWork(db)) return loadSlots(db);
  const state = stateOf(db);
  const at = Date.now();
  if (state.slots && state.slots.until > at) return state.slots.value;
  const loading = (state.loadingSlots ??= loadSlots(db)
    .then((value) => {
      state.slots = { value, until: at + SNAPSHOT_MS };
      return value;
    })
    .finally(() => {
      state.loadingSlots = undefined;
    }));
  return loading;
}

/**
 * This process took units (or the Redis gate found none left): its snapshot shows what is left at
 * once, so the door admits no more members than units and tells 已抢光 as soon as none is left.
 * Only ever lowers it: a give-back drops the snapshot instead (forgetSnapshot).
 */
export function noteUnitsLeft(db: Db, seckillId: number, skuId: number, left: number): void {
  const held = stateOf(db).records.get(seckillId)?.value;
  const sku = held?.skus.find((item) => item.sku_id === skuId);
  if (sku && left < sku.stock) sku.stock = Math.max(0, left);
}

/** Units came back or staff changed the seckill: read it again next time. */
export function forgetSnapshot(db: Db, seckillId: number): void {
  const state = stateOf(db);
  state.records.delete(seckillId);
  // A read begun before the change must not become the snapshot.
  state.loadingRecords.delete(seckillId);
}

/**
 * Lets the member in, or refuses when too many checkouts of this seckill are in flight: counted in
 * Redis across instances when the gate is there (else each instance would admit its own
 * units-left), else in this process.
 */
export async function admit(db: Db, seckillId: number, skuId: number, memberId: number, unitsLeft: number): Promise<void> {
  const at = Date.now();
  const shared = await admitInGate(db, seckillId, skuId, memberId, at + ADMIT_MS, ADMIT_MIN);
  if (shared === "crowded") throw CROWDED;
  if (shared === "admitted") return;
  const state = stateOf(db);
  let members = state.admitted.get(seckillId);
  if (!members) {
    members = new Map();
    state.admitted.set(seckillId, members);
  }
  if ((members.get(memberId) ?? 0) > at) return;
  for (const [member, until] of members) if (until <= at) members.delete(member);
  if (members.size >= Math.max(unitsLeft, ADMIT_MIN)) throw CROWDED;
  members.set(memberId, at + ADMIT_MS);
}

/** The member's create finished (an order, or a refusal): its place is free. */
export function leave(db: Db, seckillId: number, memberId: number): void {
  stateOf(db).admitted.get(seckillId)?.delete(memberId);
  void leaveGate(db, seckillId, memberId);
}

/** Runs an admitted member's preview or create in this process's lane (see above). */
export function inLane<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return stateOf(db).lane.run(work);
}
