import type { Db } from "../../db/unit-of-work.ts";
import { getConfig } from "../../core/config-store.ts";
import type { RefundConfig } from "../../core/config-keys.ts";

/** The refund settings when the shop has none (config key refund_config; the seed writes them). */
export const REFUND_CONFIG_DEFAULTS: RefundConfig = {
  auto_agree_days: 3,
  return_close_days: 7,
  after_sale_days: 15,
  refund_reasons: ["未按约定时间发货", "拍错/多拍/不喜欢", "协商一致退款", "商品质量问题", "商品与描述不符", "收到商品少件/破损", "其他"],
  complain_reasons: ["商家无理拒绝退款", "商家未按约定处理", "商品质量问题", "其他"],
  max_images: 5,
  return_address: { name: "商城售后部", mobile: "400-800-8888", address: "上海市 浦东新区 张江路 88 号 售后仓" },
};

const positiveOr = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;

/** The settings, with unusable values (0 days, no reasons) replaced by the defaults. */
export async function refundConfig(db: Db): Promise<RefundConfig> {
  const stored = await getConfig(db, "refund_config", REFUND_CONFIG_DEFAULTS);
  const listOr = (value: unknown, fallback: string[]) =>
    Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string") ? (value as string[]) : fallback;
  return {
    auto_agree_days: positiveOr(stored.auto_agree_days, REFUND_CONFIG_DEFAULTS.auto_agree_days),
    return_close_days: positiveOr(stored.return_close_days, REFUND_CONFIG_DEFAULTS.return_close_days),
    after_sale_days: positiveOr(stored.after_sale_days, REFUND_CONFIG_DEFAULTS.after_sale_days),
    refund_reasons: listOr(stored.refund_reasons, REFUND_CONFIG_DEFAULTS.refund_reasons),
    complain_reasons: listOr(stored.complain_reasons, REFUND_CONFIG_DEFAULTS.complain_reasons),
    max_images: Math.min(9, Math.trunc(positiveOr(stored.max_images, REFUND_CONFIG_DEFAULTS.max_images))),
    return_address: { ...REFUND_CONFIG_DEFAULTS.return_address, ...(stored.return_address ?? {}) },
  };
}
