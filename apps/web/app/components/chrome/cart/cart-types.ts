/** A cart line as /api/cart/goodslists returns it (SPEC §3 cart item; prices are strings "99.00"). */
export interface MiniCartLine {
  cart_id: number;
  site_id: number;
  sku_id: number;
  num: number;
  sku_name: string;
  goods_name: string;
  sku_image: string;
  discount_price: string;
  member_price: string;
}

/** What the header's mini-cart and the side bar's badge show. */
export interface CartSummary {
  /** latest added lines first */
  items: MiniCartLine[];
  /** badge number (/api/cart/count) */
  count: number;
  /** sum of unit price × quantity */
  total: number;
}

/** The price a member pays: the lower of the discount and member prices (when set). */
export function unitPrice(line: MiniCartLine): number {
  const discount = Number(line.discount_price) || 0;
  const member = Number(line.member_price) || 0;
  return member > 0 && member < discount ? member : discount;
}

/** SPEC §2 mini-cart: the SKU name with the goods name removed (the spec part), else the SKU name. */
export function specName(line: MiniCartLine): string {
  const spec = line.goods_name ? line.sku_name.replace(line.goods_name, "").trim() : line.sku_name;
  return spec || line.sku_name;
}
