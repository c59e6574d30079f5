import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Empty } from "antd";
import type { RefundApplyResult, RefundBatchData } from "@shop/contract";
import { useMemberCall } from "../../lib/api-errors.ts";
import { ORDER_LIST_PATH, orderDetailPath, refundDetailPath } from "../order/order-paths.ts";
import { AfterSaleFrame } from "./AfterSaleFrame.tsx";
import { RefundApplyForm } from "./RefundApplyForm.tsx";
import { RefundGoodsTable } from "./RefundGoodsTable.tsx";
import { activistHref } from "./refund-view.ts";

/** What the server offers for the chosen lines: the total (shipping only when they empty an unshipped order) and the types. */
type Quote = Pick<RefundBatchData, "refund_money" | "refund_delivery_money" | "refund_type">;

const NOTHING: Quote = { refund_money: "0.00", refund_delivery_money: "0.00", refund_type: [] };

interface BatchRefundProps {
  title: string;
  data: RefundBatchData;
  /** /order/batchrefund lets the buyer pick among the lines; /order/orderbatch_refund takes them all */
  choosable: boolean;
}

/**
 * A refund over several lines of one order: the lines (with checkboxes when choosable), those
 * that cannot be refunded now and why, the total, then the same form as one line's.
 */
export function BatchRefund({ title, data, choosable }: BatchRefundProps) {
  const navigate = useNavigate();
  const call = useMemberCall();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(data.order_goods_list.map((line) => line.order_goods_id)));
  const [quote, setQuote] = useState<Quote>(data);
  const [quoting, setQuoting] = useState(false);
  const latest = useRef(0);
  const ids = data.order_goods_list.map((line) => line.order_goods_id).filter((id) => chosen.has(id));

  // A different choice of lines: the server says what they come to (it alone knows the shipping rule).
  const choose = async (next: Set<number>) => {
    setChosen(next);
    const request = ++latest.current;
    const nextIds = data.order_goods_list.map((line) => line.order_goods_id).filter((id) => next.has(id));
    if (nextIds.length === data.order_goods_list.length || nextIds.length === 0) {
      setQuoting(false);
      setQuote(nextIds.length ? data : NOTHING);
      return;
    }
    setQuoting(true);
    const answer = await call("/api/orderrefund/refundDataBatch", { order_goods_ids: nextIds });
    if (request !== latest.current) return;
    setQuoting(false);
    if (answer) setQuote(answer);
  };

  // One line → its refund; several → the list of refunds in progress.
  const applied = (result: RefundApplyResult) => {
    const [first] = result.order_goods_ids;
    void navigate(result.order_goods_ids.length === 1 && first ? refundDetailPath(first) : activistHref("doing"), { replace: true });
  };

  return (
    <AfterSaleFrame
      title={title}
      crumbs={[{ label: "我的订单", to: ORDER_LIST_PATH }, { label: "订单详情", to: orderDetailPath(data.order_id, 1) }, { label: title }]}
      summary={<span>订单号：{data.order_no}</span>}
    >
      <section className="refund-panel" aria-labelledby="refund-goods-title">
        <h2 id="refund-goods-title" className="refund-panel-title">
          退款商品
          {choosable && data.order_goods_list.length > 0 && <small>已选 {ids.length} / {data.order_goods_list.length} 件</small>}
        </h2>
        {data.skipped.length > 0 && (
          <Alert
            className="refund-skipped"
            type="warning"
            showIcon
            title={`${data.skipped.length} 件商品暂不能退款`}
            description={
              <ul>
                {data.skipped.map((item) => (
                  <li key={item.order_goods_id}>{item.reason}</li>
                ))}
              </ul>
            }
          />
        )}
        {data.order_goods_list.length === 0 ? (
          <Empty description="该订单没有可以退款的商品" />
        ) : (
          <RefundGoodsTable lines={data.order_goods_list} selection={choosable ? { chosen, onChange: (next) => void choose(next) } : undefined} />
        )}
      </section>
      {data.order_goods_list.length > 0 && (
        <section className="refund-panel" aria-labelledby="refund-form-title">
          <h2 id="refund-form-title" className="refund-panel-title">退款信息</h2>
          <RefundApplyForm
            orderGoodsIds={quoting ? [] : ids}
            money={quote.refund_money}
            deliveryMoney={quote.refund_delivery_money}
            editableMoney={false}
            quoting={quoting}
            types={quote.refund_type.length ? quote.refund_type : data.refund_type}
            reasons={data.refund_reason_type}
            imagesMax={data.refund_images_max}
            onApplied={applied}
          />
        </section>
      )}
    </AfterSaleFrame>
  );
}
