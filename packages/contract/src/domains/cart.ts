import { z } from "zod";
import { endpoint, id, noBody } from "../endpoint.ts";
import { MAX_CART_NUM, type CartInvalidType } from "./cart-rules.ts";

// The quantity rules have no schema: the cart page and the mini cart use them in the browser.
export * from "./cart-rules.ts";

/**
 * The member's cart (reference "Cart (login required)"; SPEC §3 cart item, §4 cart count). One line
 * per SKU: adding an SKU again raises its quantity. Money is a string with two decimals.
 */

/** A line of /api/cart/goodslists. */
export interface CartLine {
  cart_id: number;
  site_id: number;
  sku_id: number;
  goods_id: number;
  num: number;
  sku_name: string;
  goods_name: string;
  price: string;
  discount_price: string;
  /** discount_price after the member level's discount (≤ discount_price) */
  member_price: string;
  stock: number;
  /** 1 on shelf, 0 off shelf */
  goods_state: number;
  /** 1 when the goods (or the SKU) was deleted */
  is_delete: number;
  sku_image: string;
  /** JSON string of the SKU's spec values [{spec_id, spec_name, spec_value_id, spec_value_name}] */
  sku_spec_format: string;
  unit: string;
  /** 0 = no limit */
  max_buy: number;
  /** 0 = no minimum */
  min_buy: number;
  /** "" when the line can be bought; listed apart on the cart page otherwise (清空失效商品) */
  invalid_type: CartInvalidType;
}

const quantity = z.coerce.number().int().min(1).max(MAX_CART_NUM);

/** "12" or "1,2,3" (a number is taken as one id): at most 200 distinct ids. */
export const MAX_CART_IDS = 200;
const cartIdList = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z
    .string()
    .trim()
    .min(1)
    .max(MAX_CART_IDS * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((value) => [...new Set(value.split(",").map(Number))])
    .refine((ids) => ids.length <= MAX_CART_IDS && ids.every((cartId) => cartId > 0 && cartId <= 2_147_483_647)),
);

export const cartEndpoints = {
  /**
   * Adds num of an SKU → the cart_id (> 0). An SKU already in the cart has its quantity raised;
   * the resulting quantity must respect stock, max_buy and min_buy. site_id is accepted and ignored.
   */
  "/api/cart/add": endpoint<number>()(z.object({ sku_id: id, num: quantity, site_id: z.coerce.number().int().min(0).max(2_147_483_647).optional() })),
  /** Sets a line's quantity → 1. */
  "/api/cart/edit": endpoint<number>()(z.object({ cart_id: id, num: quantity })),
  /** Deletes lines ("1,2") → how many; every id must be one of the member's lines, else nothing is deleted. */
  "/api/cart/delete": endpoint<number>()(z.object({ cart_id: cartIdList })),
  /** Deletes the lines that cannot be bought (deleted, off shelf, no stock) → how many. */
  "/api/cart/clearinvalid": endpoint<number>()(noBody),
  /** The member's lines, latest added first, invalid ones included (invalid_type set). */
  "/api/cart/goodslists": endpoint<CartLine[]>()(noBody),
  /** Sum of the quantities of the lines that can be bought (the header and side-bar badge). */
  "/api/cart/count": endpoint<number>()(noBody),
};
