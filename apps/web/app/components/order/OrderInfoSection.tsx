import type { ReactNode } from "react";
import type { OrderDetail } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";
import { OrderPromotionTag } from "./OrderPromotionTag.tsx";

const INVOICE_TYPES: Record<number, string> = { 1: "纸质发票", 2: "电子发票" };

function InfoList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="order-info-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the goods go (receiver, or the pickup store) and the order's own facts (number, times, payment, invoice, message). */
export function OrderInfoSection({ order }: { order: OrderDetail }) {
  const store = order.delivery_store_info;
  const destination: Array<[string, ReactNode]> =
    order.order_type === 2
      ? [
          ["提货门店", store?.store_name || order.delivery_store_name],
          ["门店地址", store?.address],
          ["联系电话", store?.telephone],
          ["营业时间", store?.open_date],
          ["预约提货时间", order.buyer_ask_delivery_time],
          ["提货人", `${order.name} ${order.mobile}`.trim()],
        ]
      : order.order_type === 4
        ? [["联系方式", `${order.name} ${order.mobile}`.trim()]]
        : [
            ["收货人", order.name],
            ["手机号码", order.mobile],
            ["收货地址", `${order.full_address} ${order.address}`.trim()],
            ...(order.order_type === 3 ? ([["送达时间", order.buyer_ask_delivery_time]] as Array<[string, ReactNode]>) : []),
          ];
  const facts: Array<[string, ReactNode]> = [
    ["订单编号", order.order_no],
    ["订单类型", order.order_type_name],
    ...(order.promotion_type ? ([["营销活动", <OrderPromotionTag order={order} link />]] as Array<[string, ReactNode]>) : []),
    ["配送方式", order.delivery_type_name],
    ["下单时间", formatTime(order.create_time)],
  ];
  if (order.pay_time) facts.push(["支付方式", order.pay_type_name], ["支付时间", formatTime(order.pay_time)]);
  if (order.delivery_time) facts.push(["发货时间", formatTime(order.delivery_time)]);
  if (order.sign_time) facts.push([order.order_type === 2 ? "提货时间" : order.order_type === 4 ? "使用时间" : "收货时间", formatTime(order.sign_time)]);
  if (order.close_time) facts.push(["关闭时间", formatTime(order.close_time)]);
  facts.push(["买家留言", order.buyer_message]);
  if (order.is_invoice) {
    facts.push(["发票", `${INVOICE_TYPES[order.invoice_type] ?? "发票"}：${order.invoice_title}${order.taxpayer_number ? `（税号 ${order.taxpayer_number}）` : ""}`]);
    if (order.invoice_content) facts.push(["发票内容", order.invoice_content]);
  }
  return (
    <section className="member-panel order-info">
      <div>
        <h3 className="member-panel-title">{order.order_type === 2 ? "提货信息" : order.order_type === 4 ? "联系信息" : "收货信息"}</h3>
        <InfoList rows={destination} />
      </div>
      <div>
        <h3 className="member-panel-title">订单信息</h3>
        <InfoList rows={facts} />
      </div>
    </section>
  );
}
