import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { ensurePgSchema } from "../apps/server/src/db/connect.ts";
import { run } from "./processes.ts";
import type { DatabaseTarget } from "./server-modes.ts";
import { databaseEnv } from "./server-modes.ts";

/** The catalog a database holds when the bench measures it. */
export interface CatalogInfo {
  skus: number;
  /** seconds the full search-index rebuild took this run */
  indexRebuildSeconds: number;
  /** true when this run seeded it (else an earlier run's catalog was reused) */
  seeded: boolean;
}

const LARGE_SKUS = 100_000;

function sqliteSkus(dataDir: string): number {
  const database = new Database(path.join(dataDir, "shop.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return Number((database.prepare("select count(*) as n from goods_sku").get() as { n: number }).n);
  } catch {
    return 0; // no database or no tables yet
  } finally {
    database.close();
  }
}

async function postgresSkus(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${schema.replace(/"/g, "")}".goods_sku`);
    return Number(rows[0]?.n ?? 0);
  } catch {
    return 0; // no tables yet
  } finally {
    await client.end();
  }
}

async function skusIn(target: DatabaseTarget): Promise<number> {
  if (target.kind === "postgres") return postgresSkus(target.url, target.schema);
  try {
    return sqliteSkus(target.dataDir);
  } catch {
    return 0;
  }
}

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  return client.connect().then(
    () => client.end().then(() => true),
    () => false,
  );
}

/**
 * Seeds the 100,000-SKU catalog when the database does not hold it yet (an interrupted seed is
 * cleared first), then rebuilds the search index, as its migrations may have changed since.
 */
export async function prepareCatalog(root: string, target: DatabaseTarget): Promise<CatalogInfo> {
  const env = { ...databaseEnv(target), SEED_SIZE: "large" };
  const tsx = (script: string, args: string[] = []) => run(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env });
  if (target.kind === "postgres") await ensurePgSchema(target.url, target.schema);
  const seeded = (await skusIn(target)) < LARGE_SKUS;
  if (seeded) {
    console.log(`▶ 生成 ${target.label} 演示数据（100000 个 SKU）`);
    await tsx("apps/server/src/seed/cli.ts", ["--size", "large", "--reset"]);
  }
  console.log(`▶ 重建 ${target.label} 搜索索引`);
  const started = Date.now();
  await tsx("apps/server/src/modules/search/reindex-cli.ts");
  return { skus: await skusIn(target), indexRebuildSeconds: (Date.now() - started) / 1000, seeded };
}
