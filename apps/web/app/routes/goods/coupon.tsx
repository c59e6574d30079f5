import uiCss from "../../styles/ui.css?url";
import { couponCss } from "../../components/coupon/coupon-css.ts";
import { CouponCentreItem } from "../../components/coupon/CouponCentreItem.tsx";
import { BrowseCrumbs } from "../../components/category/BrowseCrumbs.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { Empty } from "../../components/ui/Empty.tsx";
import { AdImage } from "../../components/home/AdImage.tsx";
import { adItems, shownAd } from "../../components/home/ad-detail.ts";
import { useLoadFailureToast } from "../../components/home/useLoadFailureToast.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { settleCall } from "../../lib/site-closed.ts";
import type { Route } from "./+types/coupon";

/** Coupons per page of the centre: two columns of eight rows. */
export const COUPON_CENTRE_PAGE_SIZE = 16;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: couponCss },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "领券中心", "满减券、折扣券每日上新，先领券再购物更划算。");

const pageOf = (url: URL): number => {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
};

/**
 * /goods/coupon: the coupon centre (public, default layout, no antd). The NS_PC_COUPON ad, then the
 * free types: 立即领取 (a guest's goes to login and back), 去使用 once the member holds its limit,
 * 已领完. A guest's page is the same for every guest: the page cache keeps it under the coupon tag.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url));
  const [ad, types] = await Promise.all([
    settleCall(context.api.call("/api/adv/detail", { keyword: "NS_PC_COUPON" }), request),
    settleCall(context.api.call("/coupon/api/coupon/typepagelists", { page, page_size: COUPON_CENTRE_PAGE_SIZE }), request),
  ]);
  return { page, ad: shownAd(ad.data), types: types.data ?? { page_count: 0, count: 0, list: [] }, error: types.error };
}

export default function CouponCentrePage({ loaderData }: Route.ComponentProps) {
  const { page, ad, types, error } = loaderData;
  const { member } = useGlobalData();
  useLoadFailureToast(error ? [error] : []);
  const [banner] = adItems(ad);
  return (
    <div className="coupon-centre shop-container">
      <BrowseCrumbs items={[{ label: "领券中心" }]} />
      {banner && (
        <AdImage src={banner.adv_image} link={banner.adv_url} alt={banner.adv_title} width={1210} height={300} className="coupon-centre__banner" priority />
      )}
      <header className="coupon-centre__head">
        <h1 className="coupon-centre__title">领券中心</h1>
        <span className="coupon-centre__subtitle">{types.count > 0 ? `${types.count} 种优惠券可领，先领券再购物更划算` : "先领券再购物更划算"}</span>
      </header>
      {types.list.length === 0 ? (
        <Empty className="coupon-centre__empty" description={error || "暂无可领取的优惠券，过几天再来看看吧"} />
      ) : (
        <ul className="coupon-centre__grid">
          {types.list.map((item) => (
            <li key={item.coupon_type_id}>
              <CouponCentreItem item={item} isMember={member !== null} />
            </li>
          ))}
        </ul>
      )}
      <UrlPagination className="coupon-centre__pagination" page={page} pageSize={COUPON_CENTRE_PAGE_SIZE} total={types.count} />
      <section className="coupon-centre__rules" aria-label="使用说明">
        <h2>使用说明</h2>
        <ul>
          <li>每张订单可使用一张优惠券，提交订单时自动为您选择最优惠的一张，也可手动更换。</li>
          <li>满减券在适用商品金额满足门槛后可用；折扣券按适用商品金额打折，部分折扣券设有最高优惠金额。</li>
          <li>未支付的订单关闭或整单退款后，所用优惠券将退回账户（已过期的除外）。</li>
        </ul>
      </section>
    </div>
  );
}
