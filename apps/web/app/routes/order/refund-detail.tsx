import { useRevalidator } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { AfterSaleFrame } from "../../components/refund/AfterSaleFrame.tsx";
import { RefundInfoPanel } from "../../components/refund/RefundInfoPanel.tsx";
import { RefundReturnPanel } from "../../components/refund/RefundReturnPanel.tsx";
import { RefundStatusPanel } from "../../components/refund/RefundStatusPanel.tsx";
import { RefundTimeline } from "../../components/refund/RefundTimeline.tsx";
import { AfterSaleError, loadAfterSale } from "../../components/refund/refund-loader.tsx";
import { positiveId } from "../../components/refund/refund-view.ts";
import { refundCss } from "../../components/refund/refund-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { ACTIVIST_PATH, complainPath } from "../../components/order/order-paths.ts";
import uiCss from "../../styles/ui.css?url";
import { formatTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/refund-detail";

// ui.css: the picture viewer of the refund's evidence.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: refundCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "退款详情"), { name: "robots", content: "noindex" }];

/** /order/refund_detail?order_goods_id=: the line's latest refund, its timeline, and what the buyer may do now. */
export async function loader(args: Route.LoaderArgs) {
  return loadAfterSale(args, (params) => positiveId(params.get("order_goods_id")), async (api, orderGoodsId) => ({
    detail: await api.call("/api/orderrefund/detail", { order_goods_id: orderGoodsId }),
  }));
}

export default function RefundDetailPage({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const complain = detail.complain;
  return (
    <AfterSaleFrame title="退款详情" crumbs={[{ label: "退款/售后", to: ACTIVIST_PATH }, { label: "退款详情" }]} summary={<span>退款编号：{detail.refund_no}</span>}>
      <RefundStatusPanel detail={detail} onChanged={reload} />
      <RefundReturnPanel detail={detail} onChanged={reload} />
      {complain && (
        <section className="refund-panel refund-complain-summary" aria-labelledby="refund-complain-title">
          <h2 id="refund-complain-title" className="refund-panel-title">
            平台介入
            <Link to={complainPath(detail.order_goods_id)} className="refund-panel-more">
              查看投诉
            </Link>
          </h2>
          <p>
            <span className={`refund-complain-status refund-complain-${complain.complain_status}`}>{complain.complain_status_name}</span>
            <span className="refund-muted">提交于 {formatTime(complain.create_time, "YYYY-MM-DD HH:mm")}</span>
          </p>
          {complain.handle_remark && <p>平台答复：{complain.handle_remark}</p>}
        </section>
      )}
      <RefundInfoPanel detail={detail} />
      <RefundTimeline entries={detail.refund_log} />
    </AfterSaleFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AfterSaleError error={error} />;
}
