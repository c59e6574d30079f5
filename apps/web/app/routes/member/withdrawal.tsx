import { Link } from "../../components/chrome/Link.tsx";
import { Button, Empty } from "antd";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { WithdrawRecordTable } from "../../components/member/withdraw/WithdrawRecordTable.tsx";
import { WithdrawSummary } from "../../components/member/withdraw/WithdrawSummary.tsx";
import { withdrawCss } from "../../components/member/withdraw/withdraw-css.ts";
import {
  ACCOUNT_LIST_PATH, APPLY_WITHDRAWAL_PATH, WITHDRAW_PAGE_SIZE, WITHDRAW_TABS, parseWithdrawalQuery, withdrawalTabHref,
} from "../../components/member/withdraw/withdraw-view.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/withdrawal";

// ui.css: the pager.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: withdrawCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "提现记录"), { name: "robots", content: "noindex" }];

/** /member/withdrawal?status=&page=: the member's withdrawals of a tab, newest first, under the totals. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseWithdrawalQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const { api } = args.context;
  const [info, records] = await Promise.all([
    loadOrClose(args.request, api.call("/api/memberwithdraw/info")),
    loadOrClose(args.request, api.call("/api/memberwithdraw/page", { page: query.page, page_size: WITHDRAW_PAGE_SIZE, status: query.status })),
  ]);
  return { query, info, records };
}

export default function WithdrawalPage({ loaderData }: Route.ComponentProps) {
  const { query, info, records } = loaderData;
  const open = info.config.is_use === 1;
  const tabLabel = WITHDRAW_TABS.find((tab) => tab.key === query.status)?.label ?? "全部";
  return (
    <div className="member-panel withdraw-records-page">
      <div className="withdraw-head">
        <h1 className="member-panel-title">提现记录</h1>
        <span className="withdraw-head-note" />
        <Link to={ACCOUNT_LIST_PATH}>账户列表</Link>
      </div>
      <WithdrawSummary
        info={info}
        actions={
          open ? (
            <Link to={APPLY_WITHDRAWAL_PATH} className="ui-button ui-button--primary">
              申请提现
            </Link>
          ) : (
            <Button disabled>暂未开放提现</Button>
          )
        }
      />
      <nav className="withdraw-tabs" aria-label="提现状态">
        {WITHDRAW_TABS.map((tab) => {
          const active = tab.key === query.status;
          return (
            <Link key={tab.key} to={withdrawalTabHref(tab.key)} className={active ? "withdraw-tab withdraw-tab-active" : "withdraw-tab"} aria-current={active ? "page" : undefined}>
              {tab.label}
            </Link>
          );
        })}
      </nav>
      {records.list.length === 0 ? (
        <Empty className="withdraw-empty" description={query.status === "all" ? "暂无提现记录" : `暂无${tabLabel}的提现`}>
          {open && query.status === "all" && <Link to={APPLY_WITHDRAWAL_PATH}>去申请提现</Link>}
        </Empty>
      ) : (
        <WithdrawRecordTable records={records.list} />
      )}
      <UrlPagination className="withdraw-pagination" page={query.page} pageSize={WITHDRAW_PAGE_SIZE} total={records.count} showTotal />
    </div>
  );
}
