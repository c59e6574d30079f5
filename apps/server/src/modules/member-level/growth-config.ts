import type { GrowthConfig } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { getOwnConfig } from "./own-config.ts";

/** How paid orders earn growth (ADR 0016): staff edit it with the levels. */

export const DEFAULT_GROWTH_CONFIG: GrowthConfig = { order_growth_per_yuan: 1 };

export function getGrowthConfig(db: Db): Promise<GrowthConfig> {
  return getOwnConfig(db, "member_growth_config", DEFAULT_GROWTH_CONFIG);
}

/** Growth an order of `orderMoneyCents` earns: whole yuan × the rate, rounded down. */
export function orderGrowth(orderMoneyCents: number, config: GrowthConfig): number {
  return Math.floor(orderMoneyCents / 100) * config.order_growth_per_yuan;
}
