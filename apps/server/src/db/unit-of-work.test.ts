import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, usingPostgres, type TestApp } from "../test/harness.ts";
import { insertGoods } from "../modules/goods/test-fixtures.ts";
import { BizError } from "../core/errors.ts";
import { connect } from "./connect.ts";
import { inUnitOfWork, unitOfWork, type Db } from "./unit-of-work.ts";
import { loggedTakes, takeStockLogged } from "./test-stock.ts";
import { sameDatabase, startSecondProcess } from "./test-processes.ts";

const dialect = usingPostgres() ? "PostgreSQL" : "SQLite";

const stockOf = async (db: Db, skuId: number) =>
  (await db.selectFrom("goods_sku").select("stock").where("sku_id", "=", skuId).executeTakeFirstOrThrow()).stock;

const notesOf = (db: Db, marker: string) => db.selectFrom("sms_outbox").select("content").where("purpose", "=", marker).execute();
/** A row to find afterwards: sms_outbox has no constraints beyond its columns. */
const writeNote = (db: Db, marker: string, content: string) =>
  db.insertInto("sms_outbox").values({ mobile: "13800000000", purpose: marker, code: "", content, create_time: 0 }).execute();

describe(`unitOfWork: join or start (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("starts a transaction on the root handle and commits what the work wrote", async () => {
    const db = t.app.deps.db;
    expect(inUnitOfWork(db)).toBe(false);
    const result = await unitOfWork(db, async (tx) => {
      expect(inUnitOfWork(tx)).toBe(true);
      await writeNote(tx, "commit", "a");
      return 42;
    });
    expect(result).toBe(42);
    expect(await notesOf(db, "commit")).toEqual([{ content: "a" }]);
    expect(inUnitOfWork(db)).toBe(false);
  });

  it("joins the caller's transaction when nested: same handle, one commit", async () => {
    const db = t.app.deps.db;
    await unitOfWork(db, async (outer) => {
      await writeNote(outer, "nested", "outer");
      await unitOfWork(outer, async (inner) => {
        expect(inner).toBe(outer);
        await writeNote(inner, "nested", "inner");
      });
      // The inner unit did not commit on its own: the outer one still holds both rows.
      expect((await notesOf(outer, "nested")).map((row) => row.content).sort()).toEqual(["inner", "outer"]);
    });
    expect(await notesOf(db, "nested")).toHaveLength(2);
  });

  it("rolls back everything, the nested unit's rows too, when an error leaves the outer unit", async () => {
    const db = t.app.deps.db;
    await expect(
      unitOfWork(db, async (outer) => {
        await writeNote(outer, "rollback", "outer");
        await unitOfWork(outer, async (inner) => {
          await writeNote(inner, "rollback", "inner");
          throw new BizError("库存不足");
        });
      }),
    ).rejects.toThrow("库存不足");
    expect(await notesOf(db, "rollback")).toEqual([]);

    // An error thrown by the outer unit after a successful nested one undoes the nested rows as well.
    await expect(
      unitOfWork(db, async (outer) => {
        await unitOfWork(outer, (inner) => writeNote(inner, "rollback-late", "inner"));
        throw new Error("crash after the nested unit");
      }),
    ).rejects.toThrow("crash after the nested unit");
    expect(await notesOf(db, "rollback-late")).toEqual([]);
  });

  it("leaves the handle usable after a rollback (the next unit commits)", async () => {
    const db = t.app.deps.db;
    await expect(unitOfWork(db, () => Promise.reject(new Error("first fails")))).rejects.toThrow("first fails");
    await unitOfWork(db, (tx) => writeNote(tx, "after-rollback", "ok"));
    expect(await notesOf(db, "after-rollback")).toHaveLength(1);
  });

  it("refuses a handle that connect() did not make", async () => {
    const { Kysely, SqliteDialect } = await import("kysely");
    const Database = (await import("better-sqlite3")).default;
    const stray = new Kysely<never>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) }) as unknown as Db;
    await expect(unitOfWork(stray, async () => 1)).rejects.toThrow(/not created by connect/);
    await stray.destroy();
  });

  it("many concurrent units on one app: conditional stock decrements never oversell", async () => {
    const db = t.app.deps.db;
    const { skuIds } = await insertGoods(db, "并发商品甲", { goods: { goods_stock: 20 } });
    const skuId = skuIds[0]!;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => takeStockLogged(db, skuId, 1, `buyer ${i}`)));
    expect(results.filter(Boolean)).toHaveLength(20);
    expect(await stockOf(db, skuId)).toBe(0);
    expect(await loggedTakes(db, skuId)).toBe(20);
  });
});

describe(`two connections to one database (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("concurrent conditional decrements from this process and a second one never go below zero and add up", async () => {
    const db = t.app.deps.db;
    const { skuIds } = await insertGoods(db, "并发商品乙", { goods: { goods_stock: 100 } });
    const skuId = skuIds[0]!;
    const second = await startSecondProcess(sameDatabase(t));
    // 3 units per take; 40 + 40 attempts want 240 of the 100 in stock.
    second.send({ do: "buy", skuId, num: 3, attempts: 40 });
    const here = await Promise.all(Array.from({ length: 40 }, () => takeStockLogged(db, skuId, 3, "this process")));
    const there = (await second.next()) as { taken?: number; error?: string };
    expect(there.error).toBeUndefined();
    const takenHere = here.filter(Boolean).length * 3;
    expect(takenHere + there.taken!).toBe(99); // 33 takes of 3 fit in 100
    expect(await stockOf(db, skuId)).toBe(1);
    expect(await loggedTakes(db, skuId)).toBe(99);
    await second.exited;
  });
});

describe.runIf(!usingPostgres())("SQLite: why write units begin IMMEDIATE", () => {
  let t: TestApp;
  let skuId: number;
  beforeAll(async () => {
    t = await startTestApp();
    skuId = (await insertGoods(t.app.deps.db, "锁测试商品", { goods: { goods_stock: 10 } })).skuIds[0]!;
  });
  afterAll(() => t.close());

  it("shows the problem: a deferred BEGIN that read, then writes after another connection wrote, fails with SQLITE_BUSY_SNAPSHOT", async () => {
    const other = connect(sameDatabase(t));
    try {
      const before = await stockOf(t.app.deps.db, skuId);
      const error = await t.app.deps.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        try {
          const read = await stockOf(connection, skuId);
          // The other connection (a worker, a second instance) writes between our read and our write.
          await other.db.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuId).execute();
          return await connection
            .updateTable("goods_sku")
            .set({ stock: read - 1 })
            .where("sku_id", "=", skuId)
            .execute()
            .then(() => undefined, (caught: unknown) => caught);
        } finally {
          await sql`rollback`.execute(connection);
        }
      });
      expect(error).toMatchObject({ code: "SQLITE_BUSY_SNAPSHOT" });
      // Only the other connection's decrement happened; the deferred unit could not commit its own.
      expect(await stockOf(t.app.deps.db, skuId)).toBe(before - 1);
    } finally {
      await other.close();
    }
  });

  it("statements outside units keep the busy_timeout connect() set (the unit only lowers it for its BEGIN)", async () => {
    const timeout = async () => (await sql<{ timeout: number }>`pragma busy_timeout`.execute(t.app.deps.db)).rows[0]!.timeout;
    expect(await timeout()).toBe(5000);
    await unitOfWork(t.app.deps.db, (tx) => writeNote(tx, "busy-timeout", "x"));
    await expect(unitOfWork(t.app.deps.db, () => Promise.reject(new Error("rolled back")))).rejects.toThrow();
    expect(await timeout()).toBe(5000);
  });

  it("a unit on a second handle in this same process waits for the first unit's lock without freezing the event loop", async () => {
    const other = connect(sameDatabase(t));
    try {
      const before = await stockOf(t.app.deps.db, skuId);
      let releaseFirst!: () => void;
      const released = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstHoldsLock!: () => void;
      const holding = new Promise<void>((resolve) => (firstHoldsLock = resolve));
      const first = unitOfWork(t.app.deps.db, async (tx) => {
        await tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuId).execute();
        firstHoldsLock();
        await released; // the first unit awaits something while it holds the write lock
      });
      await holding;
      let secondDone = false;
      const second = unitOfWork(other.db, (tx) => tx.updateTable("goods_sku").set((eb) => ({ stock: eb("stock", "-", 1) })).where("sku_id", "=", skuId).execute()).then(() => {
        secondDone = true;
      });
      // Turns of the event loop keep coming while the second unit waits (busy_timeout would block
      // this thread inside SQLite until it gave up with SQLITE_BUSY, the first unit stuck behind it).
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(secondDone).toBe(false);
      releaseFirst();
      await first;
      await second;
      expect(await stockOf(t.app.deps.db, skuId)).toBe(before - 2);
    } finally {
      await other.close();
    }
  });

  it("unitOfWork in the same interleaving succeeds: the other connection waits for the lock and then sees our write", async () => {
    const before = await stockOf(t.app.deps.db, skuId);
    const second = await startSecondProcess(sameDatabase(t));
    await unitOfWork(t.app.deps.db, async (tx) => {
      const read = await stockOf(tx, skuId);
      second.send({ do: "decrement-when-lock-is-free", skuId });
      // The second process tried to write while we hold the write lock, and was told to wait.
      expect(await second.next()).toBe("busy");
      // A read-modify-write that a lost update would break: it holds because nobody wrote in between.
      await tx.updateTable("goods_sku").set({ stock: read - 1 }).where("sku_id", "=", skuId).execute();
    });
    expect(await second.next()).toEqual({ stockAfter: before - 2 });
    expect(await stockOf(t.app.deps.db, skuId)).toBe(before - 2);
    await second.exited;
  });
});
