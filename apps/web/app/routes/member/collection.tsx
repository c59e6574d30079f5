import { redirect } from "react-router";
import { Empty } from "antd";
import { Link } from "../../components/chrome/Link.tsx";
import { CollectionGrid } from "../../components/member/collection/CollectionGrid.tsx";
import { collectionCss } from "../../components/member/collection/collection-css.ts";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { pageOfUrl } from "../../components/member/collection/record-paging.ts";
import uiCss from "../../styles/ui.css?url";
import { requireMember } from "../../lib/auth.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/collection";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: collectionCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的关注"), { name: "robots", content: "noindex" }];

/** Four rows of five cards. */
const COLLECTION_PAGE_SIZE = 20;

/** /member/collection?page=: the followed goods, latest first, priced now. A page emptied by unfollowing goes back to the last one. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const page = pageOfUrl(url);
  await loadOrClose(args.request, requireMember(args));
  const follows = await loadOrClose(args.request, args.context.api.call("/api/goodscollect/page", { page, page_size: COLLECTION_PAGE_SIZE }));
  if (follows.list.length === 0 && page > 1 && follows.page_count > 0) {
    url.searchParams.set("page", String(follows.page_count));
    throw redirect(`/member/collection?${url.searchParams}`);
  }
  return { page, follows };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { page, follows } = loaderData;
  return (
    <div className="member-panel">
      <h1 className="member-panel-title">我的关注</h1>
      {follows.count === 0 ? (
        <Empty className="record-empty" description="还没有关注的商品，看到喜欢的商品点「关注」吧">
          <Link to="/">去逛逛</Link>
        </Empty>
      ) : (
        <CollectionGrid items={follows.list} total={follows.count} />
      )}
      <UrlPagination className="collection-pagination" page={page} pageSize={COLLECTION_PAGE_SIZE} total={follows.count} showTotal />
    </div>
  );
}
