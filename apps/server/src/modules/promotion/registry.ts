import type { PromotionKind } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import type { PricedLine } from "../checkout/order-lines.ts";

export type { PromotionKind };

/**
 * The promotion checkout contract (see checkout-hooks.ts for the whole note). This file holds only
 * types and the registry, so that modules/checkout and modules/order can ask for a promotion's
 * hooks without importing the promotion modules (no import cycle).
 */

/** What a promotion checkout sells, kept under the order_key like the buy-now and cart sources. */
export interface PromotionSource {
  kind: "promotion";
  promotion: PromotionKind;
  /** seckill_id / groupbuy_id / bl_id */
  promotion_id: number;
  /** the SKUs bought: one for seckill and groupbuy, one per goods of a combo */
  sku_ids: number[];
  /** how many: units of the SKU, or combos (each combo one of every SKU) */
  num: number;
  /** anything else the promotion needs (a groupbuy's group to join …): small numbers or strings */
  extra?: Record<string, number | string>;
}

/** The order the hooks act on, as written by create. */
export interface PromotionOrder {
  order_id: number;
  member_id: number;
  promotion_id: number;
}

/** An order's line as the hooks see it. */
export interface PromotionOrderLine {
  sku_id: number;
  num: number;
}

/** What reserve took before the unit of work (e.g. Redis counters); handed back to release. */
export type Reservation = unknown;

export interface PromotionCheckout {
  kind: PromotionKind;
  /**
   * The lines at the promotion price (PricedLine.priceCents is what is paid per unit; goods money
   * is price × num; promotion_money stays 0), after every refusal with a Chinese fail(): unknown,
   * not running (outside its slot, not started, ended), sold out, over the member's limit, the SKU
   * not in the promotion, min quantity… Called by payment, calculate and inside create's unit of
   * work (`db` may be the transaction: read through it).
   */
  priceLines(db: Db, memberId: number, source: PromotionSource): Promise<PricedLine[]>;
  /**
   * Optional door of <prefix>/payment, before the session is read (core/api RouteOptions.door),
   * when the call presents a token: refuse at once, cheaply, only what anyone may be told (a flash
   * crowd's 已抢光, 抢购人数过多); answer how to undo what it gave the token (a place) should the
   * session turn out invalid. Only a fast path: priceLines and take still decide.
   */
  door?(db: Db, token: string, source: PromotionSource): Promise<(() => void) | void>;
  /**
   * After the session was read, before the preview: what the door gave the token becomes the
   * member's (a refusal thrown here, like the preview's, is followed by leave).
   */
  enter?(db: Db, memberId: number, source: PromotionSource, token: string): Promise<void>;
  /**
   * The member's checkout that enter let in is over: payment refused it after all, or create
   * finished (an order, a refusal or a double submit). Frees its place at the door at once.
   */
  leave?(db: Db, memberId: number, source: PromotionSource): void;
  /**
   * Runs payment's preview and create (after enter let the member in) in the promotion's own
   * pace: a flash sale's checkouts a few at a time, behind the crowd's quick refusals.
   */
  pace?<T>(db: Db, work: () => Promise<T>): Promise<T>;
  /** Coupons on these orders: false (seckill, groupbuy) makes calculate apply none and getcouponlist answer []. */
  allowsCoupon: boolean;
  /** Minutes an unpaid order stays open; default order_config.auto_close_minutes. */
  autoCloseMinutes?(db: Db): Promise<number>;
  /**
   * Before create's unit of work (no transaction open): take what must be taken fast and
   * atomically outside the database (Redis). Throw a fail() to refuse; return what release needs.
   */
  reserve?(db: Db, memberId: number, source: PromotionSource, lines: PricedLine[]): Promise<Reservation>;
  /**
   * After create, when reserve succeeded: `created` false (refused, rolled back, or a double submit
   * answered with the first order) gives the reservation back; true lets it go (the database now
   * holds the units, and close gives them back through giveBack).
   */
  release?(db: Db, reservation: Reservation, created: boolean): Promise<void>;
  /**
   * Inside create's unit of work, after the SKU stock is taken and the order and its lines are
   * written: take the promotion's own stock and counts by conditional updates (throw to roll back).
   */
  take(tx: Db, order: PromotionOrder, source: PromotionSource, lines: PricedLine[]): Promise<void>;
  /**
   * Inside the unit of work that closes an unpaid order (modules/order/close.ts), once per order,
   * after its SKU stock came back: give back what take took (and, with Redis, schedule the counters'
   * return with afterCommit).
   */
  giveBack(tx: Db, order: PromotionOrder, lines: PromotionOrderLine[]): Promise<void>;
  /** true: a whole refund of a paid order also calls giveBack (in the refund's unit of work). */
  giveBackOnWholeRefund: boolean;
}

const registry = new Map<PromotionKind, PromotionCheckout>();

/** Registers a promotion's hooks (once per process; a second registration of a kind replaces it with the same code). */
export function registerPromotion(checkout: PromotionCheckout): void {
  registry.set(checkout.kind, checkout);
}

/** The hooks of a kind; throws when the promotion module is not registered (a programming error). */
export function lookupPromotion(kind: PromotionKind): PromotionCheckout {
  const checkout = registry.get(kind);
  if (!checkout) throw new Error(`promotion checkout "${kind}" is not registered`);
  return checkout;
}

/** The hooks of an order's promotion_type column ("" → none; an unregistered kind throws, as lookupPromotion). */
export function promotionOfOrder(promotionType: string): PromotionCheckout | undefined {
  return promotionType ? lookupPromotion(promotionType as PromotionKind) : undefined;
}
