import { addCents, BUYER_MESSAGE_MAX, type DeliveryOption, type OrderPaymentPreview } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { now } from "../../core/time.ts";
import { saveCheckout, type CheckoutSource } from "./checkout-key.ts";
import { loadCheckoutConfig, type CheckoutConfig } from "./checkout-config.ts";
import { isVirtualOrder, priceCheckoutLines, toWireLine } from "./order-lines.ts";
import { findDefaultAddress } from "./address.ts";
import { openStores, pickupDays } from "./pickup.ts";
import { INVOICE_TYPE_NAMES, offeredInvoiceTypes } from "./invoice.ts";
import { loadBuyer } from "./calculate.ts";
import { memberAccountOf, promotionOfCheckout } from "./wire.ts";

/**
 * /api/ordercreate/payment: checks that what the shopper wants can be bought (the same checks as
 * create), keeps it under a new order_key and answers the page's starting point — lines, delivery
 * options, the default address, balance and points, invoice options.
 */
export type PaymentRequest = { sku_id?: number; num?: number; cart_ids?: number[] };

function sourceOf(request: PaymentRequest): CheckoutSource {
  if (request.cart_ids) return { kind: "cart", cart_ids: [...new Set(request.cart_ids)] };
  return { kind: "buy_now", sku_id: request.sku_id!, num: request.num! };
}

async function deliveryOptions(db: Db, config: CheckoutConfig): Promise<DeliveryOption[]> {
  const stores = await openStores(db);
  const options: DeliveryOption[] = [{ name: "express", title: "快递配送", store_list: [] }];
  if (stores.length > 0) options.push({ name: "store", title: "门店自提", store_list: stores });
  if (config.local.is_enable) options.push({ name: "local", title: "同城配送", store_list: [] });
  return options;
}

export async function previewPayment(db: Db, memberId: number, request: PaymentRequest): Promise<OrderPaymentPreview> {
  return previewCheckout(db, memberId, sourceOf(request));
}

/** The preview of any checkout source: buy-now, cart, or a promotion's (modules/promotion/checkout-hooks.ts). */
export async function previewCheckout(db: Db, memberId: number, source: CheckoutSource): Promise<OrderPaymentPreview> {
  const [lines, buyer, config, address] = await Promise.all([
    priceCheckoutLines(db, memberId, source),
    loadBuyer(db, memberId),
    loadCheckoutConfig(db),
    findDefaultAddress(db, memberId),
  ]);
  const isVirtual = isVirtualOrder(lines);
  const { orderKey, expireTime } = await saveCheckout(db, memberId, source);
  return {
    order_key: orderKey,
    expire_time: expireTime,
    is_virtual: isVirtual ? 1 : 0,
    goods_list: lines.map(toWireLine),
    goods_num: lines.reduce((sum, line) => sum + line.num, 0),
    goods_money: yuan(addCents(...lines.map((line) => line.goodsMoneyCents))),
    delivery: {
      express_type: isVirtual ? [] : await deliveryOptions(db, config),
      pickup_days: pickupDays(now()),
      local: config.local.is_enable
        ? {
            city_id: config.local.city_id,
            range_km: config.local.range_km,
            fee: yuan(config.local.fee_cents),
            start_money: yuan(config.local.start_money_cents),
            free_above: yuan(config.local.free_above_cents),
          }
        : null,
      free_shipping_above: yuan(config.express.free_shipping_above_cents),
    },
    member_address: isVirtual ? null : address,
    member_account: memberAccountOf(buyer),
    point_config: { is_enable: config.point.is_enable, points_per_yuan: config.point.points_per_yuan, max_percent: config.point.max_percent },
    invoice: {
      is_enable: config.invoice.is_enable,
      rate_percent: config.invoice.rate_percent,
      types: offeredInvoiceTypes(config.invoice).map((value) => ({ value, name: INVOICE_TYPE_NAMES[value]! })),
      contents: config.invoice.contents,
    },
    buyer_message_max: BUYER_MESSAGE_MAX,
    ...(await promotionOfCheckout(db, source)),
  };
}
