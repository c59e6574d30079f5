import { SigninSummary } from "../../components/member/signin/SigninSummary.tsx";
import { SigninCalendar } from "../../components/member/signin/SigninCalendar.tsx";
import { SigninRewards } from "../../components/member/signin/SigninRewards.tsx";
import { SigninRecords } from "../../components/member/signin/SigninRecords.tsx";
import { SIGNIN_RECORDS_PAGE_SIZE, parseSigninQuery } from "../../components/member/signin/signin-view.ts";
import { signinCss } from "../../components/member/signin/signin-css.ts";
import { memberTableCss } from "../../components/member/level/level-css.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/signin";

// ui.css: the pager.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: memberTableCss },
  { rel: "stylesheet", href: signinCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "每日签到"), { name: "robots", content: "noindex" }];

/** /member/signin?month=&page=: today's button, the streak, the month's calendar, the rewards and the records. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseSigninQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const api = args.context.api;
  const [status, award, records] = await loadOrClose(
    args.request,
    Promise.all([
      api.call("/api/membersignin/getSignStatus", query.month ? { month: query.month } : {}),
      api.call("/api/membersignin/award"),
      api.call("/api/membersignin/getSignRecords", { page: query.page, page_size: SIGNIN_RECORDS_PAGE_SIZE }),
    ]),
  );
  return { query, status, award, records };
}

export default function SigninPage({ loaderData }: Route.ComponentProps) {
  const { query, status, award, records } = loaderData;
  return (
    <div className="signin-page">
      <div className="signin-top">
        <section className="member-panel">
          <h1 className="member-panel-title">每日签到</h1>
          <SigninSummary status={status} award={award} />
        </section>
        <section className="member-panel">
          <h2 className="member-panel-title">签到日历</h2>
          <SigninCalendar status={status} />
        </section>
      </div>
      <section className="member-panel">
        <h2 className="member-panel-title">签到奖励</h2>
        <SigninRewards award={award} nextCycleDay={status.next_cycle_day} />
      </section>
      <section className="member-panel" id="records">
        <h2 className="member-panel-title">签到记录</h2>
        <SigninRecords records={records.list} />
        <UrlPagination className="signin-pagination" page={query.page} pageSize={SIGNIN_RECORDS_PAGE_SIZE} total={records.count} showTotal />
      </section>
    </div>
  );
}
