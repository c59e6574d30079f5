import { useNavigate } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Button, Empty, Result } from "antd";
import { WithdrawApplyForm } from "../../components/member/withdraw/WithdrawApplyForm.tsx";
import { WithdrawSummary } from "../../components/member/withdraw/WithdrawSummary.tsx";
import { withdrawCss } from "../../components/member/withdraw/withdraw-css.ts";
import { APPLY_WITHDRAWAL_PATH, WITHDRAWAL_PATH, accountEditPath, withdrawalDetailPath } from "../../components/member/withdraw/withdraw-view.ts";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/apply-withdrawal";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: withdrawCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "申请提现"), { name: "robots", content: "noindex" }];

/** /member/apply_withdrawal: the balance figures, and the application form for the accounts of the types the shop offers. */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const { api } = args.context;
  const [info, accounts] = await Promise.all([
    loadOrClose(args.request, api.call("/api/memberwithdraw/info")),
    loadOrClose(args.request, api.call("/api/memberbankaccount/page", { page_size: 0 })),
  ]);
  const offered = new Set(info.config.transfer_type_list.map((item) => item.type));
  return { info, accounts: accounts.list.filter((account) => offered.has(account.withdraw_type)) };
}

export default function ApplyWithdrawalPage({ loaderData }: Route.ComponentProps) {
  const { info, accounts } = loaderData;
  const navigate = useNavigate();
  const open = info.config.is_use === 1 && info.config.transfer_type_list.length > 0;
  const addAccount = (
    <Button type="primary" onClick={() => void navigate(accountEditPath(undefined, APPLY_WITHDRAWAL_PATH))}>
      添加提现账户
    </Button>
  );

  return (
    <div className="member-panel withdraw-apply-page">
      <div className="withdraw-head">
        <h1 className="member-panel-title">申请提现</h1>
        <span className="withdraw-head-note">
          {open ? `支持提现到${info.config.transfer_type_list.map((item) => item.name).join("、")}` : ""}
        </span>
        <Link to={WITHDRAWAL_PATH}>提现记录</Link>
      </div>
      <WithdrawSummary info={info} />
      {!open ? (
        <Result className="withdraw-closed" status="info" title="商家暂未开启余额提现" subTitle="余额仍可用于购物支付，提现开放后即可申请" />
      ) : accounts.length === 0 ? (
        <Empty className="withdraw-empty" description="您还没有可用的提现账户，请先添加银行卡或支付宝账户">
          {addAccount}
        </Empty>
      ) : (
        <WithdrawApplyForm info={info} accounts={accounts} onApplied={(id) => void navigate(withdrawalDetailPath(id))} />
      )}
    </div>
  );
}
