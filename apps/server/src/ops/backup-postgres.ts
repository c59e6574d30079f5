import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./backup-manifest.ts";

/**
 * PostgreSQL's own tools for its backups: pg_dump --format=custom of the shop's schema (one
 * consistent snapshot, safe while the shop writes) and pg_restore. The password of DATABASE_URL
 * goes to them through PGPASSWORD, never on a command line another user could read.
 */

interface PgTarget {
  /** DATABASE_URL without its password */
  url: string;
  env: NodeJS.ProcessEnv;
}

function pgTarget(databaseUrl: string): PgTarget {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === "ENOENT" ? `找不到 ${tool}：请安装 PostgreSQL 客户端（版本不低于数据库服务器）` : `${tool} 无法运行：${error.message}`)),
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} 失败（退出码 ${code}）：${stderr.trim()}`))));
  });
}

/** pg_dump of `schema` into `file` (custom format, no owners: restorable by another role). */
export async function dumpSchema(databaseUrl: string, schema: string, file: string): Promise<void> {
  const target = pgTarget(databaseUrl);
  await runTool("pg_dump", ["--format=custom", "--no-owner", `--schema=${schema}`, `--file=${file}`, `--dbname=${target.url}`], target.env);
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "shop-restore" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables in `schema` (0 when it does not exist). */
export async function countTables(databaseUrl: string, schema: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ count: string }>("select count(*) as count from information_schema.tables where table_schema = $1", [schema]);
    return Number(result.rows[0]?.count ?? 0);
  });
}

/**
 * Restores a dump of `schema`. The dump creates the schema itself, so an existing one is first
 * dropped when empty, or (with `setAsideAs`) renamed out of the way — its data kept, never dropped.
 * The extensions the schema uses (pg_trgm) are installed when the database lacks them.
 */
export async function restoreSchema(databaseUrl: string, schema: string, file: string, setAsideAs?: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    if (setAsideAs) await client.query(`alter schema ${quoted(schema)} rename to ${quoted(setAsideAs)}`);
    else await client.query(`drop schema if exists ${quoted(schema)}`);
    // The dump holds the shop's schema only; its order-name index uses pg_trgm, which migration 0041
    // installs once per database in public. A fresh database (a restore elsewhere) needs it first.
    await client.query("create extension if not exists pg_trgm with schema public");
  });
  const target = pgTarget(databaseUrl);
  await runTool("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${target.url}`, file], target.env);
}
