/**
 * Micro-benchmark (not a test): Kysely selects on SQLite with and without the prepared-statement
 * cache. Run: `npx tsx bench/statement-cache.ts [queries]`.
 */
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import { cachingDatabase } from "../apps/server/src/db/statement-cache.ts";

interface BenchDB {
  item: { id: number; category_id: number; name: string; price_cents: number; sort: number };
}

const QUERIES = Number(process.argv[2] ?? 10_000);
const ROUNDS = 7;

function open(file: string, cached: boolean): Kysely<BenchDB> {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const database: SqliteDatabase = cached ? cachingDatabase(sqlite) : sqlite;
  return new Kysely<BenchDB>({ dialect: new SqliteDialect({ database }) });
}

/** Two query shapes: a point lookup, and a page of 20 rows like a goods list. */
const workloads: Record<string, (db: Kysely<BenchDB>, i: number) => Promise<unknown>> = {
  "point select": (db, i) => db.selectFrom("item").select(["id", "name", "price_cents"]).where("id", "=", (i % 2000) + 1).executeTakeFirst(),
  "page of 20": (db, i) =>
    db
      .selectFrom("item")
      .select(["id", "name", "price_cents"])
      .where("category_id", "=", i % 50)
      .where("price_cents", ">", 100)
      .orderBy("sort", "desc")
      .orderBy("id")
      .limit(20)
      .offset(0)
      .execute(),
};

async function timeIt(db: Kysely<BenchDB>, run: (db: Kysely<BenchDB>, i: number) => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < QUERIES; i++) await run(db, i);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stmt-bench-"));
  const file = path.join(dir, "bench.sqlite");
  const setup = new Database(file);
  setup.exec("create table item (id integer primary key, category_id integer, name text, price_cents integer, sort integer)");
  setup.exec("create index idx_item_category on item (category_id, sort)");
  const insert = setup.prepare("insert into item (category_id, name, price_cents, sort) values (?, ?, ?, ?)");
  setup.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(i % 50, `商品 ${i}`, 100 + ((i * 37) % 10_000), i % 17);
  })();
  setup.close();

  const plain = open(file, false);
  const cached = open(file, true);
  try {
    console.log(`${QUERIES} queries per round, median of ${ROUNDS} rounds (node ${process.version})`);
    for (const [name, run] of Object.entries(workloads)) {
      await timeIt(plain, run);
      await timeIt(cached, run); // warm-up
      const times = { plain: [] as number[], cached: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        times.plain.push(await timeIt(plain, run));
        times.cached.push(await timeIt(cached, run));
      }
      const before = median(times.plain);
      const after = median(times.cached);
      const perQuery = (ms: number) => `${((ms * 1000) / QUERIES).toFixed(1)} µs/query`;
      console.log(
        `${name}: without cache ${before.toFixed(0)} ms (${perQuery(before)}), with cache ${after.toFixed(0)} ms (${perQuery(after)}), ` +
          `${(((before - after) / before) * 100).toFixed(0)}% less time`,
      );
    }
  } finally {
    await plain.destroy();
    await cached.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
