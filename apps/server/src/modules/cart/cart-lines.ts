import { cents, formatYuan, minCents, type CartInvalidType, type CartLine } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { findMemberPricing, memberPriceCents, FULL_PRICE_PERCENT } from "../goods/detail-member-price.ts";

/** The one shop of this B2C storefront (SPEC §2: the platform is shop 0). */
export const PLATFORM_SITE_ID = 0;

/** What decides whether a line can be bought: its goods' state and the SKU's stock. */
interface LineState {
  /** null when the SKU (or its goods) no longer exists */
  goods_state: number | null;
  is_delete: number | null;
  stock: number | null;
  min_buy: number | null;
}

/** Why a line cannot be bought now, "" when it can (the one definition: list, count and clear use it). */
export function invalidTypeOf(line: LineState): CartInvalidType {
  if (line.goods_state === null || line.is_delete === null || line.stock === null || line.is_delete !== 0) return "deleted";
  if (line.goods_state !== 1) return "off_shelf";
  if (Number(line.stock) < Math.max(1, Number(line.min_buy))) return "no_stock";
  return "";
}

/**
 * The member's lines with their SKU and goods (left joins: a line whose SKU or goods disappeared
 * is still listed, as deleted), latest added first. `cartIds` narrows to those lines.
 */
function selectLines(db: Db, memberId: number, cartIds?: readonly number[]) {
  let query = db
    .selectFrom("cart")
    .leftJoin("goods_sku as sku", "sku.sku_id", "cart.sku_id")
    .leftJoin("goods", "goods.goods_id", "sku.goods_id")
    .select([
      "cart.cart_id", "cart.site_id", "cart.sku_id", "cart.num",
      "sku.goods_id", "sku.sku_name", "sku.sku_image", "sku.sku_spec_format", "sku.stock",
      "sku.price_cents", "sku.discount_price_cents",
      "goods.goods_name", "goods.goods_image", "goods.goods_state", "goods.is_delete", "goods.unit", "goods.max_buy", "goods.min_buy",
    ])
    .where("cart.member_id", "=", memberId);
  if (cartIds) query = query.where("cart.cart_id", "in", cartIds.length ? [...cartIds] : [0]);
  return query.orderBy("cart.cart_id", "desc");
}

type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>["execute"]>>[number];

const firstImage = (images: string | null) => (images ?? "").split(",")[0]?.trim() ?? "";

function toCartLine(row: LineRow, discountPercent: number): CartLine {
  const discountCents = cents(Number(row.discount_price_cents ?? 0));
  const memberCents = minCents(cents(memberPriceCents(discountCents, discountPercent)), discountCents);
  return {
    cart_id: row.cart_id,
    site_id: row.site_id,
    sku_id: row.sku_id,
    goods_id: row.goods_id ?? 0,
    num: Number(row.num),
    sku_name: row.sku_name ?? "",
    goods_name: row.goods_name ?? "",
    price: formatYuan(cents(Number(row.price_cents ?? 0))),
    discount_price: formatYuan(discountCents),
    member_price: formatYuan(memberCents),
    stock: Number(row.stock ?? 0),
    goods_state: Number(row.goods_state ?? 0),
    is_delete: row.is_delete === null ? 1 : Number(row.is_delete),
    sku_image: row.sku_image || firstImage(row.goods_image),
    sku_spec_format: row.sku_spec_format || "[]",
    unit: row.unit || "件",
    max_buy: Number(row.max_buy ?? 0),
    min_buy: Number(row.min_buy ?? 0),
    invalid_type: invalidTypeOf(row),
  };
}

/**
 * /api/cart/goodslists, and the lines checkout asks for (`cartIds`): priced for the member now
 * (member level discount as on the goods detail), invalid lines included and flagged.
 */
export async function listCartLines(db: Db, memberId: number, cartIds?: readonly number[]): Promise<CartLine[]> {
  const [rows, pricing] = await Promise.all([selectLines(db, memberId, cartIds).execute(), findMemberPricing(db, memberId)]);
  const percent = pricing?.consume_discount ?? FULL_PRICE_PERCENT;
  return rows.map((row) => toCartLine(row, percent));
}

/** Each of the member's lines with what decides its validity. */
function selectLineStates(db: Db, memberId: number) {
  return db
    .selectFrom("cart")
    .leftJoin("goods_sku as sku", "sku.sku_id", "cart.sku_id")
    .leftJoin("goods", "goods.goods_id", "sku.goods_id")
    .select(["cart.cart_id", "cart.num", "sku.stock", "goods.goods_state", "goods.is_delete", "goods.min_buy"])
    .where("cart.member_id", "=", memberId)
    .execute();
}

/** /api/cart/count: the sum of the quantities of the lines that can be bought (as Niushop counts). */
export async function countCart(db: Db, memberId: number): Promise<number> {
  const rows = await selectLineStates(db, memberId);
  return rows.reduce((sum, row) => (invalidTypeOf(row) === "" ? sum + Number(row.num) : sum), 0);
}

/** The ids of the member's lines that cannot be bought. */
export async function findInvalidCartIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await selectLineStates(db, memberId);
  return rows.filter((row) => invalidTypeOf(row) !== "").map((row) => row.cart_id);
}
