import { cents } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { expectAffected } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { pricePromotionLines, type PromotionCheckout, type PromotionOrder, type PromotionOrderLine, type PromotionSource } from "../promotion/checkout-hooks.ts";
import { notOnSaleReason, PromotionState } from "../groupbuy/window.ts";
import { BUNDLING_NOT_FOUND } from "./public.ts";
import { loadGoodsSkus, loadPackageGoods } from "./views.ts";
import { splitPackagePrice } from "./split.ts";

/**
 * A combo sells through the one checkout pipeline (modules/promotion/checkout-hooks.ts; ADR 0022):
 * `num` packages, one SKU picked per goods (sku_ids; omitted ones are the goods' default SKU), each
 * goods a line of num_i × packages units at its share of the package price (splitPackagePrice: the
 * lines add up to the package price × packages exactly). The pipeline takes every line's SKU stock
 * in the one unit of work, in sku_id order: a SKU short of stock rolls the whole order back, so a
 * package is never sold in part. take raises the packages sold; a close of the unpaid order lowers it.
 * Coupons apply, as the reference's combo checkout takes one.
 */
async function priceLines(db: Db, _memberId: number, source: PromotionSource) {
  const bundling = await db.selectFrom("promotion_bundling").selectAll().where("bl_id", "=", source.promotion_id).executeTakeFirst();
  if (!bundling) return fail(BUNDLING_NOT_FOUND);
  const closed = notOnSaleReason(bundling, now(), "组合套餐");
  if (closed) fail(closed);
  const goods = await loadPackageGoods(db, [bundling.bl_id]);
  if (goods.length === 0) fail(BUNDLING_NOT_FOUND);
  const skus = await loadGoodsSkus(db, goods.map((item) => item.goods_id));
  const picked = new Map<number, number>();
  for (const skuId of new Set(source.sku_ids)) {
    const owner = goods.find((item) => (skus.get(item.goods_id) ?? []).some((sku) => sku.sku_id === skuId));
    if (!owner) fail("所选规格不属于该套餐");
    if (picked.has(owner!.goods_id)) fail(`「${owner!.goods_name}」只能选择一个规格`);
    picked.set(owner!.goods_id, skuId);
  }
  const chosen = goods.map((item) => {
    const options = skus.get(item.goods_id) ?? [];
    const sku = options.find((option) => option.sku_id === picked.get(item.goods_id)) ?? options[0];
    if (!sku) return fail(`「${item.goods_name}」已下架`);
    return { item, sku };
  });
  const units = splitPackagePrice(
    cents(bundling.bl_price_cents),
    chosen.map(({ item, sku }) => ({ num: item.num, priceCents: sku.discount_price_cents })),
  );
  return pricePromotionLines(
    db,
    chosen.map(({ item, sku }, index) => ({ skuId: sku.sku_id, num: item.num * source.num, priceCents: units[index]! })),
  );
}

async function take(tx: Db, order: PromotionOrder, source: PromotionSource): Promise<void> {
  const at = now();
  const result = await tx
    .updateTable("promotion_bundling")
    .set((eb) => ({ sell_num: eb("sell_num", "+", source.num) }))
    .where("bl_id", "=", order.promotion_id)
    .where("status", "=", PromotionState.ON)
    .where("start_time", "<=", at)
    .where("end_time", ">", at)
    .executeTakeFirst();
  expectAffected(result, 1, "组合套餐已结束");
}

/** The packages of an order: any line's units over its goods' number per package. */
async function giveBack(tx: Db, order: PromotionOrder, lines: PromotionOrderLine[]): Promise<void> {
  const [line] = lines;
  if (!line) return;
  const row = await tx
    .selectFrom("promotion_bundling_goods")
    .innerJoin("goods_sku", "goods_sku.goods_id", "promotion_bundling_goods.goods_id")
    .select("promotion_bundling_goods.num")
    .where("promotion_bundling_goods.bl_id", "=", order.promotion_id)
    .where("goods_sku.sku_id", "=", line.sku_id)
    .executeTakeFirst();
  const packages = row && row.num > 0 ? Math.floor(line.num / row.num) : 0;
  if (packages <= 0) return;
  await tx
    .updateTable("promotion_bundling")
    .set((eb) => ({ sell_num: eb("sell_num", "-", packages) }))
    .where("bl_id", "=", order.promotion_id)
    .where("sell_num", ">=", packages)
    .execute();
}

export const bundlingCheckout: PromotionCheckout = {
  kind: "bundling",
  priceLines,
  allowsCoupon: true,
  take,
  giveBack,
  giveBackOnWholeRefund: false,
};
