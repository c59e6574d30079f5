import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { cachingDatabase, type CachingSqliteDatabase } from "./statement-cache.ts";

interface TestDB {
  item: { id: Generated<number>; name: string };
}

describe("SQLite prepared-statement cache", () => {
  let raw: Database.Database;
  let wrapped: CachingSqliteDatabase;
  let db: Kysely<TestDB>;
  /** better-sqlite3's own prepare: how often the SQL was really compiled. */
  let prepare: MockInstance<(sql: string) => Database.Statement>;

  const open = (capacity?: number) => {
    raw = new Database(":memory:");
    raw.exec("create table item (id integer primary key, name text not null)");
    raw.prepare("insert into item (name) values (?), (?), (?)").run("苹果", "香蕉", "橙子");
    prepare = vi.spyOn(raw, "prepare") as unknown as typeof prepare;
    wrapped = cachingDatabase(raw, capacity);
    db = new Kysely<TestDB>({ dialect: new SqliteDialect({ database: wrapped }) });
  };
  beforeEach(() => open());
  afterEach(async () => {
    if (raw.open) await db.destroy();
  });

  const byId = (id: number) => db.selectFrom("item").select("name").where("id", "=", id).executeTakeFirst();

  it("prepares a query's SQL once and reuses the statement, with each call's own parameters", async () => {
    expect(await byId(1)).toEqual({ name: "苹果" });
    expect(await byId(2)).toEqual({ name: "香蕉" });
    expect(await byId(99)).toBeUndefined();
    expect(await byId(3)).toEqual({ name: "橙子" });
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(wrapped.prepare('select "name" from "item" where "id" = ?')).toBe(wrapped.prepare('select "name" from "item" where "id" = ?'));
  });

  it("keeps writes, insert ids, affected rows and transactions working", async () => {
    const first = await db.insertInto("item").values({ name: "葡萄" }).executeTakeFirst();
    const second = await db.insertInto("item").values({ name: "西瓜" }).executeTakeFirst();
    expect([first.insertId, second.insertId]).toEqual([4n, 5n]);
    const updated = await db.updateTable("item").set({ name: "柚子" }).where("id", ">", 3).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("item").values({ name: "回滚" }).execute();
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await db.transaction().execute((trx) => trx.insertInto("item").values({ name: "提交" }).execute());
    await db.transaction().execute((trx) => trx.insertInto("item").values({ name: "又一次" }).execute());
    const names = (await db.selectFrom("item").select("name").orderBy("id").execute()).map((row) => row.name);
    expect(names).toEqual(["苹果", "香蕉", "橙子", "柚子", "柚子", "提交", "又一次"]);
    // begin/commit/rollback statements are cached like any other.
    expect(prepare.mock.calls.filter(([text]) => text === "begin")).toHaveLength(1);
  });

  it("runs pragmas and sees schema changes made after a statement was cached", async () => {
    const foreignKeys = async () => (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys;
    await sql`pragma foreign_keys = OFF`.execute(db);
    expect(await foreignKeys()).toBe(0);
    await sql`pragma foreign_keys = ON`.execute(db);
    expect(await foreignKeys()).toBe(1); // the same cached "pragma foreign_keys" statement, a new answer

    const all = () => sql<Record<string, unknown>>`select * from item where id = ${1}`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: "苹果" }]);
    await sql`alter table item add column stock integer not null default 7`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: "苹果", stock: 7 }]);
  });

  it("never hands out a statement that a stream is still iterating", async () => {
    const stream = db.selectFrom("item").select("name").orderBy("id").stream();
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ name: "苹果" });

    // Kysely holds the connection while streaming; at the driver level the same SQL now gets a
    // fresh statement, as the cached one would throw "This statement is busy executing a query".
    const text = 'select "name" from "item" order by "id"';
    const busy = prepare.mock.results[0]?.value as Database.Statement;
    expect(busy.busy).toBe(true);
    const other = wrapped.prepare(text);
    expect(other).not.toBe(busy);
    expect(other.all([])).toHaveLength(3);

    expect((await iterator.next()).value).toEqual({ name: "香蕉" });
    await iterator.return?.();
    expect(busy.busy).toBe(false);
    expect(wrapped.prepare(text)).toBe(busy);
    expect(await db.selectFrom("item").select("name").orderBy("id").execute()).toHaveLength(3);
  });

  it("keeps at most `capacity` statements, dropping the least recently used", async () => {
    await db.destroy();
    open(2);
    await byId(1); // A
    await db.selectFrom("item").select("id").execute(); // B
    await byId(2); // A again: now B is the least recently used
    await db.selectFrom("item").selectAll().execute(); // C evicts B
    expect(wrapped.cachedStatements).toBe(2);
    expect(prepare).toHaveBeenCalledTimes(3);

    await byId(3); // A is still cached
    expect(prepare).toHaveBeenCalledTimes(3);
    await db.selectFrom("item").select("id").execute(); // B was evicted: prepared again
    expect(prepare).toHaveBeenCalledTimes(4);
    expect(wrapped.cachedStatements).toBe(2);
  });

  it("does not cache SQL that fails to prepare, and closes the database on destroy", async () => {
    await expect(sql`select nope from nowhere`.execute(db)).rejects.toThrow(/no such table/);
    expect(wrapped.cachedStatements).toBe(0);
    await byId(1);
    await db.destroy();
    expect(raw.open).toBe(false);
    expect(wrapped.cachedStatements).toBe(0);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => cachingDatabase(raw, 0)).toThrow(/capacity/);
  });
});
