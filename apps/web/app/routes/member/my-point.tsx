import { PointSummary } from "../../components/member/point/PointSummary.tsx";
import { pointCss } from "../../components/member/point/point-css.ts";
import { LedgerTable } from "../../components/member/ledger/LedgerTable.tsx";
import { ledgerCss } from "../../components/member/ledger/ledger-css.ts";
import { loadLedger, parseLedgerQuery } from "../../components/member/ledger/ledger-query.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/my-point";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: ledgerCss },
  { rel: "stylesheet", href: pointCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的积分"), { name: "robots", content: "noindex" }];

/** /member/my_point?type=&dir=&start=&end=&page=: points now and the points ledger, filtered as the URL says. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseLedgerQuery(new URL(args.request.url), "point");
  await loadOrClose(args.request, requireMember(args));
  const [info, ledger] = await loadOrClose(
    args.request,
    Promise.all([args.context.api.call("/api/memberaccount/info", { account_type: "point" }), loadLedger(args.context.api, "point", query)]),
  );
  return { query, info, ledger };
}

export default function MyPointPage({ loaderData }: Route.ComponentProps) {
  const { query, info, ledger } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">我的积分</h1>
      <PointSummary info={info} />
      <h2 className="point-ledger-title">积分明细</h2>
      <LedgerTable accountType="point" query={query} ledger={ledger} emptyText="暂无积分明细" />
    </div>
  );
}
