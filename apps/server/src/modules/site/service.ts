import type { Kysely } from "kysely";
import type { ServicerConfig, SiteInfo } from "@shop/contract";
import type { DB } from "../../db/schema.ts";
import type { ConfigValues } from "../../core/config-keys.ts";
import { getConfig, setConfig } from "../../core/config-store.ts";
import { cachedCall, purgeTags } from "../../core/cache/public-cache.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { CONFIG_DEFAULTS, DEFAULT_SERVICER_CHANNEL } from "./defaults.ts";

/** The site settings of the `config` table, each over its default. */

type DefaultedKey = keyof typeof CONFIG_DEFAULTS;

export const DEFAULT_SITE_INFO: SiteInfo = CONFIG_DEFAULTS.site_info;

/**
 * A setting merged over its default (missing fields keep the default's). Cached: every page reads
 * several; saveSetting purges them.
 */
export const readSetting = <K extends DefaultedKey>(db: Kysely<DB>, key: K): Promise<ConfigValues[K]> =>
  cachedCall({ db }, "config", key, [CacheTag.site], () => getConfig(db, key, CONFIG_DEFAULTS[key] as ConfigValues[K]));

/** Saves a setting (back office, scripts); every cached page and datum showing site settings goes. */
export async function saveSetting<K extends DefaultedKey>(db: Kysely<DB>, key: K, value: ConfigValues[K]): Promise<void> {
  await setConfig(db, key, value);
  await purgeTags({ db }, [CacheTag.site]);
}

export const getSiteInfo = (db: Kysely<DB>) => readSetting(db, "site_info");

/** Each channel is completed from the default, so a client can read data.pc.type whatever was saved. */
export async function getServicerConfig(db: Kysely<DB>): Promise<ServicerConfig> {
  const saved = await readSetting(db, "servicer");
  return {
    h5: { ...DEFAULT_SERVICER_CHANNEL, ...saved.h5 },
    weapp: { ...DEFAULT_SERVICER_CHANNEL, ...saved.weapp },
    pc: { ...DEFAULT_SERVICER_CHANNEL, ...saved.pc },
    aliapp: { ...DEFAULT_SERVICER_CHANNEL, ...saved.aliapp },
  };
}
