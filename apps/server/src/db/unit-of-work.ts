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
 *   lock instead (busy_timeout) and then sees the latest data.
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

export async function unitOfWork<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (inUnitOfWork(db)) return work(db);
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
    await sql`begin immediate`.execute(connection);
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
