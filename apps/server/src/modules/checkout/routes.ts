import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { previewPayment } from "./payment.ts";
import { calculateCheckout, checkoutCoupons } from "./calculate.ts";
import { toWireCalculation } from "./wire.ts";
import { createOrder } from "./create.ts";

/** Checkout (issue 6): payment → calculate → create, all for logged-in members. docs/api/checkout.md */
export function registerCheckoutRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.member("/api/ordercreate/payment", (body, ctx) => previewPayment(db, ctx.memberId, body));
  api.member("/api/ordercreate/calculate", async (body, ctx) => toWireCalculation(body.order_key, await calculateCheckout(db, ctx.memberId, body)));
  api.member("/api/ordercreate/create", (body, ctx) => createOrder(db, ctx.memberId, body));
  // A foreign or expired order_key is refused like an unknown one.
  api.member("/api/ordercreate/getcouponlist", (body, ctx) => checkoutCoupons(db, ctx.memberId, body.order_key));
}
