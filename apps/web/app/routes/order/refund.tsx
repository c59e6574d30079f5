import { useNavigate } from "react-router";
import { AfterSaleFrame } from "../../components/refund/AfterSaleFrame.tsx";
import { RefundApplyForm } from "../../components/refund/RefundApplyForm.tsx";
import { RefundGoodsTable } from "../../components/refund/RefundGoodsTable.tsx";
import { AfterSaleError, loadAfterSale } from "../../components/refund/refund-loader.tsx";
import { positiveId } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { ORDER_LIST_PATH, orderDetailPath, refundDetailPath } from "../../components/order/order-paths.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/refund";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "申请退款"), { name: "robots", content: "noindex" }];

/** /order/refund?order_goods_id=: one line's refund request (a line that cannot be refunded now shows why). */
export async function loader(args: Route.LoaderArgs) {
  return loadAfterSale(args, (params) => positiveId(params.get("order_goods_id")), async (api, orderGoodsId) => ({
    refund: await api.call("/api/orderrefund/refundData", { order_goods_id: orderGoodsId }),
  }));
}

export default function RefundPage({ loaderData }: Route.ComponentProps) {
  const { refund } = loaderData;
  const line = refund.order_goods_info;
  const navigate = useNavigate();
  return (
    <AfterSaleFrame
      title="申请退款"
      crumbs={[{ label: "我的订单", to: ORDER_LIST_PATH }, { label: "订单详情", to: orderDetailPath(line.order_id, 1) }, { label: "申请退款" }]}
      summary={<span>订单号：{line.order_no}</span>}
    >
      <section className="refund-panel" aria-labelledby="refund-goods-title">
        <h2 id="refund-goods-title" className="refund-panel-title">退款商品</h2>
        <RefundGoodsTable lines={[{ ...line, refund_money: refund.refund_money }]} />
      </section>
      <section className="refund-panel" aria-labelledby="refund-form-title">
        <h2 id="refund-form-title" className="refund-panel-title">退款信息</h2>
        <RefundApplyForm
          orderGoodsIds={[line.order_goods_id]}
          money={refund.refund_money}
          deliveryMoney={refund.refund_delivery_money}
          editableMoney
          types={refund.refund_type}
          reasons={refund.refund_reason_type}
          imagesMax={refund.refund_images_max}
          onApplied={() => void navigate(refundDetailPath(line.order_goods_id), { replace: true })}
        />
      </section>
    </AfterSaleFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AfterSaleError error={error} offerRefund />;
}
