import goodsListCss from "../../styles/goods-list.css?url";
import uiCss from "../../styles/ui.css?url";
import { useGlobalData } from "../../lib/global-data.ts";
import { loadGoodsList } from "../../components/goods-list/list-data.ts";
import { goodsListMeta, pastEndOf } from "../../components/goods-list/list-meta.ts";
import { PAGE_SIZES, listPath, withChanges } from "../../components/goods-list/list-query.ts";
import { ListBreadcrumb } from "../../components/goods-list/ListBreadcrumb.tsx";
import { ListFilters } from "../../components/goods-list/ListFilters.tsx";
import { SortBar } from "../../components/goods-list/SortBar.tsx";
import { GoodsListItem } from "../../components/goods-list/GoodsListItem.tsx";
import { EmptyResult } from "../../components/goods-list/EmptyResult.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import type { Route } from "./+types/list";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: goodsListCss },
];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => goodsListMeta(loaderData, matches);

/** Every filter is in the URL: a new search param is a new list, loaded on the server. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadGoodsList(context.api, request);
}

/** /goods/list: search results or a category's goods, with filters, sorting and paging. */
export default function GoodsListPage({ loaderData }: Route.ComponentProps) {
  const { query, page, category, categoryChoices, brands, brand, brandMissing, couponName, error } = loaderData;
  const { hotWords, member, defaultImages } = useGlobalData();
  const filtered = Boolean(query.category_id || query.brand_id || query.min_price || query.max_price || query.free_shipping || query.coupon);
  // A page past the last (?page=999 of 40): the empty state links to the last and first pages,
  // and neither pager claims a current page.
  const pastEnd = pastEndOf(loaderData);
  return (
    <div className="goods-list shop-container">
      <ListBreadcrumb query={query} category={category} brand={brand} couponName={couponName} />
      <ListFilters query={query} categories={categoryChoices} brands={brands} />
      <SortBar query={query} count={page.count} pageCount={page.page_count} />
      {page.list.length === 0 ? (
        <EmptyResult
          keyword={query.keyword}
          pastEnd={
            pastEnd
              ? {
                  page: query.page,
                  pageCount: page.page_count,
                  lastPageHref: listPath(withChanges(query, { page: page.page_count })),
                  firstPageHref: listPath(withChanges(query, { page: 1 })),
                }
              : undefined
          }
          missingBrand={brandMissing ? { withoutBrandHref: listPath(withChanges(query, { brand_id: 0 })) } : undefined}
          hotWords={hotWords}
          error={error}
          filtered={filtered}
        />
      ) : (
        <ul className="goods-list__grid">
          {page.list.map((item) => (
            <GoodsListItem key={item.goods_id} item={item} keyword={query.keyword} isMember={member !== null} fallbackImage={defaultImages.goods} />
          ))}
        </ul>
      )}
      {!pastEnd && page.count > 0 && (
        <UrlPagination
          className="goods-list-pagination"
          page={query.page}
          pageSize={query.page_size}
          total={page.count}
          pageSizeOptions={[...PAGE_SIZES]}
          hrefOf={(target, pageSize) => listPath(withChanges(query, { page: target, page_size: pageSize }))}
        />
      )}
    </div>
  );
}
