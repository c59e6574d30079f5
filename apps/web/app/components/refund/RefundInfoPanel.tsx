import type { ReactNode } from "react";
import { Link } from "../chrome/Link.tsx";
import { RefundStatus, type RefundDetail } from "@shop/contract";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { orderDetailPath } from "../order/order-paths.ts";
import { RefundGoodsTable } from "./RefundGoodsTable.tsx";
import { RefundImages } from "./RefundImages.tsx";

/** Label and value rows; rows whose value is empty are left out. */
export function InfoList({ rows, label }: { rows: Array<[string, ReactNode]>; label?: string }) {
  const shown = rows.filter(([, value]) => value !== "" && value !== null && value !== undefined && value !== false);
  if (shown.length === 0) return null;
  return (
    <dl className="refund-info-list" aria-label={label}>
      {shown.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

const money = (value: string) => `¥${formatPrice(value)}`;
const positive = (value: string) => Number(value) > 0;

/** What was asked and what came back: the goods, the request (type, reason, amount, remark, pictures), the money's way back, the shop's answer. */
export function RefundInfoPanel({ detail }: { detail: RefundDetail }) {
  const finished = detail.refund_status === RefundStatus.COMPLETE || detail.refund_status === RefundStatus.PARTIAL;
  return (
    <section className="refund-panel" aria-labelledby="refund-info-title">
      <h2 id="refund-info-title" className="refund-panel-title">
        退款信息
        <Link to={orderDetailPath(detail.order_id, 1)} className="refund-panel-more">
          查看订单
        </Link>
      </h2>
      <RefundGoodsTable lines={[detail]} />
      <div className="refund-info-columns">
        <InfoList
          label="退款申请"
          rows={[
            ["退款编号", detail.refund_no],
            ["订单号", detail.order_no],
            ["退款方式", detail.refund_type_name],
            ["退款原因", detail.refund_reason],
            ["申请金额", <strong className="refund-money">{money(detail.refund_apply_money)}</strong>],
            ["含运费", positive(detail.refund_delivery_money) && money(detail.refund_delivery_money)],
            ["退款说明", detail.refund_remark],
            ["申请时间", formatTime(detail.refund_action_time)],
          ]}
        />
        <InfoList
          label="退款结果"
          rows={[
            ["实退金额", finished && <strong className="refund-money">{money(detail.refund_real_money)}</strong>],
            // The server's way names the parts (余额, the gateway) and whether the gateway's is still on its way.
            ["退回方式", finished && detail.refund_way_name],
            ["退还积分", detail.refund_point > 0 && `${detail.refund_point} 积分`],
            ["退款时间", detail.refund_time > 0 && formatTime(detail.refund_time)],
            ["累计已退", positive(detail.refund_total_real_money) && detail.refund_total_real_money !== detail.refund_real_money && money(detail.refund_total_real_money)],
            ["商家留言", detail.shop_remark],
            // While refused, the status panel above shows the reason.
            ["拒绝原因", detail.refund_status !== RefundStatus.REFUSED && detail.refund_refuse_reason],
          ]}
        />
      </div>
      {detail.refund_images.length > 0 && (
        <div className="refund-info-images">
          <span>退款凭证</span>
          <RefundImages images={detail.refund_images} label="退款凭证" />
        </div>
      )}
    </section>
  );
}
