import { Link } from "../chrome/Link.tsx";
import type { RefundListItem } from "@shop/contract";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { OrderGoodsImage } from "../order/OrderGoodsImage.tsx";
import { orderDetailPath, refundDetailPath, skuPath } from "../order/order-paths.ts";
import { RefundActions } from "./RefundActions.tsx";
import { refundStatusTone } from "./refund-view.ts";

/**
 * One refund of /member/activist: a head (when asked, refund and order numbers), the goods, the
 * money asked and refunded, the type, the status with a link to the detail, and what may be done.
 */
export function RefundListCard({ item, onChanged }: { item: RefundListItem; onChanged: () => void }) {
  const detail = refundDetailPath(item.order_goods_id);
  return (
    <article className="refund-card" data-order-goods-id={item.order_goods_id}>
      <header className="refund-card-head">
        <span>{formatTime(item.refund_action_time)}</span>
        <span>
          退款编号：<Link to={detail}>{item.refund_no}</Link>
        </span>
        <span>
          订单号：<Link to={orderDetailPath(item.order_id, 1)}>{item.order_no}</Link>
        </span>
      </header>
      <div className="refund-card-body">
        <div className="refund-card-goods">
          <OrderGoodsImage skuId={item.sku_id} image={item.sku_image} name={item.sku_name} />
          <div className="refund-goods-text">
            <Link to={skuPath(item.sku_id)} className="refund-goods-name" title={item.sku_name}>
              {item.sku_name}
            </Link>
            {item.spec_name && <span className="refund-goods-spec">{item.spec_name}</span>}
            <span className="refund-goods-spec">
              ¥{formatPrice(item.price)} × {item.num}
            </span>
          </div>
        </div>
        <div className="refund-card-money">
          <strong>¥{formatPrice(item.refund_apply_money)}</strong>
          {Number(item.refund_real_money) > 0 && <span>实退 ¥{formatPrice(item.refund_real_money)}</span>}
        </div>
        <div className="refund-card-type">{item.refund_type_name}</div>
        <div className="refund-card-status">
          <span className={`refund-tone-${refundStatusTone(item.refund_status)}`}>{item.refund_status_name}</span>
          <Link to={detail}>退款详情</Link>
        </div>
        <div className="refund-card-actions">
          <RefundActions orderGoodsId={item.order_goods_id} actions={item.refund_action} hide={["orderRefundDetail"]} onChanged={onChanged} size="small" vertical />
        </div>
      </div>
    </article>
  );
}
