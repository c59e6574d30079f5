import { Fragment } from "react";
import { Link } from "../chrome/Link.tsx";
import type { OrderListItem } from "@shop/contract";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { OrderActions } from "./OrderActions.tsx";
import { OrderGoodsImage } from "./OrderGoodsImage.tsx";
import { orderDetailPath, skuPath } from "./order-paths.ts";
import { LineRefundLinks } from "../refund/LineRefundLinks.tsx";
import { EvaluateStatusTag } from "../evaluate/EvaluateStatusTag.tsx";
import { OrderPromotionTag } from "./OrderPromotionTag.tsx";

/** Unpaid orders say when they close by themselves (order.auto_close_time). */
function closesAt(order: OrderListItem): string {
  return order.auto_close_time > 0 ? `请在 ${formatTime(order.auto_close_time, "MM-DD HH:mm")} 前付款` : "";
}

/**
 * One order of /member/order_list: a head (time, number, type), its goods on the left, then the
 * amount, the status with a link to the detail, and the actions the status allows.
 */
export function OrderCard({ order, onChanged }: { order: OrderListItem; onChanged: () => void }) {
  const detail = orderDetailPath(order.order_id, order.order_type);
  const allRows = `1 / span ${Math.max(1, order.order_goods.length)}`;
  return (
    <article className="order-card" data-order-id={order.order_id}>
      <header className="order-card-head">
        <span>{formatTime(order.create_time)}</span>
        <span>
          订单号：<Link to={detail}>{order.order_no}</Link>
        </span>
        <span className="order-card-type">{order.order_type_name}</span>
        <OrderPromotionTag order={order} />
        <span className="order-card-delivery">{order.delivery_type_name}</span>
      </header>
      <div className="order-card-body">
        {order.order_goods.map((line, index) => (
          <Fragment key={line.order_goods_id}>
            <div className={index > 0 ? "order-card-goods order-card-next" : "order-card-goods"} style={{ gridRow: index + 1 }}>
              <OrderGoodsImage skuId={line.sku_id} image={line.sku_image} name={line.sku_name} />
              <div className="order-card-goods-text">
                <Link to={skuPath(line.sku_id)} className="order-card-goods-name" title={line.sku_name}>
                  {line.sku_name}
                </Link>
                <LineRefundLinks line={line} className="order-card-refund" compact />
              </div>
            </div>
            <div className={index > 0 ? "order-card-price order-card-next" : "order-card-price"} style={{ gridRow: index + 1 }}>
              ¥{formatPrice(line.price)}
              <span>× {line.num}</span>
            </div>
          </Fragment>
        ))}
        {/* The order-wide cells span every goods row. */}
        <div className="order-card-money" style={{ gridRow: allRows }}>
          <strong>¥{formatPrice(order.pay_money)}</strong>
          <span>
            共 {order.goods_num} 件{Number(order.delivery_money) > 0 ? `，含运费 ¥${formatPrice(order.delivery_money)}` : ""}
          </span>
        </div>
        <div className="order-card-status" style={{ gridRow: allRows }}>
          <span className={`order-status order-status-${order.order_status < 0 ? "closed" : order.order_status}`}>{order.order_status_name}</span>
          {order.order_status === 0 && <span className="order-card-deadline">{closesAt(order)}</span>}
          <EvaluateStatusTag isEvaluate={order.is_evaluate} />
          <Link to={detail}>订单详情</Link>
        </div>
        <div className="order-card-actions" style={{ gridRow: allRows }}>
          <OrderActions order={order} onChanged={onChanged} vertical />
        </div>
      </div>
    </article>
  );
}
