import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "../../components/chrome/Link.tsx";
import { Alert, Result } from "antd";
import { ApiError, Code, WithdrawStatus, type WithdrawRecord } from "@shop/contract";
import { WithdrawProgress } from "../../components/member/withdraw/WithdrawProgress.tsx";
import { WithdrawStatusTag } from "../../components/member/withdraw/WithdrawStatusTag.tsx";
import { withdrawCss } from "../../components/member/withdraw/withdraw-css.ts";
import { APPLY_WITHDRAWAL_PATH, WITHDRAWAL_PATH, groupCardNumber } from "../../components/member/withdraw/withdraw-view.ts";
import { formatPrice, formatTime } from "../../lib/format.ts";
import { maskMobile } from "../../lib/mobile.ts";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/withdrawal-detail";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: withdrawCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "提现详情"), { name: "robots", content: "noindex" }];

const NOT_FOUND = "提现记录不存在";

/** /member/withdrawal_detail?id=: one of the member's withdrawals (another's, or none: 404). */
export async function loader(args: Route.LoaderArgs) {
  await loadOrClose(args.request, requireMember(args));
  const id = Number(new URL(args.request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw data(NOT_FOUND, { status: 404 });
  try {
    return { record: await loadOrClose(args.request, args.context.api.call("/api/memberwithdraw/detail", { id })) };
  } catch (error) {
    if (error instanceof ApiError && (error.code === Code.ERROR || error.code === Code.PARAM)) throw data(error.message || NOT_FOUND, { status: 404 });
    throw error;
  }
}

const money = (value: string) => `¥${formatPrice(value)}`;

/** Label and value rows; empty values are left out. */
function InfoRows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="withdraw-info">
      {rows
        .filter(([, value]) => value !== "")
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function reasonOf(record: WithdrawRecord): { title: string; text: string } | null {
  if (record.status === WithdrawStatus.REFUSED) return { title: "审核未通过，金额已退回余额", text: record.refuse_reason };
  if (record.status === WithdrawStatus.FAILED) return { title: "转账失败，金额已退回余额", text: record.fail_reason };
  return null;
}

export default function WithdrawalDetailPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  const bank = record.transfer_type === "bank";
  const reason = reasonOf(record);
  return (
    <div className="member-panel withdraw-detail-page">
      <div className="withdraw-detail-head">
        <h1 className="member-panel-title">提现详情</h1>
        <WithdrawStatusTag status={record.status} name={record.status_name} />
      </div>
      <p className="withdraw-detail-amount" data-testid="withdraw-detail-amount">
        {money(record.apply_money)}
      </p>
      <WithdrawProgress record={record} />
      {reason && <Alert className="withdraw-reason" type={record.status === WithdrawStatus.FAILED ? "error" : "warning"} showIcon title={reason.title} description={reason.text ? `原因：${reason.text}` : undefined} />}
      <InfoRows
        rows={[
          ["提现单号", record.withdraw_no],
          ["申请时间", formatTime(record.apply_time)],
          ["提现金额", money(record.apply_money)],
          ["手续费", `${money(record.service_money)}（费率 ${record.rate}%）`],
          ["到账金额", money(record.money)],
          ["提现方式", record.transfer_type_name],
          [bank ? "开户银行" : "支付宝账号", bank ? record.bank_name : record.account_number],
          ...(bank ? ([["银行卡号", groupCardNumber(record.account_number)]] as Array<[string, string]>) : []),
          [bank ? "开户名" : "真实姓名", record.realname],
          ["手机号", maskMobile(record.mobile)],
          ["审核时间", formatTime(record.audit_time)],
          ["转账时间", formatTime(record.payment_time)],
          ["失败时间", formatTime(record.fail_time)],
          ["转账备注", record.certificate_remark],
        ]}
      />
      <div className="withdraw-detail-foot">
        <Link to={WITHDRAWAL_PATH}>返回提现记录</Link>
        <Link to={APPLY_WITHDRAWAL_PATH}>继续提现</Link>
      </div>
    </div>
  );
}

/** A withdrawal that is not the member's (or no withdrawal at all): 404 in the member layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="member-panel">
      <Result status="404" title={typeof error.data === "string" && error.data ? error.data : NOT_FOUND} extra={<Link to={WITHDRAWAL_PATH}>返回提现记录</Link>} />
    </div>
  );
}
