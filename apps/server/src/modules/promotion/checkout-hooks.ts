/**
 * The promotion checkout core (issue 11; ADR 0021). How a promotion (seckill, groupbuy, bundling)
 * sells through the one checkout pipeline of modules/checkout, without copies of it:
 *
 * 1. Contract: the promotion's domain file spreads
 *      ...promotionCheckoutEndpoints("/groupbuy/api/ordercreate", groupbuyPaymentBody)
 *    (packages/contract/src/domains/promotion.ts) → <prefix>/payment (its own body),
 *    <prefix>/calculate and <prefix>/create (the bodies of /api/ordercreate/calculate and create).
 *    A promotion whose orders take coupons adds promotionCouponListEndpoint(prefix) too.
 * 2. Hooks: the module implements PromotionCheckout (registry.ts) and calls
 *    registerPromotion(hooks) before its routes, e.g. in its routes.ts:
 *      registerPromotion(groupbuyCheckout);
 *      registerPromotionOrderRoutes(api, "/groupbuy/api/ordercreate", "groupbuy", (body) => ({
 *        kind: "promotion", promotion: "groupbuy", promotion_id: body.groupbuy_id, sku_ids: [body.sku_id], num: body.num,
 *      }));
 * 3. What the pipeline does with the source { kind: "promotion", promotion, promotion_id, sku_ids, num, extra? }:
 *    - payment: hooks.door before the session is read and hooks.enter after it (an optional fast
 *      door: refuse a flash crowd cheaply); hooks.leave when the preview then refuses, and when
 *      create ends; hooks.pace runs the preview and create of those let in at the promotion's
 *      pace. Then the source is
 *      kept under a new order_key (order_checkout), the lines come from
 *      hooks.priceLines (the promotion price; every refusal a Chinese fail()), the answer is
 *      /api/ordercreate/payment's plus `promotion` {promotion_type, promotion_type_name,
 *      promotion_id, allow_coupon, auto_close_minutes}.
 *    - calculate: the same computation as /api/ordercreate/calculate (delivery, points, balance,
 *      invoice); coupons only when hooks.allowsCoupon (else coupon_money 0 whatever was chosen).
 *      promotion_money stays 0: the lines are already at the promotion price.
 *      The calls of /api/ordercreate/* accept a promotion's order_key too: one pipeline.
 *    - create: [hooks.reserve before the unit of work; hooks.release(db, reservation, created) after it]
 *      → one unit of work: priceLines again (refusals re-checked on fresh rows), SKU stock taken by
 *      conditional update in sku_id order, the order (orders.promotion_type / promotion_id set) and
 *      its lines, then hooks.take(tx, order, source, lines) — take the promotion's pool / counts by
 *      conditional updates, throw to roll everything back — then coupon, points, balance, trade, and
 *      the auto-close job at now + hooks.autoCloseMinutes (default order_config's).
 *    - close of an unpaid order (modules/order/close.ts, member, staff or the auto-close job):
 *      SKU stock back, then hooks.giveBack(tx, order, lines) once (the close is a conditional
 *      transition: it happens once), then coupon, balance, points.
 *    - a whole refund of a paid order (modules/refund/settle.ts): hooks.giveBack when
 *      hooks.giveBackOnWholeRefund.
 *    Lock order (PostgreSQL): SKUs (ascending sku_id) → the promotion's rows → coupons → members.
 *    Effects outside the database (Redis counters, cache purges) go through afterCommit(tx, …).
 * 4. Orders: order views answer promotion_type ("" | seckill | groupbuy | bundling),
 *    promotion_type_name (秒杀 | 团购 | 组合套餐) and promotion_id.
 */
import type { Api, RouteOptions } from "../../core/api.ts";
import { endpoints, type EndpointPath } from "@shop/contract";
import type { MemberContext } from "../../core/context.ts";
import { previewCheckout } from "../checkout/payment.ts";
import { calculateCheckout, checkoutCoupons } from "../checkout/calculate.ts";
import { toWireCalculation } from "../checkout/wire.ts";
import { createOrder, type CreateRequest } from "../checkout/create.ts";
import { lookupPromotion, type PromotionKind, type PromotionSource } from "./registry.ts";
import type { CheckoutChoices } from "@shop/contract";

export { registerPromotion, lookupPromotion, promotionOfOrder } from "./registry.ts";
export type { PromotionCheckout, PromotionKind, PromotionSource, PromotionOrder, PromotionOrderLine, Reservation } from "./registry.ts";
export { pricePromotionLines, type PromotionWantedLine } from "../checkout/order-lines.ts";

type Route = (path: EndpointPath, handler: (body: never, ctx: MemberContext) => unknown, options?: RouteOptions) => void;

/**
 * Serves <prefix>/payment, /calculate and /create (and /getcouponlist when the promotion takes
 * coupons and the contract declares it) for logged-in members, through modules/checkout with the
 * promotion's source. `toSource` turns payment's validated body into the source; its kind must be
 * `kind` (the promotion must be registered first).
 */
export function registerPromotionOrderRoutes<B>(
  api: Api,
  prefix: string,
  kind: PromotionKind,
  toSource: (body: B) => PromotionSource,
): void {
  const { db } = api.deps;
  const hooks = lookupPromotion(kind);
  // The paths are declared by promotionCheckoutEndpoints(prefix, …) in the promotion's contract domain.
  const member = api.member as unknown as Route;
  const sourceOf = (body: B) => {
    const source = toSource(body);
    if (source.promotion !== kind) throw new Error(`registerPromotionOrderRoutes(${kind}) got a ${source.promotion} source`);
    return source;
  };
  const door = hooks.door;
  member(`${prefix}/payment` as EndpointPath, async (body: B, ctx) => {
    const source = sourceOf(body);
    const preview = () => previewCheckout(db, ctx.memberId, source);
    try {
      // The route checked the session: a member call carries its token.
      await hooks.enter?.(db, ctx.memberId, source, ctx.token!);
      return await (hooks.pace ? hooks.pace(db, preview) : preview());
    } catch (error) {
      hooks.leave?.(db, ctx.memberId, source);
      throw error;
    }
  }, door ? { door: (body: B, token: string) => door(db, token, sourceOf(body)) } : undefined);
  member(`${prefix}/calculate` as EndpointPath, async (body: CheckoutChoices, ctx) =>
    toWireCalculation(body.order_key, await calculateCheckout(db, ctx.memberId, body)),
  );
  member(`${prefix}/create` as EndpointPath, (body: CreateRequest, ctx) => createOrder(db, ctx.memberId, body));
  if (hooks.allowsCoupon && `${prefix}/getcouponlist` in endpoints) {
    member(`${prefix}/getcouponlist` as EndpointPath, (body: { order_key: string }, ctx) => checkoutCoupons(db, ctx.memberId, body.order_key));
  }
}
