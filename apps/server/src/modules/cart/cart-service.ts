import { cartQuantityProblem, cartQuantityRange, type QuantityLimits } from "@shop/contract";
import { unitOfWork, type Db } from "../../db/unit-of-work.ts";
import { affectedRows, expectAffected } from "../../db/conditional.ts";
import { BizError } from "../../core/errors.ts";
import { now } from "../../core/time.ts";
import { findInvalidCartIds, PLATFORM_SITE_ID } from "./cart-lines.ts";

/** Another member's line, or one already deleted: the same answer (never reveal other carts). */
export const CART_LINE_NOT_FOUND = "购物车商品不存在";

/** The SKU as the cart's rules see it: on sale or not, and its quantity limits. */
async function findSkuLimits(tx: Db, skuId: number): Promise<QuantityLimits> {
  const sku = await tx
    .selectFrom("goods_sku as sku")
    .innerJoin("goods", "goods.goods_id", "sku.goods_id")
    .select(["sku.stock", "goods.goods_state", "goods.is_delete", "goods.max_buy", "goods.min_buy"])
    .where("sku.sku_id", "=", skuId)
    .executeTakeFirst();
  if (!sku) throw new BizError("商品不存在");
  if (sku.is_delete !== 0 || sku.goods_state !== 1) throw new BizError("商品已下架");
  return { stock: Number(sku.stock), max_buy: Number(sku.max_buy), min_buy: Number(sku.min_buy) };
}

/** Throws the reason a resulting quantity is refused; `inCart` (the quantity already there) is named. */
function refuseUnlessAllowed(limits: QuantityLimits, num: number, inCart = 0): void {
  const problem = cartQuantityProblem(limits, num);
  if (!problem) return;
  throw new BizError(inCart > 0 ? `${problem}（购物车中已有 ${inCart} 件）` : problem);
}

/**
 * /api/cart/add → cart_id. The line's quantity is raised by a conditional update that re-checks
 * the limits against the row's current quantity, so concurrent adds of one SKU by one member end
 * with one line holding the right total: on PostgreSQL the loser of a racing first insert does
 * nothing (unique (member_id, sku_id)) and goes round again to raise the winner's line.
 */
export async function addToCart(db: Db, memberId: number, skuId: number, num: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const limits = await findSkuLimits(tx, skuId);
    const range = cartQuantityRange(limits);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const raised = await tx
        .updateTable("cart")
        .set((eb) => ({ num: eb("num", "+", num), update_time: now() }))
        .where("member_id", "=", memberId)
        .where("sku_id", "=", skuId)
        .where((eb) => eb.and([eb(eb("num", "+", num), "<=", range.max), eb(eb("num", "+", num), ">=", range.min)]))
        .returning("cart_id")
        .executeTakeFirst();
      if (raised) return raised.cart_id;

      const existing = await tx.selectFrom("cart").select("num").where("member_id", "=", memberId).where("sku_id", "=", skuId).executeTakeFirst();
      if (existing) {
        const inCart = Number(existing.num);
        refuseUnlessAllowed(limits, inCart + num, inCart);
        continue; // allowed after all: the row changed between the two statements
      }
      refuseUnlessAllowed(limits, num);
      const time = now();
      const inserted = await tx
        .insertInto("cart")
        .values({ site_id: PLATFORM_SITE_ID, member_id: memberId, sku_id: skuId, num, create_time: time, update_time: time })
        .onConflict((conflict) => conflict.columns(["member_id", "sku_id"]).doNothing())
        .returning("cart_id")
        .executeTakeFirst();
      if (inserted) return inserted.cart_id;
    }
    throw new BizError("加入购物车失败，请重试");
  });
}

/** /api/cart/edit → 1: sets a line's quantity within the SKU's limits. */
export async function editCartLine(db: Db, memberId: number, cartId: number, num: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const line = await tx.selectFrom("cart").select("sku_id").where("cart_id", "=", cartId).where("member_id", "=", memberId).executeTakeFirst();
    if (!line) throw new BizError(CART_LINE_NOT_FOUND);
    refuseUnlessAllowed(await findSkuLimits(tx, line.sku_id), num);
    const result = await tx
      .updateTable("cart")
      .set({ num, update_time: now() })
      .where("cart_id", "=", cartId)
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    expectAffected(result, 1, CART_LINE_NOT_FOUND);
    return 1;
  });
}

/** /api/cart/delete → how many lines: all of them are the member's, or nothing is deleted. */
export async function deleteCartLines(db: Db, memberId: number, cartIds: readonly number[]): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const result = await tx.deleteFrom("cart").where("member_id", "=", memberId).where("cart_id", "in", [...cartIds]).executeTakeFirst();
    expectAffected(result, cartIds.length, CART_LINE_NOT_FOUND);
    return cartIds.length;
  });
}

/** /api/cart/clearinvalid → how many: deletes the lines whose goods are gone, off shelf or out of stock. */
export async function clearInvalidLines(db: Db, memberId: number): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const invalidIds = await findInvalidCartIds(tx, memberId);
    if (invalidIds.length === 0) return 0;
    const result = await tx.deleteFrom("cart").where("member_id", "=", memberId).where("cart_id", "in", invalidIds).executeTakeFirst();
    return affectedRows(result);
  });
}
