import { sql, type Kysely } from "kysely";
import type { DialectName } from "./dialect.ts";

/**
 * FROZEN: shared by every migration, so changing what a kind creates would change the meaning of
 * migrations that already ran (fresh databases would differ from migrated ones). Never change a
 * kind or a helper's output; add a new kind or a new helper instead (frozen/README.md).
 *
 * Compact column kinds for migrations, so the dialect differences (auto-increment keys,
 * text types) live in this one place:
 * - id: auto-increment integer primary key
 * - key: short string primary key
 * - int: integer not null default 0
 * - str: varchar(255) not null default ''
 * - text: unbounded text not null default ''
 * - str?: nullable varchar(255) (for unique-but-optional columns)
 * - cents: money in integer cents, NOT NULL with no default (every insert says its amount), CHECK ≥ 0
 * - signed-cents: money that may be negative (an adjustment, a ledger delta), NOT NULL, no default
 * - count: a quantity (stock, points), NOT NULL default 0, CHECK ≥ 0: a conditional update that
 *   forgot its condition fails instead of going below zero
 */
export type ColumnKind = "id" | "key" | "int" | "str" | "text" | "str?" | "cents" | "signed-cents" | "count";

export function tableBuilder(db: Kysely<unknown>, dialect: DialectName) {
  return async function createTable(name: string, columns: Record<string, ColumnKind>): Promise<void> {
    let builder = db.schema.createTable(name).ifNotExists();
    const bigint = dialect === "postgres" ? "bigint" : "integer";
    for (const [column, kind] of Object.entries(columns)) {
      switch (kind) {
        case "id":
          builder =
            dialect === "postgres"
              ? builder.addColumn(column, "serial", (c) => c.primaryKey())
              : builder.addColumn(column, "integer", (c) => c.primaryKey().autoIncrement());
          break;
        case "key":
          builder = builder.addColumn(column, "varchar(64)", (c) => c.primaryKey());
          break;
        case "int":
          builder = builder.addColumn(column, dialect === "postgres" ? "bigint" : "integer", (c) =>
            c.notNull().defaultTo(0),
          );
          break;
        case "str":
          builder = builder.addColumn(column, "varchar(255)", (c) => c.notNull().defaultTo(""));
          break;
        case "text":
          builder = builder.addColumn(column, "text", (c) => c.notNull().defaultTo(sql.lit("")));
          break;
        case "str?":
          builder = builder.addColumn(column, "varchar(255)");
          break;
        case "cents":
          builder = builder.addColumn(column, bigint, (c) => c.notNull().check(sql`${sql.ref(column)} >= 0`));
          break;
        case "signed-cents":
          builder = builder.addColumn(column, bigint, (c) => c.notNull());
          break;
        case "count":
          builder = builder.addColumn(column, bigint, (c) => c.notNull().defaultTo(0).check(sql`${sql.ref(column)} >= 0`));
          break;
      }
    }
    await builder.execute();
  };
}

export async function createIndex(db: Kysely<unknown>, table: string, columns: string[], unique = false) {
  let builder = db.schema.createIndex(`idx_${table}_${columns.join("_")}`).ifNotExists().on(table).columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

/**
 * "Never below zero" for a column that predates the `count` / `cents` kinds: a CHECK constraint on
 * PostgreSQL; on SQLite, which cannot add one to an existing table without rebuilding it, triggers
 * that abort the write. An update that forgot its `col >= n` condition then fails instead of going
 * negative.
 */
export async function addNotNegativeGuard(db: Kysely<unknown>, dialect: DialectName, table: string, column: string): Promise<void> {
  const name = `${table}_${column}_not_negative`;
  if (dialect === "postgres") {
    await sql`ALTER TABLE ${sql.id(table)} ADD CONSTRAINT ${sql.id(name)} CHECK (${sql.id(column)} >= 0)`.execute(db);
    return;
  }
  for (const [suffix, event] of [["insert", "INSERT"], ["update", `UPDATE OF ${column}`]] as const) {
    await sql`CREATE TRIGGER IF NOT EXISTS ${sql.id(`${name}_${suffix}`)} BEFORE ${sql.raw(event)} ON ${sql.id(table)}
      WHEN NEW.${sql.id(column)} < 0 BEGIN SELECT RAISE(ABORT, ${sql.lit(`CHECK constraint failed: ${table} ${column} >= 0`)}); END`.execute(db);
  }
}
