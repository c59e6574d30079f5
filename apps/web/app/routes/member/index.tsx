import { MemberAccountOverview } from "../../components/member/MemberAccountOverview.tsx";
import { MemberQuickLinks } from "../../components/member/MemberQuickLinks.tsx";
import { MemberSummary } from "../../components/member/MemberSummary.tsx";
import { MemberOrderCounts } from "../../components/member/MemberOrderCounts.tsx";
import { MemberVerifierEntry } from "../../components/member/MemberVerifierEntry.tsx";
import { orderCss } from "../../components/order/order-css.ts";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import type { Route } from "./+types/index";
import { pageMeta } from "../../lib/page-meta.ts";
import { fallbackUnlessClosed } from "../../lib/site-closed.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: orderCss }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "会员中心");

/** The order counts of the 我的订单 panel, and whether the member is a verifier (核销台); the page still shows without them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [orderCounts, verifier] = await Promise.all([
    context.api.call("/api/order/num").catch(fallbackUnlessClosed(request, null)),
    // -1 您不是核销员 for most members: no entry then.
    context.api.call("/api/verify/checkisverifier").catch(fallbackUnlessClosed(request, null)),
  ]);
  return { orderCounts, verifier };
}

/** /member: the welcome page of the member centre. */
export default function MemberWelcome({ loaderData }: Route.ComponentProps) {
  const member = useLayoutMember();
  const { defaultImages } = useGlobalData();
  return (
    <div className="member-welcome">
      <MemberSummary member={member} defaultHead={defaultImages.head} />
      <MemberOrderCounts counts={loaderData.orderCounts} />
      <MemberQuickLinks />
      <MemberVerifierEntry verifier={loaderData.verifier} />
      <MemberAccountOverview member={member} />
    </div>
  );
}
