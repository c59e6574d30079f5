import uiCss from "../../styles/ui.css?url";
import promotionCss from "../../styles/promotion.css?url";
import groupbuyComboCss from "../../styles/groupbuy-combo.css?url";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { Empty } from "../../components/ui/Empty.tsx";
import { useLoadFailureToast } from "../../components/home/useLoadFailureToast.ts";
import { GroupbuyCard, groupbuyCardItem } from "../../components/promotion/groupbuy/GroupbuyCard.tsx";
import { useGlobalData } from "../../lib/global-data.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { settleCall } from "../../lib/site-closed.ts";
import type { Route } from "./+types/groupbuy";

/** Group buys per page: five rows of four. */
export const GROUPBUY_PAGE_SIZE = 20;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: promotionCss },
  { rel: "stylesheet", href: groupbuyComboCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "团购", "精选好物限时团购价，多件起购更划算。");

const pageOf = (url: URL): number => {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
};

/**
 * /promotion/groupbuy: the running group buys, ending soonest first (public, default layout, no
 * antd). The same for every guest: the page cache keeps it under the groupbuy tag, which staff
 * changes and each group buy's start and end purge.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url));
  const result = await settleCall(context.api.call("/groupbuy/api/goods/page", { page, page_size: GROUPBUY_PAGE_SIZE }), request);
  const list = result.data ? result.data.list.map(groupbuyCardItem) : [];
  return { page, count: result.data?.count ?? 0, list, error: result.error };
}

export default function GroupbuyListPage({ loaderData }: Route.ComponentProps) {
  const { page, count, list, error } = loaderData;
  const { defaultImages } = useGlobalData();
  useLoadFailureToast(error ? [error] : []);
  return (
    <div className="groupbuy-list shop-container">
      <BrowseCrumbs items={[{ label: "团购" }]} />
      <header className="groupbuy-list__head">
        <h1 className="groupbuy-list__title">团购</h1>
        <span className="groupbuy-list__subtitle">{count > 0 ? `${count} 件好物正在团购，多件起购享团购价` : "多件起购享团购价"}</span>
      </header>
      {list.length === 0 ? (
        <Empty className="groupbuy-list__empty" description={error || "暂无进行中的团购，过几天再来看看吧"} />
      ) : (
        <ul className="groupbuy-list__grid">
          {list.map((item) => (
            <GroupbuyCard key={item.groupbuy_id} item={item} fallbackImage={defaultImages.goods} />
          ))}
        </ul>
      )}
      <UrlPagination className="groupbuy-list__pagination" page={page} pageSize={GROUPBUY_PAGE_SIZE} total={count} />
    </div>
  );
}
