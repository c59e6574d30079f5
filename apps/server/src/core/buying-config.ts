import type { ConfigValues } from "./config-keys.ts";

/**
 * Defaults of the buying settings: what services fall back to when a shop never saved them, and
 * what the seed writes. Read them with `getConfig(db, key, BUYING_CONFIG_DEFAULTS[key])`.
 */
export const BUYING_CONFIG_DEFAULTS = {
  order_config: { auto_close_minutes: 30, auto_receive_days: 7, auto_complete_days: 7 },
  point_config: { is_enable: 1, points_per_yuan: 100, max_percent: 50 },
  local_delivery: { is_enable: 1, city_id: 310100, range_km: 0, fee_cents: 800, start_money_cents: 2000, free_above_cents: 9900 },
  invoice_config: { is_enable: 1, rate_percent: 6, types: "1,2", contents: ["商品明细", "商品类别"] },
  express_config: { free_shipping_above_cents: 9900 },
} satisfies Pick<ConfigValues, "order_config" | "point_config" | "local_delivery" | "invoice_config" | "express_config">;
