import { Empty } from "antd";
import { Link } from "../../components/chrome/Link.tsx";
import { RechargePackagePicker } from "../../components/member/recharge/RechargePackagePicker.tsx";
import { rechargeCss } from "../../components/member/recharge/recharge-css.ts";
import { ACCOUNT_PATH, RECHARGE_ORDER_PATH } from "../../components/member/recharge/recharge-view.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/recharge-list";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: uiCss }, { rel: "stylesheet", href: rechargeCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "账户充值"), { name: "robots", content: "noindex" }];

/** /member/recharge_list: the packages on offer (all of them: a shop offers a handful) and the balance now. */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const [packages, info] = await loadOrClose(
    args.request,
    Promise.all([
      args.context.api.call("/memberrecharge/api/memberrecharge/page", { page: 1, page_size: 100 }),
      args.context.api.call("/api/memberaccount/info", { account_type: "balance" }),
    ]),
  );
  return { packages: packages.list, balance: info.balance };
}

export default function RechargeListPage({ loaderData }: Route.ComponentProps) {
  const { packages, balance } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">账户充值</h1>
      <p className="recharge-balance">
        当前余额 <strong data-testid="recharge-balance">¥{balance}</strong>
        <Link to={RECHARGE_ORDER_PATH}>充值记录</Link>
        <Link to={ACCOUNT_PATH}>余额明细</Link>
      </p>
      {packages.length === 0 ? (
        <Empty className="recharge-empty" description="暂无可选的充值套餐，请稍后再来" />
      ) : (
        <RechargePackagePicker packages={packages} />
      )}
      <ul className="recharge-notes">
        <li>支付成功后，到账金额即时存入账户余额，可用于下单时余额支付；赠送的积分、成长值和优惠券同时发放。</li>
        <li>充值仅支持在线支付（不能使用余额支付）；充值订单需在规定时间内完成支付，逾期自动关闭。</li>
        <li>可在“充值记录”中查看每笔充值的支付状态和赠送明细。</li>
      </ul>
    </div>
  );
}
