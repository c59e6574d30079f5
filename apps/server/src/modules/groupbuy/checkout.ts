import { cents } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { pricePromotionLines, type PromotionCheckout, type PromotionOrder, type PromotionOrderLine, type PromotionSource } from "../promotion/checkout-hooks.ts";
import { notOnSaleReason, PromotionState } from "./window.ts";
import { GROUPBUY_NOT_FOUND } from "./public.ts";

/**
 * A group buy sells through the one checkout pipeline (modules/promotion/checkout-hooks.ts): one SKU
 * of its goods at the SKU's group-buy price, at least buy_num units, while the group buy runs. Stock
 * is the SKU's own, taken by the pipeline; take raises sell_num in the same unit of work (refused if
 * the group buy was closed or ended meanwhile), a close of the unpaid order lowers it again. No
 * coupons on group-buy orders (as the reference).
 */
async function priceLines(db: Db, _memberId: number, source: PromotionSource) {
  const groupbuy = await db.selectFrom("promotion_groupbuy").selectAll().where("groupbuy_id", "=", source.promotion_id).executeTakeFirst();
  if (!groupbuy) return fail(GROUPBUY_NOT_FOUND);
  const closed = notOnSaleReason(groupbuy, now(), "团购活动");
  if (closed) fail(closed);
  const [skuId] = source.sku_ids;
  if (source.sku_ids.length !== 1 || skuId === undefined) fail("请选择一个规格");
  const price = await db
    .selectFrom("promotion_groupbuy_sku")
    .select("groupbuy_price_cents")
    .where("groupbuy_id", "=", groupbuy.groupbuy_id)
    .where("sku_id", "=", skuId!)
    .executeTakeFirst();
  if (!price) fail("该规格不参与本次团购");
  if (source.num < groupbuy.buy_num) fail(`团购商品 ${groupbuy.buy_num} 件起购`);
  return pricePromotionLines(db, [{ skuId: skuId!, num: source.num, priceCents: cents(price!.groupbuy_price_cents) }]);
}

async function take(tx: Db, order: PromotionOrder, source: PromotionSource): Promise<void> {
  const at = now();
  const result = await tx
    .updateTable("promotion_groupbuy")
    .set((eb) => ({ sell_num: eb("sell_num", "+", source.num) }))
    .where("groupbuy_id", "=", order.promotion_id)
    .where("status", "=", PromotionState.ON)
    .where("start_time", "<=", at)
    .where("end_time", ">", at)
    .executeTakeFirst();
  expectAffected(result, 1, "团购活动已结束");
}

async function giveBack(tx: Db, order: PromotionOrder, lines: PromotionOrderLine[]): Promise<void> {
  const units = lines.reduce((sum, line) => sum + line.num, 0);
  await tx
    .updateTable("promotion_groupbuy")
    .set((eb) => ({ sell_num: eb("sell_num", "-", units) }))
    .where("groupbuy_id", "=", order.promotion_id)
    .where("sell_num", ">=", units)
    .execute();
}

export const groupbuyCheckout: PromotionCheckout = {
  kind: "groupbuy",
  priceLines,
  allowsCoupon: false,
  take,
  giveBack,
  giveBackOnWholeRefund: false,
};
