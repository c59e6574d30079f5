import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { ConfigKey, ConfigValues } from "./config-keys.ts";
import { now } from "./time.ts";

/** Reads a setting; missing or unreadable values fall back to `fallback` (objects are merged over it). */
export async function getConfig<K extends ConfigKey>(db: Kysely<DB>, key: K, fallback: ConfigValues[K]): Promise<ConfigValues[K]> {
  const row = await db.selectFrom("config").select("value").where("config_key", "=", key).executeTakeFirst();
  return configValue(row?.value, fallback);
}

/** Several settings in one read (each as getConfig answers it): a checkout needs five at once. */
export async function getConfigs<K extends ConfigKey>(db: Kysely<DB>, fallbacks: { [P in K]: ConfigValues[P] }): Promise<{ [P in K]: ConfigValues[P] }> {
  const keys = Object.keys(fallbacks) as K[];
  if (keys.length === 0) return fallbacks;
  const rows = await db.selectFrom("config").select(["config_key", "value"]).where("config_key", "in", keys).execute();
  const stored = new Map(rows.map((row) => [row.config_key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, configValue(stored.get(key), fallbacks[key])])) as { [P in K]: ConfigValues[P] };
}

function configValue<T>(json: string | undefined, fallback: T): T {
  if (json === undefined) return fallback;
  try {
    const value = JSON.parse(json) as T;
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
