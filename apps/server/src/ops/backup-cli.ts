import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { createBackup } from "./backup.ts";
import { runCommand } from "./run-command.ts";

/**
 * npm run backup -- <dir>: backs up the shop named by the environment (DATA_DIR, DATABASE_URL,
 * PG_SCHEMA, S3_BUCKET — as the server reads them) into a new directory (ops/backup.ts). Safe
 * while the shop runs. A relative <dir> is relative to where npm was run.
 */
const USAGE = "用法：npm run backup -- <新的备份目录>";

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error("请指定一个备份目录");
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const write = (line: string) => process.stdout.write(line);
  const manifest = await createBackup(loadConfig(), target, write);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  write(`✔ 备份完成：${target}（${manifest.files.length} 个文件，${(bytes / 1024 / 1024).toFixed(1)} MB，${manifest.migrations.length} 个迁移）\n`);
  if (manifest.uploads.store === "s3") write(`  会员上传的图片在 S3 存储桶 ${manifest.uploads.bucket} 中，不在此备份里：请用存储桶的版本控制或复制功能备份它\n`);
  for (const line of manifest.skipped) write(`  未备份 ${line}\n`);
  return 0;
}

runCommand(main, USAGE);
