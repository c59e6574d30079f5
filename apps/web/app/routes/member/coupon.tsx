import { COUPON_STATES, type CouponStateValue, type MemberCoupon } from "@shop/contract";
import uiCss from "../../styles/ui.css?url";
import { couponCss } from "../../components/coupon/coupon-css.ts";
import { CouponTicket } from "../../components/coupon/CouponTicket.tsx";
import { heldValidity } from "../../components/coupon/coupon-text.ts";
import { Link } from "../../components/chrome/Link.tsx";
import { UrlPagination } from "../../components/common/UrlPagination.tsx";
import { Empty } from "../../components/ui/Empty.tsx";
import { requireMember } from "../../lib/auth.ts";
import { formatTime } from "../../lib/format.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { loadOrClose } from "../../lib/site-closed.ts";
import type { Route } from "./+types/coupon";

/** Coupons per page of 我的优惠券: two columns of six rows. */
const MEMBER_COUPON_PAGE_SIZE = 12;
const STATES: CouponStateValue[] = [1, 2, 3];
const COUNT_KEYS = { 1: "unused", 2: "used", 3: "expired" } as const;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: uiCss },
  { rel: "stylesheet", href: couponCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "我的优惠券"), { name: "robots", content: "noindex" }];

function parseQuery(url: URL): { state: CouponStateValue; page: number } {
  const state = Number(url.searchParams.get("state"));
  const page = Number(url.searchParams.get("page"));
  return {
    state: (STATES as number[]).includes(state) ? (state as CouponStateValue) : 1,
    page: Number.isInteger(page) && page >= 1 && page <= 10000 ? page : 1,
  };
}

const tabHref = (state: CouponStateValue) => (state === 1 ? "/member/coupon" : `/member/coupon?state=${state}`);

/** /member/coupon?state=&page=: the member's coupons by state (未使用, 已使用, 已过期) with the counts on the tabs. */
export async function loader(args: Route.LoaderArgs) {
  const query = parseQuery(new URL(args.request.url));
  await loadOrClose(args.request, requireMember(args));
  const { api } = args.context;
  const [coupons, counts] = await Promise.all([
    loadOrClose(args.request, api.call("/coupon/api/coupon/memberpage", { state: query.state, page: query.page, page_size: MEMBER_COUPON_PAGE_SIZE })),
    loadOrClose(args.request, api.call("/coupon/api/coupon/num")),
  ]);
  return { query, coupons, counts };
}

function HeldCoupon({ coupon }: { coupon: MemberCoupon }) {
  const unused = coupon.state === 1;
  const meta = coupon.state === 2 ? `${formatTime(coupon.use_time, "YYYY-MM-DD HH:mm")} 下单使用` : `${coupon.get_type_name} · ${formatTime(coupon.fetch_time, "YYYY-MM-DD")}`;
  const notStarted = unused && coupon.start_time * 1000 > Date.now();
  return (
    <CouponTicket
      coupon={coupon}
      validity={`有效期 ${heldValidity(coupon.start_time, coupon.end_time)}`}
      muted={!unused}
      stamp={unused ? undefined : coupon.state_name}
      extra={<p className="member-coupon__meta">{notStarted ? `${formatTime(coupon.start_time, "MM月DD日")}起可用` : meta}</p>}
      action={
        unused ? (
          <Link to={coupon.use_url} className="coupon-button coupon-button--use">
            去使用
          </Link>
        ) : undefined
      }
    />
  );
}

export default function MemberCouponPage({ loaderData }: Route.ComponentProps) {
  const { query, coupons, counts } = loaderData;
  return (
    <div className="member-panel member-coupon">
      <h1 className="member-panel-title">我的优惠券</h1>
      <nav className="member-coupon__tabs" aria-label="优惠券状态">
        {STATES.map((state) => {
          const active = state === query.state;
          const count = counts[COUNT_KEYS[state]];
          return (
            <Link key={state} to={tabHref(state)} className={active ? "member-coupon__tab is-active" : "member-coupon__tab"} aria-current={active ? "page" : undefined}>
              {COUPON_STATES[state]}
              <em>({count})</em>
            </Link>
          );
        })}
      </nav>
      {coupons.list.length === 0 ? (
        <Empty
          className="member-coupon__empty"
          description={
            query.state === 1 ? (
              <>
                暂无可用的优惠券，<Link to="/goods/coupon">去领券中心看看</Link>
              </>
            ) : (
              `暂无${COUPON_STATES[query.state]}的优惠券`
            )
          }
        />
      ) : (
        <ul className="member-coupon__grid">
          {coupons.list.map((coupon) => (
            <li key={coupon.coupon_id}>
              <HeldCoupon coupon={coupon} />
            </li>
          ))}
        </ul>
      )}
      <UrlPagination className="member-coupon__pagination" page={query.page} pageSize={MEMBER_COUPON_PAGE_SIZE} total={coupons.count} showTotal />
    </div>
  );
}
