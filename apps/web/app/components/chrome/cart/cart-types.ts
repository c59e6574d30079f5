import { addCents, centsFromWire, multiplyCents, ZERO_CENTS } from "@shop/contract/money";
import type { CartLine, Cents } from "@shop/contract";

/** What the header's mini-cart and the side bar's badge show. */
export interface CartSummary {
  /** the lines that can be bought, latest added first */
  items: CartLine[];
  /** badge number (/api/cart/count: the sum of their quantities) */
  count: number;
  /** sum of unit price × quantity, in cents */
  total: Cents;
}

/** The price a member pays per unit, in cents: the lower of the discount and member prices (when set). */
export function unitPriceCents(line: Pick<CartLine, "discount_price" | "member_price">): Cents {
  const discount = centsFromWire(line.discount_price);
  const member = centsFromWire(line.member_price);
  return member > 0 && member < discount ? member : discount;
}

/** Unit price × quantity, in cents. */
export const lineTotalCents = (line: Pick<CartLine, "discount_price" | "member_price" | "num">): Cents =>
  multiplyCents(unitPriceCents(line), line.num);

/** The total of some lines, in cents (integer arithmetic: never a float sum). */
export const sumLines = (lines: ReadonlyArray<Pick<CartLine, "discount_price" | "member_price" | "num">>): Cents =>
  lines.length ? addCents(...lines.map(lineTotalCents)) : ZERO_CENTS;

/** SPEC §2 mini-cart: the SKU name with the goods name removed (the spec part), else the SKU name. */
export function specName(line: Pick<CartLine, "sku_name" | "goods_name">): string {
  const spec = line.goods_name ? line.sku_name.replace(line.goods_name, "").trim() : line.sku_name;
  return spec || line.sku_name;
}
