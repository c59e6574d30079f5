/**
 * Opens or closes the shop (config site_info.shop_status) in the database the server would use
 * (DATA_DIR / DATABASE_URL / PG_SCHEMA), until the back office has a switch for it.
 *
 *   node --import tsx scripts/site-status.ts close|open|show
 *
 * The e2e tests use it against their server's data directory. Prints the resulting status.
 */
import path from "node:path";
import { loadConfig } from "../apps/server/src/config.ts";
import { connect } from "../apps/server/src/db/connect.ts";
import { setConfig } from "../apps/server/src/core/config-store.ts";
import { getSiteInfo } from "../apps/server/src/modules/site/service.ts";

const STATUS_BY_COMMAND: Record<string, 0 | 1 | undefined> = { close: 0, open: 1, show: undefined };

async function main(command: string | undefined): Promise<number> {
  if (!command || !(command in STATUS_BY_COMMAND)) {
    console.error("用法：node --import tsx scripts/site-status.ts close|open|show");
    return 2;
  }
  const config = loadConfig();
  const handle = connect({ databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, sqliteFile: path.join(config.dataDir, "shop.sqlite") });
  try {
    const info = await getSiteInfo(handle.db);
    const status = STATUS_BY_COMMAND[command];
    if (status !== undefined) await setConfig(handle.db, "site_info", { ...info, shop_status: status });
    console.log(`shop_status=${status ?? info.shop_status}`);
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv[2]);
