import type { GrowthConfig, SigninConfig } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { ConfigKey } from "../../core/config-keys.ts";
import { getConfig, setConfig } from "../../core/config-store.ts";

/**
 * The settings of levels and sign-in, kept in the `config` table like every other setting. Their
 * keys are typed here rather than in core/config-keys.ts (shared with the whole shop, where a key
 * would also have to be seeded by seed/site-config.ts); the casts only bridge that typing.
 */
export interface LevelSigninConfigValues {
  member_growth_config: GrowthConfig;
  signin_config: SigninConfig;
}
type OwnKey = keyof LevelSigninConfigValues;

export function getOwnConfig<K extends OwnKey>(db: Db, key: K, fallback: LevelSigninConfigValues[K]): Promise<LevelSigninConfigValues[K]> {
  return getConfig(db, key as unknown as ConfigKey, fallback as never) as unknown as Promise<LevelSigninConfigValues[K]>;
}

export function setOwnConfig<K extends OwnKey>(db: Db, key: K, value: LevelSigninConfigValues[K]): Promise<void> {
  return setConfig(db, key as unknown as ConfigKey, value as never);
}
