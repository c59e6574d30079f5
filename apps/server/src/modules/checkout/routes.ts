import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { previewPayment } from "./payment.ts";
import { calculateCheckout } from "./calculate.ts";
import { toWireCalculation } from "./wire.ts";
import { createOrder } from "./create.ts";
import { loadCheckout } from "./checkout-key.ts";

/** Checkout (issue 6): payment → calculate → create, all for logged-in members. docs/api/checkout.md */
export function registerCheckoutRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.member("/api/ordercreate/payment", (body, ctx) => previewPayment(db, ctx.memberId, body));
  api.member("/api/ordercreate/calculate", async (body, ctx) => toWireCalculation(body.order_key, await calculateCheckout(db, ctx.memberId, body)));
  api.member("/api/ordercreate/create", (body, ctx) => createOrder(db, ctx.memberId, body));
  // Coupons come with a later issue: the key is still checked, so a foreign or expired one is refused.
  api.member("/api/ordercreate/getcouponlist", async (body, ctx) => {
    await loadCheckout(db, ctx.memberId, body.order_key);
    return [];
  });
}
