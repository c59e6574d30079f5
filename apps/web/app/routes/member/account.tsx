import { AccountBalanceSummary } from "../../components/member/account/AccountBalanceSummary.tsx";
import { accountCss } from "../../components/member/account/account-css.ts";
import { LedgerTable } from "../../components/member/ledger/LedgerTable.tsx";
import { ledgerCss } from "../../components/member/ledger/ledger-css.ts";
import { loadLedger, parseLedgerQuery } from "../../components/member/ledger/ledger-query.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose, settleCall } from "../../lib/site-closed.ts";
import type { Route } from "./+types/account";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: ledgerCss },
  { rel: "stylesheet", href: accountCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "账户余额"), { name: "robots", content: "noindex" }];

/**
 * /member/account?type=&dir=&start=&end=&page=: the balance, withdrawable and frozen, and the
 * balance ledger filtered as the URL says. The withdrawal figures are a side note: when they cannot
 * be loaded the page still shows the balance and its ledger.
 */
export async function loader(args: Route.LoaderArgs) {
  const query = parseLedgerQuery(new URL(args.request.url), "balance");
  await loadOrClose(args.request, requireMember(args));
  const { api } = args.context;
  const [info, ledger, withdraw] = await Promise.all([
    loadOrClose(args.request, api.call("/api/memberaccount/info", { account_type: "balance" })),
    loadOrClose(args.request, loadLedger(api, "balance", query)),
    settleCall(api.call("/api/memberwithdraw/info"), args.request),
  ]);
  return { query, info, ledger, withdraw: withdraw.data };
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { query, info, ledger, withdraw } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">账户余额</h1>
      <AccountBalanceSummary info={info} withdraw={withdraw} />
      <h2 className="account-ledger-title">余额明细</h2>
      <LedgerTable accountType="balance" query={query} ledger={ledger} emptyText="暂无余额明细" />
    </div>
  );
}
