import { SecurityOverview } from "../../components/member/security/SecurityOverview.tsx";
import { securityCss } from "../../components/member/security/security-css.ts";
import { useLayoutMember } from "../../components/member/useLayoutMember.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/security";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: securityCss }];

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "账户安全"), { name: "robots", content: "noindex" }];

/** /member/security: login password, mobile and pay password of the member (the member layout loads it), each with its action. */
export default function SecurityPage() {
  const member = useLayoutMember();
  return (
    <div className="member-panel security-page">
      <h1 className="member-panel-title">账户安全</h1>
      <SecurityOverview member={member} />
    </div>
  );
}
