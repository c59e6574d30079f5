import { redirect } from "react-router";
import { Empty } from "antd";
import { Link } from "../../components/chrome/Link.tsx";
import { FootprintDays } from "../../components/member/footprint/FootprintDays.tsx";
import { footprintCss } from "../../components/member/footprint/footprint-css.ts";
import { collectionCss } from "../../components/member/collection/collection-css.ts";
import { pageOfUrl } from "../../components/member/collection/record-paging.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { formatTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/footprint";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: collectionCss },
  { rel: "stylesheet", href: footprintCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的足迹"), { name: "robots", content: "noindex" }];

/** Six rows of five cards, split by day. */
const FOOTPRINT_PAGE_SIZE = 30;

/**
 * /member/footprint?page=: the footprints, latest first, grouped by day. `today` is the shop's date
 * when the page was loaded, so the server and the browser name the days alike.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const page = pageOfUrl(url);
  await loadOrClose(args.request, requireMember(args));
  const footprints = await loadOrClose(args.request, args.context.api.call("/api/goodsbrowse/page", { page, page_size: FOOTPRINT_PAGE_SIZE }));
  if (footprints.list.length === 0 && page > 1 && footprints.page_count > 0) {
    url.searchParams.set("page", String(footprints.page_count));
    throw redirect(`/member/footprint?${url.searchParams}`);
  }
  return { page, footprints, today: formatTime(Math.floor(Date.now() / 1000), "YYYY-MM-DD") };
}

export default function FootprintPage({ loaderData }: Route.ComponentProps) {
  const { page, footprints, today } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">我的足迹</h1>
      {footprints.count === 0 ? (
        <Empty className="record-empty" description="暂无浏览记录，去看看喜欢的商品吧">
          <Link to="/">去逛逛</Link>
        </Empty>
      ) : (
        <>
          <p className="footprint-note">每件商品保留最近一次浏览，共 {footprints.count} 件</p>
          <FootprintDays items={footprints.list} days={footprints.days} today={today} />
        </>
      )}
      <UrlPagination className="footprint-pagination" page={page} pageSize={FOOTPRINT_PAGE_SIZE} total={footprints.count} showTotal />
    </div>
  );
}
