import { databaseDialect, inUnitOfWork, rootDatabase, type Db } from "../../db/unit-of-work.ts";
import type { SlotRow } from "./slots.ts";
import { loadSeckillRecord, loadSlots, type SeckillRecord } from "./records.ts";
import { Lane } from "../../core/lane.ts";
import { cacheOf } from "../../core/cache/public-cache.ts";
import { SECKILL_TAG } from "./cache.ts";

/**
 * The seckill's door under a flash crowd (ADR 0021), in each server process:
 * - a snapshot of each seckill's rows and of the slots, at most SNAPSHOT_MS old, for the answers
 *   that refuse (sold out, not started, ended) without a database read; accepting still reads and
 *   takes from the database (priceLines inside create's unit of work reads fresh rows, take's
 *   conditional updates decide). This process's own sales and give-backs update it at once.
 * - places for checkouts in flight (admission.ts): at most max(units left, ADMIT_MIN) members are
 *   let through payment's door until their create ends; the others are told 抢购人数过多.
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
/**
 * How long an expired snapshot is still answered while its refresh runs: the events that change
 * what it says purge it (see stateOf), so this only bounds drift nothing announced.
 */
export const STALE_SERVED_MS = 30_000;
export const CHECKOUTS_AT_ONCE = 3;
/** PostgreSQL: fewer than the pool's 10 connections, so creates waiting on a hot row never hold them all. */
export const PG_CHECKOUTS_AT_ONCE = 8;

/**
 * One snapshot: the held value while it is fresh; once it is older than SNAPSHOT_MS, still the held
 * value (up to STALE_SERVED_MS more) while one read in the background replaces it — a crowd's
 * refusals never wait on the database, busy with the sale's checkouts. With nothing held (first
 * use, or forgotten) every caller waits for that one read: a crowd missing it together waits for
 * one read, not one each.
 */
class Snapshot<T> {
  private held?: { value: T; until: number };
  private loading?: Promise<T>;

  constructor(private readonly load: () => Promise<T>) {}

  /** The value held, fresh or not (undefined before the first read). */
  get current(): T | undefined {
    return this.held?.value;
  }

  read(): Promise<T> {
    const at = Date.now();
    const held = this.held;
    if (held && held.until > at) return Promise.resolve(held.value);
    const refresh = this.loading ?? this.refresh();
    if (!held || held.until + STALE_SERVED_MS <= at) return refresh;
    refresh.catch(() => undefined); // a failed refresh is tried again by the next caller
    return Promise.resolve(held.value);
  }

  /** Drops the value and any read in flight: a read begun before a change must not become the snapshot. */
  forget(): void {
    this.held = undefined;
    this.loading = undefined;
  }

  private refresh(): Promise<T> {
    const loading: Promise<T> = this.load()
      .then((value) => {
        if (this.loading === loading) this.held = { value, until: Date.now() + SNAPSHOT_MS };
        return value;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }
}

interface ProcessState {
  records: Map<number, Snapshot<SeckillRecord | undefined>>;
  slots: Snapshot<SlotRow[]>;
  lane: Lane;
}

const states = new WeakMap<object, ProcessState>();

function stateOf(db: Db): ProcessState {
  const root = rootDatabase(db);
  let state = states.get(root);
  if (!state) {
    const fresh: ProcessState = {
      records: new Map(),
      slots: new Snapshot(() => loadSlots(root)),
      lane: new Lane(databaseDialect(root) === "postgres" ? PG_CHECKOUTS_AT_ONCE : CHECKOUTS_AT_ONCE),
    };
    // A purge of the seckill tag — a staff change, a sell-out or units back on any instance, a slot
    // boundary — drops every snapshot here too, so a stale one is never served past such an event.
    cacheOf({ db: root })?.onPurge((tags) => {
      if (!tags.includes(SECKILL_TAG)) return;
      fresh.records.clear();
      fresh.slots.forget();
    });
    state = fresh;
    states.set(root, state);
  }
  return state;
}

/** The seckill's rows: fresh inside a unit of work, else a snapshot (see Snapshot). */
export async function seckillRecordSnapshot(db: Db, seckillId: number): Promise<SeckillRecord | undefined> {
  if (inUnitOfWork(db)) return loadSeckillRecord(db, seckillId);
  const { records } = stateOf(db);
  let snapshot = records.get(seckillId);
  if (!snapshot) {
    const root = rootDatabase(db);
    snapshot = new Snapshot(() => loadSeckillRecord(root, seckillId));
    records.set(seckillId, snapshot);
  }
  return snapshot.read();
}

/** The slots shown: fresh inside a unit of work, else a snapshot (see Snapshot). */
export async function slotsSnapshot(db: Db): Promise<SlotRow[]> {
  if (inUnitOfWork(db)) return loadSlots(db);
  return stateOf(db).slots.read();
}

/**
 * This process took units (or the Redis gate found none left): its snapshot shows what is left at
 * once, so the door admits no more members than units and tells 已抢光 as soon as none is left.
 * Only ever lowers it: a give-back drops the snapshot instead (forgetSnapshot).
 */
export function noteUnitsLeft(db: Db, seckillId: number, skuId: number, left: number): void {
  const held = stateOf(db).records.get(seckillId)?.current;
  const sku = held?.skus.find((item) => item.sku_id === skuId);
  if (sku && left < sku.stock) sku.stock = Math.max(0, left);
}

/** Units came back or staff changed the seckill: read it again next time. */
export function forgetSnapshot(db: Db, seckillId: number): void {
  // A read begun before the change must not become the snapshot.
  stateOf(db).records.get(seckillId)?.forget();
}

/** Runs an admitted member's preview or create in this process's lane (see above). */
export function inLane<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return stateOf(db).lane.run(work);
}
