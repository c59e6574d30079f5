import type { MemberAccountInfo, WithdrawInfo } from "@shop/contract";
import { Link } from "../../chrome/Link.tsx";
import { RECHARGE_LIST_PATH, RECHARGE_ORDER_PATH, WITHDRAWAL_LIST_PATH, WITHDRAW_APPLY_PATH } from "../recharge/recharge-view.ts";

interface AccountBalanceSummaryProps {
  /** balance and the ledger's income / expense totals (/api/memberaccount/info) */
  info: MemberAccountInfo;
  /** withdrawable and frozen (/api/memberwithdraw/info); null when it could not be loaded */
  withdraw: WithdrawInfo | null;
}

/**
 * The head of 账户余额: the balance now, what of it may be withdrawn and what is frozen in
 * withdrawals under way, the ledger's totals, and the ways to add (充值) and take out (提现) money.
 */
export function AccountBalanceSummary({ info, withdraw }: AccountBalanceSummaryProps) {
  const withdrawOpen = withdraw?.config.is_use === 1;
  const figures = [
    { key: "withdrawable", label: "可提现", value: withdraw ? `¥${withdraw.withdrawable}` : "—" },
    { key: "frozen", label: "提现冻结中", value: withdraw ? `¥${withdraw.frozen}` : "—" },
    { key: "income", label: "累计收入", value: `¥${info.total_income}` },
    { key: "expense", label: "累计支出", value: `¥${info.total_expense}` },
  ];
  return (
    <div className="account-summary">
      <div className="account-summary-balance">
        <span className="account-summary-label">账户余额（元）</span>
        <strong className="account-summary-value" data-testid="account-balance">
          {info.balance}
        </strong>
        <p className="account-summary-links">
          <Link to={RECHARGE_ORDER_PATH}>充值记录</Link>
          <Link to={WITHDRAWAL_LIST_PATH}>提现记录</Link>
        </p>
      </div>
      <dl className="account-summary-figures">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`account-${figure.key}`}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="account-summary-actions">
        <Link to={RECHARGE_LIST_PATH} className="ui-button ui-button--primary account-summary-button">
          充值
        </Link>
        {withdrawOpen || !withdraw ? (
          <Link to={WITHDRAW_APPLY_PATH} className="ui-button account-summary-button">
            提现
          </Link>
        ) : (
          <span className="ui-button account-summary-button" aria-disabled="true" title="商城暂未开放提现">
            提现
          </span>
        )}
      </div>
    </div>
  );
}
