import { MemberAccountOverview } from "../../components/member/MemberAccountOverview.tsx";
import { MemberQuickLinks } from "../../components/member/MemberQuickLinks.tsx";
import { MemberSummary } from "../../components/member/MemberSummary.tsx";
import { MemberOrderCounts } from "../../components/member/MemberOrderCounts.tsx";
import { MemberVerifierEntry } from "../../components/member/MemberVerifierEntry.tsx";
import { WelcomeGoods } from "../../components/member/profile/WelcomeGoods.tsx";
import { levelProgress } from "../../components/member/profile/level-progress.ts";
import { welcomeCss } from "../../components/member/profile/welcome-css.ts";
import { collectionCss } from "../../components/member/collection/collection-css.ts";
import { orderCss } from "../../components/order/order-css.ts";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import type { Route } from "./+types/index";
import { pageMeta } from "../../lib/page-meta.ts";
import { fallbackUnlessClosed } from "../../lib/site-closed.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: orderCss },
  { rel: "stylesheet", href: collectionCss },
  { rel: "stylesheet", href: welcomeCss },
];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "会员中心"), { name: "robots", content: "noindex" }];

/** Cards of followed and browsed goods on the welcome page: one row of the 5-card grid. */
const WELCOME_GOODS = 5;

/**
 * The welcome page's figures beyond the member (the layout loads it): order counts, unused coupons,
 * the level ladder, the latest follows and footprints, whether the member is a verifier (核销台).
 * Each is optional: the page still shows, with that part empty, when one call fails.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const quietly = <T,>(load: Promise<T>) => load.catch(fallbackUnlessClosed(request, null));
  const [orderCounts, verifier, coupons, levels, follows, footprints] = await Promise.all([
    quietly(context.api.call("/api/order/num")),
    // -1 您不是核销员 for most members: no entry then.
    quietly(context.api.call("/api/verify/checkisverifier")),
    quietly(context.api.call("/coupon/api/coupon/num")),
    quietly(context.api.call("/api/memberlevel/lists")),
    quietly(context.api.call("/api/goodscollect/page", { page: 1, page_size: WELCOME_GOODS })),
    quietly(context.api.call("/api/goodsbrowse/page", { page: 1, page_size: WELCOME_GOODS })),
  ]);
  return {
    orderCounts,
    verifier,
    couponCount: coupons?.unused ?? null,
    levels,
    follows: follows?.list ?? null,
    footprints: footprints?.list ?? null,
  };
}

/** /member: the welcome page of the member centre. */
export default function MemberWelcome({ loaderData }: Route.ComponentProps) {
  const member = useLayoutMember();
  const { defaultImages } = useGlobalData();
  const level = loaderData.levels ? levelProgress(loaderData.levels, member) : null;
  return (
    <div className="member-welcome">
      <MemberSummary member={member} defaultHead={defaultImages.head} level={level} couponCount={loaderData.couponCount} />
      <MemberOrderCounts counts={loaderData.orderCounts} />
      <MemberVerifierEntry verifier={loaderData.verifier} />
      <WelcomeGoods title="我的关注" more="/member/collection" goods={loaderData.follows} empty="还没有关注的商品" />
      <WelcomeGoods title="最近浏览" more="/member/footprint" goods={loaderData.footprints} empty="还没有浏览记录" />
      <MemberQuickLinks />
      <MemberAccountOverview member={member} />
    </div>
  );
}
