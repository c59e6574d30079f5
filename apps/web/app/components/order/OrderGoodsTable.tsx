import { Link } from "../chrome/Link.tsx";
import type { OrderDetail } from "@shop/contract";
import { formatPrice } from "../../lib/format.ts";
import { OrderGoodsImage } from "./OrderGoodsImage.tsx";
import { amountRows } from "./order-progress.ts";
import { batchRefundPath, orderBatchRefundPath, skuPath } from "./order-paths.ts";
import { LineRefundLinks } from "../refund/LineRefundLinks.tsx";

/**
 * The order's goods (price, quantity, subtotal, shipping state, after-sales) and the amounts
 * breakdown under them. The 售后 column and the batch refund links follow what the server offers per line.
 */
export function OrderGoodsTable({ order }: { order: OrderDetail }) {
  const shipsGoods = order.order_type === 1 || order.order_type === 3;
  const paid = order.order_status > 0;
  const afterSale = order.order_goods.some((line) => line.refund_action.length > 0 || line.refund_status !== 0);
  const refundable = order.order_goods.filter((line) => line.refund_action.some((action) => action.event === "orderRefundApply"));
  return (
    <section className="member-panel order-goods">
      <h3 className="member-panel-title">
        商品信息
        {refundable.length > 1 && (
          <span className="order-goods-refund-links">
            <Link to={batchRefundPath(refundable.map((line) => line.order_goods_id))}>批量退款</Link>
            {refundable.length === order.order_goods.length && <Link to={orderBatchRefundPath(order.order_id)}>整单退款</Link>}
          </span>
        )}
      </h3>
      <table className="order-goods-table">
        <thead>
          <tr>
            <th>商品</th>
            <th>单价</th>
            <th>数量</th>
            <th>小计</th>
            {shipsGoods && paid && <th>状态</th>}
            {afterSale && <th>售后</th>}
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
              {shipsGoods && paid && <td>{afterSale ? line.delivery_status_name : line.refund_status_name || line.delivery_status_name}</td>}
              {afterSale && (
                <td>
                  <LineRefundLinks line={line} className="order-line-refund" />
                </td>
              )}
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
