import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { connect, type DbHandle } from "../db/connect.ts";
import type { Db } from "../db/unit-of-work.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { postJson, startShopProcess, type ShopProcess } from "../test/shop-process.ts";
import { registerMember, type TestMember } from "../modules/auth/testing.ts";
import { createTestOrder, grantAccount, payTestOrder } from "../modules/order/test-fixtures.ts";
import { MANIFEST_FILE, type BackupManifest } from "./backup-manifest.ts";

const run = promisify(execFile);

/**
 * The operator's backup and restore, as real processes: a shop (seeded, with orders and balance
 * changes, a server process running) is backed up while writes go on, restored into a new
 * DATA_DIR (PostgreSQL: a new database), and a shop started on the copy answers with the same
 * orders and balances. On PostgreSQL (TEST_DATABASE_URL) the same runs through pg_dump / pg_restore.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

function command(file: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<CommandResult> {
  return run(file, args, { cwd: options.cwd ?? REPO_ROOT, env: { ...process.env, ...options.env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
const restoreCli = (args: string[], env: NodeJS.ProcessEnv) => command(process.execPath, ["--import", "tsx", "apps/server/src/ops/restore-cli.ts", ...args], { env });

/** Everything of these members that money and orders are made of, row for row. */
async function memberState(db: Db, memberIds: number[]) {
  return {
    members: await db.selectFrom("member").select(["member_id", "username", "balance_cents", "point"]).where("member_id", "in", memberIds).orderBy("member_id").execute(),
    orders: await db.selectFrom("orders").selectAll().where("member_id", "in", memberIds).orderBy("order_id").execute(),
    lines: await db.selectFrom("order_goods").selectAll().where("member_id", "in", memberIds).orderBy("order_goods_id").execute(),
    ledger: await db.selectFrom("member_account").selectAll().where("member_id", "in", memberIds).orderBy("id").execute(),
    trades: await db.selectFrom("pay").selectAll().where("member_id", "in", memberIds).orderBy("id").execute(),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a member sees of their money and orders through the API. */
async function memberView(server: ShopProcess, member: TestMember) {
  const info = await postJson<{ balance: string; point: number }>(`${server.url}/api/member/info`, { token: member.token });
  const orders = await postJson(`${server.url}/api/order/lists`, { token: member.token, page: 1, page_size: 50 });
  expect(info.code, info.message).toBe(0);
  expect(orders.code, orders.message).toBe(0);
  return { info: info.data, orders: orders.data };
}

describe("npm run backup / npm run restore", () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  const backupDir = path.join(workDir, "nightly");
  const restoredDataDir = path.join(workDir, "restored-data");
  /** PostgreSQL: the restore goes into a database of its own, as onto a new server. */
  const restoredDatabase = `shop_restore_${crypto.randomBytes(5).toString("hex")}`;
  const restoredDatabaseUrl = databaseUrl && Object.assign(new URL(databaseUrl), { pathname: `/${restoredDatabase}` }).toString();
  let t: TestApp;
  let original: ShopProcess;
  let restored: ShopProcess | undefined;
  let restoredHandle: DbHandle | undefined;
  let buyers: TestMember[];
  let writer: TestMember;

  const sourceEnv = () => (t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl, PG_SCHEMA: t.config.pgSchema ?? "", DATA_DIR: t.config.dataDir } : { DATA_DIR: t.config.dataDir });
  const restoredEnv = () => ({ DATA_DIR: restoredDataDir, ...(restoredDatabaseUrl ? { DATABASE_URL: restoredDatabaseUrl, PG_SCHEMA: t.config.pgSchema ?? "" } : { DATABASE_URL: "" }) });
  const withAdmin = (work: (client: pg.Client) => Promise<unknown>) => withClient(databaseUrl!, work);

  beforeAll(async () => {
    t = await startTestApp({ seed: 50 });
    const db = t.app.deps.db;
    const skus = await db.selectFrom("goods_sku").select("sku_id").orderBy("sku_id").limit(3).execute();
    await db.updateTable("goods_sku").set({ stock: 100_000 }).where("sku_id", "in", skus.map((sku) => sku.sku_id)).execute();
    buyers = [await registerMember(t), await registerMember(t)];
    writer = await registerMember(t);
    for (const [index, buyer] of buyers.entries()) {
      await grantAccount(db, buyer.member_id, "balance", 50_000 + index * 1000, `backup-test-${buyer.member_id}`);
      await grantAccount(db, buyer.member_id, "point", 300, `backup-test-${buyer.member_id}`);
      const paid = await createTestOrder(db, { memberId: buyer.member_id, lines: [{ skuId: skus[0]!.sku_id, num: 2 }], balanceCents: 1500 });
      await payTestOrder(db, paid);
      await createTestOrder(db, { memberId: buyer.member_id, lines: [{ skuId: skus[1]!.sku_id, num: 1 }, { skuId: skus[2]!.sku_id, num: 3 }], point: 100 });
    }
    await grantAccount(db, writer.member_id, "balance", 1_000_000, `backup-test-${writer.member_id}`);
    if (restoredDatabaseUrl) await withAdmin((client) => client.query(`create database "${restoredDatabase}"`));
    original = await startShopProcess({ env: { ...sourceEnv(), JOB_INTERVAL_MS: "0" } });
  });
  afterAll(async () => {
    await restored?.stop();
    await original?.stop();
    await restoredHandle?.close();
    await t?.close();
    if (restoredDatabaseUrl) await withAdmin((client) => client.query(`drop database if exists "${restoredDatabase}" with (force)`));
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("backs up while the shop writes, and a shop started on the restored copy has the same orders and balances", { timeout: 180_000 }, async () => {
    const db = t.app.deps.db;
    const skuId = (await db.selectFrom("goods_sku").select("sku_id").orderBy("sku_id").executeTakeFirstOrThrow()).sku_id;
    const writerOrders = async () => (await db.selectFrom("orders").select("order_id").where("member_id", "=", writer.member_id).execute()).length;

    // Writes all through the backup: orders paid partly with balance, balance top-ups, and the
    // running server writing the writer's profile.
    let writing = true;
    let serverWrites = 0;
    const writes = (async () => {
      for (let round = 0; writing; round += 1) {
        await createTestOrder(db, { memberId: writer.member_id, lines: [{ skuId, num: 1 }], balanceCents: 100 });
        await grantAccount(db, writer.member_id, "balance", 60, `top-up-${round}`);
        if (round % 10 === 0) {
          const renamed = await postJson(`${original.url}/api/member/modifynickname`, { token: writer.token, nickname: `写入者${round}` });
          if (renamed.code === 0) serverWrites += 1;
        }
      }
    })();
    const ordersBefore = await writerOrders();
    // Through the root script, as the deploy guide has it.
    const backup = await command("npm", ["run", "--silent", "backup", "--", backupDir], { env: sourceEnv() });
    const ordersAfter = await writerOrders();
    writing = false;
    await writes;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("✔ 备份完成");
    expect(ordersAfter).toBeGreaterThan(ordersBefore);
    expect(serverWrites).toBeGreaterThan(0);

    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST_FILE), "utf8")) as BackupManifest;
    expect(manifest.database).toMatchObject(databaseUrl ? { kind: "postgres", schema: t.config.pgSchema } : { kind: "sqlite", file: "shop.sqlite" });
    expect(manifest.migrations).toContain("0001-foundation");
    const pictures = manifest.files.filter((file) => file.path.startsWith("upload/"));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every((file) => file.sha256.length === 64 && file.bytes > 0)).toBe(true);

    const restore = await restoreCli([backupDir], restoredEnv());
    expect(restore.code, restore.stderr).toBe(0);
    restoredHandle = connect(restoredDatabaseUrl ? { databaseUrl: restoredDatabaseUrl, pgSchema: t.config.pgSchema } : { sqliteFile: path.join(restoredDataDir, "shop.sqlite") });
    const copy = restoredHandle.db;

    // The buyers' rows are the same, column for column.
    const buyerIds = buyers.map((buyer) => buyer.member_id);
    const expected = await memberState(db, buyerIds);
    expect(expected.orders).toHaveLength(4);
    expect(await memberState(copy, buyerIds)).toEqual(expected);

    // The writer's rows are one moment: every order whole, the balance equal to its ledger, and
    // between what existed when the backup began and when it ended.
    const writerCopy = await memberState(copy, [writer.member_id]);
    const writerNow = await memberState(db, [writer.member_id]);
    expect(writerCopy.orders.length).toBeGreaterThanOrEqual(ordersBefore);
    expect(writerCopy.orders.length).toBeLessThanOrEqual(ordersAfter);
    const ledgerSum = writerCopy.ledger.filter((row) => row.account_type === "balance").reduce((sum, row) => sum + row.account_data, 0);
    expect(writerCopy.members[0]!.balance_cents).toBe(ledgerSum);
    expect(writerCopy.lines.map((line) => line.order_id)).toEqual(writerCopy.orders.map((order) => order.order_id));
    expect(writerCopy.trades).toHaveLength(writerCopy.orders.length);
    expect(writerCopy.orders).toEqual(writerNow.orders.slice(0, writerCopy.orders.length));

    // A shop on the restored copy answers the buyers as the running one does, pictures included.
    restored = await startShopProcess({ env: { ...restoredEnv(), JOB_INTERVAL_MS: "0" } });
    for (const buyer of buyers) {
      const view = await memberView(restored, buyer);
      expect(view).toEqual(await memberView(original, buyer));
      expect(JSON.stringify(view.orders)).toContain((expected.orders.find((order) => order.member_id === buyer.member_id)!).order_no);
    }
    const picture = pictures[0]!.path;
    const [fromRestored, fromOriginal] = await Promise.all([restored.url, original.url].map((url) => fetch(`${url}/${picture}`)));
    expect(fromRestored!.status).toBe(200);
    expect(Buffer.from(await fromRestored!.arrayBuffer())).toEqual(Buffer.from(await fromOriginal!.arrayBuffer()));
  });

  it("refuses to restore over a shop unless --force, and then sets the old one aside", { timeout: 120_000 }, async () => {
    expect(restoredHandle, "the restore above ran").toBeDefined();
    await restored?.stop();
    restored = undefined;
    const refused = await restoreCli([backupDir], restoredEnv());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("已有商城数据");
    expect(refused.stderr).toContain("--force");

    const forced = await restoreCli([backupDir, "--force"], restoredEnv());
    expect(forced.code, forced.stderr).toBe(0);
    const asideDirs = fs.readdirSync(restoredDataDir).filter((name) => name.startsWith("before-restore-"));
    expect(asideDirs).toHaveLength(1);
    if (restoredDatabaseUrl) {
      const schemas = await withClient(restoredDatabaseUrl, async (client) => {
        const result = await client.query<{ name: string }>("select schema_name as name from information_schema.schemata where schema_name like $1", [`${t.config.pgSchema}%`]);
        return result.rows.map((row) => row.name).sort();
      });
      expect(schemas).toEqual([t.config.pgSchema, expect.stringMatching(new RegExp(`^${t.config.pgSchema}_before_restore_`))]);
    } else {
      expect(fs.readdirSync(path.join(restoredDataDir, asideDirs[0]!))).toContain("shop.sqlite");
    }
  });

  it("refuses a backup whose manifest is missing or broken, or whose files do not match it, writing nothing", { timeout: 120_000 }, async () => {
    expect(fs.existsSync(path.join(backupDir, MANIFEST_FILE)), "the backup above ran").toBe(true);
    const emptyTarget = path.join(workDir, "untouched-data");
    const env = { DATA_DIR: emptyTarget, DATABASE_URL: "" };
    const broken = (name: string, damage: (dir: string) => void) => {
      const dir = path.join(workDir, name);
      fs.cpSync(backupDir, dir, { recursive: true });
      damage(dir);
      return dir;
    };
    const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), "utf8")) as BackupManifest;
    const cases: Array<[string, string]> = [
      [broken("no-manifest", (dir) => fs.rmSync(path.join(dir, MANIFEST_FILE))), "没有 manifest.json"],
      [broken("bad-json", (dir) => fs.writeFileSync(path.join(dir, MANIFEST_FILE), "{ half a manifest")), "不是有效的 JSON"],
      [broken("foreign", (dir) => fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ format: "other" }))), "不是本商城的备份清单"],
      [
        broken("flipped-byte", (dir) => {
          const picture = path.join(dir, manifestOf(dir).files.find((file) => file.path.startsWith("upload/"))!.path);
          const bytes = fs.readFileSync(picture);
          const middle = bytes.length >> 1;
          bytes[middle] = bytes[middle]! ^ 0xff;
          fs.writeFileSync(picture, bytes);
        }),
        "备份文件已损坏",
      ],
      [broken("no-database", (dir) => fs.rmSync(path.join(dir, manifestOf(dir).database.file))), "备份缺少文件"],
    ];
    const results = await Promise.all(cases.map(([dir]) => restoreCli([dir], env)));
    for (const [index, [dir, reason]] of cases.entries()) {
      expect(results[index]!.stderr, dir).toContain(reason);
      expect(results[index]!.code, dir).toBe(1);
    }
    expect(fs.existsSync(emptyTarget)).toBe(false);
  });
});
