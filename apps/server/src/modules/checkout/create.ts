import { parseYuan, type CheckoutChoices } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { unitOfWork } from "../../db/unit-of-work.ts";
import { isUniqueViolation } from "../../db/conditional.ts";
import { fail } from "../../core/errors.ts";
import { verifyPayPassword } from "../account/pay-password.ts";
import { now } from "../../core/time.ts";
import { changeAccount } from "../account/ledger.ts";
import { createTrade, settleTrade } from "../pay/trade.ts";
import { enqueueAutoClose } from "../order/close.ts";
import { logOrderEvent, OrderStatus, OrderType, type Actor } from "../order/state-machine.ts";
import { calculateCheckout, loadBuyer, realLineMoney, type CheckoutCalculation } from "./calculate.ts";
import { newOrderNo, newVerifyCode } from "./order-numbers.ts";
import { crashPoint } from "./crash-point.ts";
import { purgeStockStateChanges, type SkuStockRow } from "../goods/goods-cache.ts";
import { useCouponForOrder } from "../coupon/order-coupons.ts";
import { lookupPromotion, type PromotionCheckout, type PromotionSource } from "../promotion/registry.ts";
import { loadCheckout } from "./checkout-key.ts";
import { priceCheckoutLines } from "./order-lines.ts";

/**
 * /api/ordercreate/create: the order, in one unit of work — everything re-checked and recomputed,
 * stock taken per SKU by conditional update, the order and its lines, a log row, points and
 * balance through the ledger, the used cart lines removed, a trade for the rest and the
 * auto-close job; an order with nothing left to pay is paid at once. Anything failing rolls it all
 * back. The coupon chosen is used by a conditional update (unused → used with the order id) in the
 * same unit. The order_key is unique on orders: a second create for the same checkout (a double click,
 * a retry) answers the first order's trade.
 */
export type CreateRequest = CheckoutChoices & { pay_password: string; pay_money?: string };

/** The trade of the order already created for this checkout, if any. */
async function tradeOfCheckout(db: Db, memberId: number, orderKey: string): Promise<string | undefined> {
  const order = await db
    .selectFrom("orders")
    .select("out_trade_no")
    .where("order_key", "=", orderKey)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return order?.out_trade_no;
}

/**
 * A member with a pay password must give it to use balance. Checked before the unit of work:
 * scrypt takes tens of milliseconds that must not be spent holding the write lock.
 */
async function checkPayPassword(db: Db, memberId: number, request: CreateRequest): Promise<boolean> {
  if (!request.is_balance) return false;
  const buyer = await loadBuyer(db, memberId);
  if (!buyer.payPasswordHash || buyer.balanceCents === 0) return false;
  return verifyPayPassword(db, memberId, request.pay_password);
}

export async function createOrder(db: Db, memberId: number, request: CreateRequest): Promise<string> {
  const existing = await tradeOfCheckout(db, memberId, request.order_key);
  if (existing) return existing;
  const passwordChecked = await checkPayPassword(db, memberId, request);
  const source = await loadCheckout(db, memberId, request.order_key);
  if (source.kind !== "promotion") return (await createInUnit(db, memberId, request, passwordChecked)).outTradeNo;
  const hooks = lookupPromotion(source.promotion);
  const create = () => createPromotionOrder(db, memberId, request, passwordChecked, source, hooks);
  try {
    return await (hooks.pace ? hooks.pace(db, create) : create());
  } finally {
    // Whatever the outcome, the checkout that payment's door let in is over.
    hooks.leave?.(db, memberId, source);
  }
}

async function createPromotionOrder(db: Db, memberId: number, request: CreateRequest, passwordChecked: boolean, source: PromotionSource, hooks: PromotionCheckout): Promise<string> {
  if (!hooks.reserve) return (await createInUnit(db, memberId, request, passwordChecked)).outTradeNo;
  // A promotion that takes its counters outside the database (Redis) does so before the unit of
  // work, and gives them back unless this call wrote the order (refused, failed, or a double
  // submit answered with the first order's trade).
  const reservation = await hooks.reserve(db, memberId, source, await priceCheckoutLines(db, memberId, source));
  let created = false;
  try {
    const result = await createInUnit(db, memberId, request, passwordChecked);
    created = result.created;
    return result.outTradeNo;
  } finally {
    await hooks.release?.(db, reservation, created);
  }
}

/** The order in one unit of work; `created` false when the checkout's order already existed. */
async function createInUnit(db: Db, memberId: number, request: CreateRequest, passwordChecked: boolean): Promise<{ outTradeNo: string; created: boolean }> {
  try {
    return await unitOfWork(db, async (tx) => {
      const first = await tradeOfCheckout(tx, memberId, request.order_key);
      if (first) return { outTradeNo: first, created: false };
      const calculation = await calculateCheckout(tx, memberId, request);
      if (calculation.blockedReason) fail(calculation.blockedReason);
      if (request.pay_money !== undefined && parseYuan(request.pay_money) !== calculation.payMoney) {
        fail("订单金额已变化，请确认后重新提交");
      }
      if (calculation.balanceMoney > 0 && calculation.buyer.payPasswordHash && !passwordChecked) fail("请输入支付密码");
      return { outTradeNo: await writeOrder(tx, request, calculation), created: true };
    });
  } catch (error) {
    // PostgreSQL: a concurrent create of the same checkout committed first (unique order_key).
    if (isUniqueViolation(error)) {
      const winner = await tradeOfCheckout(db, memberId, request.order_key);
      if (winner) return { outTradeNo: winner, created: false };
    }
    throw error;
  }
}

/**
 * SKU rows are locked in id order, so two orders of the same SKUs in another order cannot deadlock
 * (PostgreSQL). Each update returns what is left: a hot SKU's row stays locked until commit, so
 * every statement saved after it is time the next buyer does not wait.
 */
async function takeStock(tx: Db, calculation: CheckoutCalculation): Promise<void> {
  const after: SkuStockRow[] = [];
  for (const line of [...calculation.lines].sort((a, b) => a.skuId - b.skuId)) {
    const row = await tx
      .updateTable("goods_sku")
      .set((eb) => ({ stock: eb("stock", "-", line.num) }))
      .where("sku_id", "=", line.skuId)
      .where("stock", ">=", line.num)
      .returning(["sku_id", "goods_id", "stock"])
      .executeTakeFirst();
    if (!row) return fail(`「${line.goodsName}」库存不足`);
    after.push({ sku_id: row.sku_id, goods_id: row.goods_id, stock: Number(row.stock) });
  }
  await purgeStockStateChanges(tx, calculation.lines.map((line) => ({ skuId: line.skuId, taken: line.num })), after);
}

function orderName(calculation: CheckoutCalculation): string {
  const [first] = calculation.lines;
  const name = calculation.lines.length > 1 ? `${first!.skuName} 等${calculation.lines.length}种商品` : first!.skuName;
  return name.slice(0, 255);
}

async function insertOrder(tx: Db, request: CreateRequest, calculation: CheckoutCalculation, at: number, autoCloseTime: number): Promise<number> {
  const { address, store, buyer } = calculation;
  const invoice = request.is_invoice === 1;
  const needsCode = calculation.orderType === OrderType.PICKUP || calculation.orderType === OrderType.VIRTUAL;
  const { order_id: orderId } = await tx
    .insertInto("orders")
    .values({
      order_no: newOrderNo(), order_key: request.order_key, out_trade_no: "", site_id: 0, member_id: buyer.memberId,
      order_name: orderName(calculation), order_type: calculation.orderType, order_from: "pc", order_status: OrderStatus.WAIT_PAY,
      pay_status: 0, pay_type: "", pay_time: 0, delivery_type: calculation.deliveryType,
      name: address?.name ?? buyer.name, mobile: address?.mobile ?? buyer.mobile, telephone: address?.telephone ?? "",
      province_id: address?.province_id ?? 0, city_id: address?.city_id ?? 0, district_id: address?.district_id ?? 0,
      address: address?.address ?? "", full_address: address?.full_address ?? "", longitude: "", latitude: "",
      delivery_store_id: store?.store_id ?? 0, delivery_store_name: store?.store_name ?? "",
      delivery_store_info: store ? JSON.stringify({ store_name: store.store_name, full_address: store.full_address, telphone: store.telphone, open_date: store.open_date }) : "",
      buyer_ask_delivery_time: calculation.pickupTime, verify_code: needsCode ? newVerifyCode() : "",
      goods_money_cents: calculation.goodsMoney, delivery_money_cents: calculation.deliveryMoney,
      promotion_money_cents: calculation.promotionMoney, coupon_money_cents: calculation.couponMoney,
      point_money_cents: calculation.pointMoney, balance_money_cents: calculation.balanceMoney, adjust_money_cents: 0,
      invoice_money_cents: calculation.invoiceMoney, order_money_cents: calculation.orderMoney, pay_money_cents: calculation.payMoney,
      point: calculation.usePoint, goods_num: calculation.lines.reduce((sum, line) => sum + line.num, 0),
      is_invoice: invoice ? 1 : 0, invoice_type: invoice ? request.invoice_type : 0, invoice_title_type: invoice ? request.invoice_title_type : 0,
      invoice_title: invoice ? request.invoice_title : "", taxpayer_number: invoice ? request.taxpayer_number.toUpperCase() : "",
      invoice_content: invoice ? request.invoice_content : "", invoice_email: invoice ? request.invoice_email : "",
      invoice_full_address: invoice ? request.invoice_full_address : "", buyer_message: request.buyer_message,
      create_time: at, delivery_time: 0, sign_time: 0, finish_time: 0, close_time: 0, close_cause: "",
      auto_close_time: autoCloseTime, is_delete: 0, is_evaluate: 0,
      promotion_type: calculation.source.kind === "promotion" ? calculation.source.promotion : "",
      promotion_id: calculation.source.kind === "promotion" ? calculation.source.promotion_id : 0,
    })
    .returning("order_id")
    .executeTakeFirstOrThrow();
  const realMoney = realLineMoney(calculation);
  await tx
    .insertInto("order_goods")
    .values(
      calculation.lines.map((line, index) => ({
        order_id: orderId, member_id: buyer.memberId, site_id: 0, goods_id: line.goodsId, sku_id: line.skuId, sku_name: line.skuName,
        sku_image: line.skuImage, sku_no: line.skuNo, goods_name: line.goodsName, spec_name: line.specName, goods_class: line.goodsClass,
        price_cents: line.priceCents, num: line.num, goods_money_cents: line.goodsMoneyCents, real_goods_money_cents: realMoney[index]!,
        delivery_status: 0, refund_status: 0, is_evaluate: 0,
      })),
    )
    .execute();
  return orderId;
}

/**
 * The order's rows first, the shared rows last: other buyers of the same SKU wait on its stock row
 * from the moment it is taken until the commit (PostgreSQL row locks), so under a crowd the
 * stock, the promotion's pool, the coupon and the member's accounts are touched at the end, in
 * the lock order of close and refund (SKUs → promotion → coupons → members), a few statements
 * before the commit rather than a dozen.
 */
async function writeOrder(tx: Db, request: CreateRequest, calculation: CheckoutCalculation): Promise<string> {
  const { buyer } = calculation;
  const actor: Actor = { type: "member", id: buyer.memberId, name: buyer.name };
  const at = now();
  const autoCloseTime = at + (calculation.promotion?.auto_close_minutes ?? calculation.config.order.auto_close_minutes) * 60;
  const orderId = await insertOrder(tx, request, calculation, at, autoCloseTime);
  await logOrderEvent(tx, orderId, "create", OrderStatus.WAIT_PAY, actor, "创建订单");
  const outTradeNo = await createTrade(tx, { memberId: buyer.memberId, orderIds: [orderId], amountCents: calculation.payMoney, body: orderName(calculation) });
  if (calculation.payMoney > 0) await enqueueAutoClose(tx, orderId, autoCloseTime);
  const cartIds = calculation.lines.map((line) => line.cartId).filter((cartId) => cartId > 0);
  if (cartIds.length > 0) await tx.deleteFrom("cart").where("member_id", "=", buyer.memberId).where("cart_id", "in", cartIds).execute();

  await takeStock(tx, calculation);
  crashPoint("order.create.after_stock");
  const { source } = calculation;
  if (source.kind === "promotion") {
    await lookupPromotion(source.promotion).take(tx, { order_id: orderId, member_id: buyer.memberId, promotion_id: source.promotion_id }, source, calculation.lines);
  }
  if (calculation.couponId > 0) await useCouponForOrder(tx, buyer.memberId, calculation.couponId, orderId, at);
  if (calculation.usePoint > 0) {
    await changeAccount(tx, {
      memberId: buyer.memberId, accountType: "point", amount: -calculation.usePoint, fromType: "order_use_point", businessId: orderId,
      typeName: "订单抵扣", remark: "下单使用积分抵扣",
    });
  }
  if (calculation.balanceMoney > 0) {
    await changeAccount(tx, {
      memberId: buyer.memberId, accountType: "balance", amount: -calculation.balanceMoney, fromType: "order_use_balance", businessId: orderId,
      typeName: "订单抵扣", remark: "下单使用余额抵扣",
    });
  }
  // Nothing left for a gateway: balance and points paid it all.
  if (calculation.payMoney === 0) await settleTrade(tx, outTradeNo, { payType: "balance", tradeNo: "", amountCents: 0, actor });
  return outTradeNo;
}
