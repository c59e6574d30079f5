import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig, parseSeedSize } from "../config.ts";
import { connect } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { SEED_UPLOAD_FOLDER } from "./image-store.ts";
import { clearAllTables } from "./db-write.ts";
import { seedIfEmpty } from "./index.ts";
import { runCommand } from "../ops/run-command.ts";

/**
 * npm run seed -w @shop/server -- --size small|large|N [--reset]
 * Seeds the database named by the environment (DATA_DIR / DATABASE_URL, as the server uses).
 */
const USAGE = "用法：npm run seed -w @shop/server -- [--size small|large|<SKU 数>] [--reset]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { size: { type: "string" }, reset: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const skus = parseSeedSize(values.size ?? process.env.SEED_SIZE);
  const write = (text: string) => process.stdout.write(text);
  const handle = connect({ databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, sqliteFile: path.join(config.dataDir, "shop.sqlite") });
  try {
    await migrateToLatest(handle.db as never, handle.dialect);
    if (values.reset) {
      const tables = await clearAllTables(handle.db, handle.dialect, config.pgSchema);
      // Seed pictures are rebuilt from the shared cache, so a changed drawing shows up after a reset.
      fs.rmSync(path.join(config.dataDir, "upload", SEED_UPLOAD_FOLDER), { recursive: true, force: true });
      write(`▶ 已清空 ${tables.length} 张表\n`);
    }
    const seeded = await seedIfEmpty({ db: handle.db, dialect: handle.dialect, config }, { skus, log: write, tty: Boolean(process.stdout.isTTY) });
    if (!seeded) write("数据库中已有商品分类，未生成演示数据（加 --reset 清空后重新生成）。\n");
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main, USAGE);
