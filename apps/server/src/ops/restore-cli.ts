import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { restoreBackup } from "./restore.ts";
import { runCommand } from "./run-command.ts";

/**
 * npm run restore -- <dir> [--force]: restores a backup of `npm run backup` into the shop named by
 * the environment (DATA_DIR, DATABASE_URL, PG_SCHEMA), with the shop stopped (ops/restore.ts).
 * A relative <dir> is relative to where npm was run.
 */
const USAGE = "用法：npm run restore -- <备份目录> [--force]（--force：目标已有商城数据时，把它移到一旁后恢复）";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new Error("请指定要恢复的备份目录");
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const write = (line: string) => process.stdout.write(line);
  await restoreBackup(loadConfig(), source, { force: values.force }, write);
  write("  启动商城（npm start，或先 npm run migrate -w @shop/server）时会补上比备份新的数据库迁移\n");
  return 0;
}

runCommand(main, USAGE);
