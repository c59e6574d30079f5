import { Link } from "../../components/chrome/Link.tsx";
import brandCss from "../../styles/brand.css?url";
import uiCss from "../../styles/ui.css?url";
import { settleCall } from "../../lib/site-closed.ts";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { pageMeta } from "../../lib/page-meta.ts";
import { BrandAdCarousel } from "../../components/brand/BrandAdCarousel.tsx";
import { shownAd } from "../../components/home/ad-detail.ts";
import { Empty } from "../../components/ui/Empty.tsx";
import { BrandInitialBar } from "../../components/brand/BrandInitialBar.tsx";
import { BrandGrid } from "../../components/brand/BrandGrid.tsx";
import { BrandSearchForm } from "../../components/brand/BrandSearchForm.tsx";
import { BRAND_PAGE_SIZE, parseBrandQuery, type BrandQuery } from "../../components/brand/brand-query.ts";
import { useLoadFailureToast } from "../../components/home/useLoadFailureToast.ts";
import type { Route } from "./+types/brand";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: brandCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "品牌街", "精选品牌，官方授权，正品保障。");

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = parseBrandQuery(new URL(request.url).searchParams);
  const [ad, initials, brands] = await Promise.all([
    settleCall(context.api.call("/api/adv/detail", { keyword: "NS_PC_BRAND" }), request),
    settleCall(context.api.call("/api/goodsbrand/initials"), request),
    settleCall(
      context.api.call("/api/goodsbrand/page", {
        page: query.page, page_size: BRAND_PAGE_SIZE, brand_initial: query.initial, keyword: query.keyword,
      }),
      request,
    ),
  ]);
  // SPEC §8: an ad failure stops the ad silently; the brand list's failure is shown.
  return { query, ad: shownAd(ad.data), initials: initials.data ?? [], brands: brands.data, error: brands.error };
}

function emptyText({ initial, keyword }: BrandQuery): string {
  if (keyword) return `没有找到与“${keyword}”相关的品牌`;
  if (initial) return `暂无首字母为 ${initial} 的品牌`;
  return "暂无品牌";
}

/** /goods/brand: the NS_PC_BRAND ad, then the brand wall filtered by initial or name. */
export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { query, ad, initials, brands, error } = loaderData;
  useLoadFailureToast(error ? [error] : []);
  const total = initials.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="brand-page shop-container">
      <BrowseCrumbs items={[{ label: "品牌街" }]} />
      <BrandAdCarousel ad={ad} />
      <section className="brand-wall">
        <header className="brand-wall__head">
          <h1 className="brand-wall__title">品牌街</h1>
          <span className="brand-wall__subtitle">{total > 0 ? `汇聚 ${total} 个品牌 · 官方授权 正品保障` : "官方授权 正品保障"}</span>
          <BrandSearchForm keyword={query.keyword} />
        </header>
        <BrandInitialBar active={query.keyword ? "" : query.initial} counts={initials} />
        {query.keyword && brands && (
          <p className="brand-wall__result">
            “{query.keyword}”相关品牌 {brands.count} 个 <Link to="/goods/brand">查看全部品牌</Link>
          </p>
        )}
        {brands && brands.list.length > 0 ? (
          <>
            <BrandGrid brands={brands.list} />
            <UrlPagination className="url-pagination" page={query.page} pageSize={BRAND_PAGE_SIZE} total={brands.count} />
          </>
        ) : (
          <div className="brand-wall__empty">
            <Empty description={error || emptyText(query)} />
          </div>
        )}
      </section>
    </div>
  );
}
