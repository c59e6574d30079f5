import { Outlet } from "react-router";
import { PageShell } from "../components/chrome/PageShell.tsx";
import { MemberMenu } from "../components/member/MemberMenu.tsx";
import { requireMember } from "../lib/auth.ts";
import { AntdScope, antdStylesheets } from "../lib/antd-scope.tsx";
import type { Route } from "./+types/member";
import memberCss from "../styles/member.css?url";

/** The member centre uses antd (forms, tables, dialogs): its CSS comes with this layout. */
export const links: Route.LinksFunction = () => [...antdStylesheets, { rel: "stylesheet", href: memberCss }];

/** Every /member page needs a logged-in member (SPEC §2); guests go to login and come back. */
export async function loader(args: Route.LoaderArgs) {
  return { member: await requireMember(args) };
}

/** Re-check the login on every navigation between member pages, so a dead session is noticed. */
export const shouldRevalidate = () => true;

export default function MemberLayout() {
  return (
    <AntdScope>
      <PageShell>
        <div className="member-layout">
          <MemberMenu />
          <section className="member-layout-content">
            <Outlet />
          </section>
        </div>
      </PageShell>
    </AntdScope>
  );
}
