import { payTypeName, PROMOTION_TYPE_NAMES, type OrderPromotionType } from "@shop/contract";
import type { FileAnswer } from "../../core/file-calls.ts";
import { shopIsoString } from "../../core/time.ts";
import { keysetPages, streamSheet, type SheetRow } from "../../core/xlsx-stream.ts";
import type { Db } from "../../db/unit-of-work.ts";
import { ORDER_TYPE_NAMES, orderStatusName } from "./state-machine.ts";
import { staffOrderCondition, type OrderFilterFields } from "./staff-order-filter.ts";

/**
 * /shopapi/order/exportorder (one row per order) and exportordergoods (one row per line): the orders
 * the list's filters select, newest first. Streamed by core/xlsx-stream.ts like the goods export:
 * orders are read by id downwards in pages of BATCH (keyset, on the primary key), the lines of a
 * page by one IN; each page is written and sent before the next is read — 100k orders never sit in memory.
 */
const BATCH = 1000;

type Cell = SheetRow[string];
interface Column {
  header: string;
  key: string;
  width: number;
}

const money = (cents: number) => cents / 100;
/** "2026-12-07 19:30:00" in the shop's time zone, "" for 0. */
const timeText = (seconds: number) => (seconds > 0 ? shopIsoString(seconds).slice(0, 19).replace("T", " ") : "");

async function orderPage(db: Db, filter: OrderFilterFields, before: number) {
  let query = db
    .selectFrom("orders")
    .leftJoin("member", "member.member_id", "orders.member_id")
    .leftJoin("order_remark", "order_remark.order_id", "orders.order_id")
    .select([
      "orders.order_id", "orders.order_no", "orders.order_type", "orders.order_status", "orders.create_time", "orders.pay_time", "orders.pay_type",
      "orders.name", "orders.mobile", "orders.full_address", "orders.address", "orders.order_name", "orders.goods_num", "orders.goods_money_cents",
      "orders.delivery_money_cents", "orders.promotion_money_cents", "orders.coupon_money_cents", "orders.point_money_cents", "orders.balance_money_cents",
      "orders.adjust_money_cents", "orders.order_money_cents", "orders.pay_money_cents", "orders.promotion_type", "orders.buyer_message",
      "member.username as member_username", "member.nickname as member_nickname", "member.mobile as member_mobile", "order_remark.remark",
    ])
    .where(staffOrderCondition(db, filter));
  if (before > 0) query = query.where("orders.order_id", "<", before);
  return query.orderBy("orders.order_id", "desc").limit(BATCH).execute();
}
type OrderRow = Awaited<ReturnType<typeof orderPage>>[number];

const commonColumns: Column[] = [
  { header: "订单编号", key: "order_no", width: 24 },
  { header: "订单类型", key: "order_type", width: 10 },
  { header: "订单状态", key: "order_status", width: 10 },
  { header: "下单时间", key: "create_time", width: 20 },
  { header: "买家", key: "buyer", width: 16 },
  { header: "收货人", key: "name", width: 10 },
  { header: "收货电话", key: "mobile", width: 14 },
  { header: "收货地址", key: "address", width: 36 },
];

function commonCells(order: OrderRow): Record<string, Cell> {
  return {
    order_no: order.order_no,
    order_type: ORDER_TYPE_NAMES[order.order_type] ?? "",
    order_status: orderStatusName(order.order_status, order.order_type),
    create_time: timeText(order.create_time),
    buyer: order.member_nickname || order.member_username || order.member_mobile || "",
    name: order.name,
    mobile: order.mobile,
    address: `${order.full_address} ${order.address}`.trim(),
  };
}

const orderColumns: Column[] = [
  ...commonColumns,
  { header: "支付时间", key: "pay_time", width: 20 },
  { header: "支付方式", key: "pay_type", width: 10 },
  { header: "商品", key: "order_name", width: 36 },
  { header: "商品件数", key: "goods_num", width: 8 },
  { header: "商品金额", key: "goods_money", width: 10 },
  { header: "运费", key: "delivery_money", width: 8 },
  { header: "活动优惠", key: "promotion_money", width: 10 },
  { header: "优惠券", key: "coupon_money", width: 8 },
  { header: "积分抵扣", key: "point_money", width: 10 },
  { header: "余额支付", key: "balance_money", width: 10 },
  { header: "调价", key: "adjust_money", width: 8 },
  { header: "订单金额", key: "order_money", width: 10 },
  { header: "实付金额", key: "pay_money", width: 10 },
  { header: "营销活动", key: "promotion_type", width: 10 },
  { header: "买家留言", key: "buyer_message", width: 20 },
  { header: "卖家备注", key: "remark", width: 20 },
];

function orderCells(order: OrderRow): Record<string, Cell> {
  return {
    ...commonCells(order),
    pay_time: timeText(order.pay_time),
    pay_type: payTypeName(order.pay_type),
    order_name: order.order_name,
    goods_num: order.goods_num,
    goods_money: money(order.goods_money_cents),
    delivery_money: money(order.delivery_money_cents),
    promotion_money: money(order.promotion_money_cents),
    coupon_money: money(order.coupon_money_cents),
    point_money: money(order.point_money_cents),
    balance_money: money(order.balance_money_cents),
    adjust_money: money(order.adjust_money_cents),
    order_money: money(order.order_money_cents),
    pay_money: money(order.pay_money_cents),
    promotion_type: PROMOTION_TYPE_NAMES[order.promotion_type as OrderPromotionType] ?? order.promotion_type,
    buyer_message: order.buyer_message,
    remark: order.remark ?? "",
  };
}

const lineColumns: Column[] = [
  ...commonColumns,
  { header: "商品名称", key: "goods_name", width: 30 },
  { header: "规格", key: "spec_name", width: 16 },
  { header: "商品编码", key: "sku_no", width: 14 },
  { header: "单价", key: "price", width: 8 },
  { header: "数量", key: "num", width: 6 },
  { header: "小计", key: "goods_money", width: 10 },
  { header: "发货状态", key: "delivery_status", width: 10 },
];

async function lineRows(db: Db, orders: OrderRow[]): Promise<Array<Record<string, Cell>>> {
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom("order_goods")
    .select(["order_id", "goods_name", "spec_name", "sku_no", "price_cents", "num", "goods_money_cents", "delivery_status"])
    .where("order_id", "in", orders.map((order) => order.order_id))
    .orderBy("order_goods_id")
    .execute();
  const byOrder = new Map<number, typeof lines>();
  for (const line of lines) {
    const ofOrder = byOrder.get(line.order_id);
    if (ofOrder) ofOrder.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  return orders.flatMap((order) =>
    (byOrder.get(order.order_id) ?? []).map((line) => ({
      ...commonCells(order),
      goods_name: line.goods_name,
      spec_name: line.spec_name,
      sku_no: line.sku_no,
      price: money(line.price_cents),
      num: line.num,
      goods_money: money(line.goods_money_cents),
      delivery_status: line.delivery_status === 1 ? "已发货" : "未发货",
    })),
  );
}

export type OrderExportKind = "orders" | "lines";

/** Every page of the selected orders with the rows it makes: by order id downwards, lines fetched by IN for a page at once. */
async function* sheetRows(db: Db, filter: OrderFilterFields, kind: OrderExportKind): AsyncGenerator<SheetRow[]> {
  for await (const page of keysetPages((before: number | undefined) => orderPage(db, filter, before ?? 0), (order) => order.order_id, BATCH)) {
    yield kind === "orders" ? page.map(orderCells) : await lineRows(db, page);
  }
}

export async function exportOrders(db: Db, filter: OrderFilterFields, kind: OrderExportKind, log: (error: unknown) => void): Promise<FileAnswer> {
  return streamSheet({
    fileName: kind === "orders" ? "订单导出" : "订单商品导出",
    sheetName: kind === "orders" ? "订单" : "订单商品",
    columns: kind === "orders" ? orderColumns : lineColumns,
    batches: sheetRows(db, filter, kind),
    log,
  });
}
