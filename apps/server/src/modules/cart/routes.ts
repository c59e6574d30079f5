import type { FastifyInstance } from "fastify";
import type { Api } from "../../core/api.ts";
import { countCart, listCartLines } from "./cart-lines.ts";
import { addToCart, clearInvalidLines, deleteCartLines, editCartLine } from "./cart-service.ts";

/** The member's cart (docs/api/cart.md): every call needs a logged-in member and sees only their lines. */
export function registerCartRoutes(api: Api, _app: FastifyInstance): void {
  const { db } = api.deps;
  api.member("/api/cart/add", ({ sku_id, num }, ctx) => addToCart(db, ctx.memberId, sku_id, num));
  api.member("/api/cart/edit", ({ cart_id, num }, ctx) => editCartLine(db, ctx.memberId, cart_id, num));
  api.member("/api/cart/delete", ({ cart_id }, ctx) => deleteCartLines(db, ctx.memberId, cart_id));
  api.member("/api/cart/clearinvalid", (_body, ctx) => clearInvalidLines(db, ctx.memberId));
  api.member("/api/cart/goodslists", (_body, ctx) => listCartLines(db, ctx.memberId));
  api.member("/api/cart/count", (_body, ctx) => countCart(db, ctx.memberId));
}
