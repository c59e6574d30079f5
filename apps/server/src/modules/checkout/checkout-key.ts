import crypto from "node:crypto";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import type { PromotionSource } from "../promotion/registry.ts";

/**
 * What /api/ordercreate/payment was asked to sell, kept under a random `order_key` in
 * order_checkout so that calculate and create refer to it without the client resending it. Only
 * the source is kept (which SKU and how many, or which cart lines): prices, stock and the cart's
 * quantities are read again on every call. A promotion's checkout (/seckill/api/ordercreate/payment …)
 * keeps a PromotionSource (modules/promotion/registry.ts): its lines are priced by the promotion.
 */
export type CheckoutSource = { kind: "buy_now"; sku_id: number; num: number } | { kind: "cart"; cart_ids: number[] } | PromotionSource;

/** How long a checkout stays valid: long enough to fill the page, short enough not to pile up. */
export const CHECKOUT_TTL_SECONDS = 2 * 3600;

/** Expired checkouts older than this are deleted when new ones are made. */
const CLEANUP_AFTER_SECONDS = 24 * 3600;

export const CHECKOUT_NOT_FOUND = "结算信息不存在或已过期，请返回重新下单";

export async function saveCheckout(db: Db, memberId: number, source: CheckoutSource): Promise<{ orderKey: string; expireTime: number }> {
  const at = now();
  const orderKey = crypto.randomBytes(16).toString("hex");
  const expireTime = at + CHECKOUT_TTL_SECONDS;
  await db.deleteFrom("order_checkout").where("expire_time", "<", at - CLEANUP_AFTER_SECONDS).execute();
  await db
    .insertInto("order_checkout")
    .values({ order_key: orderKey, member_id: memberId, source: JSON.stringify(source), create_time: at, expire_time: expireTime })
    .execute();
  return { orderKey, expireTime };
}

/** The member's own, unexpired checkout; another member's key is "not found" like an unknown one. */
export async function loadCheckout(db: Db, memberId: number, orderKey: string): Promise<CheckoutSource> {
  const row = await db
    .selectFrom("order_checkout")
    .select(["source", "expire_time"])
    .where("order_key", "=", orderKey)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!row || row.expire_time < now()) return fail(CHECKOUT_NOT_FOUND);
  return JSON.parse(row.source) as CheckoutSource;
}
