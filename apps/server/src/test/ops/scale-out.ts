import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { loadConfig, REPO_ROOT } from "../../config.ts";
import { buildApp } from "../../app.ts";
import { dropPgSchema, ensurePgSchema } from "../../db/connect.ts";
import { seedIfEmpty } from "../../seed/index.ts";
import { insertGoods } from "../../modules/goods/test-fixtures.ts";
import { grantAccount } from "../../modules/order/test-fixtures.ts";
import { hashPassword } from "../../core/password.ts";
import { issueStaffToken } from "../../modules/staff/tokens.ts";
import { seedBuyers, type Buyer } from "../proofs/buyers.ts";
import { ShopInstance } from "./instance.ts";
import { startNginx, type Nginx } from "./nginx.ts";
import { OwnRedis } from "../own-redis.ts";

/**
 * The proofs' deployment, as docs/deploy.md describes it on one machine: nginx (the guide's own
 * config) in front of N shop instances on one PostgreSQL schema and one Redis of the proof's own.
 * The database is migrated and seeded once, in this process, before any instance starts; the
 * instances are real `main.ts` processes.
 */
export const PG_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
/** What a client sees of a captcha in the proofs (CAPTCHA_TEST_CODE, allowed with NODE_ENV=test only). */
export const PROOF_CAPTCHA_CODE = "HK7P";
/** How long a SIGTERMed instance keeps answering before it stops accepting (nginx's keepalive_timeout is 2 s). */
export const DRAIN_DELAY_MS = 5000;
export const BALANCE_CENTS = 1_000_000_000;
export const SKU_STOCK = 1_000_000;

export interface ChatCast {
  servicer: { staffId: number; cookie: string };
  members: Array<{ memberId: number; cookie: string }>;
}

export interface ScaleOut {
  schema: string;
  /** the application_name of every database connection of the instances (their pg_stat_activity rows) */
  applicationName: string;
  /** an app on the same schema in this process: the database checks read through it */
  app: FastifyInstance;
  redis: OwnRedis;
  nginx: Nginx;
  instances: ShopInstance[];
  buyers: Buyer[];
  skuIds: number[];
  chat: ChatCast;
  /** true when the storefront is built (apps/web/build): guests then read pages too */
  servesPages: boolean;
  /** Terminates the instances' PostgreSQL connections (their application_name only); answers how many. */
  terminateDatabaseConnections(): Promise<number>;
  /**
   * A stalled database, as far as this schema goes: the SKU table every purchase reads locked for `ms`
   * (a transaction of ours holds ACCESS EXCLUSIVE locks), so statements wait as on a frozen server.
   */
  stallDatabase(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface ScaleOutOptions {
  instances: number;
  buyers: number;
  skus?: number;
  /** seed the demo catalog (guests read it) */
  catalog?: boolean;
}

export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-scaleout-"));
  const schema = `scaleout_${crypto.randomBytes(4).toString("hex")}`;
  const applicationName = `shop-${schema}`;
  await ensurePgSchema(PG_URL, schema);
  const config = loadConfig({ NODE_ENV: "test" }, {
    dataDir: path.join(work, "data"), databaseUrl: PG_URL, pgSchema: schema, serveWeb: false, autoSeed: false, logLevel: "silent", jobIntervalMs: 0,
  });
  const app = await buildApp(config);
  // Undone in reverse: the processes, then this app, the schema, the files.
  const cleanups: Array<() => Promise<void>> = [async () => fs.rmSync(work, { recursive: true, force: true }), () => dropPgSchema(PG_URL, schema), async () => app.close()];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error("scale-out cleanup:", error));
  };
  try {
    const db = app.deps.db;
    if (options.catalog) await seedIfEmpty(app.deps, { skus: 200, log: () => {} });
    const skuIds: number[] = [];
    for (let index = 0; index < (options.skus ?? 4); index += 1) {
      const goods = await insertGoods(db, `扩容演练商品 ${index + 1}`, { skus: [{ stock: SKU_STOCK, price_cents: 1990 + index, discount_price_cents: 1990 + index }] });
      skuIds.push(goods.skuIds[0]!);
    }
    const people = await seedBuyers(db, options.buyers + 3);
    const buyers = people.slice(0, options.buyers);
    for (const buyer of buyers) await grantAccount(db, buyer.memberId, "balance", BALANCE_CENTS, `scaleout-${buyer.memberId}`);
    const { staff_id: staffId } = await db
      .insertInto("staff")
      .values({ username: `servicer_${schema}`, password: await hashPassword("staff-secret-1"), nickname: "演练客服", role: "servicer", headimg: "", status: 1, create_time: 0 })
      .returning("staff_id")
      .executeTakeFirstOrThrow();
    const { token: staffToken } = await issueStaffToken(db, staffId, "127.0.0.1");
    const chat: ChatCast = {
      servicer: { staffId, cookie: `staff_token=${staffToken}` },
      members: people.slice(options.buyers).map((member) => ({ memberId: member.memberId, cookie: `shop_token=${member.token}` })),
    };

    const redis = await OwnRedis.start();
    cleanups.push(() => redis.stop());
    const servesPages = fs.existsSync(path.join(REPO_ROOT, "apps/web/build/server"));
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: PG_URL,
      PG_SCHEMA: schema,
      DB_APPLICATION_NAME: applicationName,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `${schema}:`,
      // The test mode: the captcha code a client can know (CAPTCHA_TEST_CODE), the sandbox gateway.
      // Caches on, as in production (NODE_ENV=test turns them off by default).
      NODE_ENV: "test",
      CAPTCHA_TEST_CODE: PROOF_CAPTCHA_CODE,
      PAGE_CACHE: "1",
      DATA_CACHE: "1",
      TRUST_PROXY: "1",
      SERVER_PROCESSES: "1",
      AUTO_SEED: "0",
      SERVE_WEB: servesPages ? "1" : "0",
      LOG_LEVEL: "warn",
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      DATA_DIR: path.join(work, "data"),
    };
    // The instances' ports first: nginx names them; then nginx's address for the instances (PUBLIC_HOSTS).
    const instances = await Promise.all(Array.from({ length: options.instances }, (_, index) => ShopInstance.create(`instance-${index + 1}`, env)));
    cleanups.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });
    const nginx = await startNginx(path.join(work, "nginx"), instances.map((instance) => instance.address));
    cleanups.push(() => nginx.stop());
    env.PUBLIC_HOSTS = nginx.host;
    await Promise.all(instances.map((instance) => instance.start()));

    const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    return {
      schema, applicationName, app, redis, nginx, instances, buyers, skuIds, chat, servesPages, close,
      stallDatabase: (ms) =>
        withClient(async (client) => {
          await client.query("BEGIN");
          // One table (every purchase reads it): locking several one by one could deadlock with a purchase.
          await client.query(`LOCK TABLE "${schema}".goods_sku IN ACCESS EXCLUSIVE MODE`);
          await new Promise((resolve) => setTimeout(resolve, ms));
          await client.query("ROLLBACK");
        }),
      terminateDatabaseConnections: () =>
        withClient(async (client) => {
          const result = await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()", [applicationName]);
          return result.rowCount ?? 0;
        }),
    };
  } catch (error) {
    await close();
    throw error;
  }
}
