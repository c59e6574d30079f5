import { useNavigate } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Result } from "antd";
import type { EvaluateResult } from "@shop/contract";
import { orderCss } from "../../components/order/order-css.ts";
import { ORDER_LIST_PATH, orderDetailPath } from "../../components/order/order-paths.ts";
import { loadMemberOrder, OrderNotFound } from "../../components/order/member-order-loader.tsx";
import { evaluateCss } from "../../components/evaluate/evaluate-css.ts";
import { EvaluateForm } from "../../components/evaluate/EvaluateForm.tsx";
import { AgainForm } from "../../components/evaluate/AgainForm.tsx";
import { EvaluateLineHead } from "../../components/evaluate/EvaluateLineHead.tsx";
import { OwnEvaluationView } from "../../components/evaluate/OwnEvaluationView.tsx";
import { evaluatePageMode } from "../../components/evaluate/evaluate-form.ts";
import { toast } from "../../components/ui/toast.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import uiCss from "../../styles/ui.css?url";
import type { Route } from "./+types/evaluate";

// ui.css: the stars and the picture viewer of what was written; order.css: the crumbs and goods pictures.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: evaluateCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "评价晒单"), { name: "robots", content: "noindex" }];

/**
 * /order/evaluate?order_id=: the member's received order, evaluated once (stars, text, pictures per
 * line, shop scores, anonymous) or followed up (追评) while allowed; afterwards what was written. The
 * mode is decided when the page loads (the server checks again on submit). A missing, another
 * member's or not yet received order is a 404 with the server's message.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadMemberOrder(args, async (api, orderId) => ({
    info: await api.call("/api/order/evluateinfo", { order_id: orderId }),
    now: Math.floor(Date.now() / 1000),
  }));
}

const TITLES = { evaluate: "评价晒单", again: "追加评价", done: "我的评价" } as const;

export default function EvaluatePage({ loaderData }: Route.ComponentProps) {
  const { info, now } = loaderData;
  const navigate = useNavigate();
  const mode = evaluatePageMode(info, now);
  const detail = orderDetailPath(info.order_id, info.order_type);
  const done = (message: string) => (result: EvaluateResult) => {
    toast.success(result.need_audit ? `${message}，审核通过后展示` : message);
    void navigate(detail);
  };

  return (
    <div className="shop-container evaluate-page">
      <nav className="logistics-crumbs" aria-label="当前位置">
        <Link to="/member">会员中心</Link>
        <span>/</span>
        <Link to={ORDER_LIST_PATH}>我的订单</Link>
        <span>/</span>
        <Link to={detail}>订单详情</Link>
        <span>/</span>
        <span>{TITLES[mode]}</span>
      </nav>
      <div className="evaluate-summary">
        <h1>{TITLES[mode]}</h1>
        <span>
          订单号：<Link to={detail}>{info.order_no}</Link>
        </span>
        <span>共 {info.list.length} 件商品</span>
      </div>
      {mode === "evaluate" && <EvaluateForm info={info} onDone={done("评价成功")} />}
      {mode === "again" && <AgainForm info={info} onDone={done("追评成功")} />}
      {mode === "done" && (
        <>
          <Result
            className="evaluate-done-note"
            status="success"
            title={info.evaluate_status === 2 ? "您已追评，感谢您的分享" : "您已评价，追评期已过"}
            extra={<Link to={detail}>返回订单详情</Link>}
          />
          <div className="evaluate-form">
            {info.list.map((line) => (
              <section key={line.order_goods_id} className="evaluate-line" aria-label={line.sku_name}>
                <EvaluateLineHead line={line} />
                <div className="evaluate-line-body">{line.evaluation && <OwnEvaluationView evaluation={line.evaluation} />}</div>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderNotFound error={error} className="shop-container evaluate-page" />;
}
