import { Kysely, SqliteDialect, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from "kysely";
import Database from "better-sqlite3";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import type { DB } from "./schema.ts";
import { cachingDatabase } from "./statement-cache.ts";
import { registerDialect } from "./unit-of-work.ts";


export type DialectName = "sqlite" | "postgres";

/** Connections of the PostgreSQL pool: how many, in use, and callers waiting for one (metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface DbHandle {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The PostgreSQL pool's use; undefined on SQLite (one connection, no pool). */
  poolStats(): PoolStats | undefined;
}

/**
 * PostgreSQL connection settings (config.ts reads them from DB_* variables). Each bounds how long
 * a fault can hold a request: a database that is gone, restarted or stalled must cost a request
 * seconds and an envelope, never a hang.
 */
export interface PgSettings {
  /** DB_POOL_MAX: connections per process. */
  poolMax: number;
  /** DB_CONNECT_TIMEOUT_MS: to open a connection, and to wait for a free one of a full pool. */
  connectTimeoutMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: the server cancels a statement running longer (0 = never). */
  statementTimeoutMs: number;
  /**
   * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: the server ends a session idle inside a transaction this
   * long (0 = never), so a transaction left open by a stuck caller cannot hold its row locks
   * forever. Generous: a test's seed renders its pictures inside its transaction.
   */
  idleInTransactionTimeoutMs: number;
  /**
   * DB_QUERY_TIMEOUT_MS: the client gives up on a query the server has not answered (a stalled
   * server or network, which no server-side timeout can see) and drops that connection. Longer
   * than the statement timeout, so a slow statement is cancelled by the server first (0 = never).
   */
  queryTimeoutMs: number;
  /** DB_APPLICATION_NAME: shown in pg_stat_activity (an operator or a test finds the shop's sessions by it). */
  applicationName: string;
}

export const DEFAULT_PG_SETTINGS: PgSettings = {
  poolMax: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 60_000,
  queryTimeoutMs: 6000,
  applicationName: "shop",
};

/**
 * The same settings without the limits meant for a shopper's request: for migrations, the seed (one
 * long transaction) and operators' commands, which may rightly run long.
 */
export function withoutRequestTimeouts(settings: PgSettings): PgSettings {
  return { ...settings, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0, queryTimeoutMs: 0 };
}

/** Where connection faults are reported (a pino logger fits); console by default. */
export interface DbLog {
  warn(details: object, message: string): void;
}

export interface DbOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  /**
   * PostgreSQL pool and timeouts (the app passes config.pg). Unset: DEFAULT_PG_SETTINGS without
   * the request timeouts (withoutRequestTimeouts), as commands and scripts want.
   */
  pg?: Partial<PgSettings>;
  log?: DbLog;
}

export function connect(options: DbOptions): DbHandle {
  if (options.databaseUrl?.startsWith("postgres")) return connectPostgres(options);
  const file = options.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Kysely prepares every query anew; the wrapper reuses statements by SQL text (statement-cache.ts).
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingDatabase(sqlite) }) });
  registerDialect(db, "sqlite");
  return { db, dialect: "sqlite", close: () => db.destroy(), poolStats: () => undefined };
}

const consoleLog: DbLog = { warn: (details, message) => console.warn(message, details) };

function connectPostgres(options: DbOptions): DbHandle {
  const settings = options.pg ? { ...DEFAULT_PG_SETTINGS, ...options.pg } : withoutRequestTimeouts(DEFAULT_PG_SETTINGS);
  const log = options.log ?? consoleLog;
  // int8 (count(*), sums) arrive as strings by default; our values fit in a JS number.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Server-side limits, set per session in the startup message.
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    application_name: settings.applicationName,
    // A peer that vanished without a FIN/RST (a failover, a cut network) is noticed by TCP keepalive.
    keepAlive: true,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // A connection the server ends (pg_terminate_backend, a restart, a reset) emits "error": on an
  // idle pooled client the pool re-emits it, on a client in use the client does. Unheard, either
  // one is an uncaught exception that ends the process; heard, the pool drops that connection and
  // opens a new one when next asked.
  pool.on("error", (error) => log.warn({ err: error }, "database connection lost (idle)"));
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn({ err: error }, "database connection lost"));
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: timedPool(pool, settings.queryTimeoutMs) }) });
  registerDialect(db, "postgres");
  return {
    db,
    dialect: "postgres",
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** A query the server did not answer within DB_QUERY_TIMEOUT_MS. */
export class DatabaseTimeoutError extends Error {
  readonly code = "DB_QUERY_TIMEOUT";
  constructor(timeoutMs: number) {
    super(`database did not answer within ${timeoutMs} ms`);
    this.name = "DatabaseTimeoutError";
  }
}

/**
 * A failure after which the connection must not be used again: the server ended the session
 * (FATAL: pg_terminate_backend, a shutdown, the idle-in-transaction timeout). pg learns that the
 * socket closed only a moment later; given back before then, the pool would hand the dead
 * connection to the next request.
 */
function endsSession(error: unknown): boolean {
  const severity = (error as { severity?: unknown }).severity;
  return severity === "FATAL" || severity === "PANIC";
}

/**
 * The pool as Kysely sees it, with a client-side deadline on every query. A query past it fails
 * with DatabaseTimeoutError. Its connection, like one whose session the server ended, is given
 * back as broken: the pool closes it rather than hand out a connection whose late answer would be
 * read as the next query's, or that is already gone.
 */
function timedPool(pool: pg.Pool, timeoutMs: number): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      return {
        query: (async (text: string, values: readonly unknown[]) => {
          // The rollback after a timed-out query must not wait out a second deadline.
          if (broken) throw broken;
          const query = client.query(text, [...values]).catch((error: unknown) => {
            if (endsSession(error)) broken = error as Error;
            throw error;
          });
          if (timeoutMs <= 0) return query;
          let timer: NodeJS.Timeout | undefined;
          const deadline = new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => {
              broken = new DatabaseTimeoutError(timeoutMs);
              reject(broken);
            }, timeoutMs);
          });
          // Once the deadline has answered, the query's own late failure is nobody's to hear.
          query.catch(() => {});
          try {
            return await Promise.race([query, deadline]);
          } finally {
            clearTimeout(timer);
          }
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

/** Creates the schema if missing (PostgreSQL only). */
export async function ensurePgSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
}

export async function dropPgSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, "")}" CASCADE`);
  } finally {
    await client.end();
  }
}

export { sql };
