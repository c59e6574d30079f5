/**
 * The cart's rules that pages apply in the browser (cart.ts has the types and schemas). No zod here,
 * so the mini cart and the cart page do not pull in the schemas.
 */

/** Why a line cannot be bought now; "" when it can. */
export type CartInvalidType = "" | "deleted" | "off_shelf" | "no_stock";

/** Lines that cannot be bought (goods deleted or off shelf, no stock left). */
export const isInvalidLine = (line: { invalid_type: CartInvalidType }): boolean => line.invalid_type !== "";

/** The limits a quantity of one SKU must respect. */
export interface QuantityLimits {
  stock: number;
  /** 0 = no limit */
  max_buy: number;
  /** 0 = no minimum */
  min_buy: number;
}

/** The largest quantity one cart line may hold. */
export const MAX_CART_NUM = 99_999;

/**
 * Why a resulting quantity of one SKU is refused, or null when it is allowed. Shared by the server
 * (add, edit) and the cart page (the stepper shows the same reason before asking).
 */
export function cartQuantityProblem(limits: QuantityLimits, num: number): string | null {
  const stock = Math.max(0, limits.stock);
  const minimum = Math.max(1, limits.min_buy);
  if (stock <= 0 || stock < minimum) return "商品库存不足";
  if (limits.max_buy > 0 && num > limits.max_buy && limits.max_buy <= stock) return `每人限购 ${limits.max_buy} 件`;
  if (num > stock) return `库存不足，最多可购买 ${stock} 件`;
  if (num > MAX_CART_NUM) return `单个商品最多购买 ${MAX_CART_NUM} 件`;
  if (num < minimum) return minimum > 1 ? `${minimum} 件起购` : "购买数量不能少于 1 件";
  return null;
}

/** The quantities a line may take: [min, max] (max < min when none is allowed). */
export function cartQuantityRange(limits: QuantityLimits): { min: number; max: number } {
  const min = Math.max(1, limits.min_buy);
  const stock = Math.max(0, limits.stock);
  return { min, max: Math.min(limits.max_buy > 0 ? Math.min(stock, limits.max_buy) : stock, MAX_CART_NUM) };
}
