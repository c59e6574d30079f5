import { Kysely, SqliteDialect, PostgresDialect, sql } from "kysely";
import Database from "better-sqlite3";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import type { DB } from "./schema.ts";
import { cachingDatabase } from "./statement-cache.ts";
import { registerDialect } from "./unit-of-work.ts";


export type DialectName = "sqlite" | "postgres";

export interface DbHandle {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqliteFile`. */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
}

export function connect(options: DbOptions): DbHandle {
  if (options.databaseUrl?.startsWith("postgres")) return connectPostgres(options.databaseUrl, options.pgSchema);
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
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

function connectPostgres(url: string, schema?: string): DbHandle {
  // int8 (count(*), sums) arrive as strings by default; our values fit in a JS number.
  pg.types.setTypeParser(20, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerDialect(db, "postgres");
  return { db, dialect: "postgres", close: () => db.destroy() };
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
