import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * manifest.json of a backup directory: what the backup holds, with each file's size and sha256,
 * written last (a directory without it is an unfinished backup). Restore checks every file
 * against it before it touches anything.
 */
export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_FORMAT = "shop-backup";
export const MANIFEST_VERSION = 1;

export interface BackupFile {
  /** relative to the backup directory, "/"-separated */
  path: string;
  bytes: number;
  sha256: string;
}

export type BackupDatabase =
  | { kind: "sqlite"; file: string }
  /** pg_dump --format=custom of one schema */
  | { kind: "postgres"; file: string; schema: string; source: string };

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  createdAt: string;
  database: BackupDatabase;
  /** the migrations applied to the backed-up database, in order */
  migrations: string[];
  /** where members' uploads live: copied under upload/, or in an S3 bucket (not in this backup) */
  uploads: { store: "local" } | { store: "s3"; bucket: string };
  files: BackupFile[];
  /** what was in DATA_DIR and deliberately left out, with why */
  skipped: string[];
}

/** A backup that cannot be used (or a target that must not be written), said in Chinese for the operator. */
export class BackupError extends Error {}

export function sha256File(file: string): string {
  const hash = crypto.createHash("sha256");
  const descriptor = fs.openSync(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    let read: number;
    while ((read = fs.readSync(descriptor, buffer, 0, buffer.length, null)) > 0) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(descriptor);
  }
  return hash.digest("hex");
}

export function describeFile(root: string, relative: string): BackupFile {
  const full = path.join(root, relative);
  return { path: relative.split(path.sep).join("/"), bytes: fs.statSync(full).size, sha256: sha256File(full) };
}

export function writeManifest(dir: string, manifest: BackupManifest): void {
  const temporary = path.join(dir, `.${MANIFEST_FILE}.tmp`);
  fs.writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(temporary, path.join(dir, MANIFEST_FILE));
}

function parseManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} 不是完整的备份：没有 ${MANIFEST_FILE}（备份未完成或目录不对）`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${file} 已损坏：不是有效的 JSON`);
  }
  if (manifest?.format !== MANIFEST_FORMAT || manifest.version !== MANIFEST_VERSION || !Array.isArray(manifest.files) || !manifest.database) {
    throw new BackupError(`${file} 不是本商城的备份清单（format ${MANIFEST_FORMAT}，version ${MANIFEST_VERSION}）`);
  }
  return manifest;
}

/**
 * The manifest of a backup directory, after checking that every file it lists is there with its
 * size and checksum and that the database file is among them; otherwise a BackupError naming the
 * first problem.
 */
export function readVerifiedManifest(dir: string): BackupManifest {
  const manifest = parseManifest(dir);
  const listed = new Set(manifest.files.map((file) => file.path));
  if (!listed.has(manifest.database.file)) throw new BackupError(`备份清单没有列出数据库文件 ${manifest.database.file}`);
  for (const file of manifest.files) {
    const full = path.resolve(dir, file.path);
    if (!full.startsWith(path.resolve(dir) + path.sep)) throw new BackupError(`备份清单中的路径无效：${file.path}`);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile()) throw new BackupError(`备份缺少文件：${file.path}`);
    if (stat.size !== file.bytes || sha256File(full) !== file.sha256) throw new BackupError(`备份文件已损坏（大小或校验和不符）：${file.path}`);
  }
  return manifest;
}
