import QRCode from "qrcode";
import { payTypeName, type OrderDetail, type OrderLogEntry, type OrderStoreInfo } from "@shop/contract";
import type { Db } from "../../db/unit-of-work.ts";
import { yuan } from "../../core/money.ts";
import { fail } from "../../core/errors.ts";
import { ACTOR_ROLES, OrderStatus, OrderType, orderStatusName, type ActorRole } from "./state-machine.ts";
import { loadListParts, toOrderListItem } from "./order-view.ts";
import { orderPackages, type LogisticsProvider } from "./logistics.ts";
import { orderVerifyState } from "../verify/code-state.ts";

/** Who looks at the detail: a member sees 买家 / 商家 / 系统 in the timeline, staff see names. */
export type DetailViewer = "member" | "staff";

const ACTION_NAMES: Record<string, string> = {
  create: "下单", pay: "支付", ship: "发货", ship_package: "部分发货", take_delivery: "确认收货", verify: "核销", complete: "完成",
  close: "关闭", adjust_price: "调整价格", delete: "删除", refund_close: "全部退款后关闭",
};

/** The verification code is usable (and shown) once paid: pickup waiting / picked up, virtual waiting / used. */
function shownVerifyCode(order: { order_type: number; order_status: number; verify_code: string }): string {
  const paidStatuses: Record<number, number[]> = {
    [OrderType.PICKUP]: [OrderStatus.WAIT_PICKUP, OrderStatus.RECEIVED, OrderStatus.COMPLETE],
    [OrderType.VIRTUAL]: [OrderStatus.WAIT_USE, OrderStatus.USED, OrderStatus.COMPLETE],
  };
  return paidStatuses[order.order_type]?.includes(order.order_status) ? order.verify_code : "";
}

/** An SVG QR code as a data: URL (the storefront's CSP allows data: images). */
async function qrcodeDataUrl(text: string): Promise<string> {
  if (!text) return "";
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** delivery_store_info is the store as it was at order time (JSON written by checkout). */
function parseStoreInfo(json: string, storeId: number, storeName: string): OrderStoreInfo | null {
  if (!json && !storeId) return null;
  let info: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json || "{}");
    if (parsed && typeof parsed === "object") info = parsed as Record<string, unknown>;
  } catch {
    // a malformed snapshot still shows the store's name
  }
  const textOf = (...keys: string[]) => String(keys.map((key) => info[key]).find((value) => typeof value === "string" && value) ?? "");
  return {
    store_id: storeId || Number(info.store_id) || 0,
    store_name: textOf("store_name") || storeName,
    address: textOf("full_address", "address"),
    telephone: textOf("telphone", "telephone", "mobile"),
    open_date: textOf("open_date"),
  };
}

async function orderLog(db: Db, orderId: number, orderType: number, viewer: DetailViewer): Promise<OrderLogEntry[]> {
  const rows = await db.selectFrom("order_log").selectAll().where("order_id", "=", orderId).orderBy("create_time").orderBy("id").execute();
  return rows.map((row) => ({
    action: row.action,
    action_name: ACTION_NAMES[row.action] ?? row.action,
    from_status: row.from_status,
    to_status: row.to_status,
    status_name: orderStatusName(row.to_status, orderType),
    actor_type: row.actor_type,
    actor_name: viewer === "staff" ? row.actor_name : (ACTOR_ROLES[row.actor_type as ActorRole] ?? ""),
    remark: row.remark,
    create_time: row.create_time,
  }));
}

/** Everything about one order: receiver or store, code, amounts, timeline, packages. The caller checked access. */
export async function buildOrderDetail(db: Db, logistics: LogisticsProvider, orderId: number, viewer: DetailViewer): Promise<OrderDetail> {
  const order = await db.selectFrom("orders").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  if (!order) return fail("订单不存在");
  const parts = await loadListParts(db, [order]);
  const verifyCode = shownVerifyCode(order);
  return {
    ...toOrderListItem(order, parts),
    name: order.name,
    mobile: order.mobile,
    telephone: order.telephone,
    province_id: order.province_id,
    city_id: order.city_id,
    district_id: order.district_id,
    address: order.address,
    full_address: order.full_address,
    buyer_message: order.buyer_message,
    buyer_ask_delivery_time: order.buyer_ask_delivery_time,
    delivery_store_id: order.delivery_store_id,
    delivery_store_name: order.delivery_store_name,
    delivery_store_info: order.order_type === OrderType.PICKUP ? parseStoreInfo(order.delivery_store_info, order.delivery_store_id, order.delivery_store_name) : null,
    verify_code: verifyCode,
    verify_code_qrcode: await qrcodeDataUrl(verifyCode),
    ...(await orderVerifyState(db, order, verifyCode !== "")),
    pay_type: order.pay_type,
    pay_type_name: payTypeName(order.pay_type),
    promotion_money: yuan(order.promotion_money_cents),
    coupon_money: yuan(order.coupon_money_cents),
    point_money: yuan(order.point_money_cents),
    balance_money: yuan(order.balance_money_cents),
    adjust_money: yuan(order.adjust_money_cents),
    invoice_money: yuan(order.invoice_money_cents),
    point: order.point,
    is_invoice: order.is_invoice,
    invoice_type: order.invoice_type,
    invoice_title: order.invoice_title,
    taxpayer_number: order.taxpayer_number,
    invoice_content: order.invoice_content,
    delivery_time: order.delivery_time,
    sign_time: order.sign_time,
    finish_time: order.finish_time,
    close_time: order.close_time,
    close_cause: order.close_cause,
    order_log: await orderLog(db, orderId, order.order_type, viewer),
    package_list: await orderPackages(db, logistics, orderId),
  };
}
