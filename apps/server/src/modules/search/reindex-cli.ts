import path from "node:path";
import { loadConfig } from "../../config.ts";
import { connect } from "../../db/connect.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { compactSearchIndex, rebuildSearchIndex } from "./search-index.ts";

/**
 * npx tsx apps/server/src/modules/search/reindex-cli.ts [--compact]
 * Rebuilds the goods search index of the database named by the environment (DATA_DIR /
 * DATABASE_URL, as the server uses), e.g. after goods were written without going through the API.
 * `--compact` only merges SQLite's index into one segment (after many sales; search-index.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = connect({ databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, sqliteFile: path.join(config.dataDir, "shop.sqlite") });
  try {
    await migrateToLatest(handle.db as never, handle.dialect);
    const started = Date.now();
    if (process.argv.includes("--compact")) {
      await compactSearchIndex(handle.db, handle.dialect);
      console.log(`✔ 搜索索引已整理，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
      return;
    }
    const summary = await rebuildSearchIndex(handle.db, handle.dialect);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`✔ 搜索索引已重建：商品 ${summary.goods} 个，联想词 ${summary.suggestions} 个，用时 ${seconds} 秒`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
