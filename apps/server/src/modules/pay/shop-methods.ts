import type { AppDeps } from "../../core/context.ts";
import { CacheTag } from "../../core/cache/tags.ts";
import { readSetting } from "../site/service.ts";
import { secretBoxOf } from "../site/settings-secrets.ts";
import { loadPayConfig } from "./config.ts";
import { effectivePayConfig } from "./key-settings.ts";
import { PayMethods } from "./methods.ts";

const shared = new WeakMap<object, PayMethods>();

/**
 * The app's payment methods (one instance for the cashier, the refund jobs and the console):
 * the environment's configuration with the console's settings over it, refreshed when a
 * settings purge reaches this process (and by the cashier before each use).
 */
export function payMethodsOf(deps: Pick<AppDeps, "db" | "config" | "cache">): PayMethods {
  let methods = shared.get(deps.db);
  if (methods) return methods;
  const env = loadPayConfig(process.env, deps.config);
  const box = secretBoxOf(deps.config);
  const created = new PayMethods(env, async () => {
    const [stored, balance] = await Promise.all([readSetting(deps.db, "pay_config"), readSetting(deps.db, "balance_config")]);
    return effectivePayConfig(env, { stored, balanceEnabled: Number(balance.is_enable) === 1, box });
  });
  deps.cache.onPurge((tags) => {
    if (tags.includes(CacheTag.site)) return created.refresh().then(() => undefined).catch(() => undefined);
  });
  shared.set(deps.db, created);
  methods = created;
  // The first read, so jobs that never pass through the cashier see the console's keys too.
  void created.refresh().catch(() => undefined);
  return methods;
}
