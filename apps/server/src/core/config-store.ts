import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { ConfigKey, ConfigValues } from "./config-keys.ts";
import { now } from "./time.ts";

/** Reads a setting; missing or unreadable values fall back to `fallback` (objects are merged over it). */
export async function getConfig<K extends ConfigKey>(db: Kysely<DB>, key: K, fallback: ConfigValues[K]): Promise<ConfigValues[K]> {
  const row = await db.selectFrom("config").select("value").where("config_key", "=", key).executeTakeFirst();
  if (!row) return fallback;
  try {
    const value = JSON.parse(row.value) as ConfigValues[K];
    return fallback && typeof fallback === "object" && !Array.isArray(fallback) ? { ...fallback, ...value } : value;
  } catch {
    return fallback;
  }
}

export async function setConfig<K extends ConfigKey>(db: Kysely<DB>, key: K, value: ConfigValues[K]): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("config")
    .values({ config_key: key, value: json, update_time: now() })
    .onConflict((conflict) => conflict.column("config_key").doUpdateSet({ value: json, update_time: now() }))
    .execute();
}
