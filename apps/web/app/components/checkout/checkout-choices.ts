import type { BodyOf, CheckoutAddress, DeliveryType, OrderPaymentPreview } from "@shop/contract";

/**
 * What the shopper chooses on /order/payment, and the calculate/create body built from it. The
 * page keeps no amounts of its own: every change is sent to /api/ordercreate/calculate, which
 * answers the amounts the server will charge.
 */
export interface InvoiceChoices {
  isInvoice: boolean;
  /** 1 paper, 2 electronic */
  type: number;
  /** 1 personal, 2 company */
  titleType: number;
  title: string;
  taxpayerNumber: string;
  content: string;
  email: string;
  mailingAddress: string;
}

export interface CheckoutChoices {
  deliveryType: DeliveryType;
  addressId: number | null;
  storeId: number | null;
  /** "YYYY-MM-DD" */
  pickupDay: string;
  /** "HH:mm" */
  pickupClock: string;
  useBalance: boolean;
  usePoint: boolean;
  invoice: InvoiceChoices;
  /** the member's coupon to use: its id, 0 none, "best" the one saving the most (the server picks; the page starts so) */
  coupon: CouponChoice;
}

export type CouponChoice = number | "best";

export function initialChoices(preview: OrderPaymentPreview): CheckoutChoices {
  const firstType = preview.delivery.express_type[0]?.name ?? "express";
  return {
    deliveryType: firstType,
    addressId: preview.member_address?.id ?? null,
    storeId: null,
    pickupDay: preview.delivery.pickup_days[0] ?? "",
    pickupClock: "",
    useBalance: false,
    usePoint: false,
    coupon: "best",
    invoice: {
      isInvoice: false,
      // Electronic invoices first when offered: most shoppers want one by email.
      type: preview.invoice.types.find((type) => type.value === 2)?.value ?? preview.invoice.types[0]?.value ?? 0,
      titleType: 1,
      title: "",
      taxpayerNumber: "",
      content: preview.invoice.contents[0] ?? "",
      email: "",
      mailingAddress: "",
    },
  };
}

export type CalculateBody = BodyOf<"/api/ordercreate/calculate">;

/**
 * The body of calculate (and, with the buyer message and the pay password, of create). Delivery,
 * address and coupon go as the reference's JSON strings. The buyer message changes no amount, so typing
 * it asks for nothing.
 */
export function calculateBody(orderKey: string, choices: CheckoutChoices, isVirtual: boolean): CalculateBody {
  const invoice = choices.invoice;
  const delivery =
    choices.deliveryType === "store"
      ? {
          delivery_type: "store",
          store_id: choices.storeId ?? 0,
          buyer_ask_delivery_time: choices.pickupDay && choices.pickupClock ? `${choices.pickupDay} ${choices.pickupClock}` : "",
        }
      : { delivery_type: choices.deliveryType };
  const needsAddress = !isVirtual && choices.deliveryType !== "store";
  return {
    order_key: orderKey,
    ...(isVirtual ? {} : { delivery: JSON.stringify(delivery) }),
    ...(needsAddress && choices.addressId ? { member_address: JSON.stringify({ id: choices.addressId }) } : {}),
    coupon: JSON.stringify({ coupon_id: choices.coupon }),
    is_balance: choices.useBalance ? 1 : 0,
    is_point: choices.usePoint ? 1 : 0,
    is_invoice: invoice.isInvoice ? 1 : 0,
    ...(invoice.isInvoice
      ? {
          invoice_type: invoice.type,
          invoice_title_type: invoice.titleType,
          invoice_title: invoice.title.trim(),
          taxpayer_number: invoice.titleType === 2 ? invoice.taxpayerNumber.trim() : "",
          invoice_content: invoice.content,
          invoice_email: invoice.type === 2 ? invoice.email.trim() : "",
          invoice_full_address: invoice.type === 1 ? invoice.mailingAddress.trim() : "",
        }
      : {}),
  };
}

const SHOP_UTC_OFFSET_MS = 8 * 3600 * 1000;

/** "HH:mm" slots on the hour within the opening hours ("09:00-21:00" → 09:00 … 20:00); today only those at least an hour ahead. */
export function pickupClocks(openDate: string, day: string, nowMs: number): string[] {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(openDate.trim());
  const [openHour, openMinute, closeHour, closeMinute] = match ? (match.slice(1).map(Number) as [number, number, number, number]) : [0, 0, 24, 0];
  const first = openHour + (openMinute > 0 ? 1 : 0);
  const closeMinutes = closeHour * 60 + closeMinute;
  const shopNow = new Date(nowMs + SHOP_UTC_OFFSET_MS);
  const today = shopNow.toISOString().slice(0, 10);
  const earliest = day === today ? shopNow.getUTCHours() * 60 + shopNow.getUTCMinutes() + 60 : 0;
  const clocks: string[] = [];
  for (let hour = first; hour * 60 < closeMinutes && hour < 24; hour++) {
    if (hour * 60 >= earliest) clocks.push(`${String(hour).padStart(2, "0")}:00`);
  }
  return clocks;
}

/** "03月02日 周一" for a pickup day, "今天" / "明天" for the first two. */
export function pickupDayLabel(day: string, index: number): string {
  const [, month, date] = day.split("-");
  // Noon in shop time is the same date in UTC.
  const weekday = "日一二三四五六"[new Date(`${day}T12:00:00+08:00`).getUTCDay()];
  const prefix = index === 0 ? "今天 " : index === 1 ? "明天 " : "";
  return `${prefix}${month}月${date}日 周${weekday}`;
}

/** "张三 138****8000 北京市 市辖区 东城区 长安街 1 号" for the submit bar. */
export function addressSummary(address: CheckoutAddress): string {
  const mobile = address.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, "$1****$2");
  return `${address.full_address} ${address.address}（${address.name} 收 ${mobile}）`;
}

/** Where the shopper goes after create: the result page when nothing is left to pay, else the cashier. */
export function afterCreatePath(outTradeNo: string, payMoney: string): string {
  const code = encodeURIComponent(outTradeNo);
  return payMoney === "0.00" ? `/pay/result?code=${code}` : `/pay?code=${code}`;
}

export type CheckoutSourceQuery = { sku_id: string; num: string } | { cart_ids: string };

/** What to check out from the page's query: `?sku_id=&num=` (buy now) or `?cart_ids=1,2`; null when neither. */
export function checkoutSourceOf(query: URLSearchParams): CheckoutSourceQuery | null {
  const cartIds = query.get("cart_ids");
  if (cartIds) return { cart_ids: cartIds };
  const skuId = query.get("sku_id");
  if (skuId) return { sku_id: skuId, num: query.get("num") || "1" };
  return null;
}
