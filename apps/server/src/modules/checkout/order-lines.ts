import { cents, multiplyCents, type Cents, type CheckoutGoodsLine } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { yuan } from "../../core/money.ts";
import { findMemberPricing, FULL_PRICE_PERCENT, goodsDiscountPercent, memberPriceCents } from "../goods/detail-member-price.ts";
import type { CheckoutSource } from "./checkout-key.ts";
import { lookupPromotion } from "../promotion/registry.ts";

/**
 * The lines of an order, read and priced from the database on every call: what is bought (the
 * buy-now SKU, or the member's own cart lines), whether it can be sold (on shelf, stock, min/max
 * buy) and at what price (the lower of discount price and member price).
 */
export const GOODS_CLASS_VIRTUAL = 2;

interface WantedLine {
  cartId: number;
  skuId: number;
  num: number;
}

export interface PricedLine {
  cartId: number;
  skuId: number;
  goodsId: number;
  skuName: string;
  goodsName: string;
  skuImage: string;
  skuNo: string;
  specName: string;
  goodsClass: number;
  num: number;
  /** unit price paid */
  priceCents: Cents;
  discountPriceCents: Cents;
  memberPriceCents: Cents;
  goodsMoneyCents: Cents;
  stock: number;
  unit: string;
  isFreeShipping: boolean;
  /** grams per unit */
  weight: number;
}

/** The lines a checkout source asks for; cart ids must all be the member's (else "not found"). */
async function wantedLines(db: Db, memberId: number, source: Exclude<CheckoutSource, { kind: "promotion" }>): Promise<WantedLine[]> {
  if (source.kind === "buy_now") return [{ cartId: 0, skuId: source.sku_id, num: source.num }];
  const ids = [...new Set(source.cart_ids)];
  const rows = await db
    .selectFrom("cart")
    .select(["cart_id", "sku_id", "num"])
    .where("member_id", "=", memberId)
    .where("cart_id", "in", ids)
    .orderBy("cart_id")
    .execute();
  if (rows.length !== ids.length) fail("购物车中的商品不存在或已删除，请返回购物车刷新");
  return rows.map((row) => ({ cartId: row.cart_id, skuId: row.sku_id, num: row.num }));
}


/** The SKU rows (with their goods) a checkout prices. */
function loadSkuRows(db: Db, skuIds: number[]) {
  return db
    .selectFrom("goods_sku")
    .innerJoin("goods", "goods.goods_id", "goods_sku.goods_id")
    .select([
      "goods_sku.sku_id", "goods_sku.goods_id", "goods_sku.sku_name", "goods_sku.sku_image", "goods_sku.sku_no",
      "goods_sku.spec_name", "goods_sku.discount_price_cents", "goods_sku.stock", "goods_sku.weight", "goods.goods_name",
      "goods.goods_class", "goods.goods_state", "goods.is_delete", "goods.is_free_shipping", "goods.max_buy", "goods.min_buy",
      "goods.unit", "goods.goods_image", "goods.is_consume_discount",
    ])
    .where("goods_sku.sku_id", "in", skuIds)
    .execute();
}

type SkuRow = Awaited<ReturnType<typeof loadSkuRows>>[number];

/** The refusals every line shares: unknown, off shelf, short of stock. */
function sellableSku(sku: SkuRow | undefined, num: number): SkuRow {
  if (!sku) return fail("商品不存在或已下架");
  if (sku.is_delete || sku.goods_state !== 1) return fail(`「${sku.goods_name}」已下架`);
  if (sku.stock < num) return fail(`「${sku.goods_name}」库存不足`);
  return sku;
}

function singleClass(lines: PricedLine[]): PricedLine[] {
  const virtual = lines.filter((line) => line.goodsClass === GOODS_CLASS_VIRTUAL).length;
  if (virtual > 0 && virtual < lines.length) fail("虚拟商品需单独下单，请分开结算");
  return lines;
}

/** Reads, checks and prices the lines of a checkout. Throws a Chinese -1 error naming the goods when one cannot be sold. */
export async function priceCheckoutLines(db: Db, memberId: number, source: CheckoutSource): Promise<PricedLine[]> {
  if (source.kind === "promotion") return lookupPromotion(source.promotion).priceLines(db, memberId, source);
  const wanted = await wantedLines(db, memberId, source);
  const skuIds = wanted.map((line) => line.skuId);
  const [rows, discountPercent] = await Promise.all([
    loadSkuRows(db, skuIds),
    findMemberPricing(db, memberId).then((pricing) => pricing?.consume_discount ?? FULL_PRICE_PERCENT),
  ]);
  const bySku = new Map(rows.map((row) => [row.sku_id, row]));
  const lines = wanted.map((line): PricedLine => {
    const sku = sellableSku(bySku.get(line.skuId), line.num);
    if (sku.max_buy > 0 && line.num > sku.max_buy) return fail(`「${sku.goods_name}」每单限购 ${sku.max_buy}${sku.unit || "件"}`);
    if (sku.min_buy > 1 && line.num < sku.min_buy) return fail(`「${sku.goods_name}」${sku.min_buy}${sku.unit || "件"}起购`);
    const discountPrice = cents(sku.discount_price_cents);
    const memberPrice = cents(memberPriceCents(discountPrice, goodsDiscountPercent(sku.is_consume_discount, discountPercent)));
    const price = memberPrice < discountPrice ? memberPrice : discountPrice;
    return pricedLine(sku, line.cartId, line.num, { price, discountPrice, memberPrice });
  });
  return singleClass(lines);
}

/** A checkout line of `num` units of the SKU at the unit price `price` (what every pricing rule ends in). */
function pricedLine(sku: SkuRow, cartId: number, num: number, prices: { price: Cents; discountPrice: Cents; memberPrice: Cents }): PricedLine {
  return {
    cartId,
    skuId: sku.sku_id,
    goodsId: sku.goods_id,
    skuName: sku.sku_name,
    goodsName: sku.goods_name,
    skuImage: sku.sku_image || sku.goods_image.split(",")[0] || "",
    skuNo: sku.sku_no,
    specName: sku.spec_name,
    goodsClass: sku.goods_class,
    num,
    priceCents: prices.price,
    discountPriceCents: prices.discountPrice,
    memberPriceCents: prices.memberPrice,
    goodsMoneyCents: multiplyCents(prices.price, num),
    stock: sku.stock,
    unit: sku.unit || "件",
    isFreeShipping: sku.is_free_shipping === 1,
    weight: sku.weight,
  };
}

/** A line a promotion sells: the SKU, how many, and the unit price the promotion asks. */
export interface PromotionWantedLine {
  skuId: number;
  num: number;
  priceCents: Cents;
}

/**
 * For promotions (PromotionCheckout.priceLines): the lines at the promotion's prices, with the
 * refusals every line shares (unknown SKU, off shelf, short of SKU stock, virtual mixed with
 * physical). The goods' own max/min buy and the member price do not apply: the promotion's limits
 * and price do. discount_price keeps the SKU's own price (the 原价 shown beside the promotion's).
 */
export async function pricePromotionLines(db: Db, wanted: PromotionWantedLine[]): Promise<PricedLine[]> {
  const rows = await loadSkuRows(db, wanted.map((line) => line.skuId));
  const bySku = new Map(rows.map((row) => [row.sku_id, row]));
  return singleClass(
    wanted.map((line): PricedLine => {
      const sku = sellableSku(bySku.get(line.skuId), line.num);
      return pricedLine(sku, 0, line.num, { price: line.priceCents, discountPrice: cents(sku.discount_price_cents), memberPrice: line.priceCents });
    }),
  );
}

export const isVirtualOrder = (lines: PricedLine[]): boolean => lines.every((line) => line.goodsClass === GOODS_CLASS_VIRTUAL);

export function toWireLine(line: PricedLine): CheckoutGoodsLine {
  return {
    cart_id: line.cartId,
    sku_id: line.skuId,
    goods_id: line.goodsId,
    sku_name: line.skuName,
    goods_name: line.goodsName,
    sku_image: line.skuImage,
    spec_name: line.specName,
    goods_class: line.goodsClass,
    num: line.num,
    price: yuan(line.priceCents),
    discount_price: yuan(line.discountPriceCents),
    member_price: yuan(line.memberPriceCents),
    goods_money: yuan(line.goodsMoneyCents),
    stock: line.stock,
    unit: line.unit,
    is_free_shipping: line.isFreeShipping ? 1 : 0,
  };
}
