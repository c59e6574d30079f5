import { addCents, allocateCents, cents, minCents, ZERO_CENTS, type Cents, type CheckoutAddress, type CheckoutChoices, type CheckoutCoupon, type CheckoutPromotion, type CheckoutStore, type DeliveryType } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { fail } from "../../core/errors.ts";
import { OrderType } from "../order/state-machine.ts";
import { loadCheckout, type CheckoutSource } from "./checkout-key.ts";
import { loadCheckoutConfig, type CheckoutConfig } from "./checkout-config.ts";
import { isVirtualOrder, priceCheckoutLines, type PricedLine } from "./order-lines.ts";
import { resolveDelivery } from "./delivery.ts";
import { invoiceMoney, invoiceProblem } from "./invoice.ts";
import { maxPointDeduction } from "./points.ts";
import { now } from "../../core/time.ts";
import { usableCoupons, type UsableCoupon } from "../coupon/order-coupons.ts";
import { lookupPromotion } from "../promotion/registry.ts";
import { promotionOfCheckout } from "./wire.ts";

/**
 * The one computation behind calculate and create: reads the checkout's lines, prices and stock,
 * the member's points and balance, the shop's settings, and works out every amount in cents. Hard
 * problems (unknown key, goods off shelf or short of stock, another member's address) throw;
 * what the shopper has not chosen yet is `blockedReason`.
 *
 *   order money = goods + delivery + invoice − promotion − coupon − points
 *   pay money   = order money − balance
 */
export interface Buyer {
  memberId: number;
  name: string;
  mobile: string;
  point: number;
  balanceCents: Cents;
  payPasswordHash: string;
  freeShipping: boolean;
}

export interface CheckoutCalculation {
  /** what the checkout sells (buy-now, cart, a promotion's) */
  source: CheckoutSource;
  /** a promotion checkout's kind and rules (null for an ordinary one) */
  promotion: CheckoutPromotion | null;
  lines: PricedLine[];
  isVirtual: boolean;
  orderType: number;
  deliveryType: DeliveryType | "virtual";
  address: CheckoutAddress | null;
  store: CheckoutStore | null;
  pickupTime: string;
  goodsMoney: Cents;
  deliveryMoney: Cents;
  promotionMoney: Cents;
  couponMoney: Cents;
  /** the member's coupon applied, 0 when none */
  couponId: number;
  couponName: string;
  pointMoney: Cents;
  invoiceMoney: Cents;
  orderMoney: Cents;
  balanceMoney: Cents;
  payMoney: Cents;
  maxUsablePoint: number;
  usePoint: number;
  buyer: Buyer;
  config: CheckoutConfig;
  blockedReason: string;
}

export async function loadBuyer(db: Db, memberId: number): Promise<Buyer> {
  const row = await db
    .selectFrom("member")
    .leftJoin("member_level", "member_level.level_id", "member.member_level")
    .select(["member.member_id", "member.nickname", "member.username", "member.mobile", "member.point", "member.balance_cents", "member.pay_password", "member_level.is_free_shipping"])
    .where("member.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return fail("会员不存在");
  return {
    memberId,
    name: row.nickname || row.username || "",
    mobile: row.mobile ?? "",
    point: row.point,
    balanceCents: cents(row.balance_cents),
    payPasswordHash: row.pay_password,
    freeShipping: row.is_free_shipping === 1,
  };
}

const ORDER_TYPE_OF: Record<DeliveryType, number> = { express: OrderType.EXPRESS, store: OrderType.PICKUP, local: OrderType.LOCAL };

export async function calculateCheckout(db: Db, memberId: number, choices: CheckoutChoices): Promise<CheckoutCalculation> {
  const source = await loadCheckout(db, memberId, choices.order_key);
  const [lines, buyer, config, promotion] = await Promise.all([
    priceCheckoutLines(db, memberId, source),
    loadBuyer(db, memberId),
    loadCheckoutConfig(db),
    promotionOfCheckout(db, source).then((wire) => wire.promotion ?? null),
  ]);
  const isVirtual = isVirtualOrder(lines);
  const goodsMoney = addCents(...lines.map((line) => line.goodsMoneyCents));
  // Promotion lines are priced at the promotion's price: nothing more is taken off as promotion money.
  const promotionMoney = ZERO_CENTS;
  // Seckill and groupbuy orders take no coupon (ADR 0021): whatever was chosen applies nothing.
  const coupon = promotion && !promotion.allow_coupon ? { applied: null, problem: "" } : await chosenCoupon(db, memberId, lines, choices.coupon?.coupon_id ?? 0);
  const couponMoney = coupon.applied ? minCents(coupon.applied.saving, cents(goodsMoney - promotionMoney)) : ZERO_CENTS;

  const delivery = isVirtual
    ? null
    : await resolveDelivery(
        { db, memberId, lines, goodsMoney, memberFreeShipping: buyer.freeShipping, express: config.express, local: config.local },
        choices,
      );
  const deliveryMoney = delivery?.fee ?? ZERO_CENTS;
  const invoiceReason = invoiceProblem(choices, config.invoice);
  const invoice = invoiceMoney(choices, config.invoice, goodsMoney);

  const discountedGoods = cents(goodsMoney - promotionMoney - couponMoney);
  const beforePoints = cents(discountedGoods + deliveryMoney + invoice);
  const points = maxPointDeduction(config.point, buyer.point, discountedGoods, beforePoints);
  const pointMoney = choices.is_point ? points.money : ZERO_CENTS;
  const orderMoney = cents(beforePoints - pointMoney);
  const balanceMoney = choices.is_balance ? minCents(buyer.balanceCents, orderMoney) : ZERO_CENTS;

  return {
    source,
    promotion,
    lines,
    isVirtual,
    orderType: delivery ? ORDER_TYPE_OF[delivery.type] : OrderType.VIRTUAL,
    deliveryType: delivery?.type ?? "virtual",
    address: delivery?.address ?? null,
    store: delivery?.store ?? null,
    pickupTime: delivery?.pickupTime ?? "",
    goodsMoney,
    deliveryMoney,
    promotionMoney,
    couponMoney,
    couponId: coupon.applied?.couponId ?? 0,
    couponName: coupon.applied?.couponName ?? "",
    pointMoney,
    invoiceMoney: invoice,
    orderMoney,
    balanceMoney,
    payMoney: cents(orderMoney - balanceMoney),
    maxUsablePoint: points.points,
    usePoint: choices.is_point ? points.points : 0,
    buyer,
    config,
    blockedReason: delivery?.problem || invoiceReason || coupon.problem,
  };
}

export const COUPON_NOT_USABLE = "所选优惠券不能用于本订单，请重新选择";

/**
 * The coupon the shopper chose: none (0), one of theirs by id, or "best" (the one saving the most,
 * which the page starts with). A chosen coupon this order cannot use — not the member's, used,
 * expired, out of scope, threshold not reached — applies nothing and blocks the order until the
 * shopper picks again.
 */
async function chosenCoupon(db: Db, memberId: number, lines: PricedLine[], choice: number | "best"): Promise<{ applied: UsableCoupon | null; problem: string }> {
  if (choice === 0) return { applied: null, problem: "" };
  const usable = await usableCoupons(db, memberId, lines, now());
  if (choice === "best") return { applied: usable[0] ?? null, problem: "" };
  const applied = usable.find((coupon) => coupon.couponId === choice) ?? null;
  return { applied, problem: applied ? "" : COUPON_NOT_USABLE };
}

/** /api/ordercreate/getcouponlist: the member's coupons this checkout can use, the best first, with their savings. */
export async function checkoutCoupons(db: Db, memberId: number, orderKey: string): Promise<CheckoutCoupon[]> {
  const source = await loadCheckout(db, memberId, orderKey);
  if (source.kind === "promotion" && !lookupPromotion(source.promotion).allowsCoupon) return [];
  const lines = await priceCheckoutLines(db, memberId, source);
  return (await usableCoupons(db, memberId, lines, now())).map((coupon) => coupon.view);
}

/** What a line's paid money (real_goods_money) is made of: its goods money less its share of the order's discounts. */
export interface LineMoneyParts {
  lines: ReadonlyArray<{ goodsMoneyCents: Cents }>;
  promotionMoney: Cents;
  couponMoney: Cents;
  pointMoney: Cents;
  /** staff's price adjustment (改价, signed: negative lowers the price); 0 at checkout */
  adjustMoney?: number;
}

/**
 * Each line's money after the order's discounts (promotion, coupon, points) and price adjustment,
 * in proportion to its goods money: what was really paid for it, and so the most a refund of it
 * gives back. A reduction beyond the goods money (it ate into shipping) leaves every line at 0.
 */
export function realLineMoney(parts: LineMoneyParts): Cents[] {
  const goodsMoney = addCents(...parts.lines.map((line) => line.goodsMoneyCents));
  const discount = Math.min(goodsMoney, addCents(parts.promotionMoney, parts.couponMoney, parts.pointMoney) - (parts.adjustMoney ?? 0));
  const shares = allocateCents(cents(discount), parts.lines.map((line) => line.goodsMoneyCents));
  return parts.lines.map((line, index) => cents(line.goodsMoneyCents - shares[index]!));
}
