import { LevelOverview } from "../../components/member/level/LevelOverview.tsx";
import { LevelLadder } from "../../components/member/level/LevelLadder.tsx";
import { GrowthRecords } from "../../components/member/level/GrowthRecords.tsx";
import { GROWTH_PAGE_SIZE, growthRules, parsePage } from "../../components/member/level/level-view.ts";
import { levelCss, memberTableCss } from "../../components/member/level/level-css.ts";
import { Link } from "../../components/chrome/Link.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/level";

// ui.css: the pager.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: memberTableCss },
  { rel: "stylesheet", href: levelCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "会员等级"), { name: "robots", content: "noindex" }];

/** /member/level?page=: the member's level and growth, the ladder, how growth is earned, and the growth records. */
export async function loader(args: Route.LoaderArgs) {
  const page = parsePage(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const api = args.context.api;
  const [state, levels, records] = await loadOrClose(
    args.request,
    Promise.all([
      api.call("/api/memberlevel/info"),
      api.call("/api/memberlevel/lists"),
      api.call("/api/memberlevel/growthrecords", { page, page_size: GROWTH_PAGE_SIZE }),
    ]),
  );
  return { page, state, levels, records };
}

export default function LevelPage({ loaderData }: Route.ComponentProps) {
  const { page, state, levels, records } = loaderData;
  return (
    <div className="level-page">
      <section className="member-panel">
        <h1 className="member-panel-title">会员等级</h1>
        <LevelOverview state={state} />
      </section>
      <section className="member-panel">
        <h2 className="member-panel-title">等级权益</h2>
        <LevelLadder levels={levels} state={state} />
      </section>
      <section className="member-panel">
        <h2 className="member-panel-title">如何获得成长值</h2>
        <ul className="level-rules">
          {growthRules(state).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className="level-rules-links">
          <Link to="/member/signin">去签到</Link>
          <Link to="/member/recharge_list">去充值</Link>
          <Link to="/goods/list">去购物</Link>
        </p>
      </section>
      <section className="member-panel">
        <h2 className="member-panel-title">成长值记录</h2>
        <GrowthRecords records={records.list} />
        <UrlPagination className="level-pagination" page={page} pageSize={GROWTH_PAGE_SIZE} total={records.count} showTotal />
      </section>
    </div>
  );
}
