import type { PayOrderSummary as PayOrder } from "@shop/contract";
import { formatTime } from "../../lib/format.ts";

/** Where an order goes: the address, or the store it is picked up at. */
function destination(order: PayOrder): string {
  if (order.delivery_type === "store") return order.delivery_store_name ? `门店自提：${order.delivery_store_name}` : "门店自提";
  if (order.delivery_type === "virtual") return "虚拟商品，无需收货";
  return [order.name, order.mobile, order.full_address].filter(Boolean).join("　");
}

/** The orders a trade pays: one as a description list, several as a table (merged payment). */
export function PayOrderSummary({ orders }: { orders: PayOrder[] }) {
  if (orders.length === 1) {
    const [order] = orders as [PayOrder];
    return (
      <dl className="pay-order-single">
        <dt>订单编号</dt>
        <dd>{order.order_no}</dd>
        <dt>商品</dt>
        <dd>
          {order.order_name}
          <span className="pay-order-count">共 {order.goods_num} 件</span>
        </dd>
        <dt>{order.delivery_type === "store" ? "提货" : "收货信息"}</dt>
        <dd>{destination(order)}</dd>
        <dt>下单时间</dt>
        <dd>{formatTime(order.create_time)}</dd>
      </dl>
    );
  }
  return (
    <table className="pay-order-table">
      <thead>
        <tr>
          <th>订单编号</th>
          <th>商品</th>
          <th>收货信息</th>
          <th className="pay-order-money">金额</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.order_id}>
            <td>{order.order_no}</td>
            <td>
              {order.order_name}
              <span className="pay-order-count">共 {order.goods_num} 件</span>
            </td>
            <td>{destination(order)}</td>
            <td className="pay-order-money">¥{order.pay_money}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
