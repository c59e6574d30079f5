import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.ts";
import type { DialectName } from "./connect.ts";

/**
 * The one way services write several rows that must stand or fall together (ADR 0003).
 *
 * `unitOfWork(db, work)` joins the transaction `db` already is, or starts one:
 * - SQLite: `BEGIN IMMEDIATE` on the single connection, so the write lock is taken up front. A
 *   deferred `BEGIN` that reads and then writes fails with SQLITE_BUSY_SNAPSHOT as soon as a second
 *   connection (a worker, the CLI, a second instance) wrote in between; IMMEDIATE waits for the
 *   lock instead (with timers, not blocking the event loop: beginImmediate) and then sees the
 *   latest data.
 * - PostgreSQL: a READ COMMITTED transaction; stock and money rows are changed by conditional
 *   updates (`… WHERE stock >= n`), which PostgreSQL re-checks on the latest row version.
 *
 * Rules for `work`: pass its `tx` down to every query; no network I/O inside (a slow gateway would
 * hold the lock of every buyer); throw to roll back.
 */
export type Db = Kysely<DB>;

/** Handles that are a transaction we started (the SQLite connection handle carries no flag of its own). */
const openTransactions = new WeakSet<object>();

/** True when `db` is already inside a unit of work. */
export function inUnitOfWork(db: Db): boolean {
  return db.isTransaction || openTransactions.has(db);
}

const dialectOf = new WeakMap<object, DialectName>();

/** Called once by connect(): lets unitOfWork pick the dialect's way to begin. */
export function registerDialect(db: Db, dialect: DialectName): void {
  dialectOf.set(db, dialect);
}

/** The dialect of the database `db` (or its transaction) runs on. */
export function databaseDialect(db: Db): DialectName | undefined {
  return dialectOf.get(rootDatabase(db));
}

/** Work to do once the unit commits (cache purges): by transaction handle, dropped on rollback. */
const afterCommitWork = new WeakMap<object, Array<() => Promise<void>>>();
/** The database handle each open transaction was started from. */
const rootOf = new WeakMap<object, Db>();

/** The database a transaction handle belongs to (the handle itself when it is no transaction of ours). */
export function rootDatabase(db: Db): Db {
  return rootOf.get(db) ?? db;
}

/**
 * Runs `work` after the unit of work `db` is in commits (never when it rolls back), or at once
 * outside a unit. For effects others must not see before the data: purging caches, which a render
 * in between would otherwise fill again with the old rows. Its failures are the callback's to handle.
 */
export async function afterCommit(db: Db, work: () => Promise<void>): Promise<void> {
  const pending = afterCommitWork.get(db);
  if (pending && inUnitOfWork(db)) pending.push(work);
  else await work();
}

export async function unitOfWork<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (inUnitOfWork(db)) return work(db);
  const pending: Array<() => Promise<void>> = [];
  const result = await runUnit(db, (tx) => {
    afterCommitWork.set(tx, pending);
    rootOf.set(tx, db);
    return work(tx);
  });
  // Committed: a failing callback must not make the caller think the unit failed.
  for (const callback of pending) await callback().catch((error: unknown) => console.error("after-commit work failed", error));
  return result;
}

async function runUnit<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const dialect = dialectOf.get(db);
  if (dialect === "postgres") {
    return db.transaction().execute(async (tx) => {
      openTransactions.add(tx);
      return work(tx);
    });
  }
  if (dialect !== "sqlite") throw new Error("unitOfWork: database handle was not created by connect()");
  // One connection for the whole unit: Kysely's SQLite driver holds its mutex until we return.
  return db.connection().execute(async (connection) => {
    await beginImmediate(db, connection);
    openTransactions.add(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    } finally {
      openTransactions.delete(connection);
    }
  });
}

/** How long a unit waits for SQLite's write lock while another connection holds it. */
export const SQLITE_WRITE_LOCK_WAIT_MS = 5000;

/** The connection's own busy_timeout (set by connect()), read once per database handle. */
const busyTimeoutOf = new WeakMap<object, number>();

/**
 * `BEGIN IMMEDIATE`, waiting for the write lock with timers rather than inside SQLite. With its
 * busy_timeout SQLite would wait in the call, freezing this process's event loop; and when the
 * holder is another connection of this same process (two apps on one file in a test), the holder
 * cannot even finish until the wait gives up with SQLITE_BUSY. So the begin is asked to fail at
 * once and is retried after 1, 2, 4 … 20 ms, up to SQLITE_WRITE_LOCK_WAIT_MS.
 */
async function beginImmediate(root: Db, connection: Db): Promise<void> {
  let busyTimeout = busyTimeoutOf.get(root);
  if (busyTimeout === undefined) {
    busyTimeout = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection)).rows[0]?.timeout ?? 0;
    busyTimeoutOf.set(root, busyTimeout);
  }
  await sql`pragma busy_timeout = 0`.execute(connection);
  try {
    const deadline = Date.now() + SQLITE_WRITE_LOCK_WAIT_MS;
    for (let delay = 1; ; delay = Math.min(delay * 2, 20)) {
      try {
        await sql`begin immediate`.execute(connection);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  } finally {
    // Statements outside units of work keep waiting as connect() configured them.
    await sql`pragma ${sql.raw(`busy_timeout = ${Math.trunc(busyTimeout)}`)}`.execute(connection);
  }
}
