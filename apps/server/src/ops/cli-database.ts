import path from "node:path";
import { loadConfig, type AppConfig } from "../config.ts";
import { connect, type DbHandle } from "../db/connect.ts";

/**
 * The database an operator's command works on: the one the server would use with the same
 * environment (DATABASE_URL + PG_SCHEMA, else DATA_DIR/shop.sqlite). Closed after `work`.
 */
export async function withShopDatabase<T>(work: (handle: DbHandle, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const handle = connect({ databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, sqliteFile: path.join(config.dataDir, "shop.sqlite") });
  try {
    return await work(handle, config);
  } finally {
    await handle.close();
  }
}

/** Where the command's database is, for its output (never the password of a URL). */
export function describeDatabase(config: AppConfig): string {
  if (!config.databaseUrl) return path.join(config.dataDir, "shop.sqlite");
  const url = new URL(config.databaseUrl);
  url.password = "";
  return `${url.toString()}${config.pgSchema ? `（schema ${config.pgSchema}）` : ""}`;
}
