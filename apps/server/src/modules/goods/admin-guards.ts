import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";

/** Order states in which an order still acts on its SKUs (payment, shipping, pickup, use, refunds of stock). */
const FINISHED_ORDER_STATES = [-1, 10, 12];

/**
 * A SKU may leave its goods (editgoods) only when no open order and no promotion uses it: the
 * order itself keeps its snapshot (order_goods), but closing it gives the stock back to the SKU.
 */
export async function refuseSkusInUse(tx: Db, skuIds: number[]): Promise<void> {
  if (skuIds.length === 0) return;
  const ordered = await tx
    .selectFrom("order_goods")
    .innerJoin("orders", "orders.order_id", "order_goods.order_id")
    .innerJoin("goods_sku", "goods_sku.sku_id", "order_goods.sku_id")
    .select(["goods_sku.spec_name", "goods_sku.sku_name"])
    .where("order_goods.sku_id", "in", skuIds)
    .where("orders.order_status", "not in", FINISHED_ORDER_STATES)
    .executeTakeFirst();
  if (ordered) fail(`规格「${ordered.spec_name || ordered.sku_name}」还有未完成的订单，不能删除；可将其库存设为 0`);
  const promoted =
    (await tx.selectFrom("promotion_seckill_sku").select("sku_id").where("sku_id", "in", skuIds).executeTakeFirst()) ??
    (await tx.selectFrom("promotion_groupbuy_sku").select("sku_id").where("sku_id", "in", skuIds).executeTakeFirst());
  if (promoted) fail("有规格参加了秒杀或团购活动，不能删除；请先调整活动");
}

/**
 * Goods may be deleted for good only when no order (of any state: order history, evaluations and
 * after-sales refer to them) and no promotion or coupon scope refers to them.
 */
export async function refuseGoodsInUse(tx: Db, goodsIds: number[]): Promise<void> {
  const ordered = await tx.selectFrom("order_goods").select(["goods_name"]).where("goods_id", "in", goodsIds).executeTakeFirst();
  if (ordered) fail(`商品「${ordered.goods_name}」已有订单，不能彻底删除（可留在回收站）`);
  const checks = [
    tx.selectFrom("promotion_seckill").select("goods_id").where("goods_id", "in", goodsIds),
    tx.selectFrom("promotion_groupbuy").select("goods_id").where("goods_id", "in", goodsIds),
    tx.selectFrom("promotion_bundling_goods").select("goods_id").where("goods_id", "in", goodsIds),
  ];
  for (const check of checks) {
    if (await check.executeTakeFirst()) fail("商品参加了营销活动（秒杀、团购或组合套餐），不能彻底删除");
  }
}
