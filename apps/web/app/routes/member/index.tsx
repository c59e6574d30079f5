import { MemberAccountOverview } from "../../components/member/MemberAccountOverview.tsx";
import { MemberQuickLinks } from "../../components/member/MemberQuickLinks.tsx";
import { MemberSummary } from "../../components/member/MemberSummary.tsx";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { useGlobalData } from "../../lib/global-data.ts";
import type { Route } from "./+types/index";
import { pageMeta } from "../../lib/page-meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "会员中心");

/** /member: the welcome page of the member centre. */
export default function MemberWelcome() {
  const member = useLayoutMember();
  const { defaultImages } = useGlobalData();
  return (
    <div className="member-welcome">
      <MemberSummary member={member} defaultHead={defaultImages.head} />
      <MemberQuickLinks />
      <MemberAccountOverview member={member} />
    </div>
  );
}
