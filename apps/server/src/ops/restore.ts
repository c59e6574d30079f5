import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config.ts";
import { countTables, restoreSchema } from "./backup-postgres.ts";
import { BackupError, readVerifiedManifest, type BackupManifest } from "./backup-manifest.ts";
import { SANDBOX_SECRET_FILE, SQLITE_FILE, UPLOAD_DIR } from "./backup.ts";

/**
 * npm run restore -- <dir> [--force]: puts a backup (ops/backup.ts) back as the shop's state —
 * into DATA_DIR, and for PostgreSQL into the schema of DATABASE_URL / PG_SCHEMA. Every file is
 * checked against the manifest first. A target that already holds a shop is refused; with --force
 * its files (and a PostgreSQL schema) are set aside, never deleted. Run it with the shop stopped;
 * the shop applies the migrations newer than the backup when it starts (or `npm run migrate`).
 */

/** What DATA_DIR holds of a shop: a restore must not silently mix with or replace it. */
const SHOP_ENTRIES = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, UPLOAD_DIR, SANDBOX_SECRET_FILE];

const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");

function shopEntriesIn(dataDir: string): string[] {
  return SHOP_ENTRIES.filter((name) => {
    const full = path.join(dataDir, name);
    if (!fs.existsSync(full)) return false;
    return !fs.statSync(full).isDirectory() || fs.readdirSync(full).length > 0;
  });
}

/** Moves the shop's files out of the way into DATA_DIR/before-restore-<time>/; that directory. */
function setAside(dataDir: string, entries: string[], stamp: string): string {
  const aside = path.join(dataDir, `before-restore-${stamp}`);
  fs.mkdirSync(aside, { recursive: true });
  for (const name of entries) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
}

/** Copies the backup's files (the database file aside) into DATA_DIR; each written beside and renamed. */
function restoreFiles(source: string, manifest: BackupManifest, dataDir: string): number {
  let count = 0;
  for (const file of manifest.files) {
    if (file.path === manifest.database.file && manifest.database.kind === "postgres") continue;
    const to = path.join(dataDir, file.path);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const temporary = path.join(path.dirname(to), `.${path.basename(to)}.restoring`);
    fs.copyFileSync(path.join(source, file.path), temporary);
    if (file.path === SANDBOX_SECRET_FILE) fs.chmodSync(temporary, 0o600);
    fs.renameSync(temporary, to);
    count += 1;
  }
  return count;
}

export interface RestoreOptions {
  /** set an existing shop aside instead of refusing */
  force: boolean;
  now?: Date;
}

export async function restoreBackup(config: AppConfig, source: string, options: RestoreOptions, log: (line: string) => void): Promise<BackupManifest> {
  const manifest = readVerifiedManifest(source);
  log(`✔ 备份 ${manifest.createdAt}：${manifest.files.length} 个文件校验一致，${manifest.migrations.length} 个迁移\n`);
  const { dataDir } = config;
  const stamp = stampOf(options.now ?? new Date());
  const existing = shopEntriesIn(dataDir).filter((name) => !(config.databaseUrl && name.startsWith(SQLITE_FILE)));

  if (manifest.database.kind === "sqlite") {
    if (config.databaseUrl) throw new BackupError("备份中是 SQLite 数据库，而 DATABASE_URL 指向 PostgreSQL：恢复到 SQLite 时不要设置 DATABASE_URL");
    if (existing.length > 0 && !options.force) {
      throw new BackupError(`${dataDir} 中已有商城数据（${existing.join("、")}）：先停止商城，确认要覆盖时加 --force（原有文件会移到 ${dataDir}/before-restore-<时间>/）`);
    }
  } else {
    const { schema } = manifest.database;
    if (!config.databaseUrl) throw new BackupError(`备份中是 PostgreSQL 的 pg_dump：设置 DATABASE_URL（和 PG_SCHEMA=${schema}）指向要恢复到的数据库`);
    if ((config.pgSchema ?? "public") !== schema) throw new BackupError(`备份的是 schema ${schema}，而恢复目标是 ${config.pgSchema ?? "public"}：设置 PG_SCHEMA=${schema}`);
    const tables = await countTables(config.databaseUrl, schema);
    if ((tables > 0 || existing.length > 0) && !options.force) {
      const what = [...(tables > 0 ? [`schema ${schema} 中有 ${tables} 张表`] : []), ...existing].join("、");
      throw new BackupError(`目标中已有商城数据（${what}）：先停止商城，确认要覆盖时加 --force（原有 schema 会改名保留）`);
    }
    const setAsideAs = tables > 0 ? `${schema}_before_restore_${stamp.toLowerCase()}` : undefined;
    log(`▶ pg_restore 到 schema ${schema}${setAsideAs ? `（原有的改名为 ${setAsideAs}）` : ""}\n`);
    await restoreSchema(config.databaseUrl, schema, path.join(source, manifest.database.file), setAsideAs);
  }

  fs.mkdirSync(dataDir, { recursive: true });
  if (existing.length > 0) log(`▶ 原有文件移到 ${setAside(dataDir, existing, stamp)}\n`);
  const count = restoreFiles(source, manifest, dataDir);
  log(`✔ 已恢复到 ${dataDir}（${count} 个文件）${manifest.uploads.store === "s3" ? `；会员上传的图片在 S3 存储桶 ${manifest.uploads.bucket} 中，不在此备份里` : ""}\n`);
  return manifest;
}
