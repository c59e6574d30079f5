import { Outlet } from "react-router";
import { PageShell } from "../components/chrome/PageShell.tsx";
import { MemberMenu } from "../components/member/MemberMenu.tsx";
import { requireMember } from "../lib/auth.ts";
import type { Route } from "./+types/member";
import memberCss from "../styles/member.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: memberCss }];

/** Every /member page needs a logged-in member (SPEC §2); guests go to login and come back. */
export async function loader(args: Route.LoaderArgs) {
  return { member: await requireMember(args) };
}

/** Re-check the login on every navigation between member pages, so a dead session is noticed. */
export const shouldRevalidate = () => true;

export default function MemberLayout() {
  return (
    <PageShell>
      <div className="member-layout">
        <MemberMenu />
        <section className="member-layout-content">
          <Outlet />
        </section>
      </div>
    </PageShell>
  );
}
