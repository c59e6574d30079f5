import { Link } from "../components/chrome/Link.tsx";
import storeCss from "../styles/store.css?url";
import uiCss from "../styles/ui.css?url";
import { settleCall } from "../lib/site-closed.ts";
import { useGlobalData } from "../lib/global-data.ts";
import { BrowseCrumbs } from "../components/category/BrowseCrumbs.tsx";
import { UrlPagination } from "../components/common/UrlPagination.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { StoreCard } from "../components/store/StoreCard.tsx";
import { Empty } from "../components/ui/Empty.tsx";
import { StoreSearchForm } from "../components/store/StoreSearchForm.tsx";
import { STORE_PAGE_SIZE, parseStoreQuery } from "../components/store/store-query.ts";
import { useLoadFailureToast } from "../components/home/useLoadFailureToast.ts";
import type { Route } from "./+types/street";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: storeCss },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.query.keyword ? `“${loaderData.query.keyword}”门店搜索` : "门店查询", "查找附近的线下门店：地址、营业时间与联系电话。");

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = parseStoreQuery(new URL(request.url).searchParams);
  const stores = await settleCall(
    context.api.call("/api/store/page", { keyword: query.keyword, page: query.page, page_size: STORE_PAGE_SIZE }),
    request,
  );
  return { query, stores: stores.data, error: stores.error };
}

/** /street?keyword=: the shop search of the header's 门店 switch. */
export default function StreetPage({ loaderData }: Route.ComponentProps) {
  const { query, stores, error } = loaderData;
  const { defaultImages } = useGlobalData();
  useLoadFailureToast(error ? [error] : []);
  const found = stores?.count ?? 0;
  return (
    <div className="street-page shop-container">
      <BrowseCrumbs items={query.keyword ? [{ label: "门店查询", to: "/street" }, { label: query.keyword }] : [{ label: "门店查询" }]} />
      <section className="street-search">
        <h1 className="street-search__title">线下门店查询</h1>
        <p className="street-search__subtitle">到店体验 · 门店自提 · 专业售后，就近找到您身边的门店</p>
        <StoreSearchForm keyword={query.keyword} />
      </section>
      <div className="street-summary">
        {query.keyword ? (
          <>
            与“<em>{query.keyword}</em>”相关的门店共 <em>{found}</em> 家
            <Link to="/street" className="street-summary__all">查看全部门店</Link>
          </>
        ) : (
          <>全部门店共 <em>{found}</em> 家</>
        )}
      </div>
      {stores && stores.list.length > 0 ? (
        <>
          <ul className="street-list">
            {stores.list.map((store) => (
              <StoreCard key={store.store_id} store={store} fallbackImage={defaultImages.store} />
            ))}
          </ul>
          <UrlPagination className="url-pagination" page={query.page} pageSize={STORE_PAGE_SIZE} total={stores.count} />
        </>
      ) : (
        <div className="street-empty">
          <Empty description={error || (query.keyword ? `没有找到与“${query.keyword}”相关的门店，换个关键词试试` : "暂无门店")} />
        </div>
      )}
    </div>
  );
}
