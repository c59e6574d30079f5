import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, dropPgSchema, ensurePgSchema, type DbHandle } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";
import { EXPECTED_SCHEMA, UNTYPED_TABLES } from "./expected-schema.ts";

type Nullability = "null" | "not null";
/** table → column → nullability, as the database's own catalogue describes it */
type Catalogue = Map<string, Map<string, Nullability>>;

/** FTS5 keeps each virtual table's index in shadow tables of its own (goods_search_data …): SQLite's, not ours. */
const FTS_SHADOW_SUFFIXES = ["config", "content", "data", "docsize", "idx"];

async function sqliteCatalogue(db: Kysely<unknown>): Promise<Catalogue> {
  const tables = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'table'`.execute(db)).rows;
  const virtual = tables.filter((table) => /^create virtual table/i.test(table.sql)).map((table) => table.name);
  const shadows = new Set(virtual.flatMap((name) => FTS_SHADOW_SUFFIXES.map((suffix) => `${name}_${suffix}`)));
  const catalogue: Catalogue = new Map();
  // sqlite_sequence, sqlite_stat1 …: SQLite's own bookkeeping.
  for (const { name } of tables.filter((table) => !table.name.startsWith("sqlite_") && !shadows.has(table.name))) {
    const columns = (await sql<{ name: string; notnull: number; pk: number }>`select name, "notnull", pk from pragma_table_info(${name})`.execute(db)).rows;
    // A primary key column counts as NOT NULL: every key of ours is an integer rowid or always set by the code.
    catalogue.set(name, new Map(columns.map((column) => [column.name, column.notnull || column.pk ? "not null" : "null"])));
  }
  return catalogue;
}

async function postgresCatalogue(db: Kysely<unknown>): Promise<Catalogue> {
  const columns = await sql<{ table_name: string; column_name: string; is_nullable: "YES" | "NO" }>`
    select table_name, column_name, is_nullable from information_schema.columns where table_schema = current_schema()`.execute(db);
  const catalogue: Catalogue = new Map();
  for (const column of columns.rows) {
    if (!catalogue.has(column.table_name)) catalogue.set(column.table_name, new Map());
    catalogue.get(column.table_name)!.set(column.column_name, column.is_nullable === "YES" ? "null" : "not null");
  }
  return catalogue;
}

/** What differs between the catalogue and the expected schema, one line per difference. */
function differences(catalogue: Catalogue, dialect: "sqlite" | "postgres"): string[] {
  const expected = new Map<string, Map<string, Nullability | undefined>>();
  for (const [table, columns] of Object.entries(EXPECTED_SCHEMA)) expected.set(table, new Map(Object.entries(columns as Record<string, Nullability>)));
  // Untyped tables: their columns are checked, not their nullability.
  for (const [table, columns] of Object.entries(UNTYPED_TABLES[dialect])) expected.set(table, new Map(columns.map((column) => [column, undefined])));

  const found: string[] = [];
  for (const table of catalogue.keys()) if (!expected.has(table)) found.push(`unexpected table ${table}`);
  for (const [table, columns] of expected) {
    const actual = catalogue.get(table);
    if (!actual) {
      found.push(`missing table ${table}`);
      continue;
    }
    for (const column of actual.keys()) if (!columns.has(column)) found.push(`unexpected column ${table}.${column}`);
    for (const [column, nullability] of columns) {
      const actualNullability = actual.get(column);
      if (!actualNullability) found.push(`missing column ${table}.${column}`);
      else if (nullability && actualNullability !== nullability) found.push(`${table}.${column} is ${actualNullability}, expected ${nullability}`);
    }
  }
  return found;
}

/**
 * Every migration applied to an empty database of this pass of npm test (SQLite, then PostgreSQL
 * when TEST_DATABASE_URL is set) makes exactly the tables and columns db/schema.ts types
 * (db/expected-schema.ts, which the compiler holds to schema.ts).
 */
describe("the migrations make the schema the code expects", () => {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const pgSchema = databaseUrl ? `t_schema_${crypto.randomBytes(5).toString("hex")}` : undefined;
  let handle: DbHandle;
  beforeAll(async () => {
    if (databaseUrl && pgSchema) await ensurePgSchema(databaseUrl, pgSchema);
    handle = connect({ databaseUrl, pgSchema });
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  });
  afterAll(async () => {
    await handle?.close();
    if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
  });

  it("has every expected table and column, no other, with the expected nullability", async () => {
    const db = handle.db as unknown as Kysely<unknown>;
    const catalogue = handle.dialect === "postgres" ? await postgresCatalogue(db) : await sqliteCatalogue(db);
    expect(handle.dialect).toBe(databaseUrl ? "postgres" : "sqlite");
    expect(catalogue.size).toBeGreaterThan(Object.keys(EXPECTED_SCHEMA).length);
    expect(differences(catalogue, handle.dialect)).toEqual([]);
  });

  it("reports a missing, an extra and a changed column", () => {
    const catalogue: Catalogue = new Map(
      Object.entries(EXPECTED_SCHEMA).map(([table, columns]) => [table, new Map(Object.entries(columns as Record<string, Nullability>))]),
    );
    for (const [table, columns] of Object.entries(UNTYPED_TABLES.sqlite)) catalogue.set(table, new Map(columns.map((column) => [column, "null"])));
    expect(differences(catalogue, "sqlite")).toEqual([]);
    catalogue.get("adv")!.delete("state");
    catalogue.get("adv")!.set("colour", "null");
    catalogue.get("chat_message")!.set("client_msg_id", "not null");
    catalogue.set("leftover", new Map());
    expect(differences(catalogue, "sqlite").sort()).toEqual(
      ["chat_message.client_msg_id is not null, expected null", "missing column adv.state", "unexpected column adv.colour", "unexpected table leftover"].sort(),
    );
  });
});
