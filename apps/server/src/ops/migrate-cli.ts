import { migrateToLatest } from "../db/migrate.ts";
import { describeDatabase, withShopDatabase } from "./cli-database.ts";
import { runCommand } from "./run-command.ts";

/**
 * npm run migrate: applies the migrations the code has and the database lacks, then exits. A
 * deployment runs it once before restarting its instances (each instance would also migrate at
 * start; concurrent starts are safe — Kysely's migrator takes a lock — but a migration should not
 * first run in the middle of a rolling restart).
 */
runCommand(() =>
  withShopDatabase(async (handle, config) => {
    process.stdout.write(`▶ 迁移数据库 ${describeDatabase(config)}\n`);
    await migrateToLatest(handle.db as never, handle.dialect);
    process.stdout.write("✔ 数据库已是最新结构\n");
    return 0;
  }),
);
