import { sql, type Kysely } from "kysely";
import type { DialectName } from "./frozen/dialect.ts";
import { createIndex } from "./frozen/table-builder.ts";

/**
 * The console's order list on a large table (issue 23, bench: modules/order/order-admin-bench.ts):
 * - the goods-name filter (part of `orders.order_name`, anywhere) through a trigram index instead of
 *   a scan of every order: on SQLite an FTS5 trigram table over the names (orders_name_search,
 *   kept by triggers; external content, so it stores only the index), on PostgreSQL a pg_trgm GIN
 *   index on lower(order_name), which answers the same LIKE the query already has;
 * - the filters by delivery type, payment method and promotion, each with the creation time, so the
 *   count reads an index range and a page walks it newest first;
 * - a status tab in payment-time order (已完成 by 支付时间), which walked every unpaid order first.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createIndex(db, "orders", ["order_type", "create_time"]);
  await createIndex(db, "orders", ["pay_type", "create_time"]);
  await createIndex(db, "orders", ["promotion_type", "create_time"]);
  await createIndex(db, "orders", ["order_status", "pay_time", "order_id"]);
  if (dialect === "sqlite") {
    await sql`create virtual table orders_name_search using fts5(order_name, content = 'orders', content_rowid = 'order_id', tokenize = 'trigram', detail = 'none')`.execute(db);
    await sql`create trigger orders_name_search_insert after insert on orders begin
      insert into orders_name_search(rowid, order_name) values (new.order_id, new.order_name); end`.execute(db);
    await sql`create trigger orders_name_search_delete after delete on orders begin
      insert into orders_name_search(orders_name_search, rowid, order_name) values ('delete', old.order_id, old.order_name); end`.execute(db);
    await sql`create trigger orders_name_search_update after update of order_name on orders begin
      insert into orders_name_search(orders_name_search, rowid, order_name) values ('delete', old.order_id, old.order_name);
      insert into orders_name_search(rowid, order_name) values (new.order_id, new.order_name); end`.execute(db);
    await sql`insert into orders_name_search(orders_name_search) values ('rebuild')`.execute(db);
    return;
  }
  // pg_trgm lives in one schema of the database for every shop schema in it (trusted since PostgreSQL 13):
  // installed in public when missing, never in this connection's schema (dropping that would drop it).
  // Concurrent migrations of two schemas may race to install it: the loser finds it installed.
  const schemaOf = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  let schema = await schemaOf();
  if (!schema) {
    await sql`savepoint install_pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint install_pg_trgm`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint install_pg_trgm`.execute(db);
      if (!(await schemaOf())) throw error;
    }
    schema = await schemaOf();
  }
  await sql`create index if not exists idx_orders_order_name_trgm on orders using gin (lower(order_name) ${sql.ref(`${schema}.gin_trgm_ops`)})`.execute(db);
}
