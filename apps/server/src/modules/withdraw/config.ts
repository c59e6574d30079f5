import { z } from "zod";
import { WITHDRAW_TYPES, WITHDRAW_TYPE_KEYS, ratePercent, type WithdrawConfig, type WithdrawType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";

/**
 * The shop's withdrawal settings, one JSON row in `config` (key withdraw_config): whether members
 * may apply, the smallest amount, the fee rate (basis points) and the transfer types offered, in
 * the shop's order. A missing or unreadable row is the defaults.
 */
export const WITHDRAW_CONFIG_KEY = "withdraw_config";

export interface WithdrawSettings {
  is_use: 0 | 1;
  min_cents: number;
  rate_basis_points: number;
  transfer_types: WithdrawType[];
}

export const DEFAULT_WITHDRAW_SETTINGS: WithdrawSettings = { is_use: 1, min_cents: 1000, rate_basis_points: 0, transfer_types: ["bank", "alipay"] };

const storedSettings = z.object({
  is_use: z.union([z.literal(0), z.literal(1)]),
  min_cents: z.number().int().min(1),
  rate_basis_points: z.number().int().min(0).max(10_000),
  transfer_types: z.array(z.enum(WITHDRAW_TYPE_KEYS)),
});

export async function loadWithdrawSettings(db: Db): Promise<WithdrawSettings> {
  const row = await db.selectFrom("config").select("value").where("config_key", "=", WITHDRAW_CONFIG_KEY).executeTakeFirst();
  if (!row) return DEFAULT_WITHDRAW_SETTINGS;
  try {
    const parsed = storedSettings.safeParse({ ...DEFAULT_WITHDRAW_SETTINGS, ...(JSON.parse(row.value) as object) });
    return parsed.success ? parsed.data : DEFAULT_WITHDRAW_SETTINGS;
  } catch {
    return DEFAULT_WITHDRAW_SETTINGS;
  }
}

export async function saveWithdrawSettings(db: Db, settings: WithdrawSettings): Promise<void> {
  const value = JSON.stringify(storedSettings.parse(settings));
  const at = now();
  await db
    .insertInto("config")
    .values({ config_key: WITHDRAW_CONFIG_KEY, value, update_time: at })
    .onConflict((conflict) => conflict.column("config_key").doUpdateSet({ value, update_time: at }))
    .execute();
}

/** The settings as the wire shows them. */
export function toWithdrawConfig(settings: WithdrawSettings): WithdrawConfig {
  return {
    is_use: settings.is_use,
    min: yuan(settings.min_cents),
    rate: ratePercent(settings.rate_basis_points),
    transfer_type: settings.transfer_types.join(","),
    transfer_type_list: settings.transfer_types.map((type) => ({ type, name: WITHDRAW_TYPES[type] })),
  };
}

/** {bank: "银行卡", alipay: "支付宝"}: the types offered (/api/memberwithdraw/transferType). */
export function offeredTransferTypes(settings: WithdrawSettings): Partial<Record<WithdrawType, string>> {
  return Object.fromEntries(settings.transfer_types.map((type) => [type, WITHDRAW_TYPES[type]]));
}
