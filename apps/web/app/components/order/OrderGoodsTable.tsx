import { Link } from "react-router";
import type { OrderDetail } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { OrderGoodsImage } from "./OrderGoodsImage.tsx";
import { amountRows } from "./order-progress.ts";
import { skuPath } from "./order-paths.ts";

/** The order's goods (price, quantity, subtotal, shipping state) and the amounts breakdown under them. */
export function OrderGoodsTable({ order }: { order: OrderDetail }) {
  const shipsGoods = order.order_type === 1 || order.order_type === 3;
  const paid = order.order_status > 0;
  return (
    <section className="member-panel order-goods">
      <h3 className="member-panel-title">商品信息</h3>
      <table className="order-goods-table">
        <thead>
          <tr>
            <th>商品</th>
            <th>单价</th>
            <th>数量</th>
            <th>小计</th>
            {shipsGoods && paid && <th>状态</th>}
          </tr>
        </thead>
        <tbody>
          {order.order_goods.map((line) => (
            <tr key={line.order_goods_id}>
              <td className="order-goods-cell">
                <OrderGoodsImage skuId={line.sku_id} image={line.sku_image} name={line.sku_name} size={64} />
                <Link to={skuPath(line.sku_id)} className="order-goods-name">
                  {line.sku_name}
                </Link>
              </td>
              <td>¥{formatPrice(line.price)}</td>
              <td>{line.num}</td>
              <td>¥{formatPrice(line.goods_money)}</td>
              {shipsGoods && paid && <td>{line.refund_status_name || line.delivery_status_name}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-amounts">
        {amountRows(order).map((row) => (
          <div key={row.label}>
            <dt>{row.label}：</dt>
            <dd>
              {row.sign && `${row.sign} `}¥{formatPrice(row.value)}
            </dd>
          </div>
        ))}
        <div className="order-amounts-total">
          <dt>{paid ? "实付款" : "应付款"}：</dt>
          <dd>¥{formatPrice(order.pay_money)}</dd>
        </div>
      </dl>
    </section>
  );
}
