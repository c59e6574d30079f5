import { useRevalidator } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Result } from "antd";
import { AfterSaleFrame } from "../../components/refund/AfterSaleFrame.tsx";
import { ComplainForm } from "../../components/refund/ComplainForm.tsx";
import { ComplainStatus } from "../../components/refund/ComplainStatus.tsx";
import { InfoList } from "../../components/refund/RefundInfoPanel.tsx";
import { RefundGoodsTable } from "../../components/refund/RefundGoodsTable.tsx";
import { AfterSaleError, loadAfterSale } from "../../components/refund/refund-loader.tsx";
import { positiveId } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { ACTIVIST_PATH, refundDetailPath } from "../../components/order/order-paths.ts";
import uiCss from "../../styles/ui.css?url";
import { formatPrice } from "../../lib/format.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/complain";

// ui.css: the picture viewer of the complaint's evidence.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "平台投诉"), { name: "robots", content: "noindex" }];

/** /order/complain?order_goods_id=: the refused refund of a line, its complaint form (once), then the complaint's status. */
export async function loader(args: Route.LoaderArgs) {
  return loadAfterSale(args, (params) => positiveId(params.get("order_goods_id")), async (api, orderGoodsId) => ({
    orderGoodsId,
    detail: await api.call("/api/ordercomplain/detail", { order_goods_id: orderGoodsId }),
  }));
}

export default function ComplainPage({ loaderData }: Route.ComponentProps) {
  const { orderGoodsId, detail } = loaderData;
  const { refund, complain } = detail;
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  return (
    <AfterSaleFrame
      title="平台投诉"
      crumbs={[{ label: "退款/售后", to: ACTIVIST_PATH }, { label: "退款详情", to: refundDetailPath(orderGoodsId) }, { label: "平台投诉" }]}
      summary={<span>订单号：{refund.order_no}</span>}
    >
      <section className="refund-panel" aria-labelledby="complain-refund-title">
        <h2 id="complain-refund-title" className="refund-panel-title">
          退款申请
          <Link to={refundDetailPath(orderGoodsId)} className="refund-panel-more">
            退款详情
          </Link>
        </h2>
        <RefundGoodsTable lines={[refund]} />
        <InfoList
          label="退款申请"
          rows={[
            ["退款编号", refund.refund_no],
            ["退款状态", refund.refund_status_name],
            ["退款方式", refund.refund_type_name],
            ["退款原因", refund.refund_reason],
            ["申请金额", `¥${formatPrice(refund.refund_apply_money)}`],
            ["拒绝原因", refund.refund_refuse_reason],
          ]}
        />
      </section>
      {complain ? (
        <ComplainStatus complain={complain} orderGoodsId={orderGoodsId} onChanged={reload} />
      ) : detail.can_complain ? (
        <section className="refund-panel" aria-labelledby="complain-form-title">
          <h2 id="complain-form-title" className="refund-panel-title">申请平台介入</h2>
          <p className="refund-form-intro">商家拒绝了您的退款申请。如您认为商家的处理不合理，可以申请平台介入，平台将核实后给出处理结果。</p>
          <ComplainForm orderGoodsId={orderGoodsId} reasons={detail.complain_reason_type} imagesMax={detail.complain_images_max} onFiled={reload} />
        </section>
      ) : (
        <Result
          className="refund-panel"
          status="info"
          title="当前退款不能申请平台介入"
          subTitle="只有被商家拒绝的退款才能申请平台介入，每次退款可投诉一次。"
          extra={<Link to={refundDetailPath(orderGoodsId)}>查看退款详情</Link>}
        />
      )}
    </AfterSaleFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AfterSaleError error={error} />;
}
