import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { AppConfig } from "../config.ts";
import { dumpSchema } from "./backup-postgres.ts";
import { BackupError, describeFile, MANIFEST_FORMAT, MANIFEST_VERSION, writeManifest, type BackupDatabase, type BackupFile, type BackupManifest } from "./backup-manifest.ts";

/**
 * npm run backup -- <dir>: a consistent copy of the shop's state, safe while the shop runs.
 *
 * - the database: SQLite through its online backup API (one read snapshot; the shop's writers
 *   go on, WAL), PostgreSQL through pg_dump (one snapshot);
 * - DATA_DIR/upload (members' pictures when there is no S3 bucket, the seeded catalog's pictures,
 *   drawn QR codes), copied after the database, so every file a row of the copy names is there;
 * - DATA_DIR/sandbox-pay-secret (queued sandbox notifies verify against it);
 * - manifest.json, last: what is there, each file's size and sha256, the applied migrations.
 */
export const SQLITE_FILE = "shop.sqlite";
export const UPLOAD_DIR = "upload";
export const SANDBOX_SECRET_FILE = "sandbox-pay-secret";
const POSTGRES_DUMP_FILE = "database.pgdump";

/** What else DATA_DIR may hold, and why a backup leaves it out. */
const NOT_BACKED_UP: Record<string, string> = {
  "seed-image-cache": "演示图片的渲染缓存，播种时会重新生成",
  [`${SQLITE_FILE}-wal`]: "已并入数据库副本",
  [`${SQLITE_FILE}-shm`]: "SQLite 运行时的共享内存文件",
};

/** The backup API copies every remaining page in one step: one read snapshot, never a mix of two moments. */
const ALL_REMAINING_PAGES = 0x7fffffff;

/** Copies the live SQLite database into `file` (one self-contained file, checked); its applied migrations. */
async function copySqlite(dataDir: string, file: string): Promise<string[]> {
  const sourceFile = path.join(dataDir, SQLITE_FILE);
  if (!fs.existsSync(sourceFile)) throw new BackupError(`没有可备份的数据库：${sourceFile} 不存在（检查 DATA_DIR）`);
  const source = new Database(sourceFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(file, { progress: () => ALL_REMAINING_PAGES });
  } finally {
    source.close();
  }
  const copy = new Database(file);
  try {
    // The copy keeps the source's WAL mode; a backup is one file, with no -wal beside it.
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`数据库副本检查失败：${String(check)}`);
    return copy.prepare("select name from kysely_migration order by name").pluck().all() as string[];
  } finally {
    copy.close();
  }
}

async function postgresMigrations(databaseUrl: string, schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "shop-backup" });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>(`select name from "${schema.replaceAll('"', '""')}".kysely_migration order by name`);
    return result.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

/** Files under `dir` (relative, "/"-separated), without the hidden temporary files of writes in flight. */
function listUploads(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk("");
  return found.sort();
}

/** Copies DATA_DIR's files a restore needs into the backup; their descriptions. */
function copyDataFiles(dataDir: string, target: string): BackupFile[] {
  const copied: BackupFile[] = [];
  for (const relative of listUploads(path.join(dataDir, UPLOAD_DIR)).map((file) => `${UPLOAD_DIR}/${file}`)) {
    const to = path.join(target, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      fs.copyFileSync(path.join(dataDir, relative), to);
    } catch (error) {
      // Deleted since it was listed (a replaced picture): nothing to keep.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    copied.push(describeFile(target, relative));
  }
  if (fs.existsSync(path.join(dataDir, SANDBOX_SECRET_FILE))) {
    fs.copyFileSync(path.join(dataDir, SANDBOX_SECRET_FILE), path.join(target, SANDBOX_SECRET_FILE));
    fs.chmodSync(path.join(target, SANDBOX_SECRET_FILE), 0o600);
    copied.push(describeFile(target, SANDBOX_SECRET_FILE));
  }
  return copied;
}

function skippedEntries(dataDir: string): string[] {
  const kept = new Set([SQLITE_FILE, UPLOAD_DIR, SANDBOX_SECRET_FILE]);
  if (!fs.existsSync(dataDir)) return [];
  return fs
    .readdirSync(dataDir)
    .filter((name) => !kept.has(name))
    .sort()
    .map((name) => `${name}：${NOT_BACKED_UP[name] ?? (name.startsWith("before-restore-") ? "恢复前留下的旧数据" : "未知内容，未备份")}`);
}

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = "";
  return url.toString();
}

/** A new directory, or an existing empty one: a backup never mixes with other files. */
function prepareTarget(target: string): void {
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new BackupError(`备份目录 ${target} 不是空的：请指定一个新目录`);
  fs.mkdirSync(target, { recursive: true });
}

export async function createBackup(config: AppConfig, target: string, log: (line: string) => void): Promise<BackupManifest> {
  prepareTarget(target);
  let database: BackupDatabase;
  let migrations: string[];
  if (config.databaseUrl) {
    const schema = config.pgSchema ?? "public";
    database = { kind: "postgres", file: POSTGRES_DUMP_FILE, schema, source: withoutPassword(config.databaseUrl) };
    log(`▶ pg_dump schema ${schema}\n`);
    await dumpSchema(config.databaseUrl, schema, path.join(target, database.file));
    migrations = await postgresMigrations(config.databaseUrl, schema);
  } else {
    database = { kind: "sqlite", file: SQLITE_FILE };
    log(`▶ 复制数据库 ${path.join(config.dataDir, SQLITE_FILE)}（SQLite 在线备份）\n`);
    migrations = await copySqlite(config.dataDir, path.join(target, database.file));
  }
  const files = [describeFile(target, database.file)];
  log(`▶ 复制 ${path.join(config.dataDir, UPLOAD_DIR)}\n`);
  files.push(...copyDataFiles(config.dataDir, target));
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: new Date().toISOString(),
    database,
    migrations,
    uploads: config.s3 ? { store: "s3", bucket: config.s3.bucket } : { store: "local" },
    files,
    skipped: skippedEntries(config.dataDir),
  };
  writeManifest(target, manifest);
  return manifest;
}
