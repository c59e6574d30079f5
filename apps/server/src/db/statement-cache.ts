import type { SqliteDatabase, SqliteStatement } from "kysely";
import type BetterSqlite3 from "better-sqlite3";

/** How many prepared statements a connection keeps; our queries have a few hundred distinct SQL texts. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 1000;

export interface CachingSqliteDatabase extends SqliteDatabase {
  /** Statements currently cached (for tests and diagnostics). */
  readonly cachedStatements: number;
}

/**
 * Wraps a better-sqlite3 database for Kysely's SqliteDialect so that `prepare(sql)` reuses the
 * statement prepared for the same SQL text instead of compiling it again on every query.
 *
 * Why reuse is safe: better-sqlite3 runs a statement synchronously and binds parameters per call
 * (`all(params)`, `run(params)`; Kysely never calls `bind()`), so one statement serves any number
 * of queries in turn. The one exception is `iterate()`, which Kysely's `stream()` uses: until the
 * iterator finishes the statement is `busy` and better-sqlite3 refuses to run it again, so a busy
 * cached statement is never handed out; the caller gets a fresh, uncached one instead.
 *
 * Only `prepare` and `close` are exposed (all Kysely's driver calls): nobody can switch a shared
 * statement's modes (`raw()`, `pluck()`, `safeIntegers()`) behind Kysely's back. Pragmas are set
 * on the raw database before wrapping; transactions go through `prepare("begin")` like any query.
 *
 * The cache is a least-recently-used map bounded by `capacity`, so SQL with inlined values or
 * `in (…)` lists of many lengths can't grow it without limit; evicted statements are simply dropped
 * (better-sqlite3 finalizes them when garbage-collected or when the database closes).
 */
export function cachingDatabase(database: BetterSqlite3.Database, capacity = DEFAULT_STATEMENT_CACHE_SIZE): CachingSqliteDatabase {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`statement cache capacity must be a positive integer: ${capacity}`);
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cache = new Map<string, BetterSqlite3.Statement>();

  return {
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return database.prepare(sql); // mid-iteration: don't share it
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql); // a syntax error throws here and caches nothing
      cache.set(sql, statement);
      if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
    get cachedStatements() {
      return cache.size;
    },
  };
}
